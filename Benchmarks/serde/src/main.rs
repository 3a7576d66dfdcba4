// serde_json beside mapwright-bench (BENCHMARKS.md, "Beside serde_json"): twitter.json,
// citm_catalog.json and canada.json decoded into, and encoded from, types with the fields and
// types of mapwright-bench's `@JSONModel` models (Sources/mapwright-bench/Models), so that the
// two sides do the same work. Swift's `Int` and `Int64` are `i64`, `[String: T]` a `HashMap`
// (both hash with SipHash-1-3), and an absent optional is left out of the output, as
// Mapwright leaves it out.
//
//   serde-bench FILE decode|encode RUNS
//
// Prints the median time of one run and its MB/s: of FILE's size for decode, of the output's
// for encode (as mapwright-bench counts them). Under callgrind, run it at two counts and
// subtract to get the instructions of one run.

use serde_derive::{Deserialize, Serialize};
use std::collections::HashMap;
use std::time::Instant;

#[derive(Serialize, Deserialize)]
struct TwitterSearch {
    statuses: Vec<Status>,
    search_metadata: SearchMetadata,
}

#[derive(Serialize, Deserialize)]
struct SearchMetadata {
    completed_in: f64,
    max_id: i64,
    max_id_str: String,
    next_results: String,
    query: String,
    refresh_url: String,
    count: i64,
    since_id: i64,
    since_id_str: String,
}

#[derive(Serialize, Deserialize)]
struct Status {
    metadata: StatusMetadata,
    created_at: String,
    id: i64,
    id_str: String,
    text: String,
    source: String,
    truncated: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    in_reply_to_status_id: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    in_reply_to_status_id_str: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    in_reply_to_user_id: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    in_reply_to_user_id_str: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    in_reply_to_screen_name: Option<String>,
    user: TwitterUser,
    retweet_count: i64,
    favorite_count: i64,
    entities: Entities,
    favorited: bool,
    retweeted: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    possibly_sensitive: Option<bool>,
    lang: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    retweeted_status: Option<Box<Status>>,
}

#[derive(Serialize, Deserialize)]
struct StatusMetadata {
    result_type: String,
    iso_language_code: String,
}

#[derive(Serialize, Deserialize)]
struct TwitterUser {
    id: i64,
    id_str: String,
    name: String,
    screen_name: String,
    location: String,
    description: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    url: Option<String>,
    entities: UserEntities,
    protected: bool,
    followers_count: i64,
    friends_count: i64,
    listed_count: i64,
    created_at: String,
    favourites_count: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    utc_offset: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    time_zone: Option<String>,
    geo_enabled: bool,
    verified: bool,
    statuses_count: i64,
    lang: String,
    contributors_enabled: bool,
    is_translator: bool,
    is_translation_enabled: bool,
    profile_background_color: String,
    profile_background_image_url: String,
    profile_background_image_url_https: String,
    profile_background_tile: bool,
    profile_image_url: String,
    profile_image_url_https: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    profile_banner_url: Option<String>,
    profile_link_color: String,
    profile_sidebar_border_color: String,
    profile_sidebar_fill_color: String,
    profile_text_color: String,
    profile_use_background_image: bool,
    default_profile: bool,
    default_profile_image: bool,
    following: bool,
    follow_request_sent: bool,
    notifications: bool,
}

#[derive(Serialize, Deserialize)]
struct UserEntities {
    description: UrlList,
    #[serde(skip_serializing_if = "Option::is_none")]
    url: Option<UrlList>,
}

#[derive(Serialize, Deserialize)]
struct UrlList {
    urls: Vec<UrlEntity>,
}

#[derive(Serialize, Deserialize)]
struct Entities {
    hashtags: Vec<Hashtag>,
    symbols: Vec<Hashtag>,
    urls: Vec<UrlEntity>,
    user_mentions: Vec<UserMention>,
    #[serde(skip_serializing_if = "Option::is_none")]
    media: Option<Vec<Media>>,
}

#[derive(Serialize, Deserialize)]
struct Hashtag {
    text: String,
    indices: Vec<i64>,
}

#[derive(Serialize, Deserialize)]
struct UrlEntity {
    url: String,
    expanded_url: String,
    display_url: String,
    indices: Vec<i64>,
}

#[derive(Serialize, Deserialize)]
struct UserMention {
    screen_name: String,
    name: String,
    id: i64,
    id_str: String,
    indices: Vec<i64>,
}

#[derive(Serialize, Deserialize)]
struct Media {
    id: i64,
    id_str: String,
    indices: Vec<i64>,
    media_url: String,
    media_url_https: String,
    url: String,
    display_url: String,
    expanded_url: String,
    #[serde(rename = "type")]
    kind: String,
    sizes: HashMap<String, MediaSize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    source_status_id: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    source_status_id_str: Option<String>,
}

#[derive(Serialize, Deserialize)]
struct MediaSize {
    w: i64,
    h: i64,
    resize: String,
}

#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct CitmCatalog {
    area_names: HashMap<String, String>,
    audience_sub_category_names: HashMap<String, String>,
    block_names: HashMap<String, String>,
    events: HashMap<String, CitmEvent>,
    performances: Vec<CitmPerformance>,
    seat_category_names: HashMap<String, String>,
    sub_topic_names: HashMap<String, String>,
    subject_names: HashMap<String, String>,
    topic_names: HashMap<String, String>,
    topic_sub_topics: HashMap<String, Vec<i64>>,
    venue_names: HashMap<String, String>,
}

#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct CitmEvent {
    #[serde(skip_serializing_if = "Option::is_none")]
    description: Option<String>,
    id: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    logo: Option<String>,
    name: String,
    sub_topic_ids: Vec<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    subject_code: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    subtitle: Option<String>,
    topic_ids: Vec<i64>,
}

#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct CitmPerformance {
    event_id: i64,
    id: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    logo: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    name: Option<String>,
    prices: Vec<CitmPrice>,
    seat_categories: Vec<CitmSeatCategory>,
    #[serde(skip_serializing_if = "Option::is_none")]
    seat_map_image: Option<String>,
    start: i64,
    venue_code: String,
}

#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct CitmPrice {
    amount: i64,
    audience_sub_category_id: i64,
    seat_category_id: i64,
}

#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct CitmSeatCategory {
    areas: Vec<CitmArea>,
    seat_category_id: i64,
}

#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct CitmArea {
    area_id: i64,
    block_ids: Vec<i64>,
}

#[derive(Serialize, Deserialize)]
struct FeatureCollection {
    #[serde(rename = "type")]
    kind: String,
    features: Vec<Feature>,
}

#[derive(Serialize, Deserialize)]
struct Feature {
    #[serde(rename = "type")]
    kind: String,
    properties: HashMap<String, String>,
    geometry: Geometry,
}

#[derive(Serialize, Deserialize)]
struct Geometry {
    #[serde(rename = "type")]
    kind: String,
    coordinates: Vec<Vec<Vec<f64>>>,
}

/// Runs `body` `runs` times; the median seconds of one run.
fn median<F: FnMut()>(runs: usize, mut body: F) -> f64 {
    let mut times: Vec<f64> = (0..runs.max(1))
        .map(|_| {
            let start = Instant::now();
            body();
            start.elapsed().as_secs_f64()
        })
        .collect();
    times.sort_by(|a, b| a.partial_cmp(b).unwrap());
    times[times.len() / 2]
}

/// The median seconds of one run, and the bytes it reads (decode) or writes (encode), as
/// mapwright-bench counts them.
fn measure<T: serde::Serialize + serde::de::DeserializeOwned>(bytes: &[u8], op: &str, runs: usize) -> (f64, usize) {
    match op {
        "decode" => {
            let seconds = median(runs, || {
                let value: T = serde_json::from_slice(bytes).expect("decodes");
                std::hint::black_box(value);
            });
            (seconds, bytes.len())
        }
        "encode" => {
            let value: T = serde_json::from_slice(bytes).expect("decodes");
            let size = serde_json::to_vec(&value).expect("encodes").len();
            let seconds = median(runs, || {
                std::hint::black_box(serde_json::to_vec(&value).expect("encodes"));
            });
            (seconds, size)
        }
        _ => panic!("decode or encode, not {op}"),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    assert!(args.len() == 4, "usage: serde-bench FILE decode|encode RUNS");
    let (path, op) = (&args[1], args[2].as_str());
    let runs: usize = args[3].parse().expect("a number of runs");
    let bytes = std::fs::read(path).expect("a readable file");
    let (seconds, size) = match std::path::Path::new(path).file_name().and_then(|name| name.to_str()) {
        Some("twitter.json") => measure::<TwitterSearch>(&bytes, op, runs),
        Some("citm_catalog.json") => measure::<CitmCatalog>(&bytes, op, runs),
        Some("canada.json") => measure::<FeatureCollection>(&bytes, op, runs),
        _ => panic!("twitter.json, citm_catalog.json or canada.json"),
    };
    let megabytes = size as f64 / 1e6;
    println!("serde_json.{op}\t{}\t{:.1} MB/s\t{:.3} ms", path, megabytes / seconds, seconds * 1e3);
}

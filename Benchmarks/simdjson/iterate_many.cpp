// Parse-only throughput of a JSON Lines file with simdjson (Debian's libsimdjson-dev), the
// reference Mapwright's stream splitter and parser are measured against
// (Scripts/stream-bench.sh builds and runs this beside `mapwright-bench --stream … --mode parse`).
//
//   iterate_many FILE
//
// Prints two lines: DOM parse_many (every document parsed and validated into a tape, as
// Mapwright's parser does) and On-Demand iterate_many (each document's root type read), each
// with documents, bytes, seconds and MB/s. The file is read into memory first; only parsing
// is timed.

#include <chrono>
#include <cstdio>
#include <simdjson.h>

int main(int argc, char **argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: iterate_many FILE\n");
    return 2;
  }
  simdjson::padded_string json;
  if (simdjson::padded_string::load(argv[1]).get(json)) {
    std::fprintf(stderr, "cannot read %s\n", argv[1]);
    return 1;
  }
  {
    simdjson::dom::parser parser;
    auto start = std::chrono::steady_clock::now();
    simdjson::dom::document_stream stream;
    if (parser.parse_many(json, 1 << 20).get(stream)) return 1;
    size_t count = 0;
    for (auto document : stream) {
      simdjson::dom::element element;
      if (document.get(element)) {
        std::fprintf(stderr, "error in document %zu\n", count);
        return 1;
      }
      count++;
    }
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("simdjson-dom-parse_many\t%zu\t%zu\t%.3f\t%.1f\n", count, json.size(), seconds, json.size() / seconds / 1e6);
  }
  {
    simdjson::ondemand::parser parser;
    auto start = std::chrono::steady_clock::now();
    simdjson::ondemand::document_stream stream;
    if (parser.iterate_many(json, 1 << 20).get(stream)) return 1;
    size_t count = 0, objects = 0;
    for (auto document : stream) {
      simdjson::ondemand::json_type type;
      if (document.type().get(type)) return 1;
      if (type == simdjson::ondemand::json_type::object) objects++;
      count++;
    }
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("simdjson-ondemand-iterate_many\t%zu\t%zu\t%.3f\t%.1f\n", count, json.size(), seconds, json.size() / seconds / 1e6);
  }
  return 0;
}

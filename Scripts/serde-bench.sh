#!/usr/bin/env bash
# `@JSONModel` decode and encode beside serde_json (BENCHMARKS.md, "Beside serde_json"): the
# same files into types with the same fields (Benchmarks/serde, Sources/mapwright-bench/Models),
# `mapwright-bench --filter macro.decode|macro.encode` and `serde-bench` in turns, ROUNDS times.
# MB/s of the input for decode and of the output for encode, on both sides.
#
#   Scripts/serde-bench.sh [ROUNDS]          (default 3 rounds; twitter, citm_catalog, canada)
#
# Needs a release build (swift build -c release --product mapwright-bench; MAPWRIGHT_BENCH
# names another binary). serde_json is built offline from Debian's crates (librust-serde-json-dev,
# librust-serde-derive-dev and cargo, installed if missing) in $TMPDIR, with correctly rounded
# float parsing (`--features exact`, as Mapwright's is); SERDE_FEATURES="" builds serde_json's
# default, faster and inexact, parsing instead.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
data=../shared/bench-data
bench=${MAPWRIGHT_BENCH:-.build/release/mapwright-bench}
features=${SERDE_FEATURES-exact}
[ -d /usr/share/cargo/registry/serde_json-1.0.87 ] && command -v cargo > /dev/null || {
  apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y cargo librust-serde-json-dev librust-serde-derive-dev
}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r Benchmarks/serde/Cargo.toml Benchmarks/serde/src "$work/"
mkdir -p "$work/.cargo"
printf '[source.crates-io]\nreplace-with = "debian"\n[source.debian]\ndirectory = "/usr/share/cargo/registry"\n[net]\noffline = true\n' \
  > "$work/.cargo/config.toml"
(cd "$work" && cargo build --quiet --release ${features:+--features "$features"})

printf 'round\tfile\top\tMapwright MB/s\tserde_json MB/s\n'
for round in $(seq "$rounds"); do
  for file in twitter.json citm_catalog.json canada.json; do
    for op in decode encode; do
      ours=$("$bench" --data "$data" --file "$file" --filter "macro.$op" --no-baseline --runs 60 | awk -v row="macro.$op" '$1 == row {print $3}')
      theirs=$("$work/target/release/serde-bench" "$data/$file" "$op" 60 | awk '{print $3}')
      printf '%s\t%s\t%s\t%s\t%s\n' "$round" "$file" "$op" "$ours" "$theirs"
    done
  done
done | tee "$work/rounds.tsv"
echo
printf 'file\top\tMapwright MB/s (median)\tserde_json MB/s (median)\tMapwright ÷ serde_json\n'
python3 - "$work/rounds.tsv" <<'PY'
import collections, statistics, sys
rows = collections.defaultdict(lambda: ([], []))
for line in open(sys.argv[1]):
    round_, file, op, ours, theirs = line.split('\t')
    if round_ == 'round': continue
    rows[(file, op)][0].append(float(ours)); rows[(file, op)][1].append(float(theirs))
for (file, op), (ours, theirs) in rows.items():
    a, b = statistics.median(ours), statistics.median(theirs)
    print(f'{file}\t{op}\t{a:.1f}\t{b:.1f}\t{a / b:.2f}x')
PY

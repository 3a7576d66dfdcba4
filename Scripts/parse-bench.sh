#!/usr/bin/env bash
# Parse-only throughput beside simdjson's DOM parser (BENCHMARKS.md, "Parse and write"): each file parsed
# whole and validated into a tape, Mapwright (`mapwright-bench --filter json.parse
# --no-baseline`, median of 2 s of parses) and simdjson (Benchmarks/simdjson/parse_dom.cpp,
# median of 200 parses) back to back, ROUNDS times.
#
#   Scripts/parse-bench.sh [ROUNDS] [FILE...]     (default 3 rounds; twitter, citm_catalog, canada)
#
# Needs a release build (swift build -c release --product mapwright-bench; MAPWRIGHT_BENCH
# names another binary, such as .build-release/release/mapwright-bench), g++ and Debian's
# libsimdjson-dev (installed if missing). The harness is built in $TMPDIR.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
shift || true
files=("$@")
[ ${#files[@]} -gt 0 ] || files=(twitter.json citm_catalog.json canada.json)
data=../shared/bench-data
bench=${MAPWRIGHT_BENCH:-.build/release/mapwright-bench}
[ -f /usr/include/simdjson.h ] || { apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y libsimdjson-dev g++; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
g++ -O3 -march=native -std=c++17 Benchmarks/simdjson/parse_dom.cpp -lsimdjson -o "$work/parse_dom"

printf 'round\tfile\tMapwright MB/s\tsimdjson MB/s\tratio\n'
for round in $(seq "$rounds"); do
  for file in "${files[@]}"; do
    ours=$("$bench" --filter json.parse --file "$file" --no-baseline --budget-ms 2000 | awk '$1 == "json.parse" {print $3}')
    theirs=$("$work/parse_dom" "$data/$file" | awk -F'\t' '{print $5}' | awk '{print $1}')
    printf '%s\t%s\t%s\t%s\t%.0f%%\n' "$round" "$file" "$ours" "$theirs" "$(echo "$ours / $theirs * 100" | bc -l)"
  done
done

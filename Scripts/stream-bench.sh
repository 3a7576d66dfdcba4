#!/usr/bin/env bash
# Streaming benchmarks (BENCHMARKS.md, "Streams"): a large JSON Lines file of twitter.json's
# statuses and the same statuses as one array under "items", decoded by Mapwright's streams
# and by Foundation, each run in a process of its own under /usr/bin/time -v for its peak
# memory; then parse-only throughput beside simdjson (Debian's libsimdjson-dev).
#
#   Scripts/stream-bench.sh [SIZE_MB] [ROUNDS]     (default 1024 MB, 2 rounds)
#
# Needs a release build (swift build -c release --product mapwright-bench), g++ and
# libsimdjson-dev. The generated files go to $TMPDIR (removed at the end), never the repository.
set -euo pipefail
cd "$(dirname "$0")/.."
size=${1:-1024}
rounds=${2:-2}
bench=.build/release/mapwright-bench
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

$bench --stream-make "$work/statuses.jsonl" --size-mb "$size" > /dev/null
$bench --stream-make "$work/statuses.json" --size-mb "$size" --array > /dev/null

# One run: mode, form; prints mode, form, elements, bytes, seconds, MB/s, peak RSS (MB).
run() {
  local mode=$1 form=$2 file="$work/statuses.jsonl" flag=""
  if [ "$form" = array ]; then file="$work/statuses.json"; flag="--array"; fi
  local out
  out=$( { /usr/bin/time -v "$bench" --stream "$file" --mode "$mode" $flag > "$work/out.txt"; } 2>&1 | awk '/Maximum resident set size/ {print $6}')
  printf '%s\t%.0f\n' "$(cut -f1-6 "$work/out.txt")" "$(echo "$out / 1024" | bc -l)"
}

printf 'mode\tform\telements\tbytes\tseconds\tMB/s\tpeak RSS MB\n'
for round in $(seq "$rounds"); do
  for form in jsonl array; do
    for mode in macro codable foundation; do run "$mode" "$form"; done
  done
  run macro-async jsonl
  run parse jsonl
  run split jsonl
done

if command -v g++ > /dev/null && [ -f /usr/include/simdjson.h ]; then
  g++ -O3 -march=native -std=c++17 Benchmarks/simdjson/iterate_many.cpp -lsimdjson -o "$work/iterate_many"
  for round in $(seq "$rounds"); do
    "$work/iterate_many" "$work/statuses.jsonl"
    run parse-memory jsonl
    run parse jsonl
  done
fi

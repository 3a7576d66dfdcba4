#!/usr/bin/env bash
# Parse-only throughput beside simdjson's DOM parser (BENCHMARKS.md, "Parse and write"): each
# file parsed whole and validated into a tape, Mapwright (`mapwright-bench --filter json.parse
# --no-baseline`, the median of BUDGET_MS of parses) and simdjson
# (Benchmarks/simdjson/parse_dom.cpp, the median of 200 parses) in turns, ROUNDS times.
#
#   Scripts/parse-bench.sh [ROUNDS] [FILE...]     (default 3 rounds; twitter, citm_catalog, canada)
#
# Needs a release build (swift build -c release --product mapwright-bench; MAPWRIGHT_BENCH
# names another binary, such as .build-release/release/mapwright-bench), g++ and Debian's
# libsimdjson-dev (installed if missing). The harness is built in $TMPDIR.
#
# MAPWRIGHT_BEFORE names a second mapwright-bench (an earlier build), timed in the same turns.
# BUDGET_MS (default 300) is each Mapwright turn: short turns keep the sides of one round in
# the same state of a shared machine. The summary gives, per file and side, the median of the
# rounds and the median of their faster half, each as MB/s and as a share of simdjson's.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
shift || true
files=("$@")
[ ${#files[@]} -gt 0 ] || files=(twitter.json citm_catalog.json canada.json)
data=../shared/bench-data
bench=${MAPWRIGHT_BENCH:-.build/release/mapwright-bench}
before=${MAPWRIGHT_BEFORE:-}
budget=${BUDGET_MS:-300}
[ -f /usr/include/simdjson.h ] || { apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y libsimdjson-dev g++; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
g++ -O3 -march=native -std=c++17 Benchmarks/simdjson/parse_dom.cpp -lsimdjson -o "$work/parse_dom"

mapwright() {
  "$1" --data "$data" --filter json.parse --file "$2" --no-baseline --budget-ms "$budget" | awk '$1 == "json.parse" {print $3}'
}

printf 'round\tfile\tside\tMB/s\n'
for round in $(seq "$rounds"); do
  for file in "${files[@]}"; do
    [ -z "$before" ] || printf '%s\t%s\tbefore\t%s\n' "$round" "$file" "$(mapwright "$before" "$file")"
    printf '%s\t%s\tMapwright\t%s\n' "$round" "$file" "$(mapwright "$bench" "$file")"
    printf '%s\t%s\tsimdjson\t%s\n' "$round" "$file" "$("$work/parse_dom" "$data/$file" | awk -F'\t' '{print $5}' | awk '{print $1}')"
  done
done | tee "$work/rounds.tsv"

printf '\nfile\tside\tmedian MB/s\tof simdjson\tfaster half MB/s\tof simdjson\n'
awk -F'\t' 'NR > 1 { v[$2 "\t" $3] = v[$2 "\t" $3] " " $4; files[$2] = 1; sides[$3] = 1 }
  # The values of a space-separated list, sorted into a; returns how many.
  function sorted(list, a,   n, i, j, t) {
    n = split(list, a, " ")
    for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
    return n
  }
  function median(list,   a, n) {
    n = sorted(list, a)
    return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
  }
  function fasterHalf(list,   a, n, i, half) {
    n = sorted(list, a)
    half = ""
    for (i = int(n / 2) + 1; i <= n; i++) half = half " " a[i]
    return median(half)
  }
  END {
    for (f in files) for (s in sides) {
      m = median(v[f "\tsimdjson"]); h = fasterHalf(v[f "\tsimdjson"])
      printf "%s\t%s\t%.0f\t%.0f%%\t%.0f\t%.0f%%\n", f, s, median(v[f "\t" s]), 100 * median(v[f "\t" s]) / m, fasterHalf(v[f "\t" s]), 100 * fasterHalf(v[f "\t" s]) / h
    }
  }' "$work/rounds.tsv" | sort

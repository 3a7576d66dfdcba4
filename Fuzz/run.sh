#!/usr/bin/env bash
# Builds one fuzz target with libFuzzer and AddressSanitizer and runs it for SECONDS on its
# seed corpus (Fuzz/corpus/TARGET; new inputs go to a scratch copy, not into git).
#   Fuzz/run.sh FuzzParser 60        Fuzz/run.sh FuzzCodable 60 -runs=10000000
set -euo pipefail
cd "$(dirname "$0")"
target=${1:?usage: run.sh TARGET SECONDS [libFuzzer options]}
seconds=${2:?usage: run.sh TARGET SECONDS [libFuzzer options]}
shift 2
# A clean build each time: a product built after another in the same build folder (or in a
# --scratch-path folder) was seen to link without coverage instrumentation.
rm -rf .build
swift build -c release --sanitize fuzzer --sanitize address --product "$target"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -R "corpus/$target/." "$work/"
export SWIFT_BACKTRACE=enable=no
".build/release/$target" "$work" -dict=json.dict -max_total_time="$seconds" -timeout=1 -rss_limit_mb=4096 -print_final_stats=1 "$@"

#!/usr/bin/env bash
# Builds one fuzz target with libFuzzer and AddressSanitizer and runs it for SECONDS on its
# seed corpus (Fuzz/corpus/TARGET; new inputs go to a scratch copy, not into git).
#   Fuzz/run.sh FuzzParser 60        Fuzz/run.sh FuzzCodable 60 -runs=10000000
set -euo pipefail
cd "$(dirname "$0")"
target=${1:?usage: run.sh TARGET SECONDS [libFuzzer options]}
seconds=${2:?usage: run.sh TARGET SECONDS [libFuzzer options]}
shift 2
# `--sanitize fuzzer` makes SwiftPM link libFuzzer's `main` (not the target's); the compiler
# flag after it names both sanitizers in one flag: SwiftPM's `--sanitize fuzzer --sanitize
# address` passes two `-sanitize=` flags and swiftc keeps only the last, which builds the code
# without coverage instrumentation (libFuzzer then finds "no interesting inputs"). The check
# below fails the run if that ever happens again. A clean build each time, so no object from
# another configuration is linked.
rm -rf .build
swift build -c release --sanitize fuzzer -Xswiftc -sanitize=fuzzer,address --product "$target"
if ! objdump -h ".build/release/$target" | grep -q __sancov_cntrs; then
  echo "run.sh: $target was built without coverage instrumentation" >&2
  exit 1
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -R "corpus/$target/." "$work/"
export SWIFT_BACKTRACE=enable=no
".build/release/$target" "$work" -dict=json.dict -max_total_time="$seconds" -timeout=1 -rss_limit_mb=4096 -print_final_stats=1 "$@"

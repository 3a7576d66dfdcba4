#!/usr/bin/env bash
# Formatting with swift-format (the toolchain's `swift format`, configured by .swift-format):
# checks every Swift file (`--strict`: any difference fails), or rewrites them with --fix.
# Left alone: the doc examples (Tests/MapwrightDocTests, which mirror the code blocks of the
# guides line for line) and the generated models (Tests/MapwrightTests/Generated, which must
# equal what `mapwright generate swift` writes).
#
#   Scripts/format.sh          check (CI)
#   Scripts/format.sh --fix    rewrite in place
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t files < <(git ls-files '*.swift' | grep -v -e '^Tests/MapwrightDocTests/' -e '^Tests/MapwrightTests/Generated/')
if [ "${1:-}" = --fix ]; then
  swift format format --in-place "${files[@]}"
else
  swift format lint --strict "${files[@]}"
fi

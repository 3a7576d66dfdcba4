#!/usr/bin/env bash
# Formatting with swift-format (the toolchain's `swift format`, configured by .swift-format):
# checks every Swift file (`--strict`: any difference fails), or rewrites them with --fix.
# Left alone: the doc examples (Tests/MapwrightDocTests, which mirror the code blocks of the
# guides line for line) and the generated models (Tests/MapwrightTests/Generated, which must
# equal what `mapwright generate swift` writes).
#
# The check also requires a documentation comment on every public declaration of the
# products listed in `documented` (swift-format's AllPublicDeclarationsHaveDocumentation);
# a product joins the list once all of its public API is documented.
#
#   Scripts/format.sh          check (CI)
#   Scripts/format.sh --fix    rewrite in place
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t files < <(git ls-files '*.swift' | grep -v -e '^Tests/MapwrightDocTests/' -e '^Tests/MapwrightTests/Generated/')
if [ "${1:-}" = --fix ]; then
  swift format format --in-place "${files[@]}"
  exit 0
fi
swift format lint --strict "${files[@]}"
documented=(MapwrightJSON MapwrightEngine MapwrightObjectMapper Mapwright MapwrightNaming MapwrightMacrosCore MapwrightCodable MapwrightNIO MapwrightSchema MapwrightGraph MapwrightSQLite MapwrightPostgres MapwrightHummingbird MapwrightVapor)
config=$(mktemp)
trap 'rm -f "$config"' EXIT
python3 -c 'import json, sys; c = json.load(open(".swift-format")); c["rules"]["AllPublicDeclarationsHaveDocumentation"] = True; json.dump(c, sys.stdout)' > "$config"
for module in "${documented[@]}"; do
  swift format lint --strict --configuration "$config" --recursive "Sources/$module"
done

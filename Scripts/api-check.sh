#!/usr/bin/env bash
# The public API of every product against its recorded baseline (API/<Module>.json.gz, the
# Swift API digester's dump): a change that breaks code written against the API — a
# declaration removed, renamed, retyped, a requirement added to a protocol — fails unless
# CHANGELOG.md's Unreleased section lists it under "### Changed" or "### Removed" (and the
# release that ships it moves the minor version, CONTRIBUTING.md). Additions pass. The runtime
# that generated code calls (`_MapwrightRuntime`, underscored names) is not recorded, so that
# what the macro writes can change in any release.
#
#   Scripts/api-check.sh            compare (after a debug build: swift build)
#   Scripts/api-check.sh --update   record the current API as the baseline (at a release)
#   Scripts/api-check.sh --update MODULE...   record only those (a new product)
set -euo pipefail
cd "$(dirname "$0")/.."
modules=(Mapwright MapwrightJSON MapwrightEngine MapwrightObjectMapper MapwrightCodable MapwrightSchema MapwrightJSONSchema MapwrightCodegen MapwrightGraph MapwrightStore
  MapwrightSQLite MapwrightPostgres MapwrightNIO MapwrightHummingbird MapwrightVapor)
target=$(swift -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["triple"])')
modules_dir=$(swift build --show-bin-path)/Modules
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The C modules the Swift modules import: SwiftPM's generated module maps, the dependencies'
# own and the package's.
clang_flags=(-I Sources/CSQLite -Xcc -fmodule-map-file=Sources/CSQLite/module.modulemap)
while IFS= read -r map; do clang_flags+=(-Xcc "-fmodule-map-file=$map"); done \
  < <(find "$(dirname "$modules_dir")" -maxdepth 2 -name module.modulemap; find .build/checkouts -path '*/Sources/*/include/module.modulemap')

dump() {  # module, output: its API without the runtime for generated code (Scripts/api-filter.py)
  swift-api-digester -dump-sdk -module "$1" -I "$modules_dir" "${clang_flags[@]}" -target "$target" -avoid-location -avoid-tool-args \
    -abort-on-module-fail -o "$work/raw.json" 2> "$work/dump.log" \
    || { cat "$work/dump.log" >&2; exit 1; }
  python3 Scripts/api-filter.py < "$work/raw.json" > "$2" || { echo "$1: see above" >&2; exit 1; }
}

if [ "${1:-}" = --update ]; then
  shift
  [ $# = 0 ] || modules=("$@")
  mkdir -p API
  for module in "${modules[@]}"; do
    dump "$module" "$work/$module.json"
    gzip -9 -n -c "$work/$module.json" > "API/$module.json.gz"
  done
  echo "recorded the API of ${#modules[@]} modules in API/"
  exit 0
fi

breaking=0
for module in "${modules[@]}"; do
  [ -f "API/$module.json.gz" ] || { echo "$module: no baseline (Scripts/api-check.sh --update)"; breaking=1; continue; }
  gunzip -c "API/$module.json.gz" > "$work/base.json"
  dump "$module" "$work/current.json"
  swift-api-digester -diagnose-sdk -input-paths "$work/base.json" -input-paths "$work/current.json" > "$work/diff.txt" 2>&1 || true
  changes=$(grep -v '^/\*' "$work/diff.txt" | grep -v '^\s*$' || true)
  if [ -n "$changes" ]; then
    echo "$module: changes that break code written against the API:"
    echo "$changes" | sed 's/^/  /'
    breaking=1
  fi
done
[ "$breaking" = 0 ] && { echo "API: no breaking change"; exit 0; }
# A breaking change is allowed when the changelog says so, before the release that ships it.
unreleased=$(awk '/^## \[Unreleased\]/ {inside = 1; next} /^## / {inside = 0} inside' CHANGELOG.md)
if echo "$unreleased" | grep -Eq '^### (Changed|Removed)'; then
  echo "API: breaking changes listed in CHANGELOG.md (Unreleased): the next release moves the minor version"
  exit 0
fi
echo "API: breaking changes without an entry under Unreleased → ### Changed or ### Removed in CHANGELOG.md" >&2
exit 1

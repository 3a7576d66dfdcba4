#!/usr/bin/env bash
# Builds the API reference of every product with DocC (the toolchain's `docc`, no plugin):
# symbol graphs from `swift package --enable-all-traits dump-symbol-graph` (every
# integration's trait on), then `docc convert` of each module's
# catalog (Sources/<Module>/<Module>.docc). Fails on any DocC warning (an unresolved link, a
# topic that names nothing). The archives go to .build/docs/<Module>.doccarchive.
#
#   Scripts/docs.sh [MODULE...]      (default: every product)
set -euo pipefail
cd "$(dirname "$0")/.."
modules=("$@")
[ ${#modules[@]} -gt 0 ] || modules=(Mapwright MapwrightJSON MapwrightEngine MapwrightObjectMapper MapwrightCodable
  MapwrightSchema MapwrightJSONSchema MapwrightCodegen MapwrightGraph MapwrightStore MapwrightSQLite MapwrightPostgres MapwrightHummingbird MapwrightVapor)
swift package --enable-all-traits dump-symbol-graph --minimum-access-level public > /dev/null
graphs=$(find .build -maxdepth 2 -type d -name symbolgraph | head -1)
out=.build/docs
mkdir -p "$out"
failed=0
for module in "${modules[@]}"; do
  work=$(mktemp -d)
  cp "$graphs/$module.symbols.json" "$work/"
  cp "$graphs/$module@"*.symbols.json "$work/" 2> /dev/null || true
  log="$out/$module.log"
  docc convert "Sources/$module/$module.docc" --fallback-display-name "$module" --fallback-bundle-identifier "org.mapwright.$module" \
    --additional-symbol-graph-dir "$work" --output-path "$out/$module.doccarchive" > "$log" 2>&1 || failed=1
  rm -rf "$work"
  warnings=$(grep -c "warning:" "$log" || true)
  echo "$module: $warnings warnings"
  if [ "$warnings" != 0 ]; then grep -A3 "warning:" "$log" | head -40; failed=1; fi
done
exit $failed

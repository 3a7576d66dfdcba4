#!/usr/bin/env bash
# Fails when two tracked paths (files or the folders that hold them) are equal ignoring case.
# On a case-insensitive file system (macOS's default APFS, Windows) git would put both in one
# place, so the checkout would not be the repository.
#
#   Scripts/case-check.sh      check (CI)
set -euo pipefail
cd "$(dirname "$0")/.."
collisions=$(git ls-files -z | tr '\0' '\n' \
  | awk -F/ '{ p = ""; for (i = 1; i <= NF; i++) { p = (i == 1 ? $i : p "/" $i); print p } }' \
  | sort -u \
  | awk '{ key = tolower($0); if (key in seen) print seen[key] "  ~  " $0; else seen[key] = $0 }')
if [ -n "$collisions" ]; then
  echo "paths equal ignoring case (they collide on a case-insensitive file system):" >&2
  echo "$collisions" >&2
  exit 1
fi
echo "no two tracked paths are equal ignoring case"

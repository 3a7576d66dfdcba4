#!/usr/bin/env bash
# The example service under load (BENCHMARKS.md, "The example service"): feed-service on a
# PostgreSQL store; wrk on GET /authors/{id} alone, then while POST /feeds imports AUTHORS
# authors (two books and two prices each: five objects an author) as JSON Lines; the import's
# objects/s against `mapwright import` of the same file; the service's resident memory.
#
#   Scripts/service-bench.sh [AUTHORS] [SECONDS]     (default 200000 authors = 1,000,000 objects, 10 s)
#
# Needs release builds (swift build -c release --product feed-service; --product mapwright),
# wrk, python3 and PostgreSQL (Scripts/postgres.sh starts a throwaway cluster). The feed goes to
# $TMPDIR, never the repository.
set -euo pipefail
cd "$(dirname "$0")/.."
authors=${1:-200000}
seconds=${2:-10}
port=${PORT:-8090}
url=${MAPWRIGHT_POSTGRES_URL:-$(Scripts/postgres.sh start)}
command -v wrk > /dev/null || { apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y wrk; }
work=$(mktemp -d)
schema="svc_$$"

python3 - "$work" "$authors" <<'PY'
import sys
work, count = sys.argv[1], int(sys.argv[2])
def author(i):
    books = ", ".join(
        f'{{"book_id": {i * 2 + k}, "title": "Title of book {i * 2 + k}", "year": {1900 + (i + k) % 120}, '
        f'"pricing": {{"retailPrice": "{(i + k) % 50}.99"}}}}' for k in range(2))
    return (f'{{"author_id": {i}, "firstName": "First{i}", "lastName": "Last {i % 977}", '
            f'"born": "19{i % 90 + 10:02d}-0{i % 9 + 1}-1{i % 9}", "books": [{books}]}}\n')
with open(f"{work}/seed.jsonl", "w") as f:
    f.writelines(author(i) for i in range(1, 1001))
with open(f"{work}/feed.jsonl", "w") as f:
    f.writelines(author(i) for i in range(1001, 1001 + count))
PY
cat > "$work/get.lua" <<'LUA'
math.randomseed(7)
function request() return wrk.format("GET", "/authors/" .. math.random(1, 1000)) end
LUA

service=""
trap 'kill $service 2> /dev/null; wait $service 2> /dev/null; rm -rf "$work"' EXIT
# Starts the service on a fresh schema, with the seed authors imported.
start_service() {
  [ -n "$service" ] && { kill "$service"; wait "$service" 2> /dev/null || true; }
  .build/release/feed-service --store "$url?schema=${schema}_$1" --port "$port" > "$work/service.log" 2>&1 &
  service=$!
  for _ in $(seq 100); do curl -s -o /dev/null "http://127.0.0.1:$port/authors/1" && break; sleep 0.2; done
  curl -s -H 'Content-Type: application/jsonl' --data-binary @"$work/seed.jsonl" "http://127.0.0.1:$port/feeds" > /dev/null
}
rss() { awk -v k="$1" '$1 == k":" {printf "%.0f MB", $2 / 1024}' "/proc/$service/status"; }
summary() {
  awk '/Requests\/sec/ {rps = $2} /^ +50%/ {p50 = $2} /^ +99%/ {p99 = $2} /Non-2xx/ {bad = $NF} /Socket errors/ {socket = $0}
       END {printf "%s req/s, p50 %s, p99 %s, non-2xx %s%s\n", rps, p50, p99, bad == "" ? 0 : bad, socket == "" ? "" : ", " socket}' "$1"
}
# POSTs the feed; prints the wall time, objects/s and the service's summary.
post_feed() {
  local start end elapsed
  start=$(date +%s.%N)
  curl -s -H 'Content-Type: application/jsonl' --data-binary @"$work/feed.jsonl" "http://127.0.0.1:$port/feeds" > "$work/import.json"
  end=$(date +%s.%N)
  elapsed=$(echo "$end - $start" | bc -l)
  printf '%.1f s, %.0f objects/s: %s\n' "$elapsed" "$(echo "$authors * 5 / $elapsed" | bc -l)" "$(cat "$work/import.json")"
}

echo "feed: $(du -m "$work/feed.jsonl" | cut -f1) MB, $((authors * 5)) objects"
start_service alone
echo "POST /feeds with no other load: $(post_feed)"
echo "service resident memory: now $(rss VmRSS), peak $(rss VmHWM)"

start_service loaded
wrk -t1 -c8 -d"${seconds}s" --latency -s "$work/get.lua" "http://127.0.0.1:$port" > "$work/alone.txt"
echo "GET /authors/{id} alone:          $(summary "$work/alone.txt")"
post_feed > "$work/loaded.txt" &
importing=$!
sleep 1
wrk -t1 -c8 -d"${seconds}s" --latency -s "$work/get.lua" "http://127.0.0.1:$port" > "$work/during.txt"
wait $importing
echo "GET /authors/{id} during import:  $(summary "$work/during.txt")"
echo "POST /feeds under that load: $(cat "$work/loaded.txt")"
echo "service resident memory: now $(rss VmRSS), peak $(rss VmHWM)"

start=$(date +%s.%N)
.build/release/mapwright import "$work/feed.jsonl" --model Examples/Library.xcdatamodeld --entity Author \
  --store "$url?schema=${schema}_cli" --lenient --date-format birthDate=yyyy-MM-dd --quiet
end=$(date +%s.%N)
elapsed=$(echo "$end - $start" | bc -l)
printf 'mapwright import (CLI), same file, fresh schema: %.1f s, %.0f objects/s\n' "$elapsed" "$(echo "$authors * 5 / $elapsed" | bc -l)"

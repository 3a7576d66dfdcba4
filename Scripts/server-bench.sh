#!/usr/bin/env bash
# Server benchmark (BENCHMARKS.md, "Servers"): wrk on loopback against `mapwright-bench --serve`,
# which serves the same routes twice in one process — Hummingbird's default coders (Foundation)
# on PORT, Mapwright's on PORT+1. Each route is measured on one side, then the other,
# alternated, ROUNDS times; then a soak of SOAK seconds on Mapwright's twitter route with one
# body in ten malformed, the server's resident memory read at its start and end.
#
#   Scripts/server-bench.sh [ROUNDS] [SECONDS] [SOAK]     (default 2 rounds of 10 s, soak 300 s)
#
# Needs a release build (swift build -c release --product mapwright-bench), wrk (Debian's
# package) and python3. Prints one line per run: route, side, requests/s, p50, p99, errors.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-2}
seconds=${2:-10}
soak=${3:-300}
data=${DATA:-../shared/bench-data}
bench=.build/release/mapwright-bench
port=${PORT:-8180}
command -v wrk > /dev/null || { apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y wrk; }
work=$(mktemp -d)
"$bench" --serve "$port" --data "$data" > "$work/server.log" 2>&1 &
server=$!
trap 'kill $server 2> /dev/null; wait $server 2> /dev/null; rm -rf "$work"' EXIT
for _ in $(seq 50); do
  curl -s -o /dev/null "http://127.0.0.1:$((port + 1))/users" && break
  sleep 0.2
done

# Bodies: twitter.json, one user of it (about 1 KB), and twitter.json with a syntax error.
python3 - "$data/twitter.json" "$work" <<'PY'
import json, sys
text = open(sys.argv[1], encoding="utf-8").read()
open(sys.argv[2] + "/twitter.json", "w").write(text)
user = json.loads(text)["statuses"][0]["user"]
open(sys.argv[2] + "/user.json", "w").write(json.dumps(user))
i = text.index('"text":', len(text) // 2)
open(sys.argv[2] + "/bad.json", "w").write(text[:i] + '"text" ' + text[i + 7:])
PY

# A wrk script that posts FILE (and, with BAD, that body every tenth request), counting the
# answers by status.
post_script() {
  cat > "$work/$3.lua" <<LUA
local function read(path) local f = assert(io.open(path, "rb")); local s = f:read("*a"); f:close(); return s end
local good = read("$1")
local bad = "$2" ~= "" and read("$2") or nil
local n = 0
local threads = {}
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = good
function setup(thread) table.insert(threads, thread) end
function init() ok = 0; badRequest = 0; other = 0 end
function request()
  n = n + 1
  if bad and n % 10 == 0 then return wrk.format("POST", nil, nil, bad) end
  return wrk.format("POST", nil, nil, good)
end
function response(status)
  if status == 200 then ok = ok + 1 elseif status == 400 then badRequest = badRequest + 1 else other = other + 1 end
end
function done()
  local o, b, x = 0, 0, 0
  for _, t in ipairs(threads) do o = o + t:get("ok"); b = b + t:get("badRequest"); x = x + t:get("other") end
  io.write(string.format("answers: %d ok, %d bad request, %d other\n", o, b, x))
end
LUA
}
post_script "$work/twitter.json" "" twitter
post_script "$work/user.json" "" user
post_script "$work/twitter.json" "$work/bad.json" dirty

# One run: route, side; prints route, side, requests/s, p50, p99, socket errors and non-200s.
run() {
  local route=$1 side=$2 target=$port script=()
  [ "$side" = mapwright ] && target=$((port + 1))
  case $route in
  twitter) script=(-s "$work/twitter.lua") ;;
  user) script=(-s "$work/user.lua") ;;
  esac
  wrk -t1 -c8 -d"${seconds}s" --latency "${script[@]}" "http://127.0.0.1:$target/$route" > "$work/wrk.txt"
  awk -v route="$route" -v side="$side" '
    /Requests\/sec/ { rps = $2 }
    /^ +50%/ { p50 = $2 } /^ +99%/ { p99 = $2 }
    /Socket errors/ { errors = $0 } /Non-2xx/ { non2xx = $NF }
    END { printf "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", route, side, rps, p50, p99, non2xx == "" ? 0 : non2xx, errors == "" ? "no socket errors" : errors }
  ' "$work/wrk.txt"
}

printf 'route\tside\trequests/s\tp50\tp99\tnon-2xx\tsocket errors\n'
for _ in $(seq "$rounds"); do
  for route in twitter user users; do
    run "$route" foundation
    run "$route" mapwright
  done
done

rss() { awk '/VmRSS/ {print $2 / 1024 " MB"}' "/proc/$server/status"; }
echo "soak: ${soak} s of POST /twitter on Mapwright's side, one body in ten malformed"
echo "resident memory at the start: $(rss)"
wrk -t1 -c8 -d"${soak}s" --latency -s "$work/dirty.lua" "http://127.0.0.1:$((port + 1))/twitter" > "$work/soak.txt"
grep -E "Requests/sec|answers|Socket errors|Non-2xx|^ +99%" "$work/soak.txt" || true
echo "resident memory at the end: $(rss)"
kill -0 "$server" && echo "server still running"

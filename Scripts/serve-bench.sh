#!/usr/bin/env bash
# `kith serve`'s speed (issue 21): each page of a release `kith serve` on a copy of the
# benchmark journal, loaded by wrk on loopback, and the start-up of `kith --version` and
# `kith calendar` against a release kith built before the server code was linked.
#
#   Scripts/serve-bench.sh [--runs N] [--seconds S]
#
# Environment:
#   KITH_BIN            the release kith to measure (default .build/release/kith)
#   KITH_BENCH_DATA     where bench.sh keeps its data (default ./bench-data); the journal is
#                       $KITH_BENCH_DATA/work/kith/journal.sqlite, copied (never written)
#   KITH_BEFORE_BIN     a release kith from before `kith serve` (the start-up rows' peer);
#                       without it those rows read n/a
#   KITH_BENCH_ROWS     append the rows to this TSV (bench.sh does) instead of printing a table
#
# Each page: `wrk -t1 -c2 -d S` (default 5 s) with a Lua hook that prints the 95th
# percentile of the latency; any non-2xx answer or socket error makes the row `failed`.
# Target: under 50 ms at p95. Start-up: medians of N runs (default 5, at least 5 under
# 0.25 s) by Scripts/median.py; target: no slower than before (ratio <= 1.1, the
# machine's drift).
set -euo pipefail

runs=5 seconds=5
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs="$2"; shift ;;
    --seconds) seconds="$2"; shift ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "serve-bench.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
  shift
done

root="$(cd "$(dirname "$0")/.." && pwd)"
scripts="$root/Scripts"
data="${KITH_BENCH_DATA:-$root/bench-data}"
kith="${KITH_BIN:-$root/.build/release/kith}"
before="${KITH_BEFORE_BIN:-}"
source_journal="$data/work/kith/journal.sqlite"
export LANG=C.UTF-8 LC_ALL=C.UTF-8 NO_COLOR=1
warn() { printf 'serve-bench.sh: %s\n' "$*" >&2; }

[ -x "$kith" ] || { warn "no kith at $kith (swift build -c release --product kith, or set KITH_BIN)"; exit 1; }
[ -s "$source_journal" ] || { warn "no benchmark journal at $source_journal (run Scripts/bench.sh once)"; exit 1; }
command -v wrk >/dev/null || { warn "no wrk (apt-get install wrk)"; exit 1; }
command -v sqlite3 >/dev/null || { warn "no sqlite3 (apt-get install sqlite3)"; exit 1; }
# shellcheck disable=SC1091
[ -f "$data/params.env" ] && . "$data/params.env"
month="${BENCH_MONTH:-2016-05}"

tmp="$(mktemp -d)"
server=""
cleanup() {
  if [ -n "$server" ] && kill -0 "$server" 2>/dev/null; then kill "$server"; wait "$server" 2>/dev/null || true; fi
  rm -rf "$tmp"
}
trap cleanup EXIT

# A copy of the journal: sqlite3's online backup reads the source (and its WAL) and writes
# only the copy.
journal="$tmp/journal.sqlite"
sqlite3 "$source_journal" ".backup '$journal'"
# The older kith's own copy: `kith serve` migrates its copy (sync-v1), which an older kith
# then refuses to open.
before_journal="$tmp/before.sqlite"
if [ -n "$before" ]; then sqlite3 "$source_journal" ".backup '$before_journal'"; fi
q() { sqlite3 "$journal" "$1"; }
n_people="$(q "SELECT count(*) FROM person")"
n_events="$(q "SELECT count(*) FROM event")"
# The pages asked for: the busiest day of the benchmark month, the person seen most, one of
# their events.
# (the day index keys days as YYYYMMDD)
ym="${month/-/}"
day="$(q "SELECT printf('%04d-%02d-%02d', day / 10000, day / 100 % 100, day % 100) FROM daySummary
          WHERE day BETWEEN ${ym}01 AND ${ym}31 ORDER BY eventCount DESC LIMIT 1" 2>/dev/null || true)"
[ -n "$day" ] || day="$month-15"
person="$(q "SELECT personId FROM dayPerson GROUP BY personId ORDER BY count(*) DESC LIMIT 1")"
event="$(q "SELECT eventId FROM eventPerson WHERE personId = $person ORDER BY eventId DESC LIMIT 1" 2>/dev/null \
  || q "SELECT id FROM event ORDER BY id DESC LIMIT 1")"

"$kith" serve --port 0 --journal "$journal" > "$tmp/serve.out" 2> "$tmp/serve.err" &
server=$!
base=""
for _ in $(seq 1 100); do
  base="$(grep -o 'http://127\.0\.0\.1:[0-9]*' "$tmp/serve.out" 2>/dev/null | head -n 1 || true)"
  [ -n "$base" ] && break
  kill -0 "$server" 2>/dev/null || break
  sleep 0.1
done
[ -n "$base" ] || { warn "kith serve printed no address: $(cat "$tmp/serve.err")"; exit 1; }

cat > "$tmp/p95.lua" <<'LUA'
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("p95_us=%d requests=%d errors=%d\n", latency:percentile(95), summary.requests,
    e.connect + e.read + e.write + e.status + e.timeout))
end
LUA

rows="${KITH_BENCH_ROWS:-$tmp/rows.tsv}"
[ -n "${KITH_BENCH_ROWS:-}" ] || : > "$rows"
row() { printf '%s\t%s\t%s\t%s\t%s\n' "$@" >> "$rows"; }

# page LABEL PATH: the page's p95 in seconds, or `failed`.
page() {
  local label="$1" path="$2" out p95 errors requests
  printf '\n== wrk %s (%s)\n' "$path" "$label" >&2
  if ! curl -fsS -o /dev/null "$base$path"; then warn "GET $path failed"; echo failed; return; fi
  out="$(wrk -t1 -c2 -d"${seconds}s" -s "$tmp/p95.lua" "$base$path" | tee /dev/stderr | grep '^p95_us=')" || { echo failed; return; }
  p95="$(echo "$out" | sed 's/.*p95_us=\([0-9]*\).*/\1/')"
  errors="$(echo "$out" | sed 's/.*errors=\([0-9]*\).*/\1/')"
  requests="$(echo "$out" | sed 's/.*requests=\([0-9]*\).*/\1/')"
  if [ "$errors" != 0 ] || [ "$requests" = 0 ]; then warn "$path: $errors errors in $requests requests"; echo failed; return; fi
  python3 -c "print($p95 / 1e6)"
}

people_label="$(printf "%'d" "$n_people" 2>/dev/null || echo "$n_people") people, $(printf "%'d" "$n_events" 2>/dev/null || echo "$n_events") events"
y="${month%-*}" m="${month#*-}"
row "\`kith serve\` calendar page /calendar/$y/$m, p95 (wrk; $people_label)" "-" "-" "$(page calendar "/calendar/$y/$m")" "abs<0.05"
row "\`kith serve\` day page /day/$day, p95" "-" "-" "$(page day "/day/$day")" "abs<0.05"
row "\`kith serve\` event page /event/$event, p95" "-" "-" "$(page event "/event/$event")" "abs<0.05"
row "\`kith serve\` person page /person/$person (seen most), p95" "-" "-" "$(page person "/person/$person")" "abs<0.05"
row "\`kith serve\` people page /people ($n_people people), p95" "-" "-" "$(page people "/people")" "abs<0.05"
kill "$server"; wait "$server" 2>/dev/null || true; server=""

# Start-up with the server code linked, against the release kith from before it.
median() {
  local out
  if out="$(python3 "$scripts/median.py" run --runs "$runs" -- "$@")"; then out="${out#median=}"; echo "${out%% *}"; else echo failed; fi
}
k_version="$(median "$kith" --version)"
k_calendar="$(KITH_JOURNAL="$journal" median "$kith" calendar "$month")"
b_version=n/a b_calendar=n/a
if [ -n "$before" ] && [ -x "$before" ]; then
  b_version="$(median "$before" --version)"
  b_calendar="$(KITH_JOURNAL="$before_journal" median "$before" calendar "$month")"
fi
row '`kith --version` (start-up, server code linked)' '`kith --version` before `kith serve`' "$b_version" "$k_version" "ratio<=1.1"
row "\`kith calendar $month\` (start-up + month, server code linked)" "\`kith calendar $month\` before \`kith serve\`" "$b_calendar" "$k_calendar" "ratio<=1.1"

if [ -z "${KITH_BENCH_ROWS:-}" ]; then
  echo
  echo "kith serve on $(nproc) cores, $(uname -sm), $(date -u +%Y-%m-%d); wrk -t1 -c2 -d${seconds}s per page."
  echo
  python3 "$scripts/median.py" table "$rows"
  ! cut -f3,4 "$rows" | grep -qw failed
fi

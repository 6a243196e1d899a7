#!/usr/bin/env bash
# Reads one calendar of N events (default 100,000, all shaped alike: gen_corpus.py
# --uniform-calendar) with Kith (kith-bench read-ics, whole tree and streaming), libical
# (Scripts/peers/libical_read.c) and Python's icalendar (Scripts/peers/icalendar_read.py),
# and prints events/s and MB/s for each: the best of 3 runs (1 for python-icalendar, slow).
#
#   Scripts/ical-bench.sh [EVENTS]
#
# Everything goes to bench-data/ as for bench.sh, and the same environment applies:
# KITH_BENCH_DATA (default ./bench-data), KITH_BENCH_VENV (default $KITH_BENCH_DATA/venv;
# icalendar is pip-installed there when missing), KITH_BIN_DIR (use the kith-bench found
# there instead of `swift build -c release --product kith-bench`). Needs cc, pkg-config
# and libical-dev (Scripts/bench.sh installs them).
set -euo pipefail

usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; }
case "${1:-}" in -h|--help) usage; exit 0 ;; esac

root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
scripts="$root/Scripts"
data="${KITH_BENCH_DATA:-$root/bench-data}"
venv="${KITH_BENCH_VENV:-$data/venv}"
n="${1:-100000}"
mkdir -p "$data/bin"
export LANG=C.UTF-8 LC_ALL=C.UTF-8

file="$data/events-$n.ics"
[ -s "$file" ] || python3 "$scripts/gen_corpus.py" --uniform-calendar "$file" --events "$n"
bytes="$(stat -c %s "$file")"
echo "file: $file ($(( (bytes + 500000) / 1000000 )) MB, $n events)"

if [ -n "${KITH_BIN_DIR:-}" ]; then
  kb="$KITH_BIN_DIR/kith-bench"
else
  swift build -c release --product kith-bench >/dev/null
  kb="$(swift build -c release --show-bin-path)/kith-bench"
fi
# shellcheck disable=SC2046
cc -O2 -Wall -o "$data/bin/libical_read" "$scripts/peers/libical_read.c" $(pkg-config --cflags --libs libical)

# best LABEL RUNS CMD...: runs CMD (which prints events=<n> ... seconds=<float>) RUNS
# times and prints the fastest run as events, seconds, events/s and MB/s.
best() {
  local label="$1" runs="$2" out all=""
  shift 2
  for _ in $(seq "$runs"); do
    out="$("$@")"
    all+="$out"$'\n'
  done
  printf '%s' "$all" | awk -v label="$label" -v bytes="$bytes" '
    { ev = ""; s = ""
      for (i = 1; i <= NF; i++) {
        if ($i ~ /^events=/ && ev == "") ev = substr($i, 8)
        if ($i ~ /^seconds=/) s = substr($i, 9)
      }
      if (s != "" && (best == "" || s + 0 < best + 0)) { best = s; events = ev } }
    END {
      if (best == "") { print label ": no seconds= in its output"; exit 1 }
      printf "%-17s %d events in %.3f s: %.0f events/s, %.1f MB/s\n", label ":", events, best, events / best, bytes / 1e6 / best
    }'
}

# kith-bench reads the file with every component typed; --tree builds the whole calendar
# in memory first and includes freeing it.
best "kith (tree)" 3 "$kb" read-ics --tree "$file"
best "kith (stream)" 3 "$kb" read-ics "$file"
best "libical" 3 "$data/bin/libical_read" "$file"

if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
fi
if ! "$venv/bin/python" -c 'import icalendar' 2>/dev/null; then
  "$venv/bin/pip" install --quiet --disable-pip-version-check icalendar==7.3.0
fi
best "python-icalendar" 1 "$venv/bin/python" "$scripts/peers/icalendar_read.py" "$file"

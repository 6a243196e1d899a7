#!/usr/bin/env bash
# Reads one generated calendar of 100,000 events with Kith (whole tree and streaming),
# libical (a small C program built here against Debian's libical-dev) and Python's icalendar,
# and prints events/s and MB/s for each. Usage: Benchmarks/ical-bench.sh [EVENTS]
set -euo pipefail
cd "$(dirname "$0")/.."
n="${1:-100000}"
py="${KITH_PYTHON:-/work/venv/bin/python}"
[ -x "$py" ] || py=python3
mkdir -p bench-data
file="bench-data/events-$n.ics"
[ -f "$file" ] || "$py" Benchmarks/generate-ics.py "$file" "$n"
echo "file: $file ($(du -m "$file" | cut -f1) MB, $n events)"
swift build -c release --product kith-bench >/dev/null
bin="$(swift build -c release --show-bin-path)"
cc -O2 -o bench-data/libical-bench Benchmarks/libical-bench.c $(pkg-config --cflags --libs libical)
# kith-bench prints events=… seconds=… (reading the file, every component typed; --tree
# builds the whole calendar in memory first and includes freeing it).
echo "kith (tree):   $("$bin/kith-bench" read-ics --tree "$file")"
echo "kith (stream): $("$bin/kith-bench" read-ics "$file")"
bench-data/libical-bench "$file"
if "$py" -c "import icalendar" 2>/dev/null; then
  "$py" Benchmarks/python-icalendar-bench.py "$file"
else
  echo "python-icalendar: not installed (pip install icalendar)"
fi

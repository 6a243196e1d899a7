#!/usr/bin/env bash
# Several `kith` processes import and log into one journal at once; counts what landed
# and any "database is locked". Usage: Scripts/concurrent-writes.sh [IMPORTERS] [CARDS] [LOGGERS] [LOGS]
# (needs sqlite3; builds kith). CI runs a smaller version in Tests/KithCLITests/ReliabilityTests.swift.
set -uo pipefail
importers=${1:-4}; cards=${2:-500}; loggers=${3:-4}; logs=${4:-25}
cd "$(dirname "$0")/.."
swift build --product kith >/dev/null || exit 1
kith=$PWD/.build/debug/kith
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
j="$work/journal.sqlite"
"$kith" person add "Ana Lima" --journal "$j" >/dev/null
for b in $(seq 1 "$importers"); do
  for i in $(seq 1 "$cards"); do
    printf 'BEGIN:VCARD\r\nVERSION:3.0\r\nUID:b%d-%d\r\nFN:Batch%d Person %d\r\nEMAIL:b%d.%d@example.com\r\nEND:VCARD\r\n' "$b" "$i" "$b" "$i" "$b" "$i"
  done > "$work/b$b.vcf"
done
pids=()
for b in $(seq 1 "$importers"); do
  "$kith" import "$work/b$b.vcf" --journal "$j" >/dev/null 2>>"$work/errors" || echo fail >>"$work/failed" & pids+=($!)
done
for l in $(seq 1 "$loggers"); do
  ( for n in $(seq 1 "$logs"); do
      "$kith" log "Writer $l entry $n" --with Ana --journal "$j" >/dev/null 2>>"$work/errors" || echo fail >>"$work/failed"
    done ) & pids+=($!)
done
wait "${pids[@]}"
people=$(sqlite3 "$j" "SELECT count(*) FROM person"); events=$(sqlite3 "$j" "SELECT count(*) FROM event")
failed=$(cat "$work/failed" 2>/dev/null | wc -l); locked=$(grep -c -i locked "$work/errors" 2>/dev/null || true)
echo "$importers imports of $cards cards and $((loggers * logs)) logs at once: people $people of $((importers * cards + 1)), events $events of $((loggers * logs)), failed $failed, locked ${locked:-0}, integrity $(sqlite3 "$j" 'PRAGMA integrity_check')"
[ "$people" = $((importers * cards + 1)) ] && [ "$events" = $((loggers * logs)) ] && [ "$failed" = 0 ]

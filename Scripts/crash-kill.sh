#!/usr/bin/env bash
# Kills `kith import` and `kith log` with SIGKILL at random points, many times, and checks
# after each kill that the journal passes SQLite's integrity_check and holds all or none
# of the write. Usage: Scripts/crash-kill.sh [RUNS] [CARDS]  (needs sqlite3; builds kith).
# The same check runs in CI, fewer times, as Tests/KithCLITests/ReliabilityTests.swift.
set -euo pipefail
runs=${1:-30}; cards=${2:-1000}
cd "$(dirname "$0")/.."
swift build --product kith >/dev/null
kith=.build/debug/kith
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
for i in $(seq 0 $((cards - 1))); do
  printf 'BEGIN:VCARD\r\nVERSION:3.0\r\nUID:kill-%d\r\nFN:Kill Person %d\r\nEMAIL:k%d@example.com\r\nEND:VCARD\r\n' "$i" "$i" "$i"
done > "$work/cards.vcf"
start=$(date +%s.%N); "$kith" import "$work/cards.vcf" --journal "$work/full.sqlite" >/dev/null
duration=$(echo "$(date +%s.%N) - $start" | bc)
none=0; all=0; bad=0
for kind in import log; do
  for r in $(seq 1 "$runs"); do
    j="$work/$kind-$r.sqlite"
    if [ "$kind" = log ]; then
      "$kith" person add "Ana Lima" --journal "$j" >/dev/null
      cmd=("$kith" log "Killed lunch" --with Ana --at "Somewhere new" --trait "Interests: knives" --journal "$j")
      delay=$(awk -v s="$RANDOM" 'BEGIN { srand(s); printf "%.3f", rand() * 0.25 }')
      want=1
    else
      cmd=("$kith" import "$work/cards.vcf" --journal "$j")
      delay=$(awk -v s="$RANDOM" -v d="$duration" 'BEGIN { srand(s); printf "%.3f", rand() * d * 1.1 }')
      want=$cards
    fi
    "${cmd[@]}" >/dev/null 2>&1 & pid=$!
    sleep "$delay"; kill -9 "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true
    ok=$(sqlite3 "$j" "PRAGMA integrity_check" 2>&1 || true)
    if [ "$kind" = log ]; then
      n=$(sqlite3 "$j" "SELECT count(*) FROM event" 2>/dev/null || echo 0)
      p=$(sqlite3 "$j" "SELECT count(*) FROM place" 2>/dev/null || echo 0)
      [ "$n" = "$p" ] || n=-1
    else
      n=$(sqlite3 "$j" "SELECT count(*) FROM person" 2>/dev/null || echo 0)
    fi
    if [ "$ok" != ok ] && [ -s "$j" ]; then bad=$((bad + 1)); echo "$kind run $r: integrity: $ok"
    elif [ "$n" = 0 ] || [ -z "$n" ]; then none=$((none + 1))
    elif [ "$n" = "$want" ]; then all=$((all + 1))
    else bad=$((bad + 1)); echo "$kind run $r: $n of $want after a kill at $delay s"; fi
  done
  echo "$kind: $runs kills so far: $none left none, $all left all, $bad damaged (cumulative)"
done
echo "import of $cards cards takes ${duration}s; $((2 * runs)) kills: $none left none, $all left all, $bad damaged"
[ "$bad" = 0 ]

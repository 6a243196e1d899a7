#!/usr/bin/env bash
# `kith sync`'s speed (issue 20) against real Xandikos and Radicale servers on loopback, and
# its first upload against vdirsyncer's. The work is Scripts/sync_bench.py's; this script
# finds or builds what it needs.
#
#   Scripts/sync-bench.sh [--small] [--runs N] [--upload N] [--servers LIST] [--journal J]
#                         [--keep DIR]
#
#   --small        1,000 people and 10,000 events instead of 10,000 and 100,000 (minutes,
#                  not the better part of an hour: Radicale parses every item once, at
#                  ~10 ms an event, before it answers the first listing)
#   --runs N       no-change syncs timed per server (default 5)
#   --upload N     people in the first-upload journal (default 1,000; 0: no upload rows)
#   --servers LIST xandikos,radicale (the default), or one of them
#   --journal J    sync a copy of J instead (e.g. bench.sh's journal, 303,253 events: Radicale
#                  then takes over an hour)
#   --keep DIR     keep the seeded servers and synced journals in DIR and start from them
#                  next time (same source journal): only the no-change syncs are timed again
#
# The journal, by default, is made once by `kith-bench build-journal --people 10000 --events
# 100000 --years 20` (KITH_BENCH_DATA/kith-sync-10000x100000.sqlite) and copied for each
# server, never written. Each server starts on 127.0.0.1 at a free port with temporary
# storage and is stopped by its pid. See Scripts/sync_bench.py for each step.
#
# Environment: KITH_BIN_DIR (release kith, kith-net and kith-bench there; else they are built
# with `swift build -c release`), KITH_BENCH_DATA (default ./bench-data), KITH_BENCH_VENV (a
# venv with radicale, xandikos and vdirsyncer; default $KITH_BENCH_DATA/venv, where they are
# installed with pip when missing), KITH_BENCH_ROWS (append the rows to this TSV, as bench.sh
# does, instead of printing a table).
set -euo pipefail

small=0 runs=5 upload=1000 servers=xandikos,radicale journal="" keep=""
while [ $# -gt 0 ]; do
  case "$1" in
    --small) small=1 ;;
    --runs) runs="$2"; shift ;;
    --upload) upload="$2"; shift ;;
    --servers) servers="$2"; shift ;;
    --journal) journal="$2"; shift ;;
    --keep) keep="$2"; shift ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "sync-bench.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
  shift
done

root="$(cd "$(dirname "$0")/.." && pwd)"
data="${KITH_BENCH_DATA:-$root/bench-data}"
venv="${KITH_BENCH_VENV:-$data/venv}"
export LANG=C.UTF-8 LC_ALL=C.UTF-8 NO_COLOR=1
warn() { printf 'sync-bench.sh: %s\n' "$*" >&2; }

# The binaries: kith execs kith-net beside it for `sync`.
if [ -n "${KITH_BIN_DIR:-}" ]; then
  bin="$KITH_BIN_DIR"
else
  command -v swift >/dev/null || { warn "no swift on PATH (or set KITH_BIN_DIR)"; exit 1; }
  bin="$(cd "$root" && swift build -c release --show-bin-path)"
  for product in kith kith-net kith-bench; do
    (cd "$root" && swift build -c release --product "$product" >&2) || { warn "$product did not build"; exit 1; }
  done
fi
for exe in kith kith-net kith-bench; do
  [ -x "$bin/$exe" ] || { warn "no $bin/$exe"; exit 1; }
done

# The servers and vdirsyncer, in a venv.
pkgs=(radicale==3.9.0 xandikos==0.4.10 vdirsyncer==0.21.0)
if [ ! -x "$venv/bin/python" ]; then
  warn "creating the venv $venv"
  python3 -m venv "$venv"
fi
if ! "$venv/bin/python" -c 'import radicale, xandikos, dulwich, vdirsyncer' 2>/dev/null; then
  warn "installing ${pkgs[*]} into $venv with pip"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "${pkgs[@]}"
fi

# The journal.
if [ -z "$journal" ]; then
  people=10000 events=100000
  [ "$small" = 1 ] && people=1000 events=10000
  journal="$data/kith-sync-${people}x${events}.sqlite"
  if [ ! -s "$journal" ]; then
    mkdir -p "$data"
    warn "building a journal of $people people and $events events with kith-bench build-journal (once)"
    rm -f "$journal" "$journal-wal" "$journal-shm"
    "$bin/kith-bench" build-journal --people "$people" --events "$events" --years 20 --journal "$journal" >&2
  fi
fi
[ -s "$journal" ] || { warn "no journal at $journal"; exit 1; }

args=(--bin "$bin" --journal "$journal" --runs "$runs" --upload "$upload" --servers "$servers")
[ -n "$keep" ] && args+=(--keep "$keep")
if [ -n "${KITH_BENCH_ROWS:-}" ]; then
  exec "$venv/bin/python" "$root/Scripts/sync_bench.py" "${args[@]}" --rows "$KITH_BENCH_ROWS"
fi
rows="$(mktemp)"
trap 'rm -f "$rows"' EXIT
status=0
"$venv/bin/python" "$root/Scripts/sync_bench.py" "${args[@]}" --rows "$rows" || status=$?
echo
echo "Medians of $runs run(s) on $(nproc) cores, $(uname -sm), $(date -u +%Y-%m-%d)."
echo
python3 "$root/Scripts/median.py" table "$rows"
exit "$status"

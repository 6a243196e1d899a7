#!/usr/bin/env bash
# Runs one libFuzzer target for a given time.
#
#   Scripts/fuzz.sh TARGET SECONDS [extra libFuzzer flags]
#   TARGET: FuzzContentLines | FuzzVCard | FuzzICalendar | FuzzXML | FuzzJSON
#   ASAN=1 Scripts/fuzz.sh FuzzVCard 600   # with address sanitizer too (slower)
#
# Builds the target in release with -sanitize=fuzzer (scratch path .build-fuzz), seeds a
# working corpus from the fixtures (Tests/*/Fixtures, Import/), and writes crashes, hangs
# (timeouts) and out-of-memory inputs to Fuzz-findings/TARGET/ (gitignored). Reproduce one
# with a plain build: `swift run TARGET Fuzz-findings/TARGET/crash-…`.
set -euo pipefail
cd "$(dirname "$0")/.."

target=${1:?usage: Scripts/fuzz.sh TARGET SECONDS}
seconds=${2:?usage: Scripts/fuzz.sh TARGET SECONDS}
shift 2

case "$target" in
  FuzzContentLines|FuzzVCard) seeds='*.vcf *.ics' ;;
  FuzzICalendar) seeds='*.ics' ;;
  FuzzXML) seeds='*.xml' ;;
  FuzzJSON) seeds='*.json' ;;
  *) echo "fuzz.sh: unknown target $target" >&2; exit 2 ;;
esac

sanitize=(-Xswiftc -sanitize=fuzzer)
scratch=.build-fuzz
if [[ "${ASAN:-0}" == 1 ]]; then
  sanitize=(-Xswiftc -sanitize=fuzzer,address)
  scratch=.build-fuzz-asan
fi
swift build -c release --product "$target" "${sanitize[@]}" -Xswiftc -DKITH_FUZZ \
  --scratch-path "$scratch" >&2

out=Fuzz-findings/$target
mkdir -p "$out/corpus"
for pattern in $seeds; do
  find Tests/*/Fixtures Import -name "$pattern" -size -256k -exec cp {} "$out/corpus/" \; 2>/dev/null || true
done
# Earlier findings that are now fixed seed the next run too.
find Tests/*/Fixtures/fuzz -type f -exec cp {} "$out/corpus/" \; 2>/dev/null || true

# -timeout: one input taking over 5 s is a hang; -rss_limit_mb: memory blow-up.
# Let libFuzzer, not the Swift runtime backtracer, catch traps, so crash inputs get saved.
export SWIFT_BACKTRACE=enable=no
exec "$scratch/release/$target" \
  -max_total_time="$seconds" -timeout=5 -rss_limit_mb=1536 -max_len=65536 \
  -dict=Scripts/fuzz.dict -artifact_prefix="$out/" -print_final_stats=1 \
  "$@" "$out/corpus"

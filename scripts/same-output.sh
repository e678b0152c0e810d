#!/usr/bin/env bash
# Whether two builds of gspec give the same output, byte for byte: the check
# for a change that must not change behaviour (an optimization). Runs every
# shipped and golden spec on long random traces (`gspec-bench trace --random`:
# the streams of the differential test, one after another; for sets with views
# or modes, touches on their views and mode switches) with --all-states
# --explain, --deliveries, --reference and a stale-touch timeout, through both.
#
#   scripts/same-output.sh OLD_GSPEC NEW_GSPEC [--seeds "1 2"] [--streams N]
#
# An older release binary comes from a worktree:
#   git worktree add /tmp/old COMMIT && (cd /tmp/old && swift build -c release --product gspec)
set -euo pipefail
cd "$(dirname "$0")/.."
old=$1 new=$2
shift 2
seeds="1 3" streams=5000
while [ $# -gt 0 ]; do
  case $1 in
    --seeds) seeds=$2; shift 2 ;;
    --streams) streams=$2; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
swift build -c release --product gspec-bench >/dev/null
bench=$(swift build -c release --show-bin-path)/gspec-bench
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
runs=0 differing=0
for spec in specs/*.gesture web/test/hammer-set.gesture Tests/GSpecCLITests/Golden/specs/*.gesture \
            Tests/GestureCompilerTests/Golden/analysis/*.gesture; do
  for seed in $seeds; do
    trace=$scratch/$seed.jsonl
    if grep -qE '^(view|mode) ' "$spec"; then
      trace=$scratch/spec.jsonl
      # A set that does not compile has no views to name: plain streams then.
      "$bench" trace --random "$seed" --events "$streams" --spec "$spec" > "$trace" 2>/dev/null \
        || "$bench" trace --random "$seed" --events "$streams" > "$trace"
    elif [ ! -f "$trace" ]; then
      "$bench" trace --random "$seed" --events "$streams" > "$trace"
    fi
    for flags in "--all-states --explain" "--deliveries" "--reference --all-states" "--stale-touch-timeout 0.3 --all-states"; do
      # shellcheck disable=SC2086
      a=$("$old" run "$spec" --trace "$trace" $flags 2>&1 || true)
      # shellcheck disable=SC2086
      b=$("$new" run "$spec" --trace "$trace" $flags 2>&1 || true)
      runs=$((runs + 1))
      if [ "$a" != "$b" ]; then
        echo "differs: $spec, seed $seed, $flags"
        differing=$((differing + 1))
      fi
    done
  done
done
echo "$runs runs, $differing differing"
[ "$differing" -eq 0 ]

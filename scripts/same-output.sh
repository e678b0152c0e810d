#!/usr/bin/env bash
# Whether two builds of gspec give the same output, byte for byte: the check
# for a change that must not change behaviour (an optimization). Runs every
# shipped and golden spec on long random traces (scripts/random_trace.py; for
# sets with views or modes, with views on `began` lines and mode switches)
# with --all-states --explain, --deliveries, --reference and a stale-touch
# timeout, through both binaries.
#
#   scripts/same-output.sh OLD_GSPEC NEW_GSPEC [--seeds "1 2"] [--gestures N]
#
# An older release binary comes from a worktree:
#   git worktree add /tmp/old COMMIT && (cd /tmp/old && swift build -c release --product gspec)
set -euo pipefail
cd "$(dirname "$0")/.."
old=$1 new=$2
shift 2
seeds="1 3" gestures=2500
while [ $# -gt 0 ]; do
  case $1 in
    --seeds) seeds=$2; shift 2 ;;
    --gestures) gestures=$2; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
runs=0 differing=0
for spec in specs/*.gesture web/test/hammer-set.gesture Tests/GSpecCLITests/Golden/specs/*.gesture \
            Tests/GestureCompilerTests/Golden/analysis/*.gesture; do
  for seed in $seeds; do
    trace=$scratch/$seed.jsonl
    if grep -qE '^(view|mode) ' "$spec"; then
      trace=$scratch/spec.jsonl
      scripts/random_trace.py "$seed" "$gestures" "$spec" > "$trace"
    elif [ ! -f "$trace" ]; then
      scripts/random_trace.py "$seed" "$gestures" > "$trace"
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

#!/usr/bin/env bash
# Instructions per touch event through the engine, the stable figure on a
# noisy machine: callgrind's inclusive count of the public Engine.feed (what
# an app pays per sample) divided by its calls, on the benchmark's mixed
# trace (BenchTrace; every sample is fed four times: warm-up, timed run,
# allocation count, per-event timing).
#
#   scripts/instructions.sh [--events N] [--bench PATH] [SET.gesture...]
#
# Without sets it measures the peer sets of docs/performance.md: the
# Hammer.js-equivalent set (web/test/hammer-set.gesture), the UIKit-peer set
# (a tap, a pan and a pinch), specs/bench.gesture, one gesture of each kind
# alone, and the floor (one disabled gesture: reading the event and the frame).
# --bench runs another gspec-bench binary (an older release, to compare).
set -euo pipefail
cd "$(dirname "$0")/.."
events=20000
bench=""
sets=()
while [ $# -gt 0 ]; do
  case $1 in
    --events) events=$2; shift 2 ;;
    --bench) bench=$2; shift 2 ;;
    *) sets+=("$1"); shift ;;
  esac
done
command -v valgrind >/dev/null || { echo "needs valgrind (apt-get install valgrind)" >&2; exit 2; }
if [ -z "$bench" ]; then
  swift build -c release --product gspec-bench >/dev/null
  bench=$(swift build -c release --show-bin-path)/gspec-bench
fi
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
if [ ${#sets[@]} -eq 0 ]; then
  printf 'gesture singleTap: tap {}\ngesture drag: pan {}\ngesture zoom: pinch {}\n' > "$scratch/uikit-peer.gesture"
  sets=(web/test/hammer-set.gesture "$scratch/uikit-peer.gesture" specs/bench.gesture)
  for kind in tap longPress swipe pan pinch rotation scroll; do
    printf 'gesture one: %s {}\n' "$kind" > "$scratch/$kind.gesture"
    sets+=("$scratch/$kind.gesture")
  done
  printf 'gesture one: stroke { match: down-right up-right }\n' > "$scratch/stroke.gesture"
  printf 'gesture one: tap { enabled: false }\n' > "$scratch/floor.gesture"
  sets+=("$scratch/stroke.gesture" "$scratch/floor.gesture")
fi
printf '%-24s %12s %15s %10s\n' set events instructions per-event
for set in "${sets[@]}"; do
  valgrind --tool=callgrind --callgrind-out-file="$scratch/out" "$bench" engine --spec "$set" --events "$events" --runs 1 --engine-only >/dev/null 2>&1
  # The calls to Engine.feed and their inclusive cost, from the callee records of its callers.
  python3 - "$scratch/out" "$(basename "$set" .gesture)" <<'EOF'
import re, sys
lines = open(sys.argv[1]).read().split('\n')
ids = set()
for l in lines:
    m = re.match(r'c?fn=\((\d+)\) \$s14GestureRuntime6EngineV4feedyyAA10TouchEventVF$', l)
    if m:
        ids.add(m.group(1))
calls = cost = 0
for i, l in enumerate(lines):
    m = re.match(r'cfn=\((\d+)\)', l)
    if m and m.group(1) in ids and (c := re.match(r'calls=(\d+)', lines[i + 1])):
        calls += int(c.group(1))
        cost += int(lines[i + 2].split()[1])
print(f'{sys.argv[2]:<24} {calls:>12,} {cost:>15,} {round(cost / calls) if calls else 0:>10,}')
EOF
done

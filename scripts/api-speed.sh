#!/usr/bin/env bash
# The engine's speed through its APIs, for docs/native.md ("Size and
# speed"): the Swift engine (`gspec-bench engine --engine-only`, release),
# the C API (native/test/bench.c on libgspec.so) and Java
# (jvm/test/Bench.java), each feeding every sample of one trace and taking
# its events after it, in alternating rounds in one sitting (the machine is
# shared: a ratio within a round is the figure, not a rate alone). Java runs
# on a pre-touched 512 MB heap, as a running app's heap is after its first
# collections (otherwise the kernel's zeroing of fresh heap pages is a tenth
# of the run).
#   scripts/api-speed.sh [ROUNDS=5] [SPEC=specs/bench.gesture]
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-5}
spec=${2:-specs/bench.gesture}
swift build -c release --product gspec-bench >/dev/null
swift build -c release --product gspec >/dev/null
bin=$(swift build -c release --show-bin-path)
[ -f native/dist/x86_64-unknown-linux-gnu/libgspec.so ] || bash native/build.sh >/dev/null
[ -f jvm/dist/gspec.jar ] || bash jvm/build.sh >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$bin/gspec" build "$spec" -o "$work/set.gtab" >/dev/null
"$bin/gspec-bench" trace --events 30000 > "$work/trace.jsonl"
lib=$PWD/native/dist/x86_64-unknown-linux-gnu
clang -O2 -I native/dist/include native/test/bench.c -L "$lib" -lgspec -lm -Wl,-rpath,"$lib" -o "$work/bench"
javac -cp jvm/dist/gspec.jar -d "$work" jvm/test/Bench.java
jni=$PWD/jvm/dist/x86_64-unknown-linux-gnu/libgspec_jni.so
rate() { sed -n 's/.*[: ] \([0-9][0-9]*\) events\/s.*/\1/p' | head -1; }
for r in $(seq "$rounds"); do
  swift=$("$bin/gspec-bench" engine --engine-only --spec "$spec" --trace "$work/trace.jsonl" --runs 31 | rate)
  c=$("$work/bench" "$work/set.gtab" "$work/trace.jsonl" 31 | rate)
  java=$(java -Xms512m -XX:+AlwaysPreTouch -Ddev.gspec.library="$jni" -cp jvm/dist/gspec.jar:"$work" Bench "$work/set.gtab" "$work/trace.jsonl" 31 | rate)
  awk -v r="$r" -v s="$swift" -v c="$c" -v j="$java" \
    'BEGIN { printf "round %d: Swift %.2f M/s, C %.2f M/s (%.2fx), Java %.2f M/s (%.2fx)\n", r, s / 1e6, c / 1e6, c / s, j / 1e6, j / s }'
done

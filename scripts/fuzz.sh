#!/usr/bin/env bash
# Runs one libFuzzer target with AddressSanitizer for N minutes.
#   scripts/fuzz.sh compiler|table|sections|engine|host|lsp|http|trace|analysis|capi [minutes=10]
# table: mutated table bytes, resealed (length and checksum made right);
# sections: tables built from structured random sections (TableSectionsFuzz).
# analysis: the bytes seed a random gesture set whose every verdict and fix-it
# must hold on the engine (AnalysisDifferential, as AnalysisDifferentialTests).
# capi: table bytes and a sequence of calls of gspec.h's functions (CInterfaceFuzz).
# Corpus and findings go to .build-fuzz/corpus/TARGET and .build-fuzz/findings/TARGET.
# A crash input is replayed with: .build/debug/gspec-fuzz TARGET FILE
set -euo pipefail
cd "$(dirname "$0")/.."
target=${1:?usage: scripts/fuzz.sh compiler|table|sections|engine|host|lsp|http|trace|analysis|capi [minutes]}
minutes=${2:-10}
scratch=.build-fuzz
# libFuzzer instrumentation and ASan; our main calls LLVMFuzzerRunDriver,
# since SwiftPM owns the executable's entry point. lld links it (gold cannot).
flags=(-c release --product gspec-fuzz --scratch-path "$scratch"
  -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING -Xswiftc -use-ld=lld)
swift build "${flags[@]}"
binary=$(swift build "${flags[@]}" --show-bin-path)/gspec-fuzz
corpus=$scratch/corpus/$target
findings=$scratch/findings/$target
mkdir -p "$corpus" "$findings"
# Seeds: the shipped specs, their tables, and the golden traces' bytes.
case $target in
  # Named by their paths: two directories may hold a spec of the same name.
  compiler) for f in specs/*.gesture grammar/examples/*.gesture Tests/GestureCompilerTests/Golden/bad/*.gesture Tests/GSpecCLITests/Golden/specs/*.gesture; do
              cp "$f" "$corpus/${f//\//_}"
            done ;;
  table) for f in specs/*.gesture Tests/GSpecCLITests/Golden/specs/scroll*.gesture Tests/GSpecCLITests/Golden/specs/accessibility.gesture Tests/GSpecCLITests/Golden/specs/settle.gesture Tests/GSpecCLITests/Golden/specs/momentum.gesture; do swift run --scratch-path "$scratch-seeds" gspec build "$f" -o "$corpus/$(basename "$f" .gesture).gtab" >/dev/null; done ;;
  engine|host|sections) head -c 4096 /dev/urandom > "$corpus/random" ;;
  # Each shipped table behind its 24-bit length, then random calls.
  capi) for f in specs/*.gesture; do
          table=$scratch/$(basename "$f" .gesture).gtab
          swift run --scratch-path "$scratch-seeds" gspec build "$f" -o "$table" >/dev/null
          n=$(wc -c < "$table")
          { printf "\\x$(printf %02x $((n & 255)))\\x$(printf %02x $((n >> 8 & 255)))\\x$(printf %02x $((n >> 16 & 255)))"; cat "$table"; head -c 900 /dev/urandom; } > "$corpus/$(basename "$f" .gesture)"
        done ;;
  analysis) for i in 1 2 3 4 5 6 7 8; do head -c 16 /dev/urandom > "$corpus/random$i"; done ;;
  lsp) printf 'Content-Length: 52\r\n\r\n{"jsonrpc":"2.0","id":1,"method":"shutdown","params":{}}' > "$corpus/shutdown"
       head -c 4096 /dev/urandom > "$corpus/random" ;;
  trace) cp Tests/GSpecCLITests/Golden/traces/*.jsonl "$corpus/" ;;
  http) printf 'POST /api/check HTTP/1.1\r\nHost: 127.0.0.1:8765\r\n\r\ngesture a: tap {}\n' > "$corpus/check"
        printf 'POST /api/samples?session=s1 HTTP/1.1\r\nHost: 127.0.0.1:8765\r\n\r\n{"t":0,"touch":1,"phase":"began","x":1,"y":2}\n' > "$corpus/samples"
        printf 'GET /web/app.mjs HTTP/1.1\r\nHost: 127.0.0.1:8765\r\n\r\n' > "$corpus/files" ;;
esac
seconds=${GSPEC_FUZZ_SECONDS:-$((minutes * 60))}
# One random set's analysis, engine search and re-checked fix-its take seconds under ASan;
# so does the compiler's analysis of the every-form seed (8 s uncontended, 0.6 s in release).
timeout=10
[ "$target" = analysis ] && timeout=60
[ "$target" = compiler ] && timeout=30
GSPEC_FUZZ_TARGET=$target "$binary" -max_total_time=$seconds -timeout=$timeout -rss_limit_mb=4096 \
  -artifact_prefix="$findings/" -print_final_stats=1 "$corpus" 2>&1 | tee "$scratch/$target.log" | grep -E "^#[0-9]+[[:space:]]+(DONE|pulse)|^Done [0-9]+ runs|^stat::|ERROR|SUMMARY" || true
echo "log: $scratch/$target.log; findings: $(ls "$findings" | wc -l) file(s) in $findings"

#!/usr/bin/env bash
# Builds the web runtime into web/dist/: GestureRuntime and GestureTrace
# compiled once more, with Embedded Swift, to WebAssembly, and the JavaScript
# around it. gspec.wasm is the engine a page loads; gspec-run.wasm adds the
# trace runner (`gspec run`) for gspec-run.mjs. Needs only the Swift toolchain
# (swiftc, clang, wasm-ld).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
out="$here/dist"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$out"

target=wasm32-unknown-none-wasm
swift_flags=(-target "$target" -enable-experimental-feature Embedded -wmo -parse-as-library -Osize -lto=llvm-full
             -package-name gspec -enable-experimental-feature Extern -Xfrontend -disable-stack-protector -swift-version 6 -I "$work")
toolchain="$(dirname "$(dirname "$(command -v swiftc)")")"
unicode="$toolchain/lib/swift/embedded/$target/libswiftUnicodeDataTables.a"

# One module per Swift target, as in Package.swift: the same sources, unchanged.
# As LLVM bitcode (-lto=llvm-full), so that wasm-ld optimizes across modules: 8% smaller gzipped.
swiftc "${swift_flags[@]}" -module-name GestureRuntime -emit-module -emit-module-path "$work/GestureRuntime.swiftmodule" \
    $(find "$root/Sources/GestureRuntime" -name '*.swift' | sort) -c -o "$work/GestureRuntime.o"
swiftc "${swift_flags[@]}" -module-name GestureTrace -emit-module -emit-module-path "$work/GestureTrace.swiftmodule" \
    $(find "$root/Sources/GestureTrace" -name '*.swift' | sort) -c -o "$work/GestureTrace.o"
swiftc "${swift_flags[@]}" -module-name GSpecWasm -emit-module -emit-module-path "$work/GSpecWasm.swiftmodule" \
    "$here/src/Exports.swift" "$here/src/TouchAction.swift" -c -o "$work/GSpecWasm.o"
swiftc "${swift_flags[@]}" -module-name GSpecRun "$here/src/RunExports.swift" -c -o "$work/GSpecRun.o"
clang --target=wasm32-unknown-unknown -Os -ffreestanding -nostdlib -fno-builtin -Wall -Werror -c "$here/src/support.c" -o "$work/support.o"

exports=(gspec_alloc gspec_dealloc gspec_output_ptr gspec_output_len gspec_engine_new gspec_engine_free
         gspec_engine_describe gspec_engine_feed gspec_engine_set_screen gspec_engine_advance gspec_engine_finish gspec_engine_next_deadline
         gspec_engine_clock gspec_engine_is_enabled gspec_engine_take_events gspec_engine_control gspec_heap_size gspec_heap_in_use)
# GSPEC_WASM_DEBUG=1 keeps function names, for stack traces and size studies.
strip=(--strip-all)
[[ -n "${GSPEC_WASM_DEBUG:-}" ]] && strip=()
objects=("$work/GestureRuntime.o" "$work/GestureTrace.o" "$work/GSpecWasm.o" "$work/support.o" "$unicode")
# --gc-sections keeps what the exports reach: without gspec_run, none of the trace reader, runner or printer.
link() { wasm-ld --no-entry --gc-sections "${strip[@]}" -O2 $(printf -- '--export=%s ' "$@") "${objects[@]}" -o "$output"; }
output="$out/gspec.wasm" link "${exports[@]}"
objects+=("$work/GSpecRun.o")
output="$out/gspec-run.wasm" link "${exports[@]}" gspec_run

cp "$here/src/gspec.mjs" "$here/src/gspec.d.ts" "$here/src/gspec-run.mjs" "$out/"
echo "web/dist: gspec.wasm $(wc -c < "$out/gspec.wasm") bytes, gspec-run.wasm $(wc -c < "$out/gspec-run.wasm") bytes"

#!/usr/bin/env bash
# Builds the engine as a C library (docs/native.md): the runtime's own
# sources and the exports gspec.wasm has (scripts/embedded.sh, shared with
# web/build.sh), compiled with Embedded Swift for each target, into
#   native/dist/include/gspec.h
#   native/dist/TRIPLE/libgspec.a   (position-independent objects and the Unicode tables they use)
#   native/dist/TRIPLE/libgspec.so  (exporting the gspec_* functions only)
# for x86_64-unknown-linux-gnu and aarch64-unknown-linux-gnu (the ABI of
# Android's arm64-v8a and of Linux on ARM). Needs only the Swift toolchain
# (swiftc, clang, ld.lld, llvm-ar); the libraries take malloc and friends
# from the C library of the process that loads them.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
out="$here/dist"
source "$root/scripts/embedded.sh"
toolchain="$(dirname "$(dirname "$(command -v swiftc)")")"
rm -rf "$out"
mkdir -p "$out/include"
cp "$here/include/gspec.h" "$out/include/"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# Only the C ABI is visible: every @_cdecl of the exports, never a second list.
{ echo "{ global:"; embedded_exports | sed 's/$/;/'; echo "local: *; };"; } > "$work/exports.map"

# TRIPLE (the library's) and the Embedded Swift target that compiles for it:
# the toolchain's embedded standard library for arm64 is the bare-metal one,
# whose objects are the same AAPCS64 ELF code a Linux or Android process runs.
build() {
  local triple=${1%%:*} target=${1##*:}
  mkdir -p "$work/$triple" "$out/$triple"
  embedded_compile "$target" "$work/$triple" -Xcc -fPIC -Xfrontend -function-sections
  clang --target="$triple" -Os -fPIC -ffreestanding -Wall -Werror -c "$here/src/support.c" -o "$work/$triple/support.o"
  local objects=("$work/$triple/GestureRuntime.o" "$work/$triple/GestureTrace.o" "$work/$triple/GSpecWasm.o" "$work/$triple/support.o")
  local unicode="$toolchain/lib/swift/embedded/$target/libswiftUnicodeDataTables.a"
  # The static library carries the Unicode tables' objects too: one archive to link.
  (cd "$work/$triple" && llvm-ar x "$unicode")
  llvm-ar rcs "$out/$triple/libgspec.a" "${objects[@]}" $(llvm-ar t "$unicode" | sed "s|^|$work/$triple/|")
  ld.lld -shared --gc-sections -soname libgspec.so --version-script "$work/exports.map" -z max-page-size=16384 \
    --hash-style=both "${objects[@]}" "$unicode" -o "$out/$triple/libgspec.so"
}
# Both targets at once (each compile is one process).
pids=()
for pair in x86_64-unknown-linux-gnu:x86_64-unknown-linux-gnu aarch64-unknown-linux-gnu:aarch64-none-none-elf; do
  build "$pair" &
  pids+=($!)
done
for pid in "${pids[@]}"; do wait "$pid"; done
for triple in x86_64-unknown-linux-gnu aarch64-unknown-linux-gnu; do
  echo "native/dist/$triple: libgspec.so $(wc -c < "$out/$triple/libgspec.so") bytes, libgspec.a $(wc -c < "$out/$triple/libgspec.a") bytes"
done

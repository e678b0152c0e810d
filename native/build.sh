#!/usr/bin/env bash
# Builds the engine as a C library (docs/native.md): the runtime's own
# sources and the exports gspec.wasm has (scripts/embedded.sh, shared with
# web/build.sh), compiled with Embedded Swift for each target, into
#   native/dist/include/gspec.h
#   native/dist/TRIPLE/libgspec.a   (position-independent objects and the Unicode tables they use)
#   native/dist/TRIPLE/libgspec.so  (exporting the gspec_* functions only)
# for x86_64-unknown-linux-gnu and aarch64-unknown-linux-gnu (the ABI of
# Android's arm64-v8a and of Linux on ARM; x18 left alone), and
#   native/dist/aarch64-linux-android/libgspec.{a,so}  (the same code; the .so needs libc.so by name) Needs only the Swift toolchain
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
  # arm64: x18 is the platform register on Android (its shadow call stack)
  # and Apple's; code that uses it as a scratch register corrupts the process.
  local reserve=()
  [[ $triple == aarch64-* ]] && reserve=(-ffixed-x18)
  mkdir -p "$work/$triple" "$out/$triple"
  embedded_compile "$target" "$work/$triple" -Xcc -fPIC -Xfrontend -function-sections ${reserve[@]/#/-Xcc }
  clang --target="$triple" -Os -fPIC -ffreestanding -ffunction-sections "${reserve[@]}" -Wall -Werror -c "$here/src/support.c" -o "$work/$triple/support.o"
  local objects=("$work/$triple/GestureRuntime.o" "$work/$triple/GestureTrace.o" "$work/$triple/GSpecWasm.o" "$work/$triple/support.o")
  local unicode="$toolchain/lib/swift/embedded/$target/libswiftUnicodeDataTables.a"
  # On arm64 the Unicode tables' lookups that touch x18 are called through support.c's wrappers.
  local wrap=()
  [[ $triple == aarch64-* ]] && wrap=(--wrap=_swift_stdlib_getMphIdx --wrap=_swift_stdlib_getScalarName)
  # The static library is one relocatable object of everything, the Unicode
  # tables' objects included (wrapped already): one archive to link, as is.
  (cd "$work/$triple" && llvm-ar x "$unicode")
  ld.lld -r "${wrap[@]}" "${objects[@]}" $(llvm-ar t "$unicode" | sed "s|^|$work/$triple/|") -o "$work/$triple/libgspec.o"
  llvm-ar rcs "$out/$triple/libgspec.a" "$work/$triple/libgspec.o"
  link "$out/$triple/libgspec.so" "${wrap[@]}" "${objects[@]}" "$unicode"
  if [[ $triple == aarch64-* ]]; then
    # Android's arm64-v8a: the same objects, needing bionic's libc.so by name
    # (a glibc process has libc.so.6 loaded already; Android's linker
    # namespaces resolve only what a library says it needs). An empty stub
    # gives ld.lld that name; the symbols come from the device's libc.so.
    mkdir -p "$out/aarch64-linux-android" "$work/stub"
    clang --target=aarch64-linux-android -c -x c /dev/null -o "$work/stub/empty.o"
    ld.lld -shared -soname libc.so "$work/stub/empty.o" -o "$work/stub/libc.so"
    link "$out/aarch64-linux-android/libgspec.so" "${wrap[@]}" "${objects[@]}" "$unicode" "$work/stub/libc.so"
    cp "$out/$triple/libgspec.a" "$out/aarch64-linux-android/"
  fi
}
# A shared library exporting the C API only, its symbol table stripped, for pages of up to 16 KB (Android 15).
link() {
  local library=$1
  shift
  ld.lld -shared --gc-sections --strip-all -soname libgspec.so --version-script "$work/exports.map" -z max-page-size=16384 \
    --hash-style=both "$@" -o "$library"
}
# Both targets at once (each compile is one process).
pids=()
for pair in x86_64-unknown-linux-gnu:x86_64-unknown-linux-gnu aarch64-unknown-linux-gnu:aarch64-none-none-elf; do
  build "$pair" &
  pids+=($!)
done
for pid in "${pids[@]}"; do wait "$pid"; done
for triple in x86_64-unknown-linux-gnu aarch64-unknown-linux-gnu aarch64-linux-android; do
  echo "native/dist/$triple: libgspec.so $(wc -c < "$out/$triple/libgspec.so") bytes, libgspec.a $(wc -c < "$out/$triple/libgspec.a") bytes"
done

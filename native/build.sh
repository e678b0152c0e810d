#!/usr/bin/env bash
# Builds the engine as a C library (docs/native.md): the runtime's own
# sources and the exports gspec.wasm has (scripts/embedded.sh, shared with
# web/build.sh), compiled with Embedded Swift for each target, into
#   native/dist/include/gspec.h
#   native/dist/TRIPLE/libgspec.a   (position-independent: the runtime as one object, and the Unicode tables it uses)
#   native/dist/TRIPLE/libgspec.so  (exporting the gspec_* functions only; needing libc and libm)
# for x86_64-unknown-linux-gnu, aarch64-unknown-linux-gnu (Linux on ARM) and
# aarch64-linux-android (Android's arm64-v8a: the same code, x18 left alone
# on both, its .so needing bionic's libc.so and libm.so). Needs only the
# Swift toolchain (swiftc, clang, ld.lld, llvm-ar).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
out="$here/dist"
source "$root/scripts/embedded.sh"
# Optimized for speed, not size as for the web: 10% more events per second
# for 20% more library (docs/native.md), and nothing here is downloaded per page.
export EMBEDDED_OPTIMIZE=-O
toolchain="$(dirname "$(dirname "$(command -v swiftc)")")"
rm -rf "$out"
mkdir -p "$out/include"
cp "$here/include/gspec.h" "$out/include/"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# Only the C ABI is visible: every @_cdecl of the exports, never a second list.
{ echo "{ global:"; embedded_exports NativeExports.swift | sed 's/$/;/'; echo "local: *; };"; } > "$work/exports.map"

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
  local objects=("$work/$triple/GestureRuntime.o" "$work/$triple/GestureTrace.o" "$work/$triple/GSpecC.o" "$work/$triple/support.o")
  local unicode="$toolchain/lib/swift/embedded/$target/libswiftUnicodeDataTables.a"
  # On arm64 the Unicode tables' lookup that touches x18 (and that the
  # runtime reaches) is called through support.c's wrapper (the other,
  # _swift_stdlib_getScalarName, is never called: a test checks both).
  local wrap=()
  [[ $triple == aarch64-* ]] && wrap=(--wrap=_swift_stdlib_getMphIdx)
  # The static library: the runtime and the object defining the wrapped
  # lookup as one relocatable object, and each other Unicode tables' object
  # beside it, its calls wrapped too (ld.lld wraps what it links), for a
  # program's linker to take the ones it needs: one archive to link, as is.
  (cd "$work/$triple" && llvm-ar x "$unicode")
  ld.lld -r "${wrap[@]}" "${objects[@]}" "$work/$triple/UnicodeData.cpp.o" -o "$work/$triple/libgspec.o"
  local members=("$work/$triple/libgspec.o") member
  for member in $(llvm-ar t "$unicode"); do
    [[ $member == UnicodeData.cpp.o ]] && continue
    ld.lld -r "${wrap[@]}" "$work/$triple/$member" -o "$work/$triple/wrapped-$member"
    members+=("$work/$triple/wrapped-$member")
  done
  llvm-ar rcs "$out/$triple/libgspec.a" "${members[@]}"
  # The C library's functions come from the process's libc and libm, which
  # the .so names (DT_NEEDED), so that any loader finds them: empty stubs
  # give ld.lld the names (glibc's libc.so.6 and libm.so.6; bionic's libc.so and libm.so).
  link "$out/$triple/libgspec.so" "${wrap[@]}" "${objects[@]}" "$unicode" $(stubs "$triple" libc.so.6 libm.so.6)
  if [[ $triple == aarch64-* ]]; then
    # Android's arm64-v8a: the same code, needing bionic's libraries.
    mkdir -p "$out/aarch64-linux-android"
    link "$out/aarch64-linux-android/libgspec.so" "${wrap[@]}" "${objects[@]}" "$unicode" $(stubs aarch64-linux-android libc.so libm.so)
    cp "$out/$triple/libgspec.a" "$out/aarch64-linux-android/"
  fi
}
# Empty shared libraries with the SONAMEs given, for `link` to record as needed; prints their paths.
stubs() {
  local dir="$work/stubs-$1"
  mkdir -p "$dir"
  clang --target="$1" -c -x c /dev/null -o "$dir/empty.o"
  shift
  for name in "$@"; do
    ld.lld -shared -soname "$name" "$dir/empty.o" -o "$dir/$name"
    echo "$dir/$name"
  done
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

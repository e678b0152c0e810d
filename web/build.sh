#!/usr/bin/env bash
# Builds the web runtime into web/dist/: GestureRuntime and GestureTrace
# compiled once more, with Embedded Swift, to WebAssembly, and the JavaScript
# around it. gspec.wasm is the engine a page loads; gspec-run.wasm adds the
# trace runner (`gspec run`) for gspec-run.mjs. Needs only the Swift toolchain
# (swiftc, clang, wasm-ld); uses Binaryen's wasm-opt and esbuild where they are installed.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
out="$here/dist"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# dist/ holds what this script writes, nothing older.
rm -rf "$out"
mkdir -p "$out"

target=wasm32-unknown-none-wasm
toolchain="$(dirname "$(dirname "$(command -v swiftc)")")"
unicode="$toolchain/lib/swift/embedded/$target/libswiftUnicodeDataTables.a"
# The runtime, the trace code and the exports, as the native library has them (scripts/embedded.sh).
# As LLVM bitcode (-lto=llvm-full), so that wasm-ld optimizes across modules: 8% smaller gzipped.
source "$root/scripts/embedded.sh"
# GSPEC_WEB: touch ids cross as doubles, JavaScript's numbers (gspec.mjs
# passes safe integers), not as BigInts; refusals leave out the numbers
# gspec.mjs checked first (capi/Exports.swift). GSPEC_UNSHARED_ENGINE: the C
# API never copies an Engine, so the module links no copy-on-write code
# (Engine.swift; the native library keeps it: Swift 6.3's optimizer crashes
# compiling its GestureTrace with the flag).
embedded_compile "$target" "$work" -lto=llvm-full -D GSPEC_WEB -D GSPEC_UNSHARED_ENGINE
runtime_modules="GestureRuntime GestureTrace"
embedded_swiftc "$target" "$work" -lto=llvm-full -module-name GSpecRun "$here/src/RunExports.swift" -c -o "$work/GSpecRun.o"
# support.c as bitcode too (-flto): its round and memcpy join the link-time optimization.
clang --target=wasm32-unknown-unknown -Os -flto -ffreestanding -nostdlib -fno-builtin -Wall -Werror -c "$here/src/support.c" -o "$work/support.o"

# The exports are what the sources declare, never a second list: every
# @_cdecl of a file, and support.c's functions named gspec_*.
exports=($(embedded_exports WebExports.swift) $(sed -n 's/^[a-z_][a-z_ ]* \(gspec_[a-z_]*\)(.*/\1/p' "$here/src/support.c"))
# GSPEC_WASM_DEBUG=1 keeps function names, for stack traces and size studies.
debug=${GSPEC_WASM_DEBUG:-}
objects=($(printf "$work/%s.o " $runtime_modules) "$work/GSpecC.o" "$work/support.o")
# Binaryen's wasm-opt, where it is installed (Debian's `binaryen`; CI installs
# it), optimizes the linked module once more, reading its features from the
# target_features section: 7% smaller gzipped and 5-10% faster in V8
# (docs/web.md). Without it the module is the same engine, larger and slower.
optimizer=$(command -v wasm-opt || true)
[[ -z "$optimizer" ]] && echo "web/build.sh: no wasm-opt (Debian's binaryen): gspec.wasm is left as wasm-ld links it, about 6 KB larger gzipped" >&2
# --gc-sections keeps what the exports reach: without gspec_run, none of the trace reader, runner or printer.
link() {
  local strip=(--strip-all)
  [[ -n "$debug" || -n "$optimizer" ]] && strip=()
  wasm-ld --no-entry --gc-sections "${strip[@]}" -O2 $(printf -- '--export=%s ' "$@") "${objects[@]}" -o "$output"
  [[ -z "$optimizer" ]] && return
  local keep=(--strip-debug --strip-producers --strip-target-features)
  [[ -n "$debug" ]] && keep=(-g)
  "$optimizer" -O3 "${keep[@]}" "$output" -o "$output"
}
# The engine links without the standard library's Unicode tables: it compares
# names as bytes (String.isSame(as:)), so a `==` on strings, a character count
# or a `hasSuffix` the exports reach fails here, by name, before a page pays
# 40 KB for it. The trace runner reads JSON text and needs them.
output="$out/gspec.wasm" link "${exports[@]}"
objects+=("$work/GSpecRun.o" "$unicode")
output="$out/gspec-run.wasm" link "${exports[@]}" $(embedded_cdecls "$here/src/RunExports.swift")

# A page downloads gspec.mjs and gspec-dom.mjs: their comments and indentation
# stay in web/src (the types and their documentation are in gspec.d.mts; no
# template literal spans lines, so no string loses its spaces). Code is
# otherwise copied as it is.
strip_comments() {
  echo "// gspec: see gspec.d.mts and docs/web.md; commented in web/src/$(basename "$1")"
  awk 'block { if (index($0, "*/")) block = 0; next }
       /^[ \t]*\/\*/ { if (!index($0, "*/")) block = 1; next }
       /^[ \t]*\/\// { next }
       /^[ \t]*$/ { next }
       { sub(/^[ \t]+/, "")
         # A trailing comment goes too, where nothing before it could hold a "//" (no quote, backtick or slash).
         if (match($0, / \/\/ /) && substr($0, 1, RSTART) !~ /["'"'"'`\/]/) $0 = substr($0, 1, RSTART - 1)
         print }' "$1"
}
# Debian's esbuild, where it is installed (CI installs it), minifies them
# instead (local names shortened, exports kept, no bundling): 2 KB gzipped
# less for the two (docs/web.md). Without it they are only stripped as above.
minifier=$(command -v esbuild || true)
for module in gspec.mjs gspec-dom.mjs; do
  if [[ -n "$minifier" ]]; then
    { echo "// gspec: see gspec.d.mts and docs/web.md; web/src/$module minified"
      "$minifier" --minify --format=esm --log-level=warning "$here/src/$module"; } > "$out/$module"
    continue
  fi
  strip_comments "$here/src/$module" > "$out/$module"
  # Stripping indentation would change a template literal that spans lines: the code must have none.
  if awk -v m="$module" '{ n = gsub(/`/, "`"); if (n % 2) { print "web/dist/" m ":" NR ": a template literal spans lines"; bad = 1 } } END { exit !bad }' "$out/$module"; then
    rm "$out/$module"
    exit 1
  fi
done
cp "$here/src/gspec.d.mts" "$here/src/gspec-run.mjs" "$out/"
echo "web/dist: gspec.wasm $(wc -c < "$out/gspec.wasm") bytes, gspec-run.wasm $(wc -c < "$out/gspec-run.wasm") bytes"

# Shared by web/build.sh and native/build.sh (sourced, not run): the
# runtime's own sources compiled with Embedded Swift for one target, and the
# list of the C ABI's functions, read from the sources. One place for both
# builds, so the web module and the native library cannot drift apart.
#
#   embedded_compile TARGET WORK [swiftc flags...]
#     compiles GestureRuntime and GestureTrace (as in Package.swift, the same
#     sources, unchanged) and the C interface (capi/: Exports.swift and
#     TouchAction.swift, module GSpecC) for TARGET into WORK/*.o, each
#     module's interface in WORK.
#   embedded_swiftc TARGET WORK [swiftc arguments...]
#     swiftc with the flags every module of both builds takes; optimized for
#     size (what a page downloads) unless EMBEDDED_OPTIMIZE says otherwise.
#   embedded_exports CONTROL
#     prints the exported C function names: every @_cdecl of Exports.swift
#     and of capi/CONTROL, the build's control calls (NativeExports.swift natively,
#     text in and out; WebExports.swift for the web, typed, refusals as codes).

embedded_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

embedded_swiftc() {
  local target=$1 work=$2
  shift 2
  swiftc -target "$target" -enable-experimental-feature Embedded -wmo -parse-as-library "${EMBEDDED_OPTIMIZE:--Osize}" \
    -package-name gspec -enable-experimental-feature Extern -Xfrontend -disable-stack-protector \
    -swift-version 6 -I "$work" "$@"
}

embedded_compile() {
  local target=$1 work=$2
  shift 2
  local module
  for module in GestureRuntime GestureTrace; do
    embedded_swiftc "$target" "$work" "$@" -module-name "$module" -emit-module -emit-module-path "$work/$module.swiftmodule" \
      $(find "$embedded_root/Sources/$module" -name '*.swift' | sort) -c -o "$work/$module.o"
  done
  embedded_swiftc "$target" "$work" "$@" -module-name GSpecC -emit-module -emit-module-path "$work/GSpecC.swiftmodule" \
    $(find "$embedded_root/capi" -name '*.swift' | sort) -c -o "$work/GSpecC.o"
}

# The names of a file's @_cdecl functions, each once (a function may have a
# declaration per build, under #if: gspec_engine_feed's touch id).
embedded_cdecls() { sed -n 's/^@_cdecl("\(gspec_[a-z_]*\)")$/\1/p' "$@" | awk '!seen[$0]++'; }

embedded_exports() { embedded_cdecls "$embedded_root/capi/Exports.swift" "$embedded_root/capi/$1"; }

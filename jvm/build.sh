#!/usr/bin/env bash
# Builds the Java binding (docs/android.md): the dev.gspec classes and the
# JNI glue over libgspec, for the host's JVM:
#   jvm/dist/gspec.jar                           (dev.gspec, compiled for Java 11: Android's D8 reads it)
#   jvm/dist/TRIPLE/libgspec_jni.so              (jvm/native/gspec_jni.c with libgspec.a linked in)
# Needs the JDK (javac, jar, its jni.h) and a C compiler; builds native/dist
# first (native/build.sh) when the host's libgspec.a is missing.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
out="$here/dist"
triple="$(uname -m)-unknown-linux-gnu"
javac="$(command -v javac)" || { echo "jvm/build.sh: no javac (Debian: apt-get install default-jdk-headless)" >&2; exit 1; }
java_home="${JAVA_HOME:-$(dirname "$(dirname "$(readlink -f "$javac")")")}"
cc="${CC:-$(command -v clang || command -v cc)}"
[ -f "$root/native/dist/$triple/libgspec.a" ] || bash "$root/native/build.sh"
rm -rf "$out"
mkdir -p "$out/$triple"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# Only the JNI entry points are visible; libgspec's own functions stay inside.
echo "{ global: Java_dev_gspec_*; local: *; };" > "$work/exports.map"
"$cc" -shared -fPIC -O2 -Wall -Werror -Wl,--gc-sections -s -I "$java_home/include" -I "$java_home/include/linux" -I "$root/native/dist/include" \
  "$here/native/gspec_jni.c" "$root/native/dist/$triple/libgspec.a" -Wl,--version-script="$work/exports.map" \
  -Wl,-soname,libgspec_jni.so -o "$out/$triple/libgspec_jni.so"
"$javac" --release 11 -Xlint:all -Werror -d "$work/classes" "$here"/src/dev/gspec/*.java
"$(dirname "$javac")/jar" --create --file "$out/gspec.jar" -C "$work/classes" .
echo "jvm/dist: gspec.jar $(wc -c < "$out/gspec.jar") bytes, $triple/libgspec_jni.so $(wc -c < "$out/$triple/libgspec_jni.so") bytes"

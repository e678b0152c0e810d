// What the Embedded Swift runtime sources need from the platform that the C
// library gives them on Linux and Android, where gspec.wasm has
// web/src/support.c and JavaScript instead. Compiled into libgspec by
// native/build.sh. No system header: the toolchain has no sysroot for every
// target, and these are the C library's own declarations.
typedef __SIZE_TYPE__ size_t;
#define NULL ((void *)0)
int snprintf(char *buffer, size_t size, const char *format, ...);
double strtod(const char *text, char **end);
size_t strlen(const char *text);
void *memcpy(void *to, const void *from, size_t n);

// The shortest decimal that reads back as `x`, in C's "%e" form ("1.5e+00"):
// the digits and the exponent are what NumberText.swift's `shortest` reads.
// Returns the length written (at most `capacity`).
int gspec_shortest(double x, char *buffer, int capacity) {
    char text[40];
    for (int precision = 1; precision <= 17; precision++) {
        snprintf(text, sizeof text, "%.*e", precision - 1, x);
        if (strtod(text, NULL) == x) break;
    }
    int n = (int)strlen(text);
    if (n > capacity) n = capacity;
    memcpy(buffer, text, (size_t)n);
    return n;
}

// Double(String): the caller (JSON.decimal) has checked the syntax, digits,
// '.', 'e' and signs only, so the C locale's decimal point is the one read.
const char *_swift_stdlib_strtod_clocale(const char *p, double *out) {
    char *end;
    *out = strtod(p, &end);
    return end;
}

#if defined(__aarch64__)
// x18 is the platform register on arm64 Android (its shadow call stack) and
// must survive every call; this library is compiled with it reserved, but the
// toolchain's prebuilt Unicode tables (libswiftUnicodeDataTables.a, built
// for bare metal) use it as a scratch register in the one lookup the
// runtime calls. native/build.sh links calls to it through this wrapper
// (ld.lld --wrap), which puts x18 back. Its arguments and result are
// integers and pointers, in x0-x5 and x0 whatever their C types, so six
// words pass through.
typedef unsigned long long word;
word __real__swift_stdlib_getMphIdx(word, word, word, word, word, word);
word __wrap__swift_stdlib_getMphIdx(word a, word b, word c, word d, word e, word f) {
    word x18;
    __asm__ volatile("mov %0, x18" : "=r"(x18));
    word result = __real__swift_stdlib_getMphIdx(a, b, c, d, e, f);
    __asm__ volatile("mov x18, %0" : : "r"(x18) : "memory");
    return result;
}
#endif

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

// What the WebAssembly build needs from a C library, which wasm32-unknown-none
// does not have: memory allocation, memory functions, and a few numeric and
// runtime hooks of Embedded Swift. Written for this module; no libc is linked.
//
// The allocator keeps a free list per power-of-two block size (16 bytes to
// 2 GiB) and carves new blocks from memory it grows by whole pages: a freed
// block is reused by the next allocation of its size class, so an engine
// created and freed over and over keeps the heap flat. A block wastes at most
// half its size; blocks are never split or merged, which keeps it short and
// its behaviour easy to predict.

typedef __SIZE_TYPE__ size_t;
typedef __UINTPTR_TYPE__ uintptr_t;
typedef unsigned int uint32_t;
typedef unsigned char uint8_t;

extern unsigned char __heap_base;

// Imported from JavaScript (web/src/gspec.mjs).
__attribute__((import_module("env"), import_name("gspec_write"))) void gspec_write(int fd, const void *p, int n);
__attribute__((import_module("env"), import_name("gspec_parse_decimal"))) double gspec_parse_decimal(const char *p, int n);

#define HEADER 16
#define CLASSES 32

typedef struct { uint32_t size_class; uint32_t offset; } header_t;

static void *free_lists[CLASSES];
static uintptr_t heap_next, heap_end;
static size_t heap_in_use;

size_t gspec_heap_size(void) { return heap_end - (uintptr_t)&__heap_base; }
size_t gspec_heap_in_use(void) { return heap_in_use; }

static int class_for(size_t n) {
    int k = 4;
    while (k < CLASSES && ((size_t)1 << k) < n) k++;
    return k;
}

static void *carve(size_t size) {
    if (heap_next == 0) {
        heap_next = ((uintptr_t)&__heap_base + 15) & ~(uintptr_t)15;
        heap_end = __builtin_wasm_memory_size(0) * 65536;
    }
    uintptr_t start = (heap_next + 15) & ~(uintptr_t)15;
    if (start + size > heap_end) {
        size_t pages = (start + size - heap_end + 65535) / 65536;
        if (__builtin_wasm_memory_grow(0, pages) == (size_t)-1) return 0;
        heap_end = __builtin_wasm_memory_size(0) * 65536;
    }
    heap_next = start + size;
    return (void *)start;
}

// A block of class k holds 2^k bytes: the header and then the caller's bytes,
// `offset` bytes after the block's start (more than HEADER when aligned further).
static void *allocate(size_t n, size_t align) {
    if (align < 16) align = 16;
    if (n > ((size_t)1 << 30)) return 0;
    int k = class_for(n + HEADER + (align > 16 ? align : 0));
    if (k >= CLASSES) return 0;
    void *block = free_lists[k];
    if (block) {
        free_lists[k] = *(void **)block;
    } else {
        block = carve((size_t)1 << k);
        if (!block) return 0;
    }
    uintptr_t user = ((uintptr_t)block + HEADER + align - 1) & ~(uintptr_t)(align - 1);
    header_t *h = (header_t *)(user - sizeof(header_t));
    h->size_class = (uint32_t)k;
    h->offset = (uint32_t)(user - (uintptr_t)block);
    heap_in_use += (size_t)1 << k;
    return (void *)user;
}

void *malloc(size_t n) { return allocate(n, 16); }

void free(void *p) {
    if (!p) return;
    header_t *h = (header_t *)((uintptr_t)p - sizeof(header_t));
    int k = (int)h->size_class;
    void *block = (void *)((uintptr_t)p - h->offset);
    heap_in_use -= (size_t)1 << k;
    *(void **)block = free_lists[k];
    free_lists[k] = block;
}

int posix_memalign(void **out, size_t align, size_t n) {
    void *p = allocate(n, align);
    if (!p) return 12;  // ENOMEM
    *out = p;
    return 0;
}

void *aligned_alloc(size_t align, size_t n) { return allocate(n, align); }

void *memcpy(void *dst, const void *src, size_t n) {
    uint8_t *d = dst;
    const uint8_t *s = src;
    while (n--) *d++ = *s++;
    return dst;
}

void *memmove(void *dst, const void *src, size_t n) {
    uint8_t *d = dst;
    const uint8_t *s = src;
    if (d < s) {
        while (n--) *d++ = *s++;
    } else {
        while (n--) d[n] = s[n];
    }
    return dst;
}

void *memset(void *dst, int c, size_t n) {
    uint8_t *d = dst;
    while (n--) *d++ = (uint8_t)c;
    return dst;
}

int memcmp(const void *a, const void *b, size_t n) {
    const uint8_t *x = a, *y = b;
    for (; n; n--, x++, y++) if (*x != *y) return *x - *y;
    return 0;
}

size_t strlen(const char *s) {
    size_t n = 0;
    while (s[n]) n++;
    return n;
}

void *calloc(size_t count, size_t size) {
    if (size && count > ((size_t)-1) / size) return 0;
    void *p = malloc(count * size);
    if (p) memset(p, 0, count * size);
    return p;
}

void *realloc(void *p, size_t n) {
    if (!p) return malloc(n);
    header_t *h = (header_t *)((uintptr_t)p - sizeof(header_t));
    size_t capacity = ((size_t)1 << h->size_class) - h->offset;
    if (n <= capacity) return p;
    void *q = malloc(n);
    if (!q) return 0;
    memcpy(q, p, capacity);
    free(p);
    return q;
}

// Hasher seeds: fixed, so dictionary order (never observable in output) is the same on every run too.
void arc4random_buf(void *buf, size_t n) { memset(buf, 0x5A, n); }

// C's round: half away from zero; exact for every double.
double round(double x) {
    double t = __builtin_trunc(x);
    double r = x - t;
    if (r >= 0.5) return t + 1;
    if (r <= -0.5) return t - 1;
    return t;
}
float roundf(float x) {
    float t = __builtin_truncf(x);
    float r = x - t;
    if (r >= 0.5f) return t + 1;
    if (r <= -0.5f) return t - 1;
    return t;
}

// Double(String): the caller (JSON.decimal) has checked the syntax; JavaScript's
// Number() rounds correctly. Returns the end of what was read, as strtod does.
const char *_swift_stdlib_strtod_clocale(const char *p, double *out) {
    size_t n = strlen(p);
    for (size_t i = 0; i < n; i++) {
        char c = p[i];
        if (!((c >= '0' && c <= '9') || c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-')) return p;
    }
    if (n == 0) return p;
    *out = gspec_parse_decimal(p, (int)n);
    return p + n;
}

// Embedded Swift prints fatal errors a character at a time.
int putchar(int c) {
    char ch = (char)c;
    gspec_write(2, &ch, 1);
    return c;
}

void abort(void) { __builtin_trap(); }
void exit(int status) { (void)status; __builtin_trap(); }

// 128-bit multiplication, which overflow-checked 64-bit multiplies lower to on wasm32.
__int128 __multi3(__int128 a, __int128 b) {
    unsigned long long al = (unsigned long long)a, bl = (unsigned long long)b;
    unsigned long long ah = (unsigned long long)((unsigned __int128)a >> 64), bh = (unsigned long long)((unsigned __int128)b >> 64);
    unsigned long long a0 = al & 0xFFFFFFFF, a1 = al >> 32, b0 = bl & 0xFFFFFFFF, b1 = bl >> 32;
    unsigned long long p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    unsigned long long middle = (p00 >> 32) + (p01 & 0xFFFFFFFF) + (p10 & 0xFFFFFFFF);
    unsigned long long low = (p00 & 0xFFFFFFFF) | (middle << 32);
    unsigned long long high = p11 + (p01 >> 32) + (p10 >> 32) + (middle >> 32) + al * bh + ah * bl;
    return (__int128)(((unsigned __int128)high << 64) | low);
}

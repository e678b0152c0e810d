// Counts heap allocations for real: the benchmark executable defines malloc
// and its relatives (exported with --export-dynamic, so the dynamic linker
// prefers them for the whole process, Swift runtime included) and forwards
// to glibc's implementation. Linux/glibc only; elsewhere the count stays 0.
#include "CMallocCounter.h"
#include <stddef.h>
#include <errno.h>

static unsigned long count;

unsigned long gspec_allocation_count(void) { return count; }

#if defined(__linux__) && defined(__GLIBC__)
extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);

void *malloc(size_t size) { count++; return __libc_malloc(size); }
void *calloc(size_t n, size_t size) { count++; return __libc_calloc(n, size); }
void *realloc(void *p, size_t size) { count++; return __libc_realloc(p, size); }
void *memalign(size_t alignment, size_t size) { count++; return __libc_memalign(alignment, size); }
void *aligned_alloc(size_t alignment, size_t size) { count++; return __libc_memalign(alignment, size); }
int posix_memalign(void **out, size_t alignment, size_t size) {
    count++;
    void *p = __libc_memalign(alignment, size);
    if (!p) return ENOMEM;
    *out = p;
    return 0;
}
#endif

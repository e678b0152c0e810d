#ifndef CMALLOCCOUNTER_H
#define CMALLOCCOUNTER_H

/// Heap allocations made by the whole process since it started (malloc,
/// calloc, realloc, posix_memalign, aligned_alloc, memalign), counted by
/// interposing them in the benchmark executable. Single-threaded use.
unsigned long gspec_allocation_count(void);

#endif

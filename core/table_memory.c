#define _DEFAULT_SOURCE /* MAP_ANONYMOUS, madvise */
#include "table_memory.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>

enum { HUGE_PAGE = 2 << 20 };

void *table_memory(size_t bytes)
{
    size_t size = (bytes + HUGE_PAGE - 1) & ~(size_t)(HUGE_PAGE - 1);
    /* Map one huge page more than needed and trim to a 2 MB boundary. */
    char *raw = mmap(NULL, size + HUGE_PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (raw == MAP_FAILED) {
        void *p = calloc(1, bytes);
        if (!p) {
            fprintf(stderr, "rperft: out of memory for a %zu-byte slider table\n", bytes);
            abort();
        }
        return p;
    }
    char *aligned = (char *)(((uintptr_t)raw + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1));
    if (aligned > raw)
        munmap(raw, (size_t)(aligned - raw));
    size_t tail = (size_t)(raw + size + HUGE_PAGE - (aligned + size));
    if (tail)
        munmap(aligned + size, tail);
#ifdef MADV_HUGEPAGE
    madvise(aligned, size, MADV_HUGEPAGE); /* advice only: refused means small pages */
#endif
    return aligned;
}

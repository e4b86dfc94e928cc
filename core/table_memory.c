#define _DEFAULT_SOURCE /* MAP_ANONYMOUS, madvise */
#include "table_memory.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>

void *huge_page_map(size_t bytes)
{
    /* Map one huge page more than needed and trim to a 2 MB boundary. */
    char *raw = mmap(NULL, bytes + HUGE_PAGE_BYTES, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (raw == MAP_FAILED)
        return NULL;
    char *aligned = (char *)(((uintptr_t)raw + HUGE_PAGE_BYTES - 1) & ~(uintptr_t)(HUGE_PAGE_BYTES - 1));
    if (aligned > raw)
        munmap(raw, (size_t)(aligned - raw));
    size_t tail = (size_t)(raw + bytes + HUGE_PAGE_BYTES - (aligned + bytes));
    if (tail)
        munmap(aligned + bytes, tail);
#ifdef MADV_HUGEPAGE
    madvise(aligned, bytes, MADV_HUGEPAGE); /* advice only: refused means small pages */
#endif
    return aligned;
}

void *table_memory(size_t bytes)
{
    size_t size = (bytes + HUGE_PAGE_BYTES - 1) & ~(size_t)(HUGE_PAGE_BYTES - 1);
    void *p = huge_page_map(size);
    if (!p && !(p = calloc(1, bytes))) {
        fprintf(stderr, "rperft: out of memory for a %zu-byte slider table\n", bytes);
        abort();
    }
    return p;
}

/* Memory for the large slider tables (860 KB per method): a 2 MB-aligned block
 * marked for a transparent huge page, so the table costs one page fault instead of
 * 210 (start-up time; page faults are dear in a VM) and one TLB entry during perft
 * instead of 210. Where huge pages are off or refused, ordinary zeroed pages. */
#ifndef RPERFT_TABLE_MEMORY_H
#define RPERFT_TABLE_MEMORY_H

#include <stddef.h>

enum { HUGE_PAGE_BYTES = 2 << 20 };

/* A zeroed anonymous mapping of bytes (a multiple of HUGE_PAGE_BYTES) on a 2 MB
 * boundary, marked for transparent huge pages, not yet faulted in; NULL when it
 * cannot be had. Free with munmap(p, bytes). */
void *huge_page_map(size_t bytes);

/* Zeroed, never freed (tables live as long as the process); aborts with a message
 * when even ordinary memory cannot be had. */
void *table_memory(size_t bytes);

#endif

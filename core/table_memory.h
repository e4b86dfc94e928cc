/* Memory for the large slider tables (860 KB per method): a 2 MB-aligned block
 * marked for a transparent huge page, so the table costs one page fault instead of
 * 210 (start-up time; page faults are dear in a VM) and one TLB entry during perft
 * instead of 210. Where huge pages are off or refused, ordinary zeroed pages. */
#ifndef RPERFT_TABLE_MEMORY_H
#define RPERFT_TABLE_MEMORY_H

#include <stddef.h>

/* Zeroed, never freed (tables live as long as the process); aborts with a message
 * when even ordinary memory cannot be had. */
void *table_memory(size_t bytes);

#endif

#include "hash.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

bool hash_create(hash_table_t *table, size_t megabytes, char *err, size_t errlen)
{
    const size_t bucket_bytes = HASH_BUCKET * sizeof(hash_entry_t);
    if (megabytes == 0 || megabytes > ((size_t)1 << 40) / ((size_t)1 << 20)) {
        snprintf(err, errlen, "hash size must be from 1 to 1048576 MB, not %zu", megabytes);
        return false;
    }
    size_t buckets = 1;
    while (buckets * 2 * bucket_bytes <= megabytes << 20)
        buckets *= 2;
    size_t bytes = buckets * bucket_bytes;
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    if (pages > 0 && page > 0 && bytes > (size_t)pages * (size_t)page) {
        snprintf(err, errlen, "a %zu MB hash table is more than this machine's %zu MB of memory", megabytes,
                 (size_t)pages * (size_t)page >> 20);
        return false;
    }
    /* mmap gives zeroed, page-aligned memory and fails up front instead of at first
     * touch only when overcommit is off; MAP_POPULATE makes the failure show now. */
    void *mem = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
    if (mem == MAP_FAILED) {
        snprintf(err, errlen, "cannot allocate a %zu MB hash table: %s", megabytes, strerror(errno));
        return false;
    }
    table->entries = mem;
    table->bucket_mask = buckets - 1;
    table->bytes = bytes;
    return true;
}

void hash_destroy(hash_table_t *table)
{
    if (table->entries)
        munmap(table->entries, table->bytes);
    table->entries = NULL;
}

void hash_clear(hash_table_t *table)
{
    size_t n = (table->bucket_mask + 1) * HASH_BUCKET;
    for (size_t i = 0; i < n; i++) {
        atomic_store_explicit(&table->entries[i].check, 0, memory_order_relaxed);
        atomic_store_explicit(&table->entries[i].data, 0, memory_order_relaxed);
    }
}

#include "hash.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* Bytes the kernel says can be had without swapping (MemAvailable), or, where
 * /proc is not mounted, the physical memory; 0 when neither is known. */
static size_t available_bytes(void)
{
    FILE *in = fopen("/proc/meminfo", "r");
    if (in) {
        char line[128];
        unsigned long long kb;
        while (fgets(line, sizeof line, in))
            if (sscanf(line, "MemAvailable: %llu kB", &kb) == 1) {
                fclose(in);
                return (size_t)kb << 10;
            }
        fclose(in);
    }
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    return pages > 0 && page > 0 ? (size_t)pages * (size_t)page : 0;
}

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
    /* With overcommit, mmap succeeds for more than there is and the OOM killer ends
     * the run later, results lost: refuse up front what the machine cannot give. */
    size_t available = available_bytes();
    if (available && bytes > available) {
        snprintf(err, errlen, "a %zu MB hash table is more than the %zu MB of memory available now", megabytes,
                 available >> 20);
        return false;
    }
    /* mmap gives zeroed, page-aligned memory; MAP_POPULATE touches it now, so that a
     * failure (overcommit off, a ulimit) shows before the run. */
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

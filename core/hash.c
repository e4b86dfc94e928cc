#include "hash.h"

#include "table_memory.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

enum { HUGE_PAGE = HUGE_PAGE_BYTES, SMALL_PAGE = 4096, MAX_CLEARERS = 256 };

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

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* One clearing thread's share: whole huge pages, so no two threads fault one.
 * Fresh memory is zero already: one write per small page faults it in (the
 * kernel zeroes it), and a second pass of zeroes would only double the work. */
typedef struct clear_part {
    char *start;
    size_t bytes;
    bool fresh;
} clear_part_t;

static void *clear_part(void *arg)
{
    const clear_part_t *p = arg;
    if (!p->fresh) {
        memset(p->start, 0, p->bytes);
        return NULL;
    }
    for (size_t at = 0; at < p->bytes; at += SMALL_PAGE)
        ((volatile char *)p->start)[at] = 0;
    return NULL;
}

/* Zeroes [mem, mem + bytes) with up to threads threads; a thread that cannot be
 * started leaves its part to the caller's thread. */
static void clear_parallel(char *mem, size_t bytes, int threads, bool fresh)
{
    size_t pages = (bytes + HUGE_PAGE - 1) / HUGE_PAGE;
    int n = threads < 1 ? 1 : threads > MAX_CLEARERS ? MAX_CLEARERS : threads;
    if ((size_t)n > pages)
        n = (int)pages;
    clear_part_t parts[MAX_CLEARERS];
    pthread_t ids[MAX_CLEARERS];
    bool started[MAX_CLEARERS] = {false};
    for (int i = 0; i < n; i++) {
        size_t from = pages * (size_t)i / (size_t)n * HUGE_PAGE, to = pages * (size_t)(i + 1) / (size_t)n * HUGE_PAGE;
        if (to > bytes)
            to = bytes;
        parts[i] = (clear_part_t){mem + from, to - from, fresh};
        if (i > 0)
            started[i] = pthread_create(&ids[i], NULL, clear_part, &parts[i]) == 0;
    }
    clear_part(&parts[0]);
    for (int i = 1; i < n; i++) {
        if (started[i])
            pthread_join(ids[i], NULL);
        else
            clear_part(&parts[i]);
    }
}

/* Bytes of [mem, mem + bytes) the kernel put on huge pages (AnonHugePages of its
 * mapping in /proc/self/smaps); 0 when not known. */
static size_t huge_bytes_of(const void *mem)
{
    FILE *in = fopen("/proc/self/smaps", "r");
    if (!in)
        return 0;
    char line[256];
    bool ours = false;
    size_t huge = 0;
    unsigned long long kb;
    while (fgets(line, sizeof line, in)) {
        unsigned long long from, to;
        if (sscanf(line, "%llx-%llx ", &from, &to) == 2)
            ours = (uintptr_t)mem >= from && (uintptr_t)mem < to;
        else if (ours && sscanf(line, "AnonHugePages: %llu kB", &kb) == 1)
            huge = (size_t)kb << 10;
    }
    fclose(in);
    return huge;
}

/* Faults in and clears the table up to bytes (a power-of-two number of buckets)
 * with the table's threads, and puts that many buckets in use. Writing the zeroes
 * faults the pages in now, on every thread, instead of one page fault at a time
 * in the middle of the run. */
static void use_bytes(hash_table_t *table, size_t bytes)
{
    double start = now_seconds();
    char *mem = (char *)table->entries;
    size_t end = (bytes + HUGE_PAGE - 1) & ~(size_t)(HUGE_PAGE - 1), from = table->used ? (table->used + HUGE_PAGE - 1) & ~(size_t)(HUGE_PAGE - 1) : 0;
    if (end > from)
        clear_parallel(mem + from, end - from, table->threads, true);
    table->used = bytes;
    table->bucket_mask = bytes / (HASH_BUCKET * sizeof(hash_entry_t)) - 1;
    table->huge_bytes = huge_bytes_of(mem);
    table->setup_seconds += now_seconds() - start;
}

bool hash_create(hash_table_t *table, const hash_config_t *cfg, char *err, size_t errlen)
{
    *table = (hash_table_t){0};
    double start = now_seconds();
    const size_t bucket_bytes = HASH_BUCKET * sizeof(hash_entry_t);
    size_t megabytes = cfg->megabytes;
    if (megabytes == 0 || megabytes > ((size_t)1 << 40) / ((size_t)1 << 20)) {
        snprintf(err, errlen, "hash size must be from 1 to 1048576 MB, not %zu", megabytes);
        return false;
    }
    size_t buckets = 1;
    while (buckets * 2 * bucket_bytes <= megabytes << 20)
        buckets *= 2;
    size_t bytes = buckets * bucket_bytes, mapped = (bytes + HUGE_PAGE - 1) & ~(size_t)(HUGE_PAGE - 1);
    /* With overcommit, mmap succeeds for more than there is and the OOM killer ends
     * the run later, results lost: refuse up front what the machine cannot give. */
    size_t available = available_bytes();
    if (available && bytes > available) {
        snprintf(err, errlen, "a %zu MB hash table is more than the %zu MB of memory available now", megabytes,
                 available >> 20);
        return false;
    }
    /* 2 MB pages: with 4 KB pages a 1 GB table costs 262144 page faults to set up
     * and a TLB miss (a page walk) on nearly every probe; with 2 MB pages 512
     * faults, and the TLB covers the table. */
    void *mem = huge_page_map(mapped);
    table->keys = malloc(2 * sizeof *table->keys);
    if (!mem || !table->keys) {
        snprintf(err, errlen, "cannot allocate a %zu MB hash table: %s", megabytes, strerror(errno));
        if (mem)
            munmap(mem, mapped);
        free(table->keys);
        table->keys = NULL;
        return false;
    }
    zobrist_init(&table->keys[0], cfg->key_seed, 0);
    zobrist_init(&table->keys[1], cfg->key_seed, 1);
    table->entries = mem;
    table->bytes = bytes;
    table->mapped = mapped;
    table->verified = cfg->verified;
    table->threads = cfg->threads;
    table->key_seed = cfg->key_seed;
    table->setup_seconds = now_seconds() - start;
    use_bytes(table, bytes < HASH_FIRST_BYTES ? bytes : HASH_FIRST_BYTES);
    return true;
}

void hash_fit(hash_table_t *table, uint64_t stores)
{
    const size_t bucket_bytes = HASH_BUCKET * sizeof(hash_entry_t);
    uint64_t per_bucket = table->verified ? HASH_BUCKET / 2 : HASH_BUCKET;
    size_t want = table->used;
    while (want < table->bytes && want / bucket_bytes * per_bucket < 2 * stores)
        want *= 2;
    if (want > table->used)
        use_bytes(table, want);
}

void hash_destroy(hash_table_t *table)
{
    if (table->entries)
        munmap(table->entries, table->mapped);
    free(table->keys);
    table->entries = NULL;
    table->keys = NULL;
}

void hash_clear(hash_table_t *table)
{
    clear_parallel((char *)table->entries, table->used, table->threads, false);
    atomic_store(&table->rejected, 0);
}

#include "split.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

/* Threads share the positions two plies below the root: hundreds of small units
 * taken one at a time, so every thread stays busy until the last ones finish. */
typedef struct split {
    const method_t *method;
    position_t *units;
    int count;
    int depth; /* remaining depth of each unit */
    const search_options_t *opt;
    atomic_int next;
    pthread_mutex_t lock;
    count_t total;
} split_t;

/* With a hash table, a thread's own near table (core/near_table.h): the options
 * copied with it set; without one, or when its memory cannot be had, the options
 * as they are (the count is the same, only slower). Free with near_free. */
static search_options_t with_near_table(const search_options_t *opt, int depth)
{
    search_options_t own = *opt;
    if (opt->hash && depth >= NEAR_TABLE_DEPTH + 1 && !opt->near) {
        own.near = aligned_alloc(64, sizeof *own.near);
        if (own.near)
            memset(own.near, 0, sizeof *own.near);
    }
    return own;
}

static void near_free(search_options_t *own, const search_options_t *opt)
{
    if (own->near != opt->near)
        free(own->near);
}

static void *split_worker(void *arg)
{
    split_t *sp = arg;
    count_t sum = 0;
    search_options_t own = with_near_table(sp->opt, sp->depth);
    for (int i; (i = atomic_fetch_add(&sp->next, 1)) < sp->count;)
        sum += sp->method->search(&sp->units[i], sp->depth, &own);
    near_free(&own, sp->opt);
    pthread_mutex_lock(&sp->lock);
    sp->total += sum;
    pthread_mutex_unlock(&sp->lock);
    return NULL;
}

static count_t perft_threaded(const method_t *m, const position_t *root, int depth, const search_options_t *opt)
{
    move_t first[MAX_MOVES], second[MAX_MOVES];
    int n1 = m->generate(root, first), capacity = 1024;
    split_t sp = {.method = m, .units = malloc(sizeof(position_t) * (size_t)capacity), .depth = depth - 2, .opt = opt};
    for (int i = 0; i < n1 && sp.units; i++) {
        position_t child = *root;
        undo_t undo;
        position_make(&child, first[i], &undo);
        int n2 = m->generate(&child, second);
        for (int j = 0; j < n2; j++) {
            if (sp.count == capacity) {
                capacity *= 2;
                position_t *grown = realloc(sp.units, sizeof(position_t) * (size_t)capacity);
                if (!grown) {
                    free(sp.units);
                    sp.units = NULL;
                    break;
                }
                sp.units = grown;
            }
            sp.units[sp.count] = child;
            position_make(&sp.units[sp.count++], second[j], &undo);
        }
    }
    if (!sp.units) /* out of memory for the units: still give the right answer */
        return m->search(root, depth, opt);
    pthread_mutex_init(&sp.lock, NULL);
    pthread_t threads[256];
    int started = 0;
    for (; started < opt->threads - 1 && started < 256; started++)
        if (pthread_create(&threads[started], NULL, split_worker, &sp) != 0)
            break;
    split_worker(&sp);
    for (int t = 0; t < started; t++)
        pthread_join(threads[t], NULL);
    pthread_mutex_destroy(&sp.lock);
    free(sp.units);
    return sp.total;
}

/* Nodes with this much depth left or more are counted by stores_bound. */
enum { COUNTED_MIN_DEPTH = HASH_MIN_DEPTH + 1 };

/* About the entries a perft to depth stores: the nodes of plies 0 to
 * depth - COUNTED_MIN_DEPTH (those with three plies or more left), counted with their repeats by perft
 * itself (three plies less than the run: a few hundredths of its time). Nodes
 * with two plies left are stored too, but they are reached by many paths: their
 * distinct positions are about as many as the paths one ply up (startpos: 119 M
 * paths six plies in, 96 M distinct positions seven plies in), so the count
 * with repeats of the plies above stands for them. limit is returned as soon as
 * that many are certain or likely: a count whose estimate (the last count times
 * the last branching factor) would pass limit is not made. */
static uint64_t stores_bound(const method_t *m, const position_t *pos, int depth, uint64_t limit)
{
    uint64_t sum = 0, previous = 0, last = 0;
    for (int ply = 0; ply <= depth - COUNTED_MIN_DEPTH; ply++) {
        uint64_t branching = previous ? last / previous + 1 : 64;
        if (ply > 0 && last > (limit - sum) / branching)
            return limit;
        count_t nodes = m->perft(pos, ply, true);
        if (nodes >= limit - sum)
            return limit;
        sum += (uint64_t)nodes;
        previous = last;
        last = (uint64_t)nodes;
    }
    return sum;
}

void perft_fit_table(const method_t *m, const position_t *pos, int depth, const search_options_t *opt,
                     uint64_t searches)
{
    hash_table_t *t = opt->hash;
    if (!t || depth < COUNTED_MIN_DEPTH || t->used >= t->bytes || searches == 0)
        return;
    uint64_t limit = t->bytes / sizeof(hash_entry_t), one = stores_bound(m, pos, depth, limit);
    hash_fit(t, one > limit / searches ? limit : one * searches);
}

count_t perft_search(const method_t *m, const position_t *pos, int depth, const search_options_t *opt)
{
    perft_fit_table(m, pos, depth, opt, 1);
    if (opt->threads > 1 && depth >= 3)
        return perft_threaded(m, pos, depth, opt);
    search_options_t own = with_near_table(opt, depth);
    count_t count = m->search(pos, depth, &own);
    near_free(&own, opt);
    return count;
}

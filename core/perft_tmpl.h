/* The legal move generator and perft, written once and compiled once per slider
 * method (the "template header" pattern): a method's file includes this one. It
 * defines, before including:
 *   SLIDER_FIELDS             extra node fields the method keeps (may be empty)
 *   slider_sync(n)            rebuild those fields from n->occ
 *   slider_update(n, parent, changed)  set them to the parent's, XOR-updated for the
 *                             squares whose occupancy changed (read the parent's,
 *                             not the child's just-copied fields; n may be parent)
 *   rook_attacks_of(n, sq)    rook attacks from sq on the node's occupancy
 *   bishop_attacks_of(n, sq)  bishop attacks likewise
 * and exports the instance through METHOD_ENTRY_POINTS in its method_t record.
 * Only what a slider method changes is compiled per method: legality, generation
 * and make (movegen_tmpl.h), the two-ply counting (two_ply_tmpl.h), the perft
 * recursion below and the micro-benchmark kernel (micro_tmpl.h). Work split across
 * threads runs over method_t once (core/split.c). */

#include "hash.h"
#include "method.h"
#include "movegen_tmpl.h"
#include "two_ply_tmpl.h"
#include "micro_tmpl.h"

static count_t perft_white(const node_t *n, int depth, const search_options_t *opt);
static count_t perft_black(const node_t *n, int depth, const search_options_t *opt);

/* Children searched in batches of this many: made and keyed once, their buckets
 * asked for together. */
enum { CHILD_BATCH = 32 };

/* The children of a node whose children are probed: each batch is made and keyed
 * first, and the table buckets of all of it asked for before the first child is
 * searched, so that their probes, each a cache and usually a TLB miss, overlap
 * instead of coming one at a time. Not inlined: its batch keeps 4 KB of stack
 * off the frame of the hot recursion. */
static __attribute__((noinline)) count_t perft_children_probed(const node_t *n, int depth, const search_options_t *opt, const int us)
{
    move_t list[MAX_MOVES];
    int count = (int)legal_moves(n, list, LIST, us, NO_SEED, NULL);
    count_t total = 0;
    node_t batch[CHILD_BATCH];
    for (int first = 0; first < count; first += CHILD_BATCH) {
        int size = count - first < CHILD_BATCH ? count - first : CHILD_BATCH;
        for (int i = 0; i < size; i++) {
            make_move(n, &batch[i], list[first + i], us);
            child_keys(n, &batch[i], opt);
            hash_prefetch(opt->hash, batch[i].key, depth - 1);
        }
        for (int i = 0; i < size; i++)
            total += us == WHITE ? perft_black(&batch[i], depth - 1, opt) : perft_white(&batch[i], depth - 1, opt);
    }
    return total;
}

/* The last two plies are the hot path: at depth 2 each legal move is made as it is
 * found and the child's legal moves are counted (bulk counting), with no move list.
 * Without bulk counting every leaf move is made as it is found (the honest "make
 * every move" mode), also with no list.
 * With a hash table, nodes of depth HASH_MIN_DEPTH and more are probed and stored,
 * at depth 2 after the thread's near table. */
ALWAYS_INLINE count_t perft_side(const node_t *n, int depth, const search_options_t *opt, const int us)
{
    if (depth == 0)
        return 1;
    if (depth == 1)
        return legal_moves(n, NULL, opt->bulk ? COUNT : MAKE_LEAF, us, NO_SEED, NULL);
    uint64_t cached;
    bool hashed = opt->hash && depth >= HASH_MIN_DEPTH;
    bool near = depth == NEAR_TABLE_DEPTH && opt->near;
    if (near && near_probe(opt->near, n->key, n->key2, &cached))
        return cached;
    if (hashed && hash_probe(opt->hash, n->key, n->key2, depth, &cached)) {
        if (near) near_store(opt->near, n->key, n->key2, cached);
        return cached;
    }
    count_t total = 0;
    if (depth == 2 && opt->bulk) {
        reuse_t reuse;
        total = legal_moves(n, NULL, VISIT, us, NO_SEED, reuse_prepare(n, us, &reuse) ? &reuse : NULL);
    } else if (opt->hash && depth - 1 >= HASH_MIN_DEPTH) {
        total = perft_children_probed(n, depth, opt, us);
    } else {
        move_t list[MAX_MOVES];
        int count = (int)legal_moves(n, list, LIST, us, NO_SEED, NULL);
        for (int i = 0; i < count; i++) {
            node_t child;
            make_move(n, &child, list[i], us);
            total += us == WHITE ? perft_black(&child, depth - 1, opt) : perft_white(&child, depth - 1, opt);
        }
    }
    if (hashed && total < ((count_t)1 << 58))
        hash_store(opt->hash, n->key, n->key2, depth, (uint64_t)total);
    if (near)
        near_store(opt->near, n->key, n->key2, (uint64_t)total);
    return total;
}

static count_t perft_white(const node_t *n, int depth, const search_options_t *opt) { return perft_side(n, depth, opt, WHITE); }
static count_t perft_black(const node_t *n, int depth, const search_options_t *opt) { return perft_side(n, depth, opt, BLACK); }

static count_t perft_any(const node_t *n, int depth, const search_options_t *opt)
{
    return n->side == WHITE ? perft_white(n, depth, opt) : perft_black(n, depth, opt);
}

static int generate_moves(const node_t *n, move_t *list)
{
    return (int)(n->side == WHITE ? legal_moves(n, list, LIST, WHITE, NO_SEED, NULL) : legal_moves(n, list, LIST, BLACK, NO_SEED, NULL));
}

/* Entry points for the method record. One thread: opt->threads is split_perft's. */
static count_t perft_search_position(const position_t *pos, int depth, const search_options_t *opt)
{
    node_t n;
    node_load(&n, pos, opt);
    if (depth < 0)
        return 0;
    return perft_any(&n, depth, opt);
}

static count_t perft_position(const position_t *pos, int depth, bool bulk)
{
    search_options_t opt = {.bulk = bulk, .threads = 1};
    return perft_search_position(pos, depth, &opt);
}

static int generate_position(const position_t *pos, move_t *moves)
{
    node_t n;
    search_options_t no_hash = {.threads = 1};
    node_load(&n, pos, &no_hash);
    return generate_moves(&n, moves);
}

static bb_t rook_attacks_for(int sq, bb_t occ)
{
    node_t n = {.occ = occ};
    slider_sync(&n);
    return rook_attacks_of(&n, sq);
}

static bb_t bishop_attacks_for(int sq, bb_t occ)
{
    node_t n = {.occ = occ};
    slider_sync(&n);
    return bishop_attacks_of(&n, sq);
}

/* For the tests: the nodes of the tree to depth whose key, made by key_after from
 * their parent's, differs from node_key's from scratch (0 when every kind of move
 * updates the key right). */
static uint64_t key_mismatches(const node_t *n, int depth, const zobrist_t *z)
{
    if (depth == 0)
        return 0;
    move_t list[MAX_MOVES];
    int count = generate_moves(n, list);
    uint64_t mismatches = 0;
    for (int i = 0; i < count; i++) {
        node_t child;
        if (n->side == WHITE)
            make_move(n, &child, list[i], WHITE);
        else
            make_move(n, &child, list[i], BLACK);
        child.key = key_after(n, &child, n->key, z);
        mismatches += child.key != node_key(&child, z, 0);
        mismatches += key_mismatches(&child, depth - 1, z);
    }
    return mismatches;
}

static uint64_t key_mismatches_from(const position_t *pos, int depth, const zobrist_t *keys)
{
    node_t n;
    search_options_t no_hash = {.threads = 1};
    node_load(&n, pos, &no_hash);
    n.key = node_key(&n, keys, 0);
    return key_mismatches(&n, depth, keys);
}

/* This instance's entry points, for the method file's method_t initializer. */
#define METHOD_ENTRY_POINTS                                                                    \
    .generate = generate_position, .perft = perft_position, .search = perft_search_position, \
    .rook_attacks = rook_attacks_for, .bishop_attacks = bishop_attacks_for,                  \
    .micro = {{micro_bishop, micro_rook, micro_queen}}, .key_mismatches = key_mismatches_from

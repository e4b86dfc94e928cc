/* The transposition table's integrity: a collision of the first key, planted by
 * giving it only 16 possible values (a test-only tiny key), makes a 64-bit table
 * give a wrong count, and a 128-bit verified table turns every such hit down and
 * gives the right one; key seeds give unrelated keys; a table is all zeroes. */
#include <criterion/criterion.h>
#include <string.h>

#include "fen.h"
#include "hash.h"
#include "method.h"
#include "split.h"
#include "tables.h"

/* Depth 5: with two threads the units are two plies down, at depth 3: they and
 * their children (HASH_MIN_DEPTH) are probed. */
static const char *const startpos = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
enum { DEPTH = 5, STARTPOS_D5 = 4865609 };

static position_t setup(const char *fen)
{
    tables_init();
    const char *why;
    cr_assert(method_prepare(&method_rotated, &why), "%s", why);
    position_t pos;
    cr_assert(fen_parse(fen, &pos, NULL));
    return pos;
}

static void create(hash_table_t *t, bool verified, uint64_t seed)
{
    char err[160];
    hash_config_t cfg = {.megabytes = 1, .threads = 2, .key_seed = seed, .verified = verified};
    cr_assert(hash_create(t, &cfg, err, sizeof err), "%s", err);
}

/* Cuts every first key down to its low 4 bits: 16 keys for all positions. */
static void plant_tiny_first_key(hash_table_t *t)
{
    uint64_t *words = (uint64_t *)&t->keys[0];
    for (size_t i = 0; i < sizeof t->keys[0] / sizeof *words; i++)
        words[i] &= 0xf;
}

static count_t perft_with(const position_t *pos, hash_table_t *t, int threads)
{
    search_options_t opt = {.bulk = true, .threads = threads, .hash = t};
    return perft_search(&method_rotated, pos, DEPTH, &opt);
}

Test(hash, tiny_first_key_fools_a_64_bit_table)
{
    position_t pos = setup(startpos);
    hash_table_t t;
    create(&t, false, 0);
    plant_tiny_first_key(&t);
    cr_expect(perft_with(&pos, &t, 1) != STARTPOS_D5, "16 keys for hundreds of positions gave the right count");
    hash_destroy(&t);
}

Test(hash, verified_entries_catch_the_planted_collisions)
{
    position_t pos = setup(startpos);
    for (int threads = 1; threads <= 2; threads++) {
        hash_table_t t;
        create(&t, true, 0);
        plant_tiny_first_key(&t);
        cr_expect_eq(perft_with(&pos, &t, threads), STARTPOS_D5, "threads %d", threads);
        cr_expect(atomic_load(&t.rejected) > 0, "no probe was turned down by the second key");
        hash_destroy(&t);
    }
}

Test(hash, verified_entries_hit_like_plain_ones)
{
    position_t pos = setup(startpos);
    hash_table_t t;
    create(&t, true, 7);
    cr_expect_eq(perft_with(&pos, &t, 2), STARTPOS_D5);
    cr_expect_eq(perft_with(&pos, &t, 1), STARTPOS_D5, "second run, from the filled table");
    cr_expect_eq(atomic_load(&t.rejected), 0, "full keys collided");
    hash_destroy(&t);
}

Test(hash, key_seeds_give_unrelated_keys)
{
    setup(startpos);
    zobrist_t a, b, second;
    zobrist_init(&a, 1, 0);
    zobrist_init(&b, 2, 0);
    zobrist_init(&second, 1, 1);
    int same_ab = 0, same_second = 0;
    for (int sq = 0; sq < 64; sq++) {
        same_ab += a.piece[0][0][sq] == b.piece[0][0][sq];
        same_second += a.piece[0][0][sq] == second.piece[0][0][sq];
    }
    cr_expect_eq(same_ab + same_second, 0);
    zobrist_t standard;
    zobrist_init(&standard, 0, 0);
    cr_expect(memcmp(standard.piece, zobrist_piece, sizeof standard.piece) == 0 && standard.side == zobrist_side,
              "seed 0 is not position_t's key set");
}

Test(hash, a_new_table_is_empty)
{
    hash_table_t t;
    create(&t, false, 0);
    size_t words = t.bytes / sizeof(uint64_t), nonzero = 0;
    const uint64_t *w = (const uint64_t *)t.entries;
    for (size_t i = 0; i < words; i++)
        nonzero += w[i] != 0;
    cr_expect_eq(nonzero, 0);
    cr_expect(t.setup_seconds >= 0);
    hash_destroy(&t);
}

/* Children's keys are made from the parent's (key_after); every kind of move must
 * change them as a key from scratch says: captures, promotions, e.p., castling
 * rights lost, standard and Chess960 castling (the king landing on its rook's
 * square), in every method's instance. */
Test(hash, incremental_keys_match_keys_from_scratch)
{
    static const char *const fens[] = {
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        "1rkr4/8/8/8/8/8/8/1RKR4 w BDbd - 0 1",
    };
    zobrist_t keys;
    zobrist_init(&keys, 7, 0);
    setup(startpos);
    for (int i = 0; all_methods[i]; i++) {
        const char *why;
        if (!method_prepare(all_methods[i], &why))
            continue;
        for (size_t f = 0; f < sizeof fens / sizeof *fens; f++) {
            position_t pos;
            cr_assert(fen_parse(fens[f], &pos, NULL), "%s", fens[f]);
            cr_expect_eq(all_methods[i]->key_mismatches(&pos, 3, &keys), 0, "%s: %s", all_methods[i]->name, fens[f]);
        }
    }
}

/* A table is used only as far as a run can fill it: it starts at HASH_FIRST_BYTES,
 * grows to twice the entries a run can store (a power of two, at most the whole
 * table), never shrinks, and counts right across a growth. */
Test(hash, the_part_in_use_grows_with_what_a_run_can_store)
{
    position_t pos = setup(startpos);
    hash_table_t t;
    char err[160];
    cr_assert(hash_create(&t, &(hash_config_t){.megabytes = 256, .threads = 2}, err, sizeof err), "%s", err);
    const size_t entries_per_mb = ((size_t)1 << 20) / sizeof(hash_entry_t);
    cr_expect_eq(t.used, (size_t)HASH_FIRST_BYTES);
    cr_expect_eq(perft_with(&pos, &t, 2), STARTPOS_D5);
    cr_expect_eq(t.used, (size_t)HASH_FIRST_BYTES, "perft 5 stores 421 entries at most");
    hash_fit(&t, 3 * entries_per_mb * 8); /* 24 MB worth: 48 MB wanted */
    cr_expect_eq(t.used, (size_t)64 << 20);
    cr_expect_eq(t.bucket_mask + 1, ((size_t)64 << 20) / (HASH_BUCKET * sizeof(hash_entry_t)));
    cr_expect_eq(perft_with(&pos, &t, 1), STARTPOS_D5, "after growing");
    hash_fit(&t, 1);
    cr_expect_eq(t.used, (size_t)64 << 20, "shrank");
    hash_fit(&t, UINT64_MAX / 4);
    cr_expect_eq(t.used, t.bytes);
    cr_expect_eq(t.bytes, (size_t)256 << 20);
    cr_expect_eq(perft_with(&pos, &t, 2), STARTPOS_D5, "after growing to the whole table");
    hash_destroy(&t);
}

/* units makes the table ready for a whole shard at once: one unit's bound times
 * the units (startpos perft 5 stores at most 1 + 20 + 400 entries). */
Test(hash, a_shard_of_units_fits_the_table_for_all_of_them)
{
    position_t pos = setup(startpos);
    hash_table_t t;
    char err[160];
    cr_assert(hash_create(&t, &(hash_config_t){.megabytes = 256, .threads = 1}, err, sizeof err), "%s", err);
    search_options_t opt = {.bulk = true, .threads = 1, .hash = &t};
    perft_fit_table(&method_rotated, &pos, DEPTH, &opt, 1000);
    cr_expect_eq(t.used, (size_t)HASH_FIRST_BYTES, "842 000 entries fit in the first 32 MB");
    perft_fit_table(&method_rotated, &pos, DEPTH, &opt, 10000); /* 8.42 M entries wanted */
    cr_expect_eq(t.used, (size_t)256 << 20);
    hash_destroy(&t);
}

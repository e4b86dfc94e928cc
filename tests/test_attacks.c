/* Every registered slider method gives the naive ray walk's attacks for every square
 * and every subset of its relevant occupancy (enumerated by b = (b - mask) & mask),
 * and again with random bits outside the mask: so all of them give the same. */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>

#include "method.h"
#include "ray_walk.h"
#include "slider_tables.h"
#include "tables.h"

static uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* Counts mismatches over all subsets of the mask of every square, each with no
 * outside bits and with three random outside patterns. */
static long compare_method(const method_t *m, bool rook)
{
    uint64_t seed = 12345;
    long mismatches = 0;
    for (int sq = 0; sq < 64; sq++) {
        bb_t mask = rook ? relevant_mask_rook(sq) : relevant_mask_bishop(sq);
        bb_t subset = 0;
        do {
            for (int variant = 0; variant < 4; variant++) {
                bb_t outside = variant == 0 ? 0 : next_random(&seed) & ~mask & ~BB(sq);
                bb_t occ = subset | outside;
                bb_t want = rook ? ray_walk_rook(sq, occ) : ray_walk_bishop(sq, occ);
                bb_t got = rook ? m->rook_attacks(sq, occ) : m->bishop_attacks(sq, occ);
                if (got != want && mismatches++ < 5)
                    cr_log_error("%s %s sq %d occ %016llx: got %016llx want %016llx", m->name,
                                 rook ? "rook" : "bishop", sq, (unsigned long long)occ,
                                 (unsigned long long)got, (unsigned long long)want);
            }
            subset = (subset - mask) & mask;
        } while (subset);
    }
    return mismatches;
}

static void check_method(const method_t *m)
{
    tables_init();
    const char *why = "";
    if (!m->available(&why))
        cr_skip_test("%s cannot run on this CPU: %s", m->name, why);
    cr_assert(method_prepare(m, &why), "%s: %s", m->name, why);
    cr_expect_eq(compare_method(m, true), 0, "%s rook attacks differ from the ray walk", m->name);
    cr_expect_eq(compare_method(m, false), 0, "%s bishop attacks differ from the ray walk", m->name);
    /* Queens are rook | bishop in every instance; spot-check the union on full boards. */
    uint64_t seed = 99;
    for (int i = 0; i < 4096; i++) {
        int sq = (int)(next_random(&seed) & 63);
        bb_t occ = next_random(&seed) & next_random(&seed);
        bb_t want = ray_walk_rook(sq, occ) | ray_walk_bishop(sq, occ);
        cr_assert_eq(m->rook_attacks(sq, occ) | m->bishop_attacks(sq, occ), want, "%s queen sq %d", m->name, sq);
    }
}

/* One test per registered method, so a new method is tested by being listed. */
ParameterizedTestParameters(attacks, every_method)
{
    static int indexes[64];
    size_t n = 0;
    while (all_methods[n] && n < sizeof indexes / sizeof *indexes) {
        indexes[n] = (int)n;
        n++;
    }
    return cr_make_param_array(int, indexes, n);
}

ParameterizedTest(int *index, attacks, every_method) { check_method(all_methods[*index]); }

/* The methods this test was written with must stay registered under their names. */
Test(attacks, known_methods_are_registered)
{
    const char *names[] = {"rotated", "classical", "classical-debruijn", "magic", "hyperbola", "obstruction",
                           "dumb7fill", "kogge-stone", "naive"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        cr_expect_not_null(method_find(names[i]), "method %s is not registered", names[i]);
}

Test(attacks, debruijn_bitscans_match_hardware)
{
    tables_init();
    uint64_t seed = 7;
    for (int i = 0; i < 64; i++) {
        cr_assert_eq(lsb_debruijn(BB(i)), i);
        cr_assert_eq(msb_debruijn(BB(i)), i);
    }
    for (int i = 0; i < 100000; i++) {
        bb_t b = next_random(&seed) >> (next_random(&seed) & 63);
        if (!b)
            continue;
        cr_assert_eq(lsb_debruijn(b), lsb(b));
        cr_assert_eq(msb_debruijn(b), msb(b));
    }
}

/* The rotated lookups as a -march=native build compiles them: this file is built
 * with -mbmi, so rotated.h takes its BEXTR path, which the default build of the
 * test suite (x86-64-v2) does not. Every square, every subset of the relevant
 * occupancy, against the ray walk. Skipped on CPUs without BMI1. */
#include <criterion/criterion.h>

#include "ray_walk.h"
#include "rotated.h"
#include "slider_tables.h"
#include "tables.h"

Test(rotated_bextr, every_square_and_occupancy_subset)
{
#ifndef __BMI__
    cr_skip_test("not built with BMI1");
#else
    if (!__builtin_cpu_supports("bmi"))
        cr_skip_test("this CPU has no BMI1");
    tables_init();
    rotated_init();
    long checked = 0;
    for (int sq = 0; sq < 64; sq++) {
        bb_t masks[2] = {relevant_mask_rook(sq), relevant_mask_bishop(sq)};
        for (int kind = 0; kind < 2; kind++) {
            bb_t subset = 0;
            do {
                bb_t rot[3];
                rotated_from_occupancy(subset, rot);
                bb_t got = kind == 0 ? rotated_rook_attacks(sq, subset, rot) : rotated_bishop_attacks(sq, rot);
                bb_t want = kind == 0 ? ray_walk_rook(sq, subset) : ray_walk_bishop(sq, subset);
                cr_assert_eq(got, want, "square %d occupancy %016llx", sq, (unsigned long long)subset);
                checked++;
                subset = (subset - masks[kind]) & masks[kind];
            } while (subset);
        }
    }
    cr_assert_eq(checked, 102400 + 5248);
#endif
}

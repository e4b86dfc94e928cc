/* Othello: every flip method against the loop on every legal move of random games,
 * perft depths 1-10 of the start position for every method under both pass
 * conventions (published counts), bulk against no-bulk, and the position text's
 * errors. */
#include <criterion/criterion.h>
#include <string.h>

#include "bench/othello_workload.h"
#include "core/othello.h"
#include "core/othello_suite.h"

/* Methods this CPU cannot run (avx2 without AVX2) are left out of every test. */

/* Bik (2009) / OEIS A124004: a pass is one ply. */
static const uint64_t pass_ply[] = {1, 4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288, 24571284};
/* Egaroucid "mode 2", rust_reversi: a pass takes no ply (differs from depth 9). */
static const uint64_t pass_free[] = {1, 4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005320, 24571420};

static othello_position_t start(void)
{
    othello_position_t pos;
    othello_error_t err;
    cr_assert(othello_parse(OTHELLO_STARTPOS, &pos, &err));
    return pos;
}

Test(othello, every_method_flips_as_the_loop_on_random_games)
{
    othello_workload_t w;
    cr_assert(othello_workload_build(12345, 300, &w));
    cr_assert_gt(w.n, 100000);
    for (size_t i = 0; i < w.n; i++) {
        const othello_flip_case_t *c = &w.cases[i];
        obb_t want = othello_loop.flips(c->sq, c->own, c->opp);
        cr_assert_neq(want, 0, "a legal move flips something");
        for (int m = 0; othello_methods[m]; m++)
            if (othello_method_runs_here(othello_methods[m]))
                cr_assert_eq(othello_methods[m]->flips(c->sq, c->own, c->opp), want, "%s, case %zu",
                         othello_methods[m]->name, i);
    }
    /* And the micro kernels compute the same flips. */
    obb_t sum = othello_loop.flip_sum(w.cases, w.n, 1);
    for (int m = 0; othello_methods[m]; m++)
        if (othello_method_runs_here(othello_methods[m]))
            cr_assert_eq(othello_methods[m]->flip_sum(w.cases, w.n, 1), sum, "%s", othello_methods[m]->name);
    othello_workload_free(&w);
}

Test(othello, empty_square_without_a_closed_run_flips_nothing)
{
    othello_position_t pos = start();
    obb_t moves = othello_moves(pos.own, pos.opp), empty = ~(pos.own | pos.opp);
    for (int sq = 0; sq < 64; sq++)
        if ((empty >> sq & 1) && !(moves >> sq & 1))
            for (int m = 0; othello_methods[m]; m++)
                if (othello_method_runs_here(othello_methods[m]))
                    cr_assert_eq(othello_methods[m]->flips(sq, pos.own, pos.opp), 0, "%s sq %d", othello_methods[m]->name,
                             sq);
}

Test(othello, perft_1_to_10_every_method_both_conventions, .timeout = 120)
{
    othello_position_t pos = start();
    for (int m = 0; othello_methods[m]; m++)
        for (int pp = 0; pp <= 1 && othello_method_runs_here(othello_methods[m]); pp++) {
            othello_rules_t rules = {.pass_ply = pp, .bulk = true};
            for (int d = 1; d <= 10; d++)
                cr_assert_eq(othello_methods[m]->perft(&pos, d, &rules), (pp ? pass_ply : pass_free)[d],
                             "%s pass-ply %d depth %d", othello_methods[m]->name, pp, d);
        }
}

Test(othello, no_bulk_counts_as_bulk)
{
    othello_position_t pos = start();
    for (int m = 0; othello_methods[m]; m++)
        for (int pp = 0; pp <= 1 && othello_method_runs_here(othello_methods[m]); pp++) {
            othello_rules_t rules = {.pass_ply = pp, .bulk = false};
            cr_assert_eq(othello_methods[m]->perft(&pos, 9, &rules), (pp ? pass_ply : pass_free)[9], "%s %d",
                         othello_methods[m]->name, pp);
        }
}

Test(othello, finished_game_is_one_leaf_and_a_pass_one_ply)
{
    othello_position_t pos;
    othello_error_t err;
    /* X owns everything but two squares O cannot reach: over. */
    cr_assert(othello_parse("XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX-- O", &pos, &err));
    othello_rules_t rules = OTHELLO_DEFAULT_RULES;
    cr_assert_eq(othello_kogge_stone.perft(&pos, 5, &rules), 1);
    /* X to move has none; O has h1 only: one pass then one move. */
    cr_assert(othello_parse("OOOOOOX-XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX X", &pos, &err));
    cr_assert_eq(othello_moves(pos.own, pos.opp), 0);
    cr_assert_neq(othello_moves(pos.opp, pos.own), 0);
    cr_assert_eq(othello_kogge_stone.perft(&pos, 1, &rules), 1, "the pass is the leaf");
    rules.pass_ply = false;
    cr_assert_eq(othello_kogge_stone.perft(&pos, 1, &rules), 1, "O's one move is the leaf");
}

Test(othello, position_text_errors_name_field_and_column)
{
    othello_position_t pos;
    othello_error_t err;
    char text[80];
    strcpy(text, OTHELLO_STARTPOS);
    text[10] = 'Z';
    cr_assert_not(othello_parse(text, &pos, &err));
    cr_assert_str_eq(err.field, "board");
    cr_assert_eq(err.column, 11);
    cr_assert_not(othello_parse("--- X", &pos, &err));
    cr_assert_eq(err.column, 4);
    strcpy(text, OTHELLO_STARTPOS);
    text[65] = 'W';
    cr_assert_not(othello_parse(text, &pos, &err));
    cr_assert_str_eq(err.field, "side");
    cr_assert_eq(err.column, 66);
    text[64] = '\0';
    cr_assert_not(othello_parse(text, &pos, &err));
    cr_assert_str_eq(err.field, "side");
    strcpy(text, OTHELLO_STARTPOS);
    strcat(text, " extra");
    cr_assert_not(othello_parse(text, &pos, &err));
    cr_assert(othello_parse("---------------------------OX------*O--------------------------- *", &pos, &err));
    char back[OTHELLO_TEXT_MAX];
    cr_assert_str_eq(othello_write(&pos, back), "---------------------------OX------XO--------------------------- X");
}

Test(othello, suite_lines_parse_and_refuse)
{
    othello_suite_entry_t e;
    othello_suite_error_t err;
    cr_assert_eq(othello_suite_parse_line(OTHELLO_STARTPOS " ;D1 4 ;D9p0 3005320 ;id \"start\"\r", 3, &e, &err), 1);
    cr_assert_eq(e.nchecks, 2);
    cr_assert(e.checks[0].pass_ply && e.checks[0].depth == 1 && e.checks[0].nodes == 4);
    cr_assert(!e.checks[1].pass_ply && e.checks[1].depth == 9 && e.checks[1].nodes == 3005320);
    cr_assert_str_eq(e.id, "start");
    cr_assert_eq(othello_suite_parse_line("# comment", 1, &e, &err), 0);
    cr_assert_eq(othello_suite_parse_line(OTHELLO_STARTPOS " ;D1 four", 7, &e, &err), -1);
    cr_assert_str_eq(err.field, "count");
    cr_assert_eq(err.line, 7);
    cr_assert_eq(othello_suite_parse_line(OTHELLO_STARTPOS " ;D0 1", 7, &e, &err), -1);
    cr_assert_str_eq(err.field, "depth");
    cr_assert_eq(othello_suite_parse_line(OTHELLO_STARTPOS, 7, &e, &err), -1);
}

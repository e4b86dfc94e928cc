/* The suite reader: every format variant reads to the same entries as its plain
 * twin, line-end quirks change nothing, counts are exact above 2^64, malformed
 * lines are named by file, line, column and field, and the shipped suites pass
 * at a small budget with every method. */
#define _POSIX_C_SOURCE 200809L
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fen.h"
#include "method.h"
#include "suite.h"
#include "tables.h"

/* Keeps the every-method run within seconds in a debug build. */
enum { NODE_BUDGET = 100000 };

static void setup(void)
{
    tables_init();
}

TestSuite(suite, .init = setup);

static const char *suites_dir(void)
{
    const char *d = getenv("RPERFT_SUITES_DIR");
    if (!d)
        cr_skip_test("RPERFT_SUITES_DIR not set");
    return d;
}

static suite_t load(const char *name)
{
    char path[1024], msg[SUITE_ERROR_MAX];
    snprintf(path, sizeof path, "%s/%s", suites_dir(), name);
    suite_t s;
    suite_error_t err;
    cr_assert(suite_load(path, 0, &s, &err), "%s", suite_error_format(&err, msg, sizeof msg));
    cr_assert_eq(s.errors, 0);
    return s;
}

static suite_t parse_ok(const char *text, size_t len)
{
    suite_t s;
    suite_error_t err;
    char msg[SUITE_ERROR_MAX];
    cr_assert(suite_parse("mem", text, len, 0, &s, &err), "%s", suite_error_format(&err, msg, sizeof msg));
    return s;
}

static suite_error_t parse_bad(const char *text)
{
    suite_t s;
    suite_error_t err = {0};
    cr_assert_not(suite_parse("bad.epd", text, strlen(text), 0, &s, &err), "accepted: %s", text);
    cr_assert_eq(s.count, 0);
    return err;
}

static void fen_of(const suite_entry_t *e, char *buf)
{
    fen_write(&e->pos, buf);
}

/* Same position (by its normal FEN) and the same depths and counts. */
static bool same_entry(const suite_entry_t *a, const suite_entry_t *b)
{
    char fa[FEN_MAX], fb[FEN_MAX];
    fen_of(a, fa);
    fen_of(b, fb);
    if (strcmp(fa, fb) != 0 || a->ndepths != b->ndepths)
        return false;
    for (int d = 0; d < a->ndepths; d++)
        if (a->depths[d].depth != b->depths[d].depth || a->depths[d].expected != b->depths[d].expected)
            return false;
    return true;
}

static const suite_entry_t *find_fen(const suite_t *s, const suite_entry_t *like)
{
    char want[FEN_MAX], have[FEN_MAX];
    fen_of(like, want);
    for (size_t i = 0; i < s->count; i++) {
        fen_of(&s->entries[i], have);
        if (strcmp(want, have) == 0)
            return &s->entries[i];
    }
    return NULL;
}

/* ---- format variants ----------------------------------------------------------- */

Test(suite, bare_count_variant_equals_perftsuite)
{
    suite_t plain = load("perftsuite.epd"), bare = load("format-variants/perftsuite_pinkus_semicolon-list.epd");
    cr_assert_eq(plain.count, 126);
    cr_assert_eq(bare.count, plain.count);
    for (size_t i = 0; i < plain.count; i++)
        cr_assert(same_entry(&plain.entries[i], &bare.entries[i]), "entry %zu differs", i + 1);
    suite_free(&plain);
    suite_free(&bare);
}

Test(suite, perftN_variant_equals_perftsuite)
{
    suite_t plain = load("perftsuite.epd"), fw = load("format-variants/perftsuite_frankwalter_perftN.epd");
    cr_assert_eq(fw.count, 126);
    int unmatched = 0;
    for (size_t i = 0; i < fw.count; i++) {
        const suite_entry_t *twin = find_fen(&plain, &fw.entries[i]);
        if (!twin) {
            unmatched++; /* the one e.p. position frankwalter added */
            cr_assert_str_eq(fw.entries[i].fen, "b7/8/8/rPpK4/8/5k2/6p1/7Q w - c6");
            continue;
        }
        cr_assert(same_entry(twin, &fw.entries[i]), "line %d differs from its twin", fw.entries[i].line);
    }
    cr_assert_eq(unmatched, 1);
    for (size_t i = 0; i < plain.count; i++) /* only a duplicate was removed */
        cr_assert_not_null(find_fen(&fw, &plain.entries[i]), "perftsuite line %d missing", plain.entries[i].line);
    suite_free(&plain);
    suite_free(&fw);
}

Test(suite, ethereal_standard_starts_with_perftsuite)
{
    suite_t plain = load("perftsuite.epd"), eth = load("ethereal_standard.epd");
    cr_assert_eq(eth.count, 128);
    for (size_t i = 0; i < plain.count; i++)
        cr_assert(same_entry(&plain.entries[i], &eth.entries[i]), "entry %zu differs", i + 1);
    suite_free(&plain);
    suite_free(&eth);
}

Test(suite, semicolon_space_and_nul_variant)
{
    /* chess-epds writes "FEN; D1 5; D2 25" with a NUL before every LF; its first
     * 126 lines hold perftsuite's positions (in another order). */
    suite_t plain = load("perftsuite.epd"), ce = load("chess-epds_perft.epd");
    cr_assert_eq(ce.count, 174);
    int twins = 0;
    for (size_t i = 0; i < plain.count; i++) {
        const suite_entry_t *t = find_fen(&ce, &plain.entries[i]);
        if (t) {
            twins++;
            for (int d = 0; d < t->ndepths && d < plain.entries[i].ndepths; d++)
                cr_assert_eq(t->depths[d].expected, plain.entries[i].depths[d].expected);
        }
    }
    cr_assert_geq(twins, 120);
    suite_free(&plain);
    suite_free(&ce);
}

/* ---- line ends, blanks, FEN fields ------------------------------------------------ */

#define START "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
#define KIWI "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -"

static void expect_two(const char *text, size_t len)
{
    static const char plain[] = START " ;D1 20 ;D2 400\n" KIWI " 0 1 ;D1 48 ;D2 2039\n";
    suite_t a = parse_ok(plain, sizeof plain - 1), b = parse_ok(text, len);
    cr_assert_eq(b.count, 2, "%zu entries", b.count);
    for (size_t i = 0; i < 2; i++)
        cr_assert(same_entry(&a.entries[i], &b.entries[i]), "entry %zu differs", i + 1);
    suite_free(&a);
    suite_free(&b);
}

Test(suite, line_end_variants)
{
    static const char crlf[] = START " ;D1 20 ;D2 400\r\n" KIWI " ;D1 48 ;D2 2039\r\n";
    static const char nul[] = START "; D1 20; D2 400\0\n" KIWI "; D1 48; D2 2039\0\n";
    static const char no_final[] = START " ;D1 20 ;D2 400\n" KIWI " ;D1 48 ;D2 2039";
    static const char blanks[] = "\n\n" START " ;D1 20 ;D2 400\n   \n\n" KIWI " ;D1 48 ;D2 2039\n\n\n";
    static const char doubled[] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR  w  KQkq  -  0  1  ;D1  20  ;D2 400\n"
                                  "\t" KIWI "\t;D1 48;D2 2039 ;\n";
    static const char comments[] = "# a comment\n" START " ;D1 20 ;D2 400\n# another\n" KIWI " ;D1 48 ;D2 2039\n";
    static const char bom[] = "\xEF\xBB\xBF" START " ;D1 20 ;D2 400\n" KIWI " ;D1 48 ;D2 2039\n";
    expect_two(crlf, sizeof crlf - 1);
    expect_two(nul, sizeof nul - 1);
    expect_two(no_final, sizeof no_final - 1);
    expect_two(blanks, sizeof blanks - 1);
    expect_two(doubled, sizeof doubled - 1);
    expect_two(comments, sizeof comments - 1);
    expect_two(bom, sizeof bom - 1);
}

Test(suite, operation_variants)
{
    static const char bare[] = START ";20;400\n" KIWI " 0 1;48;2039\n";
    static const char perftn[] = START " perft1 20; perft2 400;\n" KIWI " perft1 48; perft2 2039;\n";
    static const char perft_space[] = START " ;perft 1 20 ;perft 2 400\n" KIWI " ;perft 1 48;perft 2 2039\n";
    static const char reversed[] = START " ;D2 400 ;D1 20\n" KIWI " ;D2 2039 ;D1 48\n";
    static const char lower[] = START " ;d1 20 ;d2 400\n" KIWI " ;d1 48 ;d2 2039\n";
    expect_two(bare, sizeof bare - 1);
    expect_two(perftn, sizeof perftn - 1);
    expect_two(perft_space, sizeof perft_space - 1);
    expect_two(reversed, sizeof reversed - 1);
    expect_two(lower, sizeof lower - 1);
}

Test(suite, block_form_equals_line_form)
{
    static const char block[] = "# comment\n\nid start\nepd " START "\nperft 1 20\nperft 2 400\n\n"
                                "id kiwi\r\nepd " KIWI "\r\nperft 1 48\r\nperft 2 2039\r\n";
    suite_t b = parse_ok(block, sizeof block - 1);
    cr_assert_eq(b.count, 2);
    cr_assert_str_eq(b.entries[0].id, "start");
    cr_assert_str_eq(b.entries[1].id, "kiwi");
    cr_assert_eq(b.entries[1].line, 9); /* the epd line */
    cr_assert(b.entries[0].pos.chess960, "block positions are read with Chess960 rules");
    suite_free(&b);
    /* Counts and positions are those of the line form (notation aside). */
    static const char lines[] = START " ;D1 20 ;D2 400\n" KIWI " ;D1 48 ;D2 2039\n";
    suite_t l = parse_ok(lines, sizeof lines - 1);
    b = parse_ok(block, sizeof block - 1);
    for (size_t i = 0; i < 2; i++) {
        b.entries[i].pos.chess960 = false;
        cr_assert(same_entry(&l.entries[i], &b.entries[i]));
    }
    suite_free(&l);
    suite_free(&b);
}

Test(suite, id_operation_and_index)
{
    static const char text[] = START " ;D1 20 ;id \"start position\"\n\n" KIWI " ;D1 48\n";
    suite_t s = parse_ok(text, sizeof text - 1);
    cr_assert_str_eq(s.entries[0].id, "start position");
    cr_assert_str_eq(s.entries[1].id, "2");
    cr_assert_eq(s.entries[1].index, 2);
    cr_assert_eq(s.entries[1].line, 3);
    cr_assert_str_eq(s.entries[1].fen, KIWI);
    suite_free(&s);
}

Test(suite, shipped_perft_files)
{
    suite_t py = load("python-chess_tricky.perft"), sh = load("shakmaty_tricky.perft");
    cr_assert_eq(py.count, 19);
    cr_assert_eq(sh.count, 26);
    cr_assert_str_eq(py.entries[0].id, "pos-2");
    for (size_t i = 0; i < sh.count; i++)
        cr_assert(sh.entries[i].pos.chess960);
    bool prison = false;
    for (size_t i = 0; i < sh.count; i++)
        if (strcmp(sh.entries[i].id, "prison") == 0) {
            const suite_entry_t *e = &sh.entries[i];
            prison = true;
            cr_assert_eq(e->ndepths, 3);
            cr_assert_eq(e->depths[2].depth, 32);
            cr_assert_eq(e->depths[2].expected, 1);
        }
    cr_assert(prison);
    suite_free(&py);
    suite_free(&sh);
}

Test(suite, chess960_per_position)
{
    suite_t fischer = load("ethereal_fischer.epd"), std = load("perftsuite.epd");
    cr_assert_eq(fischer.count, 960);
    int with_rights = 0;
    for (size_t i = 0; i < fischer.count; i++) {
        if (fischer.entries[i].pos.castle_rooks == 0)
            continue; /* no castling right: nothing marks it as Chess960, nor needs to */
        with_rights++;
        cr_assert(fischer.entries[i].pos.chess960, "line %d: Shredder-FEN not seen as Chess960",
                  fischer.entries[i].line);
    }
    cr_assert_eq(with_rights, 960 - 19);
    for (size_t i = 0; i < std.count; i++)
        cr_assert_not(std.entries[i].pos.chess960, "line %d", std.entries[i].line);
    suite_free(&fischer);
    suite_free(&std);
}

/* ---- counts ------------------------------------------------------------------------------ */

Test(suite, counts_above_2_64_are_exact)
{
    suite_t s = load("oeis_a048987_startpos.epd");
    cr_assert_eq(s.count, 1);
    const suite_entry_t *e = &s.entries[0];
    cr_assert_eq(e->ndepths, 15);
    count_t d14 = (count_t)61885021521ULL * 1000000000ULL + 585529237ULL;
    count_t d15 = (count_t)2015099950053ULL * 1000000000ULL + 364471960ULL;
    cr_assert_eq(e->depths[13].depth, 14);
    cr_assert(e->depths[13].expected == d14);
    cr_assert(e->depths[14].expected == d15);
    cr_assert(e->depths[14].expected > (count_t)UINT64_MAX);
    char digits[COUNT_DIGITS_MAX];
    cr_assert_str_eq(count_format(e->depths[14].expected, digits), "2015099950053364471960");
    suite_free(&s);
}

Test(suite, largest_count_and_one_past_it)
{
    static const char max[] = START " ;D1 340282366920938463463374607431768211455\n";
    suite_t s = parse_ok(max, sizeof max - 1);
    cr_assert(s.entries[0].depths[0].expected == ~(count_t)0);
    suite_free(&s);
    suite_error_t err = parse_bad(START " ;D1 340282366920938463463374607431768211456\n");
    cr_assert_str_eq(err.field, "D1 count");
    cr_assert_eq(err.line, 1);
    cr_assert_eq(err.column, (int)strlen(START " ;D1 ") + 1);
    cr_assert(strstr(err.message, "128 bits"), "%s", err.message);
}

/* ---- malformed input ------------------------------------------------------------------- */

static void expect_error(const char *text, int line, int column, const char *field)
{
    suite_error_t err = parse_bad(text);
    char msg[SUITE_ERROR_MAX];
    suite_error_format(&err, msg, sizeof msg);
    cr_assert_str_eq(err.file, "bad.epd");
    cr_assert_eq(err.line, line, "%s", msg);
    cr_assert_eq(err.column, column, "%s", msg);
    cr_assert_str_eq(err.field, field, "%s", msg);
    char where[64];
    snprintf(where, sizeof where, "bad.epd:%d:%d: ", line, column);
    cr_assert(strncmp(msg, where, strlen(where)) == 0, "%s", msg);
}

Test(suite, malformed_lines_name_file_line_column_field)
{
    expect_error(START " ;D1 20\n" START " ;D1 2x0\n", 2, 62, "D1 count");
    expect_error("\n\n8/8/8 w - - ;D1 3\n", 3, 1, "FEN pieces");
    expect_error(START " ;D1 20\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1 ;D1 20\n", 2, 49,
                 "FEN castling");
    expect_error(START " ;bm e4\n", 1, 64, "operations"); /* bm is ignored; no count is left */
    expect_error(START "\n", 1, 57, "operations");
    expect_error(START " ;D1 20 ;D1 20\n", 1, 67, "D1");
    expect_error(START " ;D99 20\n", 1, 60, "depth");
    expect_error(START " ;D1\n", 1, 61, "D1 count");
    expect_error(START ";20;D2 400\n", 1, 61, "operation");
    expect_error("rnbqkbnr/pppppppp w ;D1 20\n", 1, 20, "FEN");
    expect_error("id lonely\nid second\nepd " START "\nperft 1 20\n", 1, 1, "id");
    expect_error("id lonely\nperft 1 20\n", 1, 1, "id");
    expect_error("perft 1 20\n", 1, 1, "perft");
    expect_error("id x\nepd " START "\nperft 1 twenty\n", 3, 9, "D1 count");
    expect_error("id x\nepd " START "\n\nid y\nepd " START "\nperft 1 20\n", 2, 1, "perft");
}

/* Issue 13: EPD operations that are not perft counts are ignored, their quoted
 * strings read whole (a ';' inside one does not end the operation). */
Test(suite, other_epd_operations_are_ignored)
{
    static const char text[] = START " ;c0 \"comment; with a semicolon\" ;bm e4 ;acd 5 ;D1 20 ;id \"a;b\" ;D2 400\n";
    suite_t s = parse_ok(text, sizeof text - 1);
    cr_assert_eq(s.count, 1);
    cr_assert_eq(s.entries[0].ndepths, 2);
    cr_assert_eq(s.entries[0].depths[0].depth, 1);
    cr_assert(s.entries[0].depths[1].expected == 400);
    cr_assert_str_eq(s.entries[0].id, "a;b");
    suite_free(&s);
}

Test(suite, other_operations_do_not_shift_bare_counts)
{
    static const char text[] = START ";c0 \"x\";20;400;acn 1\n";
    suite_t s = parse_ok(text, sizeof text - 1);
    cr_assert_eq(s.entries[0].ndepths, 2);
    cr_assert_eq(s.entries[0].depths[0].depth, 1);
    cr_assert(s.entries[0].depths[0].expected == 20);
    cr_assert_eq(s.entries[0].depths[1].depth, 2);
    cr_assert(s.entries[0].depths[1].expected == 400);
    suite_free(&s);
}

Test(suite, malformed_perft_counts_are_still_errors)
{
    expect_error(START " ;c0 \"not closed ;D1 20\n", 1, 62, "operation");
    expect_error(START " ;D1x 20\n", 1, 59, "operation");
    expect_error(START " ;perft3x 5\n", 1, 59, "operation");
    expect_error(START " ;D1 abc ;c0 \"x\"\n", 1, 62, "D1 count");
    expect_error(START " ;20 400\n", 1, 62, "operation");
    expect_error(START " ;-5\n", 1, 59, "operation");
}

Test(suite, nul_inside_a_line)
{
    static const char text[] = START " ;D1 20\0 ;D2 400\n";
    suite_t s;
    suite_error_t err;
    cr_assert_not(suite_parse("bad.epd", text, sizeof text - 1, 0, &s, &err));
    cr_assert_eq(err.line, 1);
    cr_assert_eq(err.column, (int)strlen(START " ;D1 20") + 1);
    cr_assert_str_eq(err.field, "line");
}

Test(suite, keep_going_records_errors_as_entries)
{
    static const char text[] = START " ;D1 20\n" START " ;D1 2x0\n" KIWI " ;D1 48\n";
    suite_t s;
    suite_error_t err;
    cr_assert(suite_parse("bad.epd", text, sizeof text - 1, SUITE_KEEP_GOING, &s, &err));
    cr_assert_eq(s.count, 3);
    cr_assert_eq(s.errors, 1);
    cr_assert_null(s.entries[0].error);
    cr_assert_not_null(s.entries[1].error);
    cr_assert_eq(s.entries[1].line, 2);
    cr_assert(strncmp(s.entries[1].error, "bad.epd:2:62: D1 count:", 23) == 0, "%s", s.entries[1].error);
    cr_assert_null(s.entries[2].error);
    cr_assert_eq(s.entries[2].index, 3);
    suite_free(&s);
}

Test(suite, no_positions_is_an_error_only_when_required)
{
    static const char *const texts[] = {"", "# only a comment\n\n", "\r\n   \n"};
    for (size_t i = 0; i < sizeof texts / sizeof *texts; i++) {
        suite_t s;
        suite_error_t err = {0};
        cr_assert(suite_parse("empty.epd", texts[i], strlen(texts[i]), 0, &s, &err));
        cr_assert_eq(s.count, 0);
        suite_free(&s);
        cr_assert_not(suite_parse("empty.epd", texts[i], strlen(texts[i]), SUITE_REQUIRE_POSITIONS, &s, &err));
        cr_assert_str_eq(err.file, "empty.epd");
        cr_assert_str_eq(err.field, "file");
        cr_assert(strstr(err.message, "no positions"), "%s", err.message);
    }
}

/* An id line followed by a plain EPD line is reported at the id's line, before the
 * EPD line's entry: entries stay in line order (found by the suite fuzzer). */
Test(suite, id_without_epd_line_is_reported_in_line_order)
{
    static const char text[] = "id lonely\n" START " ;D1 20\n";
    suite_t s;
    suite_error_t err = {0};
    cr_assert_not(suite_parse("ids.perft", text, sizeof text - 1, 0, &s, &err));
    cr_assert_eq(err.line, 1);
    cr_assert_str_eq(err.field, "id");
    cr_assert(suite_parse("ids.perft", text, sizeof text - 1, SUITE_KEEP_GOING, &s, &err));
    cr_assert_eq(s.count, 2);
    cr_assert_not_null(s.entries[0].error);
    cr_assert_eq(s.entries[0].line, 1);
    cr_assert_null(s.entries[1].error);
    cr_assert_eq(s.entries[1].line, 2);
    suite_free(&s);
}

Test(suite, unreadable_file)
{
    suite_t s;
    suite_error_t err;
    cr_assert_not(suite_load("/nonexistent/suite.epd", 0, &s, &err));
    cr_assert_str_eq(err.file, "/nonexistent/suite.epd");
    cr_assert_eq(err.line, 0);
    cr_assert(strstr(err.message, "cannot read"), "%s", err.message);
}

/* ---- the suites pass: every method, small budget ------------------------------------------ */

static const char *const shipped[] = {
    "perftsuite.epd", "ethereal_standard.epd", "ethereal_fischer.epd", "python-chess_tricky.perft",
    "shakmaty_tricky.perft", "chess-epds_perft.epd", "cpw_perft_results.epd", "oeis_a048987_startpos.epd",
    "stockfish_perft_sh.epd", "stockfish_perft_sh_chess960.epd",
    "format-variants/perftsuite_pinkus_semicolon-list.epd",
    "format-variants/perftsuite_frankwalter_perftN.epd",
};

Test(suite, shipped_suites_pass_with_every_method, .timeout = 240)
{
    long checked = 0;
    for (int m = 0; all_methods[m]; m++) {
        const char *why;
        if (!method_prepare(all_methods[m], &why))
            continue;
        for (size_t f = 0; f < sizeof shipped / sizeof *shipped; f++) {
            suite_t s = load(shipped[f]);
            for (size_t i = 0; i < s.count; i++) {
                const suite_entry_t *e = &s.entries[i];
                for (int d = 0; d < e->ndepths; d++) {
                    if (e->depths[d].expected > NODE_BUDGET)
                        continue;
                    count_t got = all_methods[m]->perft(&e->pos, e->depths[d].depth, true);
                    char want[COUNT_DIGITS_MAX], have[COUNT_DIGITS_MAX];
                    cr_assert(got == e->depths[d].expected, "%s %s:%d D%d: expected %s, got %s",
                              all_methods[m]->name, shipped[f], e->line, e->depths[d].depth,
                              count_format(e->depths[d].expected, want), count_format(got, have));
                    checked++;
                }
            }
            suite_free(&s);
        }
    }
    cr_assert_gt(checked, 10000);
}

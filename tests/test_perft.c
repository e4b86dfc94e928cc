/* Perft counts: the shipped CPW, Chess960 and tricky positions against their known
 * counts, for every method (identical counts are the proof that the instances
 * agree), with and without bulk counting, and divide sums equal perft. */
#define _POSIX_C_SOURCE 200809L
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fen.h"
#include "method.h"
#include "split.h"
#include "tables.h"

/* Keeps the whole file within seconds in a debug build with every method. */
enum { NODE_BUDGET = 400000 };

enum { FEN_TEXT = 256 };

typedef struct known {
    char fen[FEN_TEXT];
    int depth;
    count_t nodes;
} known_t;

/* Reads "FEN ;D1 20 ;D2 400" lines and ".perft" blocks (epd/perft lines): a test
 * fixture reader only; rperft's own suite reader is tested in test_suite.c. */
static int read_known(const char *name, known_t *out, int max)
{
    char path[512], line[1024], fen[FEN_TEXT] = "";
    snprintf(path, sizeof path, "%s/%s", getenv("RPERFT_SUITES_DIR"), name);
    FILE *f = fopen(path, "r");
    cr_assert_not_null(f, "cannot open %s", path);
    int n = 0;
    while (fgets(line, sizeof line, f) && n < max) {
        char *semi = strchr(line, ';');
        int depth;
        unsigned long long count;
        if (strncmp(line, "epd ", 4) == 0) {
            snprintf(fen, sizeof fen, "%.250s", line + 4);
            fen[strcspn(fen, "\r\n")] = '\0';
        } else if (sscanf(line, "perft %d %llu", &depth, &count) == 2) {
            out[n++] = (known_t){.depth = depth, .nodes = count};
            snprintf(out[n - 1].fen, FEN_TEXT, "%s", fen);
        } else if (semi) {
            *semi = '\0';
            for (char *op = strtok(semi + 1, ";"); op && n < max; op = strtok(NULL, ";"))
                if (sscanf(op, " D%d %llu", &depth, &count) == 2) {
                    out[n++] = (known_t){.depth = depth, .nodes = count};
                    snprintf(out[n - 1].fen, FEN_TEXT, "%.250s", line);
                }
        }
    }
    fclose(f);
    cr_assert_gt(n, 0, "no perft entries in %s", path);
    return n;
}

static position_t parse(const char *fen)
{
    position_t pos;
    fen_error_t err;
    cr_assert(fen_parse(fen, &pos, &err), "%s: %s", fen, err.message);
    return pos;
}

/* The tests that call the rotated instance directly build its tables first, as
 * every caller must (method_prepare). */
static void prepare_rotated(void)
{
    const char *why = NULL;
    tables_init();
    cr_assert(method_prepare(&method_rotated, &why), "rotated: %s", why);
}

/* Checks every entry within the budget with every runnable method. */
static void check_file(const char *name, int max_entries, bool also_no_bulk)
{
    tables_init();
    static known_t entries[8192];
    int n = read_known(name, entries, max_entries), checked = 0;
    for (int i = 0; all_methods[i]; i++) {
        const char *why;
        if (!method_prepare(all_methods[i], &why))
            continue;
        for (int e = 0; e < n; e++) {
            if (entries[e].nodes > NODE_BUDGET)
                continue;
            position_t pos = parse(entries[e].fen);
            count_t got = all_methods[i]->perft(&pos, entries[e].depth, true);
            cr_expect(got == entries[e].nodes, "%s: %s depth %d: got %llu want %llu", all_methods[i]->name,
                      entries[e].fen, entries[e].depth, (unsigned long long)got,
                      (unsigned long long)entries[e].nodes);
            if (also_no_bulk && entries[e].nodes < NODE_BUDGET / 10)
                cr_expect(all_methods[i]->perft(&pos, entries[e].depth, false) == entries[e].nodes,
                          "%s --no-bulk: %s depth %d", all_methods[i]->name, entries[e].fen, entries[e].depth);
            checked++;
        }
    }
    cr_assert_gt(checked, 0, "nothing of %s fits the budget", name);
}

Test(perft, cpw_positions, .timeout = 120) { check_file("cpw_perft_results.epd", 100, true); }
Test(perft, stockfish_chess960_positions, .timeout = 120) { check_file("stockfish_perft_sh_chess960.epd", 100, false); }
Test(perft, ethereal_fischer_first_positions, .timeout = 120) { check_file("ethereal_fischer.epd", 400, false); }
Test(perft, python_chess_tricky, .timeout = 120) { check_file("python-chess_tricky.perft", 400, true); }
Test(perft, shakmaty_tricky, .timeout = 120) { check_file("shakmaty_tricky.perft", 400, true); }

Test(perft, four_and_six_field_fens_agree)
{
    prepare_rotated();
    const char *pairs[][2] = {
        {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -",
         "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
        {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", STARTPOS_FEN},
    };
    for (size_t i = 0; i < sizeof pairs / sizeof *pairs; i++) {
        position_t a = parse(pairs[i][0]), b = parse(pairs[i][1]);
        cr_expect(method_rotated.perft(&a, 3, true) == method_rotated.perft(&b, 3, true), "%s", pairs[i][0]);
    }
}

Test(perft, divide_sums_equal_perft_for_every_method)
{
    tables_init();
    const char *fens[] = {STARTPOS_FEN, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                          "1rqbkrbn/1ppppp1p/1n6/p1N3p1/8/2P4P/PP1PPPP1/1RQBKRBN w FBfb - 0 9"};
    for (int i = 0; all_methods[i]; i++) {
        const char *why;
        if (!method_prepare(all_methods[i], &why))
            continue;
        for (size_t f = 0; f < sizeof fens / sizeof *fens; f++) {
            position_t pos = parse(fens[f]);
            move_t moves[MAX_MOVES];
            int n = all_methods[i]->generate(&pos, moves);
            count_t sum = 0;
            for (int m = 0; m < n; m++) {
                undo_t u;
                position_make(&pos, moves[m], &u);
                sum += all_methods[i]->perft(&pos, 2, true);
                position_unmake(&pos, moves[m], &u);
            }
            cr_expect(sum == all_methods[i]->perft(&pos, 3, true), "%s: %s", all_methods[i]->name, fens[f]);
        }
    }
}

Test(perft, depth_zero_is_one_and_checkmate_is_zero)
{
    prepare_rotated();
    position_t pos = parse(STARTPOS_FEN);
    cr_expect(method_rotated.perft(&pos, 0, true) == 1);
    pos = parse("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    cr_expect(method_rotated.perft(&pos, 1, true) == 0);
    cr_expect(method_rotated.perft(&pos, 3, false) == 0);
}

Test(perft, hash_and_threads_give_the_same_counts, .timeout = 120)
{
    tables_init();
    static known_t entries[64];
    int n = read_known("cpw_perft_results.epd", entries, 64);
    hash_table_t hash;
    char err[160];
    cr_assert(hash_create(&hash, &(hash_config_t){.megabytes = 16, .threads = 2}, err, sizeof err), "%s", err);
    for (int i = 0; all_methods[i]; i++) {
        const char *why;
        if (!method_prepare(all_methods[i], &why))
            continue;
        for (int e = 0; e < n; e++) {
            if (entries[e].nodes > 3 * NODE_BUDGET)
                continue;
            position_t pos = parse(entries[e].fen);
            search_options_t variants[] = {
                {.bulk = true, .threads = 2}, {.bulk = true, .threads = 1, .hash = &hash},
                {.bulk = true, .threads = 2, .hash = &hash}, {.bulk = false, .threads = 2, .hash = &hash}};
            for (size_t v = 0; v < sizeof variants / sizeof *variants; v++)
                cr_expect(perft_search(all_methods[i], &pos, entries[e].depth, &variants[v]) == entries[e].nodes,
                          "%s variant %zu: %s depth %d", all_methods[i]->name, v, entries[e].fen, entries[e].depth);
        }
    }
    hash_destroy(&hash);
}

/* Methods share a table under different key salts: a count planted under one salt
 * is found under it and never under another. */
Test(perft, key_salts_keep_methods_apart)
{
    prepare_rotated();
    hash_table_t hash;
    char err[160];
    cr_assert(hash_create(&hash, &(hash_config_t){.megabytes = 1, .threads = 1}, err, sizeof err), "%s", err);
    position_t pos = parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    const uint64_t salt_a = 0x0123456789abcdefu, salt_b = 0xfedcba9876543210u;
    hash_store(&hash, pos.key ^ salt_a, 0, 3, 42); /* a wrong count for depth 3, planted */
    search_options_t a = {.bulk = true, .threads = 1, .hash = &hash, .key_salt = salt_a};
    search_options_t b = a;
    b.key_salt = salt_b;
    cr_expect(perft_search(&method_rotated, &pos, 3, &a) == 42, "the planted entry was not found under its salt");
    cr_expect(perft_search(&method_rotated, &pos, 3, &b) == 8902, "another salt found the planted entry");
    hash_destroy(&hash);
}

Test(perft, hash_refuses_impossible_sizes)
{
    hash_table_t hash;
    char err[160];
    cr_expect_not(hash_create(&hash, &(hash_config_t){.megabytes = 0, .threads = 1}, err, sizeof err));
    cr_expect_not(hash_create(&hash, &(hash_config_t){.megabytes = (size_t)1 << 30, .threads = 1}, err, sizeof err),
                  "a petabyte table was accepted");
    cr_expect(strstr(err, "MB") != NULL, "the reason names the size: %s", err);
}

/* Chess960 castling where the castling rook shields the king's target (a b-file
 * rook with an enemy rook or queen on a1), and its near misses. Counts from
 * Stockfish 15.1 with UCI_Chess960. */
Test(perft, chess960_rook_shield_cases)
{
    tables_init();
    static const struct {
        const char *fen;
        unsigned long long d1, d2, d3;
    } cases[] = {
        {"4k3/8/8/8/8/8/8/rRK5 w B - 0 1", 5, 57, 821},
        {"4k3/8/8/8/8/8/8/qRK5 w B - 0 1", 4, 65, 876},
        {"4k3/8/8/8/8/8/8/bRK4R w BH - 0 1", 24, 237, 5838},
        {"4k3/8/8/8/8/8/8/1RK3Rr w BG - 0 1", 17, 190, 4406},
        {"4k3/8/8/8/8/8/8/rR2K2R w BH - 0 1", 18, 210, 4969},
        {"rr2k2r/8/8/8/8/8/8/RR2K2R b BHbh - 0 1", 32, 867, 26826},
    };
    for (int i = 0; all_methods[i]; i++) {
        const char *why;
        if (!method_prepare(all_methods[i], &why))
            continue;
        for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
            position_t pos = parse(cases[c].fen);
            unsigned long long want[] = {cases[c].d1, cases[c].d2, cases[c].d3};
            for (int d = 1; d <= 3; d++)
                cr_expect(all_methods[i]->perft(&pos, d, true) == want[d - 1], "%s: %s depth %d",
                          all_methods[i]->name, cases[c].fen, d);
        }
    }
}

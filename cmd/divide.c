/* rperft divide: perft per root move, in Stockfish's "go perft" format. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"

static const char help[] =
    "usage: rperft divide [--startpos | --fen FEN] [--moves \"e2e4 e7e5\"] [--method NAME] [--no-bulk] DEPTH\n"
    "\n"
    "Prints one 'move: count' line per legal root move (UCI notation, sorted), a blank\n"
    "line, then 'Nodes searched: N': the format of Stockfish's 'go perft'. Castling is\n"
    "e1g1 in standard chess and king-takes-rook (e1h1) in Chess960 positions.\n"
    "Options as for 'rperft perft'.\n";

typedef struct divide_line {
    char move[8];
    count_t nodes;
} divide_line_t;

static int by_move(const void *a, const void *b)
{
    return strcmp(((const divide_line_t *)a)->move, ((const divide_line_t *)b)->move);
}

int cmd_divide(int argc, char **argv)
{
    perft_options_t opt;
    position_t pos;
    int rc = parse_perft_options("divide", help, argc, argv, &opt);
    if (rc != OPTIONS_OK)
        return rc;
    if (!load_position("divide", &opt.position, &pos))
        return EXIT_BAD_INPUT;
    if (opt.method && strcmp(opt.method, "all") == 0)
        return usage_error("divide", "--method all is for 'rperft perft'; divide takes one method");
    const method_t *m = resolve_method("divide", opt.method);
    if (!m)
        return EXIT_BAD_INPUT;

    search_options_t search;
    hash_table_t hash;
    if (!search_setup("divide", &opt, &search, &hash))
        return EXIT_BAD_INPUT;
    move_t moves[MAX_MOVES];
    int n = opt.depth == 0 ? 0 : m->generate(&pos, moves);
    divide_line_t *lines = calloc((size_t)n + 1, sizeof *lines);
    count_t total = opt.depth == 0 ? 1 : 0;
    double start = seconds_now();
    for (int i = 0; i < n; i++) {
        undo_t u;
        move_to_uci(&pos, moves[i], lines[i].move);
        position_make(&pos, moves[i], &u);
        lines[i].nodes = m->perft_search(&pos, opt.depth - 1, &search);
        position_unmake(&pos, moves[i], &u);
        total += lines[i].nodes;
    }
    double elapsed = seconds_now() - start;
    qsort(lines, (size_t)n, sizeof *lines, by_move);
    char digits[COUNT_DIGITS_MAX];
    for (int i = 0; i < n; i++)
        printf("%s: %s\n", lines[i].move, count_format(lines[i].nodes, digits));
    printf("\nNodes searched: %s\n", count_format(total, digits));
    fprintf(stderr, "%s: depth %d, %.3f s, %.1f Mnps\n", m->name, opt.depth, elapsed, mnps(total, elapsed));
    free(lines);
    search_teardown(&hash);
    return EXIT_ALL_GOOD;
}

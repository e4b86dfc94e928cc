/* rperft othello divide: perft per root move, in the chess divide's shape. */
#include <stdio.h>

#include "cli.h"
#include "othello_commands.h"
#include "othello_options.h"

static const char help[] =
    "usage: rperft othello divide [--startpos | --board \"BOARD SIDE\"] [--moves \"f5 d6\"]\n"
    "                            [--method NAME] [--no-bulk] [--pass-ply 1|0] DEPTH\n"
    "\n"
    "Prints one 'move: count' line per root move (squares as d3, 'pass' for a forced\n"
    "pass), a blank line, and 'Nodes searched: N'. A finished game has no move lines and\n"
    "counts as one leaf. Options as for 'rperft othello perft'.\n"
    "\n"
    "exit status: 0 done, 2 bad usage or input\n";

int cmd_othello_divide(int argc, char **argv)
{
    othello_options_t opt;
    othello_position_t pos;
    int rc = othello_parse_options("othello divide", help, argc, argv, &opt);
    if (rc != OTHELLO_OPTIONS_OK)
        return rc;
    if (!othello_load_position("othello divide", &opt, &pos))
        return EXIT_BAD_INPUT;
    const othello_method_t *m = othello_resolve_method("othello divide", opt.method);
    if (!m)
        return EXIT_BAD_INPUT;
    othello_root_move_t moves[64];
    int n = othello_divide(m, &pos, opt.depth, &opt.rules, moves);
    count_t total = 0;
    char digits[COUNT_DIGITS_MAX], name[3];
    for (int i = 0; i < n; i++) {
        printf("%s: %s\n", moves[i].sq < 0 ? "pass" : othello_square_name(moves[i].sq, name),
               count_format(moves[i].nodes, digits));
        total += moves[i].nodes;
    }
    if (n == 0) /* depth 0, or a finished game: one leaf */
        total = m->perft(&pos, opt.depth, &opt.rules);
    printf("\nNodes searched: %s\n", count_format(total, digits));
    return EXIT_ALL_GOOD;
}

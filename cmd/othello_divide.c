/* rperft othello divide: perft per root move, in the chess divide's shape. */
#include <stdio.h>

#include "cli.h"
#include "othello_commands.h"
#include "othello_options.h"
#include "shared_options.h"

static int cmd_othello_divide(const parsed_t *p)
{
    othello_options_t opt;
    othello_position_t pos;
    othello_options_read(p, 0, &opt);
    if (!othello_load_position("othello divide", &opt, &pos))
        return EXIT_BAD_INPUT;
    const othello_method_t *m = othello_resolve_method(p, opt.method);
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

static const option_use_t options[] = {
    OPTION(opt_startpos), OPTION(opt_othello_board), OPTION(opt_othello_moves), OPTION(opt_othello_method),
    OPTION_HELP(opt_no_bulk, "compute the flips of every last-ply move instead of counting them"),
    OPTION(opt_pass_ply), OPTIONS_END,
};

static const option_t *const operands[] = {&operand_depth, NULL};

const command_t othello_divide_command = {
    .name = "othello divide",
    .summary = "perft per root move ('d3: 3005288' lines, blank line, total)",
    .description = "Prints one 'move: count' line per root move (squares as d3, in square order;\n"
                   "'pass' for a forced pass), a blank line, and 'Nodes searched: N'. A finished game\n"
                   "has no move lines and counts as one leaf. Options as for 'rperft othello perft'.\n",
    .options = options,
    .operands = operands,
    .min_operands = 1,
    .epilogue = "exit status: 0 done, 2 bad usage or input\n",
    .run = cmd_othello_divide,
};

/* rperft perftree: the script protocol of agausmann/perftree, so that perftree
 * (or rperft check --protocol perftree) can drive rperft: one "move count" line
 * per legal move, an empty line, the total alone; nothing else on stdout. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "engine.h"
#include "shared_options.h"

static int cmd_perftree(const parsed_t *p)
{
    int depth = (int)options_operand(p, 0)->number;
    const option_value_t *moves = options_operand(p, 2);
    position_options_t where = {.fen = options_operand(p, 1)->text,
                                .moves = moves && *moves->text ? moves->text : NULL,
                                .operands = true};
    position_t pos;
    if (!load_position("perftree", &where, &pos))
        return EXIT_BAD_INPUT;
    const char *method_name = options_text(p, &opt_method, NULL);
    const method_t *m = resolve_method("perftree", method_name);
    if (!m)
        return EXIT_BAD_INPUT;

    move_t list[MAX_MOVES];
    int n = depth == 0 ? 0 : m->generate(&pos, list);
    divide_t d = {0};
    for (int k = 0; k < n; k++) {
        position_t child = pos;
        undo_t u;
        char name[8];
        move_to_uci(&pos, list[k], name);
        position_make(&child, list[k], &u);
        count_t nodes = m->perft(&child, depth - 1, true);
        divide_add(&d, name, nodes);
        d.total += nodes;
    }
    divide_sort(&d);
    char digits[COUNT_DIGITS_MAX];
    for (int k = 0; k < d.n; k++)
        printf("%s %s\n", d.moves[k].move, count_format(d.moves[k].nodes, digits));
    printf("\n%s\n", count_format(depth == 0 ? 1 : d.total, digits));
    divide_free(&d);
    return EXIT_ALL_GOOD;
}

static const option_use_t options[] = {OPTION(opt_method), OPTIONS_END};

static const option_t fen_operand = {.name = "FEN", .kind = OPTION_TEXT, .help = "the position"};
static const option_t moves_operand = {.name = "MOVES", .kind = OPTION_TEXT, .help = "space-separated UCI moves"};
static const option_t *const operands[] = {&operand_depth, &fen_operand, &moves_operand, NULL};

const command_t perftree_command = {
    .name = "perftree",
    .summary = "perft in perftree's script protocol (scripts/perftree wraps it)",
    .description =
        "Perft in perftree's script protocol: the position is FEN after the space-separated\n"
        "MOVES (e2e4, a7b8q; a7b8Q is accepted too, as by every --moves); stdout gets one\n"
        "'move count' line per legal move, an empty line, then the total. Errors go to stderr\n"
        "(exit 2). scripts/perftree runs the built binary this way: 'perftree scripts/perftree'.\n",
    .options = options,
    .operands = operands,
    .min_operands = 2,
    .run = cmd_perftree,
};

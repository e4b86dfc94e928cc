/* rperft perftree: the script protocol of agausmann/perftree, so that perftree
 * (or rperft check --protocol perftree) can drive rperft: one "move count" line
 * per legal move, an empty line, the total alone; nothing else on stdout. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "engine.h"

static const char help[] =
    "usage: rperft perftree [--method NAME] DEPTH FEN [MOVES]\n"
    "\n"
    "Perft in perftree's script protocol: the position is FEN after the space-separated\n"
    "MOVES (e2e4, a7b8q; a7b8Q is accepted too); stdout gets one 'move count' line per\n"
    "legal move, an empty line, then the total. Errors go to stderr (exit 2).\n"
    "scripts/perftree runs the built binary this way: 'perftree scripts/perftree'.\n";

int cmd_perftree(int argc, char **argv)
{
    const char *method_name = NULL;
    int i = 1;
    for (; i < argc && argv[i][0] == '-' && argv[i][1] != '\0' && !isdigit((unsigned char)argv[i][1]); i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            fputs(help, stdout);
            return EXIT_ALL_GOOD;
        } else if (!strcmp(argv[i], "--method") && i + 1 < argc) {
            method_name = argv[++i];
        } else {
            return usage_error("perftree", "unknown option '%s'", argv[i]);
        }
    }
    if (argc - i < 2 || argc - i > 3)
        return usage_error("perftree", "expected DEPTH FEN [MOVES]");
    int depth;
    if (!parse_int(argv[i], 0, 64, &depth))
        return usage_error("perftree", "DEPTH must be a whole number from 0 to 64, not '%s'", argv[i]);
    char *moves = argc - i == 3 ? strdup(argv[i + 2]) : NULL;
    for (char *c = moves; c && *c; c++)
        *c = (char)tolower((unsigned char)*c); /* perftree writes promotions as a7b8Q */
    position_options_t where = {.fen = argv[i + 1], .moves = moves && *moves ? moves : NULL};
    position_t pos;
    bool loaded = load_position("perftree", &where, &pos);
    free(moves);
    if (!loaded)
        return EXIT_BAD_INPUT;
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

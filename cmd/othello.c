/* rperft othello: Othello perft beside chess, with the chess subcommands' shape
 * (othello perft, divide, suite, bench, methods); one file per subcommand, each a
 * command_t parsed by the one option table. main hands "othello X" here. */
#include <stdio.h>
#include <string.h>

#include "othello_commands.h"
#include "othello_options.h"

static const command_t *const othello_commands[] = {
    &othello_perft_command, &othello_divide_command, &othello_suite_command,
    &othello_bench_command, &othello_methods_command,
};
enum { NOTHELLO = sizeof othello_commands / sizeof *othello_commands };

/* The names are "othello perft" and so on, so usage and errors name them whole. */
const command_t *othello_find_command(const char *name)
{
    for (size_t i = 0; i < NOTHELLO; i++)
        if (strcmp(othello_commands[i]->name + strlen("othello "), name) == 0)
            return othello_commands[i];
    fprintf(stderr, "rperft othello: unknown command '%s' (see 'rperft othello --help')\n", name);
    return NULL;
}

void othello_print_help(FILE *out)
{
    fprintf(out,
            "usage: rperft othello COMMAND [OPTIONS] [OPERANDS]   ('rperft othello COMMAND --help')\n\n"
            "Othello (reversi) perft. Positions are 64 squares, row 1 first (a1 b1 ... h8), of\n"
            "- or . (empty), X or * (black), O (white), then the side to move, X (or *) or O:\n"
            "  " OTHELLO_STARTPOS "   (the start position)\n\n"
            "A forced pass counts as one ply (--pass-ply 1, the default: Aart Bik's counts,\n"
            "OEIS A124004); --pass-ply 0 makes a pass take no ply (Egaroucid's mode 2,\n"
            "rust_reversi). Either way a finished game is one leaf, whatever depth remains.\n\n"
            "commands:\n");
    for (size_t i = 0; i < NOTHELLO; i++)
        fprintf(out, "  %-8s %s\n", othello_commands[i]->name + strlen("othello "), othello_commands[i]->summary);
}

/* rperft othello: Othello perft beside chess, with the same subcommands' shape
 * (othello perft, divide, suite, bench, methods); one file per subcommand. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "othello_commands.h"
#include "core/othello.h"

static const command_t othello_commands[] = {
    {"perft", "count the leaf nodes of an Othello position to a depth", cmd_othello_perft},
    {"divide", "perft per root move ('d3: 3005288' lines, blank line, total)", cmd_othello_divide},
    {"suite", "check Othello suite files (;D<n> and ;D<n>p0 counts)", cmd_othello_suite},
    {"bench", "time the flip methods against each other (perft and one flip); CSV rows", cmd_othello_bench},
    {"methods", "list the flip methods", cmd_othello_methods},
};

static void print_help(void)
{
    printf("usage: rperft othello COMMAND [OPTIONS]   ('rperft othello COMMAND --help' for its options)\n\n"
           "Othello (reversi) perft. Positions are 64 squares, row 1 first (a1 b1 ... h8), of\n"
           "- or . (empty), X or * (black), O (white), then the side to move, X (or *) or O:\n"
           "  " OTHELLO_STARTPOS "   (the start position)\n\n"
           "A forced pass counts as one ply (--pass-ply 1, the default: Aart Bik's counts,\n"
           "OEIS A124004); --pass-ply 0 makes a pass take no ply (Egaroucid's mode 2,\n"
           "rust_reversi). Either way a finished game is one leaf, whatever depth remains.\n\n"
           "commands:\n");
    for (size_t i = 0; i < sizeof othello_commands / sizeof *othello_commands; i++)
        printf("  %-8s %s\n", othello_commands[i].name, othello_commands[i].summary);
}

int cmd_othello(int argc, char **argv)
{
    if (argc < 2) {
        print_help();
        return EXIT_BAD_INPUT;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "help") == 0) {
        print_help();
        return EXIT_ALL_GOOD;
    }
    for (size_t i = 0; i < sizeof othello_commands / sizeof *othello_commands; i++)
        if (strcmp(argv[1], othello_commands[i].name) == 0)
            return othello_commands[i].run(argc - 1, argv + 1);
    return usage_error("othello", "unknown command '%s'", argv[1]);
}

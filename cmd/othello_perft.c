/* rperft othello perft: the leaf count of one Othello position, by one flip method or all. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "othello_commands.h"
#include "othello_options.h"

static const char help[] =
    "usage: rperft othello perft [--startpos | --board \"BOARD SIDE\"] [--moves \"f5 d6\"]\n"
    "                           [--method NAME|all] [--no-bulk] [--pass-ply 1|0] DEPTH\n"
    "\n"
    "Counts the leaf nodes of the Othello game tree of the position to DEPTH and prints\n"
    "'Nodes searched: N' on stdout; time and Mnps go to stderr.\n"
    "\n"
    "  --startpos        the start position (the default)\n"
    "  --board TEXT      64 squares (- . empty, X * black, O white; a1 b1 ... h8), a space,\n"
    "                    and the side to move (X, * or O)\n"
    "  --moves LIST      moves played first: squares (f5) or pass\n"
    "  --method NAME     flip method (default: kogge-stone; 'rperft othello methods');\n"
    "                    'all' runs every method, prints each count and time, exits 1 if any differ\n"
    "  --no-bulk         compute the flips of every last-ply move instead of counting them\n"
    "  --pass-ply 1|0    1 (default): a forced pass is one ply; 0: a pass takes no ply.\n"
    "                    Either way a finished game is one leaf, whatever depth remains.\n"
    "\n"
    "exit status: 0 done (all methods agree), 1 methods disagree, 2 bad usage or input\n";

static count_t timed(const othello_method_t *m, const othello_position_t *pos, const othello_options_t *opt,
                     double *elapsed)
{
    double start = seconds_now();
    count_t nodes = m->perft(pos, opt->depth, &opt->rules);
    *elapsed = seconds_now() - start;
    return nodes;
}

static int run_all(const othello_position_t *pos, const othello_options_t *opt)
{
    char digits[COUNT_DIGITS_MAX];
    count_t first = 0;
    bool agree = true;
    for (int i = 0; othello_methods[i]; i++) {
        double elapsed;
        count_t nodes = timed(othello_methods[i], pos, opt, &elapsed);
        printf("%-12s %20s %9.3f s %9.1f Mnps\n", othello_methods[i]->name, count_format(nodes, digits), elapsed,
               mnps(nodes, elapsed));
        fflush(stdout);
        if (i == 0)
            first = nodes;
        else if (nodes != first)
            agree = false;
    }
    if (!agree) {
        printf("MISMATCH: the methods disagree\n");
        return EXIT_MISMATCH;
    }
    printf("Nodes searched: %s\n", count_format(first, digits));
    return EXIT_ALL_GOOD;
}

int cmd_othello_perft(int argc, char **argv)
{
    othello_options_t opt;
    othello_position_t pos;
    int rc = othello_parse_options("othello perft", help, argc, argv, &opt);
    if (rc != OTHELLO_OPTIONS_OK)
        return rc;
    if (!othello_load_position("othello perft", &opt, &pos))
        return EXIT_BAD_INPUT;
    if (opt.method && strcmp(opt.method, "all") == 0)
        return run_all(&pos, &opt);
    const othello_method_t *m = othello_resolve_method("othello perft", opt.method);
    if (!m)
        return EXIT_BAD_INPUT;
    double elapsed;
    char digits[COUNT_DIGITS_MAX];
    count_t nodes = timed(m, &pos, &opt, &elapsed);
    printf("Nodes searched: %s\n", count_format(nodes, digits));
    fprintf(stderr, "%s: depth %d, %.3f s, %.1f Mnps, pass-ply %d%s\n", m->name, opt.depth, elapsed,
            mnps(nodes, elapsed), opt.rules.pass_ply, opt.rules.bulk ? "" : ", no bulk counting");
    return EXIT_ALL_GOOD;
}

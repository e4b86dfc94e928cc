/* rperft othello perft: the leaf count of one Othello position, by one flip method or all. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "othello_commands.h"
#include "othello_options.h"
#include "shared_options.h"

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
    bool have_first = false;
    for (int i = 0; othello_methods[i]; i++) {
        const char *why = "";
        if (!othello_methods[i]->available(&why)) {
            printf("%-12s skipped: %s\n", othello_methods[i]->name, why);
            continue;
        }
        double elapsed;
        count_t nodes = timed(othello_methods[i], pos, opt, &elapsed);
        printf("%-12s %20s %9.3f s %9.1f Mnps\n", othello_methods[i]->name, count_format(nodes, digits), elapsed,
               mnps(nodes, elapsed));
        fflush(stdout);
        if (!have_first)
            first = nodes, have_first = true;
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

static int cmd_othello_perft(const parsed_t *p)
{
    othello_options_t opt;
    othello_position_t pos;
    othello_options_read(p, 0, &opt);
    if (!othello_load_position("othello perft", &opt, &pos))
        return EXIT_BAD_INPUT;
    if (opt.method && strcmp(opt.method, "all") == 0)
        return run_all(&pos, &opt);
    const othello_method_t *m = othello_resolve_method(p, opt.method);
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

static const option_use_t options[] = {
    OPTION(opt_startpos), OPTION(opt_othello_board), OPTION(opt_othello_moves),
    OPTION_HELP(opt_othello_method, "flip method (default: kogge-stone); 'all' runs every method, prints\n"
                                    "each count and time, and exits 1 if any differ"),
    OPTION_HELP(opt_no_bulk, "compute the flips of every last-ply move instead of counting them"),
    OPTION(opt_pass_ply), OPTIONS_END,
};

static const option_t *const operands[] = {&operand_depth, NULL};

const command_t othello_perft_command = {
    .name = "othello perft",
    .summary = "count the leaf nodes of an Othello position to a depth",
    .description = "Counts the leaf nodes of the Othello game tree of the position to DEPTH and prints\n"
                   "'Nodes searched: N' on stdout; time and Mnps go to stderr.\n",
    .options = options,
    .operands = operands,
    .min_operands = 1,
    .epilogue = "exit status: 0 done (all methods agree), 1 methods disagree, 2 bad usage or input\n",
    .run = cmd_othello_perft,
};

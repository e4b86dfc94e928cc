/* rperft perft: the leaf count of one position to one depth, by one method or all. */
#include <string.h>

#include "cli.h"
#include "commands.h"

static const char help[] =
    "usage: rperft perft [--startpos | --fen FEN] [--moves \"e2e4 e7e5\"] [--method NAME|all] [--no-bulk]\n"
    "                   [--threads N] [--hash MB] DEPTH\n"
    "\n"
    "Counts the leaf nodes of the legal move tree of the position to DEPTH and prints\n"
    "'Nodes searched: N' on stdout; time and Mnps go to stderr.\n"
    "\n"
    "  --startpos        the standard start position (the default)\n"
    "  --fen FEN         any position: standard, Shredder-FEN or X-FEN castling; 4 or 6 fields\n"
    "  --moves LIST      UCI moves played from the position first\n"
    "  --method NAME     slider-attack method (default: rotated); 'all' runs every method\n"
    "                    this CPU can run, prints each count and time, exits 1 if any differ\n"
    "  --no-bulk         make every leaf move instead of counting the last ply\n"
    "  --threads N       threads (default 1); the work is split two plies below the root\n"
    "  --hash MB         transposition table of MB megabytes shared by the threads (default none)\n";

/* Runs one method and reports its time; a fresh table for each, so no method
 * gains from another's entries. */
static bool timed_perft(const method_t *m, const position_t *pos, const perft_options_t *opt, count_t *nodes,
                        double *elapsed)
{
    search_options_t search;
    hash_table_t hash;
    if (!search_setup("perft", opt, &search, &hash))
        return false;
    double start = seconds_now();
    *nodes = m->perft_search(pos, opt->depth, &search);
    *elapsed = seconds_now() - start;
    search_teardown(&hash);
    return true;
}

static int run_all(const position_t *pos, const perft_options_t *opt)
{
    char digits[COUNT_DIGITS_MAX];
    count_t first = 0;
    bool have_first = false, agree = true;
    for (int i = 0; all_methods[i]; i++) {
        const method_t *m = all_methods[i];
        const char *why = "unknown reason";
        if (!method_prepare(m, &why)) {
            printf("%-20s skipped: %s\n", m->name, why);
            continue;
        }
        const char *note = m->note();
        count_t nodes;
        double elapsed;
        if (!timed_perft(m, pos, opt, &nodes, &elapsed))
            return EXIT_BAD_INPUT;
        printf("%-20s %20s %9.3f s %9.1f Mnps%s%s\n", m->name, count_format(nodes, digits), elapsed,
               mnps(nodes, elapsed), note ? "  " : "", note ? note : "");
        fflush(stdout);
        if (have_first && nodes != first)
            agree = false;
        if (!have_first)
            first = nodes, have_first = true;
    }
    if (!agree) {
        printf("MISMATCH: the methods disagree\n");
        return EXIT_MISMATCH;
    }
    printf("Nodes searched: %s\n", count_format(first, digits));
    return EXIT_ALL_GOOD;
}

int cmd_perft(int argc, char **argv)
{
    perft_options_t opt;
    position_t pos;
    int rc = parse_perft_options("perft", help, argc, argv, &opt);
    if (rc != OPTIONS_OK)
        return rc;
    if (!load_position("perft", &opt.position, &pos))
        return EXIT_BAD_INPUT;
    if (opt.method && strcmp(opt.method, "all") == 0)
        return run_all(&pos, &opt);
    const method_t *m = resolve_method("perft", opt.method);
    if (!m)
        return EXIT_BAD_INPUT;
    count_t nodes;
    double elapsed;
    char digits[COUNT_DIGITS_MAX];
    if (!timed_perft(m, &pos, &opt, &nodes, &elapsed))
        return EXIT_BAD_INPUT;
    printf("Nodes searched: %s\n", count_format(nodes, digits));
    fprintf(stderr, "%s: depth %d, %.3f s, %.1f Mnps, %d thread%s, hash %d MB%s\n", m->name, opt.depth, elapsed,
            mnps(nodes, elapsed), opt.threads, opt.threads > 1 ? "s" : "", opt.hash_mb,
            opt.bulk ? "" : ", no bulk counting");
    return EXIT_ALL_GOOD;
}

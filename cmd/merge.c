/* rperft merge: adds up the results of a split perft exactly, once every unit has
 * one result (identical repeats allowed). */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "unitfile.h"

static const char help[] =
    "usage: rperft merge UNITS RESULTS... [--compare RESULTS...]\n"
    "\n"
    "Checks that every unit of UNITS (written by 'rperft split') has exactly one result\n"
    "in the RESULTS files (written by 'rperft units'; identical repeats are fine) and\n"
    "prints 'Nodes searched: N', N = sum of multiplicity x count, exact to 2^128.\n"
    "A line whose checksum does not match its fields (changed after it was written)\n"
    "is refused and named FILE:LINE.\n"
    "\n"
    "  --compare RESULTS...  a second result set of the same units, e.g. computed again\n"
    "                        with another --key-seed: both sets must be complete, every\n"
    "                        unit whose counts differ is named, and the total is printed\n"
    "                        only when they agree on every unit\n"
    "\n"
    "exit status: 0 complete (and the sets agree); 1 units missing, results in conflict\n"
    "or the sets differ (listed on stderr); 2 unreadable files or bad lines (named\n"
    "FILE:LINE), or results of another units file.\n";

enum { MISSING_SHOWN = 20 };

/* Lists the units without a result; returns how many there are. */
static size_t report_missing(const unit_set_t *set, const tally_t *tallies)
{
    size_t missing = 0;
    for (size_t id = 0; id < set->count; id++) {
        if (tallies[id].done)
            continue;
        if (++missing <= MISSING_SHOWN)
            fprintf(stderr, "rperft merge: unit %zu has no result: %s\n", id, set->units[id].fen);
    }
    if (missing > MISSING_SHOWN)
        fprintf(stderr, "rperft merge: ... and %zu more\n", missing - MISSING_SHOWN);
    if (missing)
        fprintf(stderr, "rperft merge: %zu of %zu units have no result\n", missing, set->count);
    return missing;
}

/* Sum of multiplicity x count; false if it passes 2^128 - 1. */
static bool total_nodes(const unit_set_t *set, const tally_t *tallies, count_t *total)
{
    *total = 0;
    for (size_t id = 0; id < set->count; id++) {
        count_t product;
        if (__builtin_mul_overflow(set->units[id].multiplicity, tallies[id].count, &product) ||
            __builtin_add_overflow(*total, product, total))
            return false;
    }
    return true;
}

/* One result set: the results files read into one tally per unit. */
typedef struct result_set {
    int nfiles;
    char **files;
    tally_t *tallies;
    results_summary_t sum;
} result_set_t;

/* Reads a set; EXIT_ALL_GOOD when every unit has one result, else the exit code. */
static int read_set(const unit_set_t *set, result_set_t *rs)
{
    bool readable = true;
    for (int i = 0; i < rs->nfiles; i++)
        readable = results_read("merge", rs->files[i], set, rs->tallies, &rs->sum) && readable;
    if (!readable || rs->sum.bad > 0) {
        if (rs->sum.bad > 0)
            fprintf(stderr, "rperft merge: %ld bad result lines\n", rs->sum.bad);
        return EXIT_BAD_INPUT;
    }
    size_t missing = report_missing(set, rs->tallies), conflicting = 0;
    for (size_t id = 0; id < set->count; id++)
        conflicting += rs->tallies[id].conflict;
    if (conflicting)
        fprintf(stderr, "rperft merge: %zu units have conflicting results\n", conflicting);
    return missing || conflicting ? EXIT_MISMATCH : EXIT_ALL_GOOD;
}

/* Names every unit whose counts differ between the sets; returns how many. */
static size_t compare_sets(const unit_set_t *set, const result_set_t *a, const result_set_t *b)
{
    size_t differ = 0;
    char x[COUNT_DIGITS_MAX], y[COUNT_DIGITS_MAX];
    for (size_t id = 0; id < set->count; id++) {
        const tally_t *ta = &a->tallies[id], *tb = &b->tallies[id];
        if (ta->count == tb->count)
            continue;
        differ++;
        fprintf(stderr, "rperft merge: unit %zu differs: %s:%ld says %s, %s:%ld says %s: %s\n", id, ta->file, ta->line,
                count_format(ta->count, x), tb->file, tb->line, count_format(tb->count, y), set->units[id].fen);
    }
    if (differ)
        fprintf(stderr, "rperft merge: the two result sets differ in %zu of %zu units\n", differ, set->count);
    else if (!a->sum.mixed_keys && !b->sum.mixed_keys && strcmp(a->sum.keys, b->sum.keys) == 0 &&
             strcmp(a->sum.keys, "none") != 0)
        fprintf(stderr, "rperft merge: warning: both sets used the hash keys %s: not an independent check\n",
                a->sum.keys);
    else
        fprintf(stderr, "rperft merge: the two result sets agree on all %zu units (keys %s%s and %s%s)\n",
                set->count, a->sum.keys, a->sum.mixed_keys ? " and others" : "", b->sum.keys,
                b->sum.mixed_keys ? " and others" : "");
    return differ;
}

static int merge(const unit_set_t *set, result_set_t *a, result_set_t *b)
{
    int rc = read_set(set, a);
    if (b->nfiles > 0) {
        int rc_b = read_set(set, b);
        rc = rc > rc_b ? rc : rc_b;
        if (rc == EXIT_ALL_GOOD && compare_sets(set, a, b) > 0)
            rc = EXIT_MISMATCH;
    }
    if (rc != EXIT_ALL_GOOD)
        return rc;
    count_t total;
    if (!total_nodes(set, a->tallies, &total)) {
        fprintf(stderr, "rperft merge: the total passes 2^128 - 1\n");
        return EXIT_BAD_INPUT;
    }
    char digits[COUNT_DIGITS_MAX];
    printf("Nodes searched: %s\n", count_format(total, digits));
    fprintf(stderr, "rperft merge: depth %d of %s: %zu units, %ld results (%ld identical repeats), %.3f s computing\n",
            set->depth, set->root, set->count, a->sum.results, a->sum.duplicates, a->sum.seconds);
    return EXIT_ALL_GOOD;
}

int cmd_merge(int argc, char **argv)
{
    if (argc > 1 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
        fputs(help, stdout);
        return EXIT_ALL_GOOD;
    }
    int compare_at = argc;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--compare") == 0 && compare_at == argc)
            compare_at = i;
        else if (argv[i][0] == '-' && argv[i][1] != '\0')
            return usage_error("merge", "unknown option '%s'", argv[i]);
    }
    if (compare_at < 3)
        return usage_error("merge", "need the units file and at least one results file");
    if (compare_at == argc - 1)
        return usage_error("merge", "--compare needs at least one results file");
    unit_set_t set;
    if (!unit_set_read("merge", argv[1], &set))
        return EXIT_BAD_INPUT;
    size_t n = set.count ? set.count : 1;
    result_set_t a = {.nfiles = compare_at - 2, .files = argv + 2, .tallies = calloc(n, sizeof(tally_t))};
    result_set_t b = {.nfiles = compare_at < argc ? argc - compare_at - 1 : 0, .files = argv + compare_at + 1,
                      .tallies = calloc(n, sizeof(tally_t))};
    int rc = EXIT_BAD_INPUT;
    if (a.tallies && b.tallies)
        rc = merge(&set, &a, &b);
    else
        fprintf(stderr, "rperft merge: out of memory\n");
    free(a.tallies);
    free(b.tallies);
    unit_set_free(&set);
    return rc;
}

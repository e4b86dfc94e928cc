/* rperft merge: adds up the results of a split perft exactly, once every unit has
 * one result (identical repeats allowed). */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "json_report.h"
#include "shared_options.h"
#include "unitfile.h"

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

/* What a merge found, for its JSON report (j NULL: none). */
static void report_json(json_report_t *j, const unit_set_t *set, const results_summary_t *sum, size_t missing,
                        size_t conflicting, const count_t *total)
{
    if (!j)
        return;
    json_t *root = json_report_root(j);
    json_put(root, "root", json_text(set->root));
    json_put(root, "depth", json_integer(set->depth));
    json_put(root, "units", json_integer((json_int_t)set->count));
    json_put(root, "results", json_integer(sum->results));
    json_put(root, "duplicates", json_integer(sum->duplicates));
    json_put(root, "bad_lines", json_integer(sum->bad));
    json_put(root, "missing", json_integer((json_int_t)missing));
    json_put(root, "conflicting", json_integer((json_int_t)conflicting));
    json_put(root, "nodes", total ? json_count(*total) : json_null());
}

/* The RESULTS operands (1...) into tallies. */
static int merge(const unit_set_t *set, const parsed_t *p, tally_t *tallies, json_report_t *j)
{
    results_summary_t sum = {0};
    bool readable = true;
    for (size_t i = 1; i < options_operand_count(p); i++)
        readable = results_read("merge", options_operand(p, i)->text, set, tallies, &sum) && readable;
    if (!readable || sum.bad > 0) {
        if (sum.bad > 0)
            fprintf(stderr, "rperft merge: %ld bad result lines\n", sum.bad);
        report_json(j, set, &sum, 0, 0, NULL);
        return EXIT_BAD_INPUT;
    }
    size_t missing = report_missing(set, tallies), conflicting = 0;
    for (size_t id = 0; id < set->count; id++)
        conflicting += tallies[id].conflict;
    if (conflicting)
        fprintf(stderr, "rperft merge: %zu units have conflicting results\n", conflicting);
    if (missing || conflicting) {
        report_json(j, set, &sum, missing, conflicting, NULL);
        return EXIT_MISMATCH;
    }
    count_t total;
    if (!total_nodes(set, tallies, &total)) {
        fprintf(stderr, "rperft merge: the total passes 2^128 - 1\n");
        report_json(j, set, &sum, 0, 0, NULL);
        return EXIT_BAD_INPUT;
    }
    report_json(j, set, &sum, 0, 0, &total);
    char digits[COUNT_DIGITS_MAX];
    printf("Nodes searched: %s\n", count_format(total, digits));
    fprintf(stderr, "rperft merge: depth %d of %s: %zu units, %ld results (%ld identical repeats), %.3f s computing\n",
            set->depth, set->root, set->count, sum.results, sum.duplicates, sum.seconds);
    return EXIT_ALL_GOOD;
}

static int cmd_merge(const parsed_t *p)
{
    unit_set_t set;
    if (!unit_set_read("merge", options_operand(p, 0)->text, &set))
        return EXIT_BAD_INPUT;
    tally_t *tallies = calloc(set.count ? set.count : 1, sizeof *tallies);
    int rc = EXIT_BAD_INPUT;
    const char *json = options_text(p, &opt_json, NULL);
    char err[512];
    json_report_t *j = json ? json_report_open(json, "merge", err, sizeof err) : NULL;
    if (json && !j)
        fprintf(stderr, "rperft merge: --json %s\n", err);
    else if (tallies)
        rc = merge(&set, p, tallies, j);
    else
        fprintf(stderr, "rperft merge: out of memory\n");
    if (j && !json_report_finish(j, true, rc, err, sizeof err)) {
        fprintf(stderr, "rperft merge: --json %s\n", err);
        if (rc == EXIT_ALL_GOOD)
            rc = EXIT_BAD_INPUT;
    }
    free(tallies);
    unit_set_free(&set);
    return rc;
}

static const option_t operand_units = {.name = "UNITS", .kind = OPTION_TEXT, .help = "units file"};
static const option_t operand_results = {.name = "RESULTS", .kind = OPTION_TEXT, .repeatable = true,
                                         .help = "results files"};
static const option_t *const operands[] = {&operand_units, &operand_results, NULL};
static const option_use_t options[] = {OPTION(opt_json), OPTIONS_END};

const command_t merge_command = {
    .name = "merge",
    .summary = "check that every unit has its result and add them up exactly",
    .description =
        "Checks that every unit of UNITS (written by 'rperft split') has exactly one result\n"
        "in the RESULTS files (written by 'rperft units'; identical repeats are fine) and\n"
        "prints 'Nodes searched: N', N = sum of multiplicity x count, exact to 2^128.\n",
    .options = options,
    .operands = operands,
    .min_operands = 2,
    .epilogue = "exit status: 0 complete; 1 units missing or results in conflict (listed on stderr);\n"
                "2 unreadable files or bad lines (named FILE:LINE), or results of another units file.\n",
    .run = cmd_merge,
};

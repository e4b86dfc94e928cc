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

/* Lists the units without a result; returns how many there are. label names the
 * set ("" for the RESULTS operands). */
static size_t report_missing(const unit_set_t *set, const tally_t *tallies, const char *label)
{
    size_t missing = 0;
    for (size_t id = 0; id < set->count; id++) {
        if (tallies[id].done)
            continue;
        if (++missing <= MISSING_SHOWN)
            fprintf(stderr, "rperft merge: %sunit %zu has no result: %s\n", label, id, set->units[id].fen);
    }
    if (missing > MISSING_SHOWN)
        fprintf(stderr, "rperft merge: %s... and %zu more\n", label, missing - MISSING_SHOWN);
    if (missing)
        fprintf(stderr, "rperft merge: %s%zu of %zu units have no result\n", label, missing, set->count);
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

/* One result set: its files read into one tally per unit. */
typedef struct result_set {
    const char *label; /* put before what is said of the set: "" or "the --compare set: " */
    const char **files;
    size_t nfiles;
    tally_t *tallies;
    results_summary_t sum;
    size_t missing, conflicting;
} result_set_t;

/* Reads a set: EXIT_ALL_GOOD when every unit has one result, else the exit code
 * (bad lines 2, units missing or in conflict 1; each named on stderr). */
static int read_set(const unit_set_t *set, result_set_t *rs)
{
    bool readable = true;
    for (size_t i = 0; i < rs->nfiles; i++)
        readable = results_read("merge", rs->files[i], set, rs->tallies, &rs->sum) && readable;
    if (!readable || rs->sum.bad > 0) {
        if (rs->sum.bad > 0)
            fprintf(stderr, "rperft merge: %s%ld bad result lines\n", rs->label, rs->sum.bad);
        return EXIT_BAD_INPUT;
    }
    rs->missing = report_missing(set, rs->tallies, rs->label);
    for (size_t id = 0; id < set->count; id++)
        rs->conflicting += rs->tallies[id].conflict;
    if (rs->conflicting)
        fprintf(stderr, "rperft merge: %s%zu units have conflicting results\n", rs->label, rs->conflicting);
    return rs->missing || rs->conflicting ? EXIT_MISMATCH : EXIT_ALL_GOOD;
}

/* Names every unit whose counts differ between two complete sets; returns how
 * many. Sets counted with the same hash keys are no independent check: said. */
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

/* The RESULTS operands (1...), and the --compare files if any, into tallies. */
static int merge(const unit_set_t *set, result_set_t *a, result_set_t *b, json_report_t *j)
{
    int rc = read_set(set, a);
    if (b->nfiles > 0) {
        int rc_b = read_set(set, b);
        rc = rc > rc_b ? rc : rc_b;
        if (rc == EXIT_ALL_GOOD && compare_sets(set, a, b) > 0)
            rc = EXIT_MISMATCH;
    }
    if (rc != EXIT_ALL_GOOD) {
        report_json(j, set, &a->sum, a->missing, a->conflicting, NULL);
        return rc;
    }
    count_t total;
    if (!total_nodes(set, a->tallies, &total)) {
        fprintf(stderr, "rperft merge: the total passes 2^128 - 1\n");
        report_json(j, set, &a->sum, 0, 0, NULL);
        return EXIT_BAD_INPUT;
    }
    report_json(j, set, &a->sum, 0, 0, &total);
    char digits[COUNT_DIGITS_MAX];
    printf("Nodes searched: %s\n", count_format(total, digits));
    fprintf(stderr, "rperft merge: depth %d of %s: %zu units, %ld results (%ld identical repeats), %.3f s computing\n",
            set->depth, set->root, set->count, a->sum.results, a->sum.duplicates, a->sum.seconds);
    return EXIT_ALL_GOOD;
}

static const option_t opt_compare = {
    .name = "compare", .arg = "FILE", .kind = OPTION_TEXT, .repeatable = true,
    .help = "a results file of a second result set of the same units (once per\n"
            "file, e.g. --compare=B/results.1 --compare=B/results.2), computed\n"
            "again with another --key-seed: both sets must be complete, every unit\n"
            "whose counts differ is named, and the total is printed only when they\n"
            "agree on every unit. After '--compare B/results.*' the shell gives it\n"
            "only B/results.1: the other RESULTS files counted with that file's\n"
            "keys (not the first RESULTS file's) join the second set, as said"};

/* `--compare B/results.*` gives --compare only the first file the shell expands
 * to; the others land among the RESULTS operands. A RESULTS file whose results
 * were counted with the --compare set's keys, where the first RESULTS file's were
 * counted with others, is one of them: it is taken into the --compare set, and
 * said so. */
static void take_stray_compare_files(result_set_t *a, result_set_t *b)
{
    char keys_a[32], keys_b[32], keys[32];
    if (a->nfiles < 2 || b->nfiles == 0 || !results_first_keys(a->files[0], keys_a, sizeof keys_a) ||
        !results_first_keys(b->files[0], keys_b, sizeof keys_b) || strcmp(keys_a, keys_b) == 0)
        return;
    size_t kept = 1;
    for (size_t i = 1; i < a->nfiles; i++) {
        if (results_first_keys(a->files[i], keys, sizeof keys) && strcmp(keys, keys_b) == 0) {
            fprintf(stderr,
                    "rperft merge: %s taken into the --compare set: counted with its keys (%s), not those of %s "
                    "(%s)\n",
                    a->files[i], keys_b, a->files[0], keys_a);
            b->files[b->nfiles++] = a->files[i];
        } else {
            a->files[kept++] = a->files[i];
        }
    }
    a->nfiles = kept;
}

/* The files of each set, in command-line order (free both). */
static bool collect_files(const parsed_t *p, result_set_t *a, result_set_t *b)
{
    a->files = calloc((size_t)p->nitems + 1, sizeof *a->files);
    b->files = calloc((size_t)p->nitems + 1, sizeof *b->files);
    if (!a->files || !b->files)
        return false;
    for (size_t i = 1; i < options_operand_count(p); i++)
        a->files[a->nfiles++] = options_operand(p, i)->text;
    for (int i = 0; i < p->nitems; i++)
        if (!p->items[i].is_operand && p->items[i].option == &opt_compare)
            b->files[b->nfiles++] = p->items[i].value.text;
    take_stray_compare_files(a, b);
    return true;
}

static int cmd_merge(const parsed_t *p)
{
    unit_set_t set;
    if (!unit_set_read("merge", options_operand(p, 0)->text, &set))
        return EXIT_BAD_INPUT;
    size_t n = set.count ? set.count : 1;
    result_set_t a = {.label = "", .tallies = calloc(n, sizeof(tally_t))},
                 b = {.label = "the --compare set: ", .tallies = calloc(n, sizeof(tally_t))};
    bool ready = collect_files(p, &a, &b) && a.tallies && b.tallies;
    int rc = EXIT_BAD_INPUT;
    const char *json = options_text(p, &opt_json, NULL);
    char err[512];
    json_report_t *j = json ? json_report_open(json, "merge", err, sizeof err) : NULL;
    if (json && !j)
        fprintf(stderr, "rperft merge: --json %s\n", err);
    else if (ready)
        rc = merge(&set, &a, &b, j);
    else
        fprintf(stderr, "rperft merge: out of memory\n");
    if (j && !json_report_finish(j, true, rc, err, sizeof err)) {
        fprintf(stderr, "rperft merge: --json %s\n", err);
        if (rc == EXIT_ALL_GOOD)
            rc = EXIT_BAD_INPUT;
    }
    free(a.tallies);
    free(b.tallies);
    free(a.files);
    free(b.files);
    unit_set_free(&set);
    return rc;
}

static const option_t operand_units = {.name = "UNITS", .kind = OPTION_TEXT, .help = "units file"};
static const option_t operand_results = {.name = "RESULTS", .kind = OPTION_TEXT, .repeatable = true,
                                         .help = "results files"};
static const option_t *const operands[] = {&operand_units, &operand_results, NULL};
static const option_use_t options[] = {OPTION(opt_compare), OPTION(opt_json), OPTIONS_END};

const command_t merge_command = {
    .name = "merge",
    .summary = "check that every unit has its result and add them up exactly",
    .description =
        "Checks that every unit of UNITS (written by 'rperft split') has exactly one result\n"
        "in the RESULTS files (written by 'rperft units'; identical repeats are fine) and\n"
        "prints 'Nodes searched: N', N = sum of multiplicity x count, exact to 2^128.\n"
        "A line whose checksum does not match its fields (changed after it was written)\n"
        "is refused and named FILE:LINE.\n",
    .options = options,
    .operands = operands,
    .min_operands = 2,
    .epilogue = "exit status: 0 complete (and the sets agree); 1 units missing, results in conflict\n"
                "or the sets differ (listed on stderr); 2 unreadable files or bad lines (named\n"
                "FILE:LINE), or results of another units file.\n",
    .run = cmd_merge,
};

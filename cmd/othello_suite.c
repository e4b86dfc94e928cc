/* rperft othello suite: checks every count of Othello suite files (core/othello_suite.h)
 * with one flip method or all, under a node budget. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "othello_commands.h"
#include "othello_options.h"
#include "shared_options.h"
#include "suite_common.h"
#include "core/othello_suite.h"

typedef struct suite_options {
    const char *method;
    bool has_max_nodes;
    count_t max_nodes;
    int pass_ply; /* -1: both conventions */
    bool bulk;
} suite_options_t;

typedef struct tally {
    int passed, failed, skipped;
} tally_t;

/* One position with one method: every count within the limits. */
static void check_entry(const othello_method_t *m, const othello_suite_entry_t *e, const suite_options_t *opt,
                        const char *file, tally_t *t)
{
    char label[96], expected[COUNT_DIGITS_MAX], got[COUNT_DIGITS_MAX];
    snprintf(label, sizeof label, "%s:%ld%s%s", file, e->line, e->id[0] ? " " : "", e->id);
    int run = 0, skipped = 0, deepest = 0;
    for (int i = 0; i < e->nchecks; i++) {
        const othello_check_t *c = &e->checks[i];
        if ((opt->pass_ply >= 0 && c->pass_ply != (opt->pass_ply == 1)) ||
            (opt->has_max_nodes && c->nodes > opt->max_nodes)) {
            skipped++;
            continue;
        }
        othello_rules_t rules = {.pass_ply = c->pass_ply, .bulk = opt->bulk};
        count_t nodes = m->perft(&e->pos, c->depth, &rules);
        if (nodes != c->nodes) {
            printf("FAIL %s %s: D%d%s expected %s, got %s\n", label, m->name, c->depth, c->pass_ply ? "" : "p0",
                   count_format(c->nodes, expected), count_format(nodes, got));
            t->failed++;
            return;
        }
        run++;
        if (c->depth > deepest)
            deepest = c->depth;
    }
    if (run == 0) {
        printf("skip %s %s: every count over the limits\n", label, m->name);
        t->skipped++;
        return;
    }
    printf("ok   %s %s: %d count%s to depth %d", label, m->name, run, run == 1 ? "" : "s", deepest);
    if (skipped)
        printf(" (%d skipped)", skipped);
    printf("\n");
    t->passed++;
}

/* -1 on a malformed line (said on stderr) or an unreadable file. */
static int check_file(const char *path, const othello_method_t *only, const suite_options_t *opt, tally_t *t)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");
    if (!f) {
        fprintf(stderr, "rperft othello suite: %s: %s\n", path, strerror(errno));
        return -1;
    }
    char *line = NULL;
    size_t cap = 0;
    long lineno = 0;
    int rc = 0;
    othello_suite_entry_t *e = malloc(sizeof *e);
    while (e && getline(&line, &cap, f) >= 0) {
        lineno++;
        line[strcspn(line, "\n")] = '\0';
        othello_suite_error_t err;
        int r = othello_suite_parse_line(line, lineno, e, &err);
        if (r < 0) {
            fprintf(stderr, "rperft othello suite: %s:%ld:%d: %s: %s\n", path, err.line, err.column, err.field,
                    err.message);
            rc = -1;
            break;
        }
        if (r == 0)
            continue;
        for (int i = 0; othello_methods[i]; i++)
            if ((!only && othello_method_runs_here(othello_methods[i])) || only == othello_methods[i])
                check_entry(othello_methods[i], e, opt, path, t);
        fflush(stdout);
    }
    if (!e) {
        fprintf(stderr, "rperft othello suite: out of memory\n");
        rc = -1;
    }
    free(e);
    free(line);
    if (f != stdin)
        fclose(f);
    return rc;
}

static int cmd_othello_suite(const parsed_t *p)
{
    const option_value_t *budget = options_get(p, &opt_max_nodes);
    suite_options_t opt = {
        .method = options_text(p, &opt_othello_method, NULL),
        .has_max_nodes = budget != NULL,
        .max_nodes = budget ? budget->count : 0,
        .pass_ply = (int)options_int(p, &opt_pass_ply, -1),
        .bulk = !options_flag(p, &opt_no_bulk),
    };
    const othello_method_t *only = NULL;
    if (!opt.method || strcmp(opt.method, "all") != 0)
        if (!(only = othello_resolve_method(p, opt.method)))
            return EXIT_BAD_INPUT;
    tally_t t = {0};
    bool bad = false;
    for (size_t i = 0; i < options_operand_count(p); i++)
        if (check_file(options_operand(p, i)->text, only, &opt, &t) < 0)
            bad = true;
    if (t.skipped)
        printf("%d passed, %d failed, %d skipped\n", t.passed, t.failed, t.skipped);
    else
        printf("%d passed, %d failed\n", t.passed, t.failed);
    return t.failed ? EXIT_MISMATCH : bad ? EXIT_BAD_INPUT : EXIT_ALL_GOOD;
}

static const option_use_t options[] = {
    OPTION_HELP(opt_othello_method, "flip method (default: kogge-stone); 'all' checks every method"),
    OPTION_HELP(opt_max_nodes, "skip counts above N (K M G T allowed)"),
    OPTION_HELP(opt_pass_ply, "check only the counts of that convention (default: both)"),
    OPTION_HELP(opt_no_bulk, "compute the flips of every last-ply move"),
    OPTIONS_END,
};

static const option_t *const operands[] = {&operand_files, NULL};

const command_t othello_suite_command = {
    .name = "othello suite",
    .summary = "check Othello suite files (;D<n> and ;D<n>p0 counts)",
    .description = "Checks the counts of Othello suite files, one position per line:\n"
                   "  BOARD SIDE ;D1 4 ;D9 3005288 ;D9p0 3005320 ;id \"start\"\n"
                   ";D<n> is the count at depth n with a pass as one ply, ;D<n>p0 with a pass taking no\n"
                   "ply; '#' starts a comment line. Prints one line per position and method and last\n"
                   "'N passed, N failed'.\n",
    .options = options,
    .operands = operands,
    .min_operands = 1,
    .epilogue = "exit status: 0 all passed, 1 a count mismatch, 2 a malformed line (FILE:LINE:COLUMN)\n"
                "or bad usage\n",
    .run = cmd_othello_suite,
};

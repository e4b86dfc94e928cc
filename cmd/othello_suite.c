/* rperft othello suite: checks every count of Othello suite files (core/othello_suite.h)
 * with one flip method or all, under a node budget. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "othello_commands.h"
#include "othello_options.h"
#include "suite_common.h"
#include "core/othello_suite.h"

static const char help[] =
    "usage: rperft othello suite [--method NAME|all] [--max-nodes N] [--pass-ply 1|0] [--no-bulk] FILE...\n"
    "\n"
    "Checks the counts of Othello suite files, one position per line:\n"
    "  BOARD SIDE ;D1 4 ;D9 3005288 ;D9p0 3005320 ;id \"start\"\n"
    ";D<n> is the count at depth n with a pass as one ply, ;D<n>p0 with a pass taking no\n"
    "ply; '#' starts a comment line. Prints one line per position and method and last\n"
    "'N passed, N failed'.\n"
    "\n"
    "  --method NAME     flip method (default: kogge-stone); 'all' checks every method\n"
    "  --max-nodes N     skip counts above N (suffixes K M G T)\n"
    "  --pass-ply 1|0    check only the counts of that convention (default: both)\n"
    "  --no-bulk         compute the flips of every last-ply move\n"
    "\n"
    "exit status: 0 all passed, 1 a count mismatch, 2 a malformed line (FILE:LINE:COLUMN)\n"
    "or bad usage\n";

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
            if (!only || only == othello_methods[i])
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

int cmd_othello_suite(int argc, char **argv)
{
    const char *cmd = "othello suite";
    suite_options_t opt = {.pass_ply = -1, .bulk = true};
    int i = 1;
    for (; i < argc && argv[i][0] == '-' && argv[i][1] != '\0'; i++) {
        const char *a = argv[i];
        bool has_value = i + 1 < argc;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            fputs(help, stdout);
            return EXIT_ALL_GOOD;
        } else if (strcmp(a, "--method") == 0 && has_value) {
            opt.method = argv[++i];
        } else if (strcmp(a, "--max-nodes") == 0 && has_value) {
            if (!parse_node_budget(argv[++i], &opt.max_nodes))
                return usage_error(cmd, "--max-nodes must be a whole number (K, M, G, T allowed), not '%s'", argv[i]);
            opt.has_max_nodes = true;
        } else if (strcmp(a, "--pass-ply") == 0 && has_value) {
            bool pass_ply;
            if (!othello_parse_pass_ply(argv[++i], &pass_ply))
                return usage_error(cmd, "--pass-ply takes 1 or 0, not '%s'", argv[i]);
            opt.pass_ply = pass_ply;
        } else if (strcmp(a, "--no-bulk") == 0) {
            opt.bulk = false;
        } else if (strcmp(a, "--method") == 0 || strcmp(a, "--max-nodes") == 0 || strcmp(a, "--pass-ply") == 0) {
            return usage_error(cmd, "%s needs a value", a);
        } else {
            return usage_error(cmd, "unknown option '%s'", a);
        }
    }
    if (i == argc)
        return usage_error(cmd, "missing FILE");
    const othello_method_t *only = NULL;
    if (!opt.method || strcmp(opt.method, "all") != 0)
        if (!(only = othello_resolve_method(cmd, opt.method)))
            return EXIT_BAD_INPUT;
    tally_t t = {0};
    bool bad = false;
    for (; i < argc; i++)
        if (check_file(argv[i], only, &opt, &t) < 0)
            bad = true;
    if (t.skipped)
        printf("%d passed, %d failed, %d skipped\n", t.passed, t.failed, t.skipped);
    else
        printf("%d passed, %d failed\n", t.passed, t.failed);
    return t.failed ? EXIT_MISMATCH : bad ? EXIT_BAD_INPUT : EXIT_ALL_GOOD;
}

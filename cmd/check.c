/* rperft check: validates an external engine's perft against suite files, and
 * for every mismatch drills down, comparing the engine's divide with rperft's one
 * ply at a time, to the exact move path and position where the two disagree. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "commands.h"
#include "engine.h"
#include "runner.h"
#include "shared_options.h"
#include "suite_common.h"
#include "core/fen.h"
#include "core/position_moves.h"
#include "core/suite.h"

enum { MAX_FAILURES_IN_A_ROW = 3 };

typedef struct check_options {
    const char *engine, *method;
    engine_protocol_t protocol;
    double timeout;
    depth_limits_t lim;
    bool quiet;
    const parsed_t *args; /* the FILE operands */
    int nfiles;
} check_options_t;

typedef struct check_run {
    const check_options_t *opt;
    engine_t *engine;
    const method_t *method;
    runner_t *runner;
    bool progress;
    int failures_in_a_row;
    size_t passed, failed, skipped, done, total, depths_checked, depths_skipped;
    count_t nodes;
    double seconds;
} check_run_t;

typedef enum { CHECK_PASS, CHECK_FAIL, CHECK_SKIP, CHECK_INTERRUPTED, CHECK_GIVE_UP } check_result_t;

/* ---- options ---------------------------------------------------------------------- */

static bool parse_seconds(const char *text, option_value_t *v)
{
    char *end;
    double seconds = strtod(text, &end);
    if (end == text || *end != '\0' || !(seconds > 0) || seconds > 1e6)
        return false;
    v->real = seconds;
    return true;
}

static const option_t opt_engine = {
    .name = "engine", .arg = "CMD", .kind = OPTION_TEXT,
    .help = "the engine and its arguments, run by /bin/sh (quotes work)"};
static const option_t opt_protocol = {
    .name = "protocol", .arg = "NAME", .kind = OPTION_CHOICE, .choices = "uci|perftree",
    .help = "uci (default): start CMD once and speak UCI: uci, isready,\n"
            "setoption name UCI_Chess960 (for Chess960 positions),\n"
            "position fen F [moves M], go perft D; read Stockfish's\n"
            "'move: count' lines and 'Nodes searched: N'\n"
            "perftree: run 'CMD DEPTH FEN [MOVES]' per query and read perftree's\n"
            "format: 'move count' lines, an empty line, the total"};
static const option_t opt_timeout = {
    .name = "timeout", .arg = "S", .kind = OPTION_CUSTOM, .parse = parse_seconds,
    .expects = "a number of seconds above 0 (at most 1000000)",
    .help = "seconds an engine may take per query (default 60); an engine\n"
            "that is slower, dies or prints garbage is reported with what\n"
            "it printed, killed, and the check goes on"};

static void read_options(const parsed_t *p, check_options_t *opt)
{
    static const engine_protocol_t protocols[] = {PROTOCOL_UCI, PROTOCOL_PERFTREE};
    const option_value_t *budget = options_get(p, &opt_max_nodes), *timeout = options_get(p, &opt_timeout);
    *opt = (check_options_t){
        .engine = options_text(p, &opt_engine, NULL),
        .method = options_text(p, &opt_method, NULL),
        .protocol = protocols[options_int(p, &opt_protocol, 0)],
        .timeout = timeout ? timeout->real : 60,
        .lim = {.max_depth = (int)options_int(p, &opt_max_depth, -1),
                .has_max_nodes = budget != NULL,
                .max_nodes = budget ? budget->count : 0},
        .quiet = options_flag(p, &opt_quiet),
        .args = p,
        .nfiles = (int)options_operand_count(p),
    };
}

/* ---- rperft's side -------------------------------------------------------------------- */

/* rperft's divide of pos at depth (>= 1), on the worker thread so Ctrl-C works. */
static bool our_divide(check_run_t *r, const position_t *pos, int depth, divide_t *out)
{
    move_t moves[MAX_MOVES];
    int n = r->method->generate(pos, moves);
    position_t *children = malloc(((size_t)n + 1) * sizeof *children);
    perft_job_t *jobs = malloc(((size_t)n + 1) * sizeof *jobs);
    if (!children || !jobs) {
        perror("rperft");
        exit(EXIT_BAD_INPUT);
    }
    for (int i = 0; i < n; i++) {
        undo_t u;
        children[i] = *pos;
        position_make(&children[i], moves[i], &u);
        jobs[i] = (perft_job_t){r->method, &children[i], depth - 1, true, 0, 0, NULL};
    }
    bool done = runner_run(r->runner, jobs, n);
    *out = (divide_t){0};
    for (int i = 0; done && i < n; i++) {
        char name[8];
        move_to_uci(pos, moves[i], name);
        divide_add(out, name, jobs[i].nodes);
        out->total += jobs[i].nodes;
    }
    divide_sort(out);
    free(children);
    free(jobs);
    return done;
}

/* ---- drill-down ---------------------------------------------------------------------- */

static count_t sum_of(const divide_t *d)
{
    count_t s = 0;
    for (int i = 0; i < d->n; i++)
        s += d->moves[i].nodes;
    return s;
}

/* Prints the moves of a that b lacks, or "none". Returns how many. */
static int print_missing(FILE *out, const divide_t *a, const divide_t *b)
{
    int n = 0;
    for (int i = 0; i < a->n; i++)
        if (!divide_find(b, a->moves[i].move))
            fprintf(out, "%s%s", n++ ? " " : "", a->moves[i].move);
    if (n == 0)
        fputs("none", out);
    fputc('\n', out);
    return n;
}

static int count_missing(const divide_t *a, const divide_t *b)
{
    int n = 0;
    for (int i = 0; i < a->n; i++)
        n += divide_find(b, a->moves[i].move) == NULL;
    return n;
}

/* The first move (in sorted order) both list with different counts, or NULL. */
static const divide_move_t *first_difference(const divide_t *ours, const divide_t *theirs)
{
    for (int i = 0; i < ours->n; i++) {
        const divide_move_t *t = divide_find(theirs, ours->moves[i].move);
        if (t && t->nodes != ours->moves[i].nodes)
            return &ours->moves[i];
    }
    return NULL;
}

static void print_where(FILE *out, const position_t *pos, const char *path, int plies, int depth)
{
    char fen[FEN_MAX];
    fen_write(pos, fen);
    if (plies)
        fprintf(out, "    after %s (%d pl%s), depth %d:\n", path, plies, plies == 1 ? "y" : "ies", depth);
    else
        fprintf(out, "    at the root, depth %d:\n", depth);
    fprintf(out, "    position: %s\n", fen);
}

/* Starting from the engine's wrong divide at the root, follows the first move
 * whose count differs until the position where the lists themselves differ. */
static check_result_t drill_down(check_run_t *r, FILE *out, const suite_entry_t *e, const char *root_fen, int depth,
                                 divide_t *theirs)
{
    position_t pos = e->pos;
    char path[SUITE_MAX_DEPTH * 8 + 8] = "";
    int plies = 0;
    char digits[COUNT_DIGITS_MAX], digits2[COUNT_DIGITS_MAX];
    fprintf(out, "  drill-down from D%d:\n", depth);
    for (;;) {
        divide_t ours;
        if (!our_divide(r, &pos, depth, &ours))
            return CHECK_INTERRUPTED;
        if (plies == 0 && ours.total != e->depths[0].expected)
            fprintf(out, "    rperft counts %s here, not the suite's %s\n", count_format(ours.total, digits),
                    count_format(e->depths[0].expected, digits2));
        const divide_move_t *diff = first_difference(&ours, theirs);
        if (count_missing(&ours, theirs) || count_missing(theirs, &ours) || !diff || depth == 1) {
            print_where(out, &pos, path, plies, depth);
            fprintf(out, "    missing from the engine: ");
            print_missing(out, &ours, theirs);
            fprintf(out, "    extra in the engine: ");
            print_missing(out, theirs, &ours);
            for (int i = 0; i < ours.n; i++) {
                const divide_move_t *t = divide_find(theirs, ours.moves[i].move);
                if (t && t->nodes != ours.moves[i].nodes)
                    fprintf(out, "    %s: engine %s, rperft %s\n", t->move, count_format(t->nodes, digits),
                            count_format(ours.moves[i].nodes, digits2));
            }
            if (sum_of(theirs) != theirs->total)
                fprintf(out, "    the engine's lines add up to %s, but it reports %s\n",
                        count_format(sum_of(theirs), digits), count_format(theirs->total, digits2));
            else if (!diff && ours.total == theirs->total)
                fprintf(out, "    the engine agrees with rperft here (%s); the suite's count may be wrong\n",
                        count_format(ours.total, digits));
            divide_free(&ours);
            return CHECK_FAIL;
        }
        move_t m;
        undo_t u;
        if (!move_from_uci(&pos, diff->move, &m)) { /* cannot happen: the move is rperft's own */
            divide_free(&ours);
            return CHECK_FAIL;
        }
        size_t at = strlen(path);
        snprintf(path + at, sizeof path - at, "%s%s", plies ? " " : "", diff->move);
        position_make(&pos, m, &u);
        plies++;
        depth--;
        divide_free(&ours);
        divide_free(theirs);
        char why[512];
        engine_status_t s = engine_divide(r->engine, root_fen, path, e->pos.chess960, depth, theirs, why, sizeof why);
        if (s == ENGINE_INTERRUPTED)
            return CHECK_INTERRUPTED;
        if (s == ENGINE_FAILED) {
            fprintf(out, "    drill-down stopped after %s: %s; it printed:\n%s", path, why,
                    engine_transcript(r->engine));
            return CHECK_FAIL;
        }
    }
}

/* ---- one position ---------------------------------------------------------------------- */

static void progress(const check_run_t *r, const suite_t *s, const suite_entry_t *e, int depth)
{
    if (!r->progress)
        return;
    char label[96];
    fprintf(stderr, "\r\033[K[%zu/%zu] %s %s D%d ...", r->done + 1, r->total, s->name,
            entry_label(e, label, sizeof label), depth);
}

static void progress_clear(const check_run_t *r)
{
    if (r->progress)
        fputs("\r\033[K", stderr);
}

/* Queries every depth in the budget; writes the wrong ones (and one drill-down)
 * to out. */
static check_result_t query_depths(check_run_t *r, FILE *out, const suite_t *s, const suite_entry_t *e,
                                   int *depths, int *nrun, count_t *nodes, double *seconds)
{
    char fen[FEN_MAX], why[512], digits[COUNT_DIGITS_MAX], digits2[COUNT_DIGITS_MAX];
    fen_write(&e->pos, fen);
    check_result_t result = CHECK_PASS;
    bool drilled = false;
    for (int d = 0; d < e->ndepths; d++) {
        const suite_depth_t *sd = &e->depths[d];
        if (depth_plan(&r->opt->lim, sd) != DEPTH_RUN || sd->depth == 0)
            continue;
        progress(r, s, e, sd->depth);
        divide_t theirs;
        double start = seconds_now();
        engine_status_t st = engine_divide(r->engine, fen, "", e->pos.chess960, sd->depth, &theirs, why, sizeof why);
        *seconds += seconds_now() - start;
        if (st == ENGINE_INTERRUPTED)
            return CHECK_INTERRUPTED;
        depths[(*nrun)++] = sd->depth;
        if (st == ENGINE_FAILED) {
            fprintf(out, "  D%d: engine error: %s; it printed:\n%s", sd->depth, why, engine_transcript(r->engine));
            return ++r->failures_in_a_row >= MAX_FAILURES_IN_A_ROW ? CHECK_GIVE_UP : CHECK_FAIL;
        }
        r->failures_in_a_row = 0;
        *nodes += theirs.total;
        if (theirs.total != sd->expected) {
            result = CHECK_FAIL;
            fprintf(out, "  D%d: expected %s, engine %s\n", sd->depth, count_format(sd->expected, digits),
                    count_format(theirs.total, digits2));
            if (!drilled) {
                drilled = true;
                suite_entry_t one = *e;
                one.depths = (suite_depth_t *)sd;
                one.ndepths = 1;
                progress(r, s, e, sd->depth);
                if (drill_down(r, out, &one, fen, sd->depth, &theirs) == CHECK_INTERRUPTED) {
                    divide_free(&theirs);
                    return CHECK_INTERRUPTED;
                }
            }
        }
        divide_free(&theirs);
    }
    return result;
}

static check_result_t check_entry(check_run_t *r, const suite_t *s, const suite_entry_t *e)
{
    char label[96], note[512], list[256], digits[COUNT_DIGITS_MAX];
    int depths[SUITE_MAX_DEPTH + 1], nrun = 0;
    count_t nodes = 0;
    double seconds = 0;
    char *details = NULL;
    size_t details_len = 0;
    FILE *out = open_memstream(&details, &details_len);
    if (!out) {
        perror("rperft");
        exit(EXIT_BAD_INPUT);
    }
    check_result_t res = query_depths(r, out, s, e, depths, &nrun, &nodes, &seconds);
    fclose(out);
    progress_clear(r);
    if (res != CHECK_INTERRUPTED) {
        skip_note(&r->opt->lim, e, note, sizeof note);
        for (int d = 0; d < e->ndepths; d++)
            r->depths_skipped += depth_plan(&r->opt->lim, &e->depths[d]) != DEPTH_RUN;
        if (nrun == 0 && res == CHECK_PASS)
            res = CHECK_SKIP;
        const char *word = res == CHECK_PASS ? "PASS" : res == CHECK_SKIP ? "SKIP" : "FAIL";
        if (res != CHECK_PASS && res != CHECK_SKIP)
            printf("%s:%d %s %s FAIL %s nodes %.3f s%s\n%s", s->name, e->line, entry_label(e, label, sizeof label),
                   format_depths(depths, nrun, list, sizeof list), count_format(nodes, digits), seconds, note,
                   details);
        else if (!r->opt->quiet && res == CHECK_SKIP)
            printf("%s:%d %s SKIP%s\n", s->name, e->line, entry_label(e, label, sizeof label), note);
        else if (!r->opt->quiet)
            printf("%s:%d %s %s %s %s nodes %.3f s%s\n", s->name, e->line, entry_label(e, label, sizeof label),
                   format_depths(depths, nrun, list, sizeof list), word, count_format(nodes, digits), seconds, note);
        fflush(stdout);
        r->depths_checked += (size_t)nrun;
        r->nodes += nodes;
        r->seconds += seconds;
    }
    free(details);
    return res;
}

/* ---- the run ---------------------------------------------------------------------------- */

static suite_t *load_all(const check_options_t *opt, size_t *total)
{
    suite_t *suites = calloc((size_t)opt->nfiles, sizeof *suites);
    *total = 0;
    for (int i = 0; suites && i < opt->nfiles; i++) {
        suite_error_t err;
        if (!suite_load(options_operand(opt->args, (size_t)i)->text, SUITE_REQUIRE_POSITIONS, &suites[i], &err)) {
            char msg[SUITE_ERROR_MAX];
            fprintf(stderr, "rperft check: %s\n", suite_error_format(&err, msg, sizeof msg));
            for (int j = 0; j < i; j++)
                suite_free(&suites[j]);
            free(suites);
            return NULL;
        }
        *total += suites[i].count;
    }
    return suites;
}

/* Returns false when the run stopped early (interrupted or engine given up). */
static check_result_t run_all(check_run_t *r, const suite_t *suites, int n)
{
    for (int f = 0; f < n; f++)
        for (size_t i = 0; i < suites[f].count; i++) {
            check_result_t res = check_entry(r, &suites[f], &suites[f].entries[i]);
            if (res == CHECK_INTERRUPTED)
                return res;
            r->done++;
            r->passed += res == CHECK_PASS;
            r->failed += res == CHECK_FAIL || res == CHECK_GIVE_UP;
            r->skipped += res == CHECK_SKIP;
            if (res == CHECK_GIVE_UP) {
                fprintf(stderr, "rperft check: the engine failed %d times in a row; stopping\n",
                        MAX_FAILURES_IN_A_ROW);
                return res;
            }
        }
    return CHECK_PASS;
}

static int cmd_check(const parsed_t *p)
{
    check_options_t opt;
    int rc;
    read_options(p, &opt);
    check_run_t r = {.opt = &opt};
    r.method = resolve_method("check", opt.method);
    if (!r.method)
        return EXIT_BAD_INPUT;
    suite_t *suites = load_all(&opt, &r.total);
    if (!suites)
        return EXIT_BAD_INPUT;
    interrupt_setup();
    r.runner = runner_start();
    r.engine = engine_new(opt.engine, opt.protocol, opt.timeout);
    r.progress = !opt.quiet && isatty(STDERR_FILENO);
    char why[512];
    engine_status_t st = engine_start(r.engine, why, sizeof why);
    check_result_t res = CHECK_INTERRUPTED;
    if (st == ENGINE_FAILED) {
        fprintf(stderr, "rperft check: cannot start the engine '%s': %s; it printed:\n%s", opt.engine, why,
                engine_transcript(r.engine));
        rc = EXIT_BAD_INPUT;
    } else if (st == ENGINE_OK) {
        res = run_all(&r, suites, opt.nfiles);
        progress_clear(&r);
        if (res == CHECK_INTERRUPTED)
            fprintf(stderr, "rperft check: interrupted after %zu of %zu positions\n", r.done, r.total);
        char digits[COUNT_DIGITS_MAX];
        printf("total: %zu position%s, %zu depth%s checked, %s nodes, %.3f s in the engine", r.done,
               r.done == 1 ? "" : "s", r.depths_checked, r.depths_checked == 1 ? "" : "s",
               count_format(r.nodes, digits), r.seconds);
        if (r.depths_skipped)
            printf("; %zu depth%s skipped", r.depths_skipped, r.depths_skipped == 1 ? "" : "s");
        printf("\n%zu passed, %zu failed", r.passed, r.failed);
        if (r.skipped)
            printf(", %zu skipped", r.skipped);
        printf("\n");
        rc = res == CHECK_INTERRUPTED ? EXIT_INTERRUPTED : r.failed ? EXIT_MISMATCH : EXIT_ALL_GOOD;
    } else {
        rc = EXIT_INTERRUPTED;
    }
    engine_free(r.engine);
    runner_stop(r.runner);
    if (rc == EXIT_INTERRUPTED)
        exit_abandoning_workers(stop_signal_exit_code());
    for (int i = 0; i < opt.nfiles; i++)
        suite_free(&suites[i]);
    free(suites);
    return rc;
}

static const option_use_t options[] = {
    OPTION_REQUIRED(opt_engine),
    OPTION(opt_protocol),
    OPTION(opt_max_depth),
    OPTION(opt_max_nodes),
    OPTION(opt_timeout),
    OPTION_HELP(opt_method, "rperft's method for the drill-down (default: rotated)"),
    OPTION(opt_quiet),
    OPTIONS_END,
};

static const option_t *const operands[] = {&operand_files, NULL};

const command_t check_command = {
    .name = "check",
    .summary = "check an external engine's perft against suites, drilling down to each fault",
    .description =
        "Checks an external engine's perft counts against suite files (the formats of\n"
        "'rperft suite'). For every depth whose count is wrong it drills down: it compares\n"
        "the engine's divide with rperft's, plays the first move whose count differs, and\n"
        "repeats one ply deeper, until it finds the position where the engine lacks a\n"
        "move, has one too many, or miscounts at depth 1. It prints the move path, that\n"
        "position's FEN, and the moves missing from or extra in the engine's list.\n",
    .options = options,
    .operands = operands,
    .min_operands = 1,
    .epilogue = "exit status: 0 the engine got every checked count right, 1 it did not (or failed),\n"
                "2 bad usage, unreadable input, or an engine that cannot be started, 130 / 143\n"
                "stopped by SIGINT / SIGTERM\n",
    .run = cmd_check,
};

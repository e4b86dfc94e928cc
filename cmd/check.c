/* rperft check: validates an external engine's perft against suite files, and
 * for every mismatch drills down, comparing the engine's divide with rperft's one
 * ply at a time, to the exact move path and position where the two disagree. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "commands.h"
#include "engine.h"
#include "json_report.h"
#include "junit.h"
#include "runner.h"
#include "shared_options.h"
#include "suite_common.h"
#include "core/fen.h"
#include "core/position_moves.h"
#include "core/suite.h"

enum { MAX_FAILURES_IN_A_ROW = 3 };

typedef struct check_options {
    const char *engine, *method, *json, *junit;
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
    json_report_t *json;
    json_t *json_case; /* the position being checked */
    junit_t *junit;
    bool progress;
    int failures_in_a_row;
    size_t passed, failed, skipped, done, total, depths_checked, depths_skipped;
    count_t nodes;
    double seconds;
} check_run_t;

/* Where a drill-down ended: the moves from the root, that position and the depth
 * left, and both divides there (an engine that prints totals only has its counts
 * per child, or none at depth 1); stopped says why the engine failed on the way. */
typedef struct drill {
    char path[SUITE_MAX_DEPTH * 8 + 8];
    int plies, depth;
    char fen[FEN_MAX];
    divide_t ours, theirs;
    bool totals_only;
    char stopped[512];
} drill_t;

typedef enum { CHECK_PASS, CHECK_FAIL, CHECK_SKIP, CHECK_INTERRUPTED, CHECK_GIVE_UP } check_result_t;

/* ---- options ---------------------------------------------------------------------- */

static const option_t opt_engine = {
    .name = "engine", .arg = "CMD", .kind = OPTION_TEXT,
    .help = "the engine and its arguments, run by /bin/sh (quotes work)"};
static const option_t opt_protocol = {
    .name = "protocol", .arg = "NAME", .kind = OPTION_CHOICE, .choices = "auto|uci|go-perft|perft|perftree",
    .help = "auto (default): 'uci' until the engine answers 'go perft' with a\n"
            "search (info depth, bestmove) or 'unknown command', then 'perft'\n"
            "uci (or go-perft): start CMD once and speak UCI: uci, isready,\n"
            "setoption name UCI_Chess960 (for Chess960 positions),\n"
            "position fen F [moves M], go perft D; read 'e2e4: 20' or 'e2e4 20'\n"
            "lines and 'Nodes searched: N', 'Nodes: N' or a bare number\n"
            "perft: the same with a bare 'perft D' (Ethereal); an engine that\n"
            "prints only the total is drilled down child by child\n"
            "perftree: run 'CMD DEPTH FEN [MOVES]' per query and read perftree's\n"
            "format: 'move count' lines, an empty line, the total"};


static void read_options(const parsed_t *p, check_options_t *opt)
{
    static const engine_protocol_t protocols[] = {PROTOCOL_AUTO, PROTOCOL_UCI, PROTOCOL_UCI, PROTOCOL_PERFT,
                                                  PROTOCOL_PERFTREE};
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
        .json = options_text(p, &opt_json, NULL),
        .junit = options_text(p, &opt_junit, NULL),
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

/* Prints the moves of a that b lacks, or "none". */
static void print_missing(FILE *out, const divide_t *a, const divide_t *b)
{
    int n = 0;
    for (int i = 0; i < a->n; i++)
        if (!divide_find(b, a->moves[i].move))
            fprintf(out, "%s%s", n++ ? " " : "", a->moves[i].move);
    if (n == 0)
        fputs("none", out);
    fputc('\n', out);
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

/* An engine that prints totals only gets its divide built child by child: perft
 * depth-1 after each of rperft's moves. theirs keeps the engine's total. */
static check_result_t divide_by_children(check_run_t *r, const char *root_fen, bool chess960, drill_t *d,
                                         divide_t *theirs)
{
    count_t total = theirs->total;
    divide_free(theirs);
    theirs->total = total;
    for (int i = 0; i < d->ours.n; i++) {
        char moves[sizeof d->path + 8];
        snprintf(moves, sizeof moves, "%s%s%s", d->path, d->plies ? " " : "", d->ours.moves[i].move);
        divide_t child;
        engine_status_t s = engine_divide(r->engine, root_fen, moves, chess960, d->depth - 1, &child, d->stopped,
                                          sizeof d->stopped);
        if (s == ENGINE_INTERRUPTED)
            return CHECK_INTERRUPTED;
        if (s == ENGINE_FAILED)
            return CHECK_FAIL;
        divide_add(theirs, d->ours.moves[i].move, child.total);
        divide_free(&child);
    }
    divide_sort(theirs);
    return CHECK_PASS;
}

/* Starting from the engine's wrong divide at the root, follows the first move
 * whose count differs until the position where the lists themselves differ (or,
 * for an engine that prints totals only, the depth-1 count does). Fills d; takes
 * theirs. */
static check_result_t drill_down(check_run_t *r, const suite_entry_t *e, const char *root_fen, int depth,
                                 divide_t *theirs, drill_t *d)
{
    position_t pos = e->pos;
    *d = (drill_t){.depth = depth};
    for (;;) {
        fen_write(&pos, d->fen);
        if (!our_divide(r, &pos, d->depth, &d->ours))
            return CHECK_INTERRUPTED;
        if (!theirs->listed) {
            d->totals_only = true;
            if (d->depth > 1) {
                check_result_t c = divide_by_children(r, root_fen, e->pos.chess960, d, theirs);
                if (c == CHECK_FAIL) {
                    d->theirs = *theirs;
                    *theirs = (divide_t){0};
                }
                if (c != CHECK_PASS)
                    return c;
            }
        }
        const divide_move_t *diff = first_difference(&d->ours, theirs);
        bool lists_differ = count_missing(&d->ours, theirs) || count_missing(theirs, &d->ours);
        if (d->depth == 1 || !diff || (theirs->n > 0 && lists_differ)) {
            d->theirs = *theirs;
            *theirs = (divide_t){0};
            return CHECK_FAIL;
        }
        move_t m;
        undo_t u;
        if (!move_from_uci(&pos, diff->move, &m)) { /* cannot happen: the move is rperft's own */
            d->theirs = *theirs;
            *theirs = (divide_t){0};
            return CHECK_FAIL;
        }
        size_t at = strlen(d->path);
        snprintf(d->path + at, sizeof d->path - at, "%s%s", d->plies ? " " : "", diff->move);
        position_make(&pos, m, &u);
        d->plies++;
        d->depth--;
        divide_free(&d->ours);
        divide_free(theirs);
        engine_status_t s = engine_divide(r->engine, root_fen, d->path, e->pos.chess960, d->depth, theirs,
                                          d->stopped, sizeof d->stopped);
        if (s == ENGINE_INTERRUPTED)
            return CHECK_INTERRUPTED;
        if (s == ENGINE_FAILED) {
            fen_write(&pos, d->fen);
            return CHECK_FAIL;
        }
    }
}

static void print_drill(FILE *out, check_run_t *r, const drill_t *d, count_t expected)
{
    char digits[COUNT_DIGITS_MAX], digits2[COUNT_DIGITS_MAX];
    if (d->stopped[0]) {
        fprintf(out, "    drill-down stopped after %s: %s; it printed:\n%s", d->plies ? d->path : "the root",
                d->stopped, engine_transcript(r->engine));
        return;
    }
    if (d->plies == 0 && d->ours.total != expected)
        fprintf(out, "    rperft counts %s here, not the suite's %s\n", count_format(d->ours.total, digits),
                count_format(expected, digits2));
    if (d->plies)
        fprintf(out, "    after %s (%d pl%s), depth %d:\n", d->path, d->plies, d->plies == 1 ? "y" : "ies",
                d->depth);
    else
        fprintf(out, "    at the root, depth %d:\n", d->depth);
    fprintf(out, "    position: %s\n", d->fen);
    const divide_t *ours = &d->ours, *theirs = &d->theirs;
    if (d->totals_only && theirs->n == 0) {
        fprintf(out, "    the engine prints totals only: it counts %s moves here, rperft %s; rperft's moves: ",
                count_format(theirs->total, digits), count_format(ours->total, digits2));
        divide_t none = {0};
        print_missing(out, ours, &none);
        return;
    }
    fprintf(out, "    missing from the engine: ");
    print_missing(out, ours, theirs);
    fprintf(out, "    extra in the engine: ");
    print_missing(out, theirs, ours);
    for (int i = 0; i < ours->n; i++) {
        const divide_move_t *t = divide_find(theirs, ours->moves[i].move);
        if (t && t->nodes != ours->moves[i].nodes)
            fprintf(out, "    %s: engine %s, rperft %s\n", t->move, count_format(t->nodes, digits),
                    count_format(ours->moves[i].nodes, digits2));
    }
    if (sum_of(theirs) != theirs->total)
        fprintf(out, "    the engine's %s add up to %s, but it reports %s\n",
                d->totals_only ? "counts after each move" : "lines", count_format(sum_of(theirs), digits),
                count_format(theirs->total, digits2));
    else if (!first_difference(ours, theirs) && ours->total == theirs->total)
        fprintf(out, "    the engine agrees with rperft here (%s); the suite's count may be wrong\n",
                count_format(ours->total, digits));
}

static void drill_free(drill_t *d)
{
    divide_free(&d->ours);
    divide_free(&d->theirs);
}

/* ---- the JSON report ------------------------------------------------------------------ */

static json_t *json_moves_missing(const divide_t *a, const divide_t *b)
{
    json_t *list = json_array();
    for (int i = 0; i < a->n; i++)
        if (!divide_find(b, a->moves[i].move))
            json_array_append_new(list, json_string(a->moves[i].move));
    return list;
}

static json_t *json_drill(const drill_t *d, int from_depth)
{
    json_t *o = json_object(), *path = json_array();
    json_put(o, "from_depth", json_integer(from_depth));
    char moves[sizeof d->path];
    snprintf(moves, sizeof moves, "%s", d->path);
    for (char *save, *m = strtok_r(moves, " ", &save); m; m = strtok_r(NULL, " ", &save))
        json_array_append_new(path, json_string(m));
    json_put(o, "path", path);
    json_put(o, "depth", json_integer(d->depth));
    json_put(o, "fen", json_string(d->fen));
    if (d->stopped[0]) {
        json_put(o, "stopped", json_text(d->stopped));
        return o;
    }
    bool named = !(d->totals_only && d->theirs.n == 0); /* a total alone names no move */
    json_put(o, "totals_only", json_boolean(d->totals_only));
    json_put(o, "engine_total", json_count(d->theirs.total));
    json_put(o, "rperft_total", json_count(d->ours.total));
    json_put(o, "missing", named ? json_moves_missing(&d->ours, &d->theirs) : json_array());
    json_put(o, "extra", named ? json_moves_missing(&d->theirs, &d->ours) : json_array());
    json_t *miscounted = json_array();
    for (int i = 0; named && i < d->ours.n; i++) {
        const divide_move_t *t = divide_find(&d->theirs, d->ours.moves[i].move);
        if (t && t->nodes != d->ours.moves[i].nodes) {
            json_t *m = json_object();
            json_put(m, "move", json_string(t->move));
            json_put(m, "engine", json_count(t->nodes));
            json_put(m, "rperft", json_count(d->ours.moves[i].nodes));
            json_array_append_new(miscounted, m);
        }
    }
    json_put(o, "miscounted", miscounted);
    return o;
}

/* One checked depth into the JUnit and JSON reports. */
static void record_depth(check_run_t *r, const suite_t *s, const suite_entry_t *e, const suite_depth_t *sd,
                         const count_t *got, const char *status, double seconds, const char *error)
{
    if (r->junit) {
        char label[96], name[128], msg[640], digits[COUNT_DIGITS_MAX], digits2[COUNT_DIGITS_MAX];
        snprintf(name, sizeof name, "%s D%d", entry_label(e, label, sizeof label), sd->depth);
        if (error)
            snprintf(msg, sizeof msg, "engine error: %s", error);
        else
            snprintf(msg, sizeof msg, "expected %s, engine %s", count_format(sd->expected, digits),
                     count_format(got ? *got : 0, digits2));
        bool pass = !strcmp(status, "pass");
        junit_case(r->junit, s->name, name, seconds, pass ? JUNIT_PASS : error ? JUNIT_ERROR : JUNIT_FAIL,
                   pass ? NULL : msg, pass ? NULL : e->fen);
    }
    if (!r->json_case)
        return;
    json_t *o = json_object();
    json_put(o, "depth", json_integer(sd->depth));
    json_put(o, "expected", json_count(sd->expected));
    json_put(o, "got", got ? json_count(*got) : json_null());
    json_put(o, "status", json_string(status));
    json_put(o, "seconds", json_real(seconds));
    if (error)
        json_put(o, "error", json_text(error));
    json_array_append_new(json_object_get(r->json_case, "depths"), o);
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
        double took = seconds_now() - start;
        *seconds += took;
        if (st == ENGINE_INTERRUPTED)
            return CHECK_INTERRUPTED;
        depths[(*nrun)++] = sd->depth;
        if (st == ENGINE_FAILED) {
            record_depth(r, s, e, sd, NULL, "error", took, why);
            fprintf(out, "  D%d: engine error: %s; it printed:\n%s", sd->depth, why, engine_transcript(r->engine));
            return ++r->failures_in_a_row >= MAX_FAILURES_IN_A_ROW ? CHECK_GIVE_UP : CHECK_FAIL;
        }
        r->failures_in_a_row = 0;
        *nodes += theirs.total;
        record_depth(r, s, e, sd, &theirs.total, theirs.total == sd->expected ? "pass" : "fail", took, NULL);
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
                drill_t drill;
                fprintf(out, "  drill-down from D%d:\n", sd->depth);
                check_result_t c = drill_down(r, &one, fen, sd->depth, &theirs, &drill);
                if (c != CHECK_INTERRUPTED)
                    print_drill(out, r, &drill, sd->expected);
                if (c != CHECK_INTERRUPTED && r->json_case)
                    json_put(r->json_case, "drill_down", json_drill(&drill, sd->depth));
                drill_free(&drill);
                if (c == CHECK_INTERRUPTED) {
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
    json_t *jc = r->json ? case_json_begin(json_report_array(r->json, "results"), s, e) : NULL;
    r->json_case = jc;
    check_result_t res = query_depths(r, out, s, e, depths, &nrun, &nodes, &seconds);
    fclose(out);
    progress_clear(r);
    r->json_case = NULL;
    if (res == CHECK_INTERRUPTED && jc) { /* a position half checked is no result */
        json_t *results = json_report_array(r->json, "results");
        json_array_remove(results, json_array_size(results) - 1);
    }
    if (res != CHECK_INTERRUPTED) {
        skip_note(&r->opt->lim, e, note, sizeof note);
        for (int d = 0; d < e->ndepths; d++)
            r->depths_skipped += depth_plan(&r->opt->lim, &e->depths[d]) != DEPTH_RUN;
        if (nrun == 0 && res == CHECK_PASS)
            res = CHECK_SKIP;
        const char *word = res == CHECK_PASS ? "PASS" : res == CHECK_SKIP ? "SKIP" : "FAIL";
        if (jc)
            case_json_end(jc, res == CHECK_PASS ? "pass" : res == CHECK_SKIP ? "skip" : "fail", nodes, seconds);
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
    for (int f = 0; f < n; f++) {
        if (r->junit)
            junit_suite(r->junit, suites[f].name);
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
    }
    return CHECK_PASS;
}

static void free_suites(suite_t *suites, int n)
{
    for (int i = 0; i < n; i++)
        suite_free(&suites[i]);
    free(suites);
}

/* Writes the JSON report: the engine and the dialect it spoke, the totals, and
 * (when it could not be started) why. */
static bool finish_json(check_run_t *r, int rc, const char *start_error)
{
    json_t *root = json_report_root(r->json), *engine = json_object();
    json_put(engine, "command", json_text(r->opt->engine));
    json_put(engine, "protocol", json_string(engine_protocol_name(engine_dialect(r->engine))));
    if (start_error)
        json_put(engine, "error", json_text(start_error));
    json_put(root, "engine", engine);
    json_put(root, "totals", totals_json(&(run_totals_t){r->done, r->passed, r->failed, r->skipped, r->depths_checked,
                                                         r->depths_skipped, r->nodes, r->seconds}));
    json_report_array(r->json, "results");
    char err[512];
    bool complete = rc == EXIT_ALL_GOOD || rc == EXIT_MISMATCH;
    bool ok = json_report_finish(r->json, complete, rc, err, sizeof err);
    r->json = NULL;
    if (!ok)
        fprintf(stderr, "rperft check: --json %s\n", err);
    return ok;
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
    char why[512];
    bool opened = true;
    if (opt.json && !(r.json = json_report_open(opt.json, "check", why, sizeof why))) {
        fprintf(stderr, "rperft check: --json %s\n", why);
        opened = false;
    } else if (opt.junit && !(r.junit = junit_open(opt.junit, "rperft check", why, sizeof why))) {
        fprintf(stderr, "rperft check: --junit %s\n", why);
        json_report_discard(r.json);
        opened = false;
    }
    if (!opened) {
        free_suites(suites, opt.nfiles);
        return EXIT_BAD_INPUT;
    }
    interrupt_setup();
    r.runner = runner_start();
    r.engine = engine_new(opt.engine, opt.protocol, opt.timeout);
    r.progress = !opt.quiet && isatty(STDERR_FILENO);
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
    if (rc == EXIT_INTERRUPTED)
        rc = stop_signal_exit_code();
    if (r.json && !finish_json(&r, rc, st == ENGINE_FAILED ? why : NULL) && rc == EXIT_ALL_GOOD)
        rc = EXIT_BAD_INPUT;
    if (r.junit && !junit_finish(r.junit, why, sizeof why)) {
        fprintf(stderr, "rperft check: --junit %s\n", why);
        if (rc == EXIT_ALL_GOOD)
            rc = EXIT_BAD_INPUT;
    }
    engine_free(r.engine);
    runner_stop(r.runner);
    if (res == CHECK_INTERRUPTED && st != ENGINE_FAILED)
        exit_abandoning_workers(rc);
    free_suites(suites, opt.nfiles);
    return rc;
}

static const option_use_t options[] = {
    OPTION_REQUIRED(opt_engine),
    OPTION(opt_protocol),
    OPTION(opt_max_depth),
    OPTION(opt_max_nodes),
    OPTION(opt_timeout),
    OPTION_HELP(opt_method, "rperft's method for the drill-down (default: rotated)"),
    OPTION_HELP(opt_junit, "write a JUnit XML report (a testcase per position and depth)"),
    OPTION_HELP(opt_json, "write a JSON report (docs/json-schema.md) with each failing\n"
                          "position's drill-down; '-' is standard output"),
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

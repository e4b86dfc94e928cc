/* rperft suite: checks every position of perft suite files against its known
 * counts, with the budget, JUnit and CSV options CI needs. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bench/csv_table.h"
#include "build_info.h"
#include "cli.h"
#include "commands.h"
#include "fnv.h"
#include "json_report.h"
#include "junit.h"
#include "runner.h"
#include "shared_options.h"
#include "suite_common.h"
#include "core/suite.h"

static const option_t opt_fail_fast = {.name = "fail-fast", .help = "stop after the first position that fails"};
static const option_t opt_signature = {
    .name = "signature",
    .help = "instead of the totals, one line 'Signature: NODES HASH': the nodes of\n"
            "every checked depth and a hash of every FEN, depth and count (16 hex\n"
            "digits), for a gate to compare: ^Signature: ([0-9]+) ([0-9a-f]{16})$"};
static const option_t opt_keep_going = {
    .name = "keep-going",
    .help = "report a malformed line as an error row and go on (exit 2 at the\n"
            "end unless a count failed)"};

enum { MAX_RUN_METHODS = 16 };

typedef struct suite_options {
    const char *method;
    depth_limits_t lim;
    bool fail_fast, quiet, keep_going, bulk;
    int threads, hash_mb;
    search_options_t search; /* from bulk, threads and hash_mb, set up before any perft */
    hash_table_t hash;
    const char *junit, *csv, *json;
    bool signature; /* print one line: total nodes and a hash of every count */
    const parsed_t *args; /* the FILE operands */
    int nfiles;
} suite_options_t;

typedef struct tally {
    size_t passed, failed, skipped, malformed, depths_checked, depths_skipped;
    count_t nodes;
    double seconds;
} tally_t;

/* Everything one run carries from position to position. */
typedef struct run {
    const suite_options_t *opt;
    const method_t *methods[MAX_RUN_METHODS];
    int nmethods;
    runner_t *runner;
    junit_t *junit;
    csv_table_t *csv;
    bool csv_failed;
    json_report_t *json;
    json_t *json_case; /* the position being reported */
    uint64_t count_hash; /* --signature: FNV-1a over every checked count */
    char timestamp[32];
    bool progress;
    size_t done, total;
    tally_t t;
} run_t;

static const char *const csv_header[] = {"timestamp", "rperft_version", "commit", "file",   "line",
                                         "id",        "fen",            "method", "bulk",   "depth",
                                         "expected",  "got",            "status", "seconds", "note"};
enum { CSV_COLUMNS = sizeof csv_header / sizeof *csv_header };

/* ---- options ---------------------------------------------------------------- */

static void read_options(const parsed_t *p, suite_options_t *opt)
{
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    const option_value_t *budget = options_get(p, &opt_max_nodes);
    *opt = (suite_options_t){
        .method = options_text(p, &opt_method, NULL),
        .lim = {.max_depth = (int)options_int(p, &opt_max_depth, -1),
                .has_max_nodes = budget != NULL,
                .max_nodes = budget ? budget->count : 0},
        .fail_fast = options_flag(p, &opt_fail_fast),
        .quiet = options_flag(p, &opt_quiet) || options_flag(p, &opt_signature),
        .signature = options_flag(p, &opt_signature),
        .json = options_text(p, &opt_json, NULL),
        .keep_going = options_flag(p, &opt_keep_going),
        .bulk = !options_flag(p, &opt_no_bulk),
        .threads = (int)options_int(p, &opt_threads, cpus > 1 ? cpus : 1),
        .hash_mb = (int)options_int(p, &opt_hash, 0),
        .junit = options_text(p, &opt_junit, NULL),
        .csv = options_text(p, &opt_csv, NULL),
        .args = p,
        .nfiles = (int)options_operand_count(p),
    };
}

static bool resolve_methods(run_t *r)
{
    const char *name = r->opt->method;
    if (!name || strcmp(name, "all") != 0) {
        const method_t *m = resolve_method("suite", name);
        r->methods[0] = m;
        r->nmethods = m != NULL;
        return m != NULL;
    }
    for (int i = 0; all_methods[i] && r->nmethods < MAX_RUN_METHODS; i++) {
        const char *why = "unknown reason";
        if (method_prepare(all_methods[i], &why))
            r->methods[r->nmethods++] = all_methods[i];
        else
            fprintf(stderr, "rperft suite: method %s skipped: %s\n", all_methods[i]->name, why);
    }
    if (r->nmethods == 0)
        fprintf(stderr, "rperft suite: no method can run on this CPU\n");
    return r->nmethods > 0;
}

/* ---- depth selection ----------------------------------------------------------- */

static const count_t max_u64 = (count_t)UINT64_MAX;

/* Depths above 2^64 cannot be run at any real budget; say so plainly once. */
static void warn_huge_counts(const run_t *r, const suite_t *suites, int n)
{
    char digits[COUNT_DIGITS_MAX];
    for (int f = 0; f < n; f++)
        for (size_t i = 0; i < suites[f].count; i++) {
            const suite_entry_t *e = &suites[f].entries[i];
            for (int d = 0; d < e->ndepths; d++)
                if (e->depths[d].expected > max_u64 && depth_plan(&r->opt->lim, &e->depths[d]) == DEPTH_RUN)
                    fprintf(stderr,
                            "rperft suite: note: %s:%d D%d expects %s nodes, more than 2^64; rperft counts it "
                            "exactly in 128 bits, but at 10^9 nodes a second that takes %.0f years "
                            "(--max-nodes or --max-depth skips it)\n",
                            suites[f].name, e->line, e->depths[d].depth,
                            count_format(e->depths[d].expected, digits),
                            (double)e->depths[d].expected / 1e9 / 3.15576e7);
        }
}

/* ---- reporting ------------------------------------------------------------------- */

static void progress_clear(const run_t *r)
{
    if (r->progress)
        fputs("\r\033[K", stderr);
}

static void progress_show(const run_t *r, const suite_t *s, const suite_entry_t *e, const char *depths)
{
    if (!r->progress)
        return;
    char label[96];
    fprintf(stderr, "\r\033[K[%zu/%zu] %s %s %s ...", r->done + 1, r->total, s->name,
            entry_label(e, label, sizeof label), depths);
}

/* The JSON object of a position, its depths added as they are reported. */
static void json_case_begin(run_t *r, const suite_t *s, const suite_entry_t *e)
{
    if (!r->json)
        return;
    r->json_case = case_json_begin(json_report_array(r->json, "results"), s, e);
}

static void json_case_end(run_t *r, const char *status, count_t nodes, double seconds, const char *error)
{
    if (!r->json_case)
        return;
    case_json_end(r->json_case, status, nodes, seconds);
    if (error)
        json_put(r->json_case, "error", json_text(error));
    r->json_case = NULL;
}

static void json_depth(run_t *r, const char *method, const suite_depth_t *d, const count_t *got, const char *status,
                       double seconds, const char *note)
{
    if (!r->json_case || !d)
        return;
    json_t *o = json_object();
    json_put(o, "depth", json_integer(d->depth));
    json_put(o, "method", json_text(method));
    json_put(o, "bulk", json_boolean(r->opt->bulk));
    json_put(o, "expected", json_count(d->expected));
    json_put(o, "got", got ? json_count(*got) : json_null());
    json_put(o, "status", json_string(status));
    json_put(o, "seconds", json_real(seconds));
    json_put(o, "note", json_text(note));
    json_array_append_new(json_object_get(r->json_case, "depths"), o);
}

/* One result of a depth (or a malformed line, d NULL) into the CSV and JSON reports. */
static void csv_row(run_t *r, const suite_t *s, const suite_entry_t *e, const char *method, const suite_depth_t *d,
                    const count_t *got, const char *status, double seconds, const char *note)
{
    json_depth(r, method, d, got, status, seconds, note);
    if (!r->csv || r->csv_failed)
        return;
    char line[16], depth[16], expected[COUNT_DIGITS_MAX], got_text[COUNT_DIGITS_MAX], secs[32];
    snprintf(line, sizeof line, "%d", e->line);
    snprintf(depth, sizeof depth, "%d", d ? d->depth : 0);
    snprintf(secs, sizeof secs, "%.6f", seconds);
    const char *fields[CSV_COLUMNS] = {
        r->timestamp, RPERFT_VERSION, RPERFT_COMMIT, s->name, line, e->id, e->fen, method,
        method ? (r->opt->bulk ? "1" : "0") : NULL, d ? depth : NULL, d ? count_format(d->expected, expected) : NULL,
        got ? count_format(*got, got_text) : NULL, status, got ? secs : NULL, note,
    };
    if (!csv_table_append(r->csv, fields)) {
        perror("rperft suite: --csv");
        r->csv_failed = true;
    }
}

static void report_malformed(run_t *r, const suite_t *s, const suite_entry_t *e)
{
    progress_clear(r);
    printf("ERROR %s\n", e->error);
    fflush(stdout);
    r->t.malformed++;
    char name[32];
    snprintf(name, sizeof name, "line %d", e->line);
    if (r->junit)
        junit_case(r->junit, s->name, name, 0, JUNIT_ERROR, e->error, NULL);
    csv_row(r, s, e, NULL, NULL, NULL, "error", 0, e->error);
    json_case_end(r, "error", 0, 0, e->error);
}

static void junit_name(const run_t *r, const suite_entry_t *e, int depth, const method_t *m, char *buf, size_t len)
{
    char label[96];
    entry_label(e, label, sizeof label);
    if (r->nmethods > 1 && m)
        snprintf(buf, len, "%s D%d %s", label, depth, m->name);
    else
        snprintf(buf, len, "%s D%d", label, depth);
}

/* --signature: the FEN, depth and count of every checked depth (one method's). */
static void signature_add(run_t *r, const suite_entry_t *e, int depth, count_t nodes)
{
    char text[COUNT_DIGITS_MAX + 32], digits[COUNT_DIGITS_MAX];
    int n = snprintf(text, sizeof text, "|%d|%s\n", depth, count_format(nodes, digits));
    r->count_hash = fnv1a(fnv1a(r->count_hash, e->fen, strlen(e->fen)), text, (size_t)n);
}

static void report_skips(run_t *r, const suite_t *s, const suite_entry_t *e)
{
    for (int d = 0; d < e->ndepths; d++) {
        if (depth_plan(&r->opt->lim, &e->depths[d]) == DEPTH_RUN)
            continue;
        r->t.depths_skipped++;
        char why[320], name[160];
        skip_reason(&r->opt->lim, &e->depths[d], why, sizeof why);
        for (int m = 0; m < r->nmethods; m++) {
            junit_name(r, e, e->depths[d].depth, r->methods[m], name, sizeof name);
            if (r->junit)
                junit_case(r->junit, s->name, name, 0, JUNIT_SKIP, why, NULL);
            csv_row(r, s, e, r->methods[m]->name, &e->depths[d], NULL, "skip", 0, why);
        }
    }
}

static void sum_jobs(const perft_job_t *jobs, int n, count_t *nodes, double *seconds)
{
    *nodes = 0;
    *seconds = 0;
    for (int i = 0; i < n; i++) {
        *nodes += jobs[i].nodes;
        *seconds += jobs[i].seconds;
    }
}

/* Prints the position's line and its wrong depths; records JUnit cases and CSV
 * rows. jobs: for each checked depth, one job per method. */
static bool report_entry(run_t *r, const suite_t *s, const suite_entry_t *e, const suite_depth_t *const *run_depths,
                         int nrun, const perft_job_t *jobs)
{
    count_t nodes;
    double seconds;
    sum_jobs(jobs, nrun * r->nmethods, &nodes, &seconds);
    bool pass = true;
    for (int i = 0; i < nrun * r->nmethods; i++)
        pass &= jobs[i].nodes == run_depths[i / r->nmethods]->expected;
    int depth_list[SUITE_MAX_DEPTH + 1];
    for (int i = 0; i < nrun; i++)
        depth_list[i] = run_depths[i]->depth;
    char depths[256], label[96], note[512], digits[COUNT_DIGITS_MAX];
    format_depths(depth_list, nrun, depths, sizeof depths);
    skip_note(&r->opt->lim, e, note, sizeof note);
    progress_clear(r);
    if (!pass || !r->opt->quiet)
        printf("%s:%d %s %s %s %s nodes %.3f s %.1f Mnps%s\n", s->name, e->line, entry_label(e, label, sizeof label),
               depths, pass ? "PASS" : "FAIL", count_format(nodes, digits), seconds, mnps(nodes, seconds), note);
    for (int i = 0; i < nrun * r->nmethods; i++) {
        const suite_depth_t *d = run_depths[i / r->nmethods];
        const method_t *m = jobs[i].method;
        bool ok = jobs[i].nodes == d->expected;
        char expected[COUNT_DIGITS_MAX], got[COUNT_DIGITS_MAX], msg[160], name[160];
        snprintf(msg, sizeof msg, "expected %s, got %s", count_format(d->expected, expected),
                 count_format(jobs[i].nodes, got));
        if (!ok)
            printf("  D%d%s%s: %s\n", d->depth, r->nmethods > 1 ? " " : "", r->nmethods > 1 ? m->name : "", msg);
        junit_name(r, e, d->depth, m, name, sizeof name);
        if (r->junit)
            junit_case(r->junit, s->name, name, jobs[i].seconds, ok ? JUNIT_PASS : JUNIT_FAIL, ok ? NULL : msg,
                       ok ? NULL : e->fen);
        csv_row(r, s, e, m->name, d, &jobs[i].nodes, ok ? "pass" : "fail", jobs[i].seconds, ok ? NULL : msg);
        if (i % r->nmethods == 0)
            signature_add(r, e, d->depth, jobs[i].nodes);
    }
    fflush(stdout);
    r->t.nodes += nodes;
    r->t.seconds += seconds;
    r->t.depths_checked += (size_t)nrun;
    if (pass)
        r->t.passed++;
    else
        r->t.failed++;
    return pass;
}

/* ---- running ------------------------------------------------------------------- */

typedef enum { ENTRY_DONE, ENTRY_FAILED, ENTRY_INTERRUPTED } entry_result_t;

static entry_result_t check_entry(run_t *r, const suite_t *s, const suite_entry_t *e)
{
    json_case_begin(r, s, e);
    if (e->error) {
        report_malformed(r, s, e);
        return ENTRY_DONE;
    }
    const suite_depth_t *run_depths[SUITE_MAX_DEPTH + 1];
    int nrun = 0, depth_list[SUITE_MAX_DEPTH + 1];
    for (int d = 0; d < e->ndepths; d++)
        if (depth_plan(&r->opt->lim, &e->depths[d]) == DEPTH_RUN) {
            depth_list[nrun] = e->depths[d].depth;
            run_depths[nrun++] = &e->depths[d];
        }
    if (nrun == 0) {
        char label[96], note[512];
        skip_note(&r->opt->lim, e, note, sizeof note);
        progress_clear(r);
        if (!r->opt->quiet)
            printf("%s:%d %s SKIP%s\n", s->name, e->line, entry_label(e, label, sizeof label), note);
        r->t.skipped++;
        report_skips(r, s, e);
        json_case_end(r, "skip", 0, 0, NULL);
        return ENTRY_DONE;
    }
    char depths[256];
    progress_show(r, s, e, format_depths(depth_list, nrun, depths, sizeof depths));
    perft_job_t jobs[(SUITE_MAX_DEPTH + 1) * MAX_RUN_METHODS];
    for (int i = 0; i < nrun; i++)
        for (int m = 0; m < r->nmethods; m++)
            jobs[i * r->nmethods + m] = (perft_job_t){r->methods[m], &e->pos, run_depths[i]->depth, r->opt->bulk, 0, 0, &r->opt->search};
    if (!runner_run(r->runner, jobs, nrun * r->nmethods))
        return ENTRY_INTERRUPTED;
    bool pass = report_entry(r, s, e, run_depths, nrun, jobs);
    report_skips(r, s, e);
    count_t nodes;
    double seconds;
    sum_jobs(jobs, nrun * r->nmethods, &nodes, &seconds);
    json_case_end(r, pass ? "pass" : "fail", nodes, seconds, NULL);
    return pass ? ENTRY_DONE : ENTRY_FAILED;
}

/* Runs every entry of every suite; returns false when interrupted. */
static bool run_suites(run_t *r, const suite_t *suites, int n)
{
    for (int f = 0; f < n; f++) {
        if (r->junit)
            junit_suite(r->junit, suites[f].name);
        for (size_t i = 0; i < suites[f].count; i++) {
            entry_result_t res = check_entry(r, &suites[f], &suites[f].entries[i]);
            if (res == ENTRY_INTERRUPTED)
                return false;
            r->done++;
            if (res == ENTRY_FAILED && r->opt->fail_fast) {
                fprintf(stderr, "rperft suite: --fail-fast: stopped after the first failure\n");
                return true;
            }
        }
    }
    return true;
}

static void print_totals(const run_t *r)
{
    const tally_t *t = &r->t;
    char digits[COUNT_DIGITS_MAX];
    printf("total: %zu position%s, %zu depth%s checked%s, %s nodes, %.3f s, %.1f Mnps", r->done,
           r->done == 1 ? "" : "s", t->depths_checked, t->depths_checked == 1 ? "" : "s",
           r->nmethods > 1 ? " by each method" : "", count_format(t->nodes, digits), t->seconds,
           mnps(t->nodes, t->seconds));
    if (t->depths_skipped)
        printf("; %zu depth%s skipped", t->depths_skipped, t->depths_skipped == 1 ? "" : "s");
    printf("\n%zu passed, %zu failed", t->passed, t->failed);
    if (t->skipped)
        printf(", %zu skipped", t->skipped);
    if (t->malformed)
        printf(", %zu malformed", t->malformed);
    printf("\n");
    fflush(stdout);
}

/* One line a gate can compare with a commit message: "Signature: NODES HASH",
 * NODES the nodes of every checked depth (one method's), HASH the FNV-1a of every
 * "FEN|DEPTH|COUNT" in order, 16 hex digits. Regex: ^Signature: ([0-9]+) ([0-9a-f]{16})$ */
static void print_signature(const run_t *r)
{
    char digits[COUNT_DIGITS_MAX];
    count_t nodes = r->t.nodes / (count_t)r->nmethods;
    printf("Signature: %s %016llx\n", count_format(nodes, digits), (unsigned long long)r->count_hash);
    fflush(stdout);
}

static void free_suites(suite_t *suites, int n)
{
    for (int i = 0; i < n; i++)
        suite_free(&suites[i]);
    free(suites);
}

/* Loads every file before anything runs, so a bad file costs no time. */
static suite_t *load_all(const suite_options_t *opt, size_t *total)
{
    suite_t *suites = calloc((size_t)opt->nfiles, sizeof *suites);
    *total = 0;
    for (int i = 0; suites && i < opt->nfiles; i++) {
        suite_error_t err;
        if (!suite_load(options_operand(opt->args, (size_t)i)->text, SUITE_REQUIRE_POSITIONS | (opt->keep_going ? SUITE_KEEP_GOING : 0), &suites[i], &err)) {
            char msg[SUITE_ERROR_MAX];
            fprintf(stderr, "rperft suite: %s\n", suite_error_format(&err, msg, sizeof msg));
            free_suites(suites, i);
            return NULL;
        }
        *total += suites[i].count;
    }
    return suites;
}

static bool open_outputs(run_t *r)
{
    char err[512];
    if (r->opt->csv) {
        r->csv = csv_table_open(r->opt->csv, csv_header, CSV_COLUMNS, err, sizeof err);
        if (!r->csv) {
            fprintf(stderr, "rperft suite: --csv %s\n", err);
            return false;
        }
        if (csv_table_warning(r->csv))
            fprintf(stderr, "rperft suite: warning: --csv %s\n", csv_table_warning(r->csv));
    }
    if (r->opt->junit) {
        r->junit = junit_open(r->opt->junit, "rperft suite", err, sizeof err);
        if (!r->junit) {
            fprintf(stderr, "rperft suite: --junit %s\n", err);
            return false;
        }
    }
    if (r->opt->json) {
        r->json = json_report_open(r->opt->json, "suite", err, sizeof err);
        if (!r->json) {
            fprintf(stderr, "rperft suite: --json %s\n", err);
            return false;
        }
    }
    return true;
}

static void json_totals(run_t *r)
{
    const tally_t *t = &r->t;
    json_t *o = totals_json(&(run_totals_t){r->done, t->passed, t->failed, t->skipped, t->depths_checked,
                                            t->depths_skipped, t->nodes, t->seconds});
    json_put(o, "malformed", json_integer((json_int_t)t->malformed));
    json_put(json_report_root(r->json), "totals", o);
}

/* Writes the reports; complete: the run was not interrupted; rc: its exit status. */
static bool close_outputs(run_t *r, bool complete, int rc)
{
    bool ok = !r->csv_failed;
    char err[512];
    if (r->json) {
        if (r->json_case) { /* a position interrupted half way is no result */
            json_t *results = json_report_array(r->json, "results");
            json_array_remove(results, json_array_size(results) - 1);
            r->json_case = NULL;
        }
        json_totals(r);
        if (!json_report_finish(r->json, complete, rc, err, sizeof err)) {
            fprintf(stderr, "rperft suite: --json %s\n", err);
            ok = false;
        }
        r->json = NULL;
    }
    if (r->junit && !junit_finish(r->junit, err, sizeof err)) {
        fprintf(stderr, "rperft suite: --junit %s\n", err);
        ok = false;
    }
    r->junit = NULL;
    csv_table_close(r->csv);
    r->csv = NULL;
    return ok;
}

/* The options naming an output: each is checked before anything is computed and
 * opened (open_outputs) before the first position; a new output (--json) is one
 * more entry here and one more block in open_outputs. */
static const option_t *const outputs[] = {&opt_csv, &opt_junit, &opt_json};

static int cmd_suite(const parsed_t *p)
{
    suite_options_t opt;
    read_options(p, &opt);
    for (size_t i = 0; i < sizeof outputs / sizeof *outputs; i++)
        if (!output_file_ok(p, outputs[i]))
            return EXIT_BAD_INPUT;
    int rc;
    run_t r = {.opt = &opt, .count_hash = FNV1A_OFFSET};
    if (!resolve_methods(&r))
        return EXIT_BAD_INPUT;
    perft_options_t table_request = {.bulk = opt.bulk, .threads = opt.threads, .hash_mb = opt.hash_mb};
    if (!search_setup("suite", &table_request, &opt.search, &opt.hash))
        return EXIT_BAD_INPUT;
    suite_t *suites = load_all(&opt, &r.total);
    if (!suites)
        return EXIT_BAD_INPUT;
    if (!open_outputs(&r)) {
        close_outputs(&r, false, EXIT_BAD_INPUT);
        free_suites(suites, opt.nfiles);
        return EXIT_BAD_INPUT;
    }
    time_t now = time(NULL);
    strftime(r.timestamp, sizeof r.timestamp, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
    r.progress = !opt.quiet && isatty(STDERR_FILENO);
    warn_huge_counts(&r, suites, opt.nfiles);

    interrupt_setup();
    r.runner = runner_start();
    bool finished = run_suites(&r, suites, opt.nfiles);
    runner_stop(r.runner);
    progress_clear(&r);
    if (!finished)
        fprintf(stderr, "rperft suite: interrupted after %zu of %zu positions\n", r.done, r.total);
    if (opt.signature)
        print_signature(&r);
    else
        print_totals(&r);
    rc = !finished ? stop_signal_exit_code() : r.t.failed ? EXIT_MISMATCH : r.t.malformed ? EXIT_BAD_INPUT : EXIT_ALL_GOOD;
    bool written = close_outputs(&r, finished, rc);
    if (!finished) /* the abandoned worker may still read the positions and the table */
        exit_abandoning_workers(rc);
    free_suites(suites, opt.nfiles);
    search_teardown(&opt.hash);
    if (rc == EXIT_ALL_GOOD && !written)
        return EXIT_BAD_INPUT;
    return rc;
}

static const option_use_t options[] = {
    OPTION_HELP(opt_method, "slider-attack method (default: rotated); 'all' checks every\n"
                  "method this CPU can run"),
    OPTION(opt_max_depth),
    OPTION_HELP(opt_max_nodes, "skip depths whose expected count is above N (suffixes K M G T\n"
                     "for powers of 1000): a whole suite within a CI budget.\n"
                     "Counts above 2^64 are counted exactly (128 bits) when allowed,\n"
                     "but at any usual budget they are skipped, with a note"),
    OPTION(opt_fail_fast),
    OPTION_HELP(opt_junit, "write a JUnit XML report (a testcase per position, depth, method)"),
    OPTION(opt_json),
    OPTION(opt_signature),
    OPTION_HELP(opt_csv, "append one row per position, depth and method to FILE (created\n"
               "with a header; an existing file must have the same header)"),
    OPTION_HELP(opt_quiet, "print only failures, malformed lines and the totals"),
    OPTION(opt_keep_going),
    OPTION(opt_no_bulk),
    OPTION_HELP(opt_threads, "threads per perft (default: every CPU)"),
    OPTION_HELP(opt_hash, "transposition table shared by the threads, emptied before every\n"
                "perft so each method is checked on its own (default none)"),
    OPTIONS_END,
};

static const option_t *const operands[] = {&operand_files, NULL};

const command_t suite_command = {
    .name = "suite",
    .summary = "check perft suite files against their known counts (CI: JUnit, CSV, budgets)",
    .description =
        "Checks every position and depth of perft suite files ('-' is standard input)\n"
        "against the counts they give. Formats: 'FEN ;D1 20 ;D2 400', 'FEN; D1 20',\n"
        "'FEN;20;400' (bare counts), 'FEN perft1 20; perft2 400;' and the .perft block\n"
        "form (id / epd / perft D N lines); 4- or 6-field FEN, standard, Shredder-FEN or\n"
        "X-FEN castling. Positions of the block form are read with Chess960 rules.\n"
        "\n"
        "One line per position on stdout: where, the depths checked, PASS or FAIL, nodes,\n"
        "time, Mnps; under a FAIL each wrong depth with expected and got. The last line is\n"
        "'N passed, N failed' (', N skipped' and ', N malformed' when there were any).\n",
    .options = options,
    .operands = operands,
    .min_operands = 1,
    .epilogue = "exit status: 0 every checked count right, 1 a count wrong, 2 bad usage or input,\n"
                "130 / 143 stopped by SIGINT / SIGTERM (the positions finished so far are reported\n"
                "and written)\n",
    .run = cmd_suite,
};

/* rperft compare: a performance gate. Times two subjects (methods of this rperft,
 * other rperft binaries, UCI engines) interleaved on a positions file, after
 * checking every count, and reports the cost ratio per position and as a
 * geometric mean with a 95 % t-interval (bench/ratio_stats.h); --max-slowdown
 * fails only when the whole interval lies beyond the allowed slowdown. With
 * --measure instructions the cost is an instruction count (perf stat, else
 * valgrind), the same on every run, so one round is enough and a committed
 * baseline (--baseline) can stand in for A. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench/bench_set.h"
#include "bench/csv_table.h"
#include "bench/ratio_stats.h"
#include "bench/timing.h"
#include "build_info.h"
#include "cli.h"
#include "commands.h"
#include "compare_baseline.h"
#include "compare_subject.h"
#include "json_report.h"
#include "runner.h"
#include "shared_options.h"

enum { MAX_ROUNDS = 1000, MAX_REPS = 1000000 };

typedef struct compare_options {
    const char *operands[2];
    int noperands;
    const char *positions, *depth, *csv, *json, *baseline, *write_baseline;
    measure_t measure;
    int rounds;
    double min_time, timeout, max_slowdown;
    bool gate;
} compare_options_t;

/* One position's measurements. cost[s][r]: subject s in round r, per run (time)
 * or per leaf-parent (instructions). */
typedef struct compared {
    const bench_position_t *p;
    int depth, reps;
    count_t nodes, leaf_parents;
    double startup[2];
    double *cost[2];
    ratio_interval_t ratio;
} compared_t;

typedef struct compare_run {
    const compare_options_t *opt;
    subject_t subjects[2];
    bool from_baseline; /* subject 0 is the baseline file */
    instr_tool_t tool;
    bench_set_t set;
    compared_t *items;
    int n, rounds_done;
    ratio_interval_t geomean;
} compare_run_t;

/* ---- options ------------------------------------------------------------------------------ */

static bool parse_min_time(const char *text, option_value_t *v)
{
    char *end;
    v->real = strtod(text, &end);
    return end != text && !*end && v->real >= 0 && v->real <= 3600;
}

static bool parse_percent(const char *text, option_value_t *v)
{
    char *end;
    v->real = strtod(text, &end);
    return end != text && !*end && v->real > -99 && v->real <= 1e6;
}

static const option_t opt_rounds = {
    .name = "rounds", .arg = "N", .kind = OPTION_INT, .min = 1, .max = MAX_ROUNDS,
    .help = "timed rounds (default 10; 1 for instructions, which do not vary)"};
static const option_t opt_min_time = {
    .name = "min-time", .arg = "S", .kind = OPTION_CUSTOM, .parse = parse_min_time,
    .expects = "seconds from 0 to 3600",
    .help = "run each measurement at least S seconds, repeating the perft\n"
            "(default 0.05)"};
static const option_t opt_max_slowdown = {
    .name = "max-slowdown", .arg = "PCT", .kind = OPTION_CUSTOM, .parse = parse_percent,
    .expects = "a percentage above -99",
    .help = "the gate: exit 1 when the whole 95% interval of the geometric mean\n"
            "lies above 1 + PCT/100 (with instructions, also any position's)"};
static const option_t opt_measure = {
    .name = "measure", .arg = "WHAT", .kind = OPTION_CHOICE, .choices = "time|instructions",
    .help = "time (default): wall time; an rperft runs as a process per perft\n"
            "(start-up included), a UCI engine once, timed per 'go perft'\n"
            "instructions: per leaf-parent (a node one ply above the leaves,\n"
            "perft(D-1) of them), start-up (a perft 0) subtracted, counted by\n"
            "'perf stat -e instructions:u' where allowed, else valgrind callgrind\n"
            "(valgrind 3.19 cannot run AVX-512 code: build with\n"
            "-Dmarch=x86-64-v3); rperft binaries only"};
static const option_t opt_baseline = {
    .name = "baseline", .arg = "FILE", .kind = OPTION_TEXT, .excludes = "baseline",
    .help = "instructions: A is the per-leaf-parent counts in FILE, written by\n"
            "--write-baseline with the same build; give B alone"};
static const option_t opt_write_baseline = {
    .name = "write-baseline", .arg = "FILE", .kind = OPTION_TEXT, .excludes = "baseline",
    .help = "instructions: write B's counts to FILE (replacing it) and stop"};
static const option_t operand_subjects = {
    .name = "SUBJECT", .kind = OPTION_TEXT, .repeatable = true,
    .help = "A then B: a method of this rperft (pext), another rperft binary with\n"
            "an optional method (old/rperft, old/rperft@pext), or a UCI engine\n"
            "that knows 'go perft' (uci:/usr/games/stockfish)"};

static int read_options(const parsed_t *p, compare_options_t *o)
{
    const option_value_t *min_time = options_get(p, &opt_min_time), *slowdown = options_get(p, &opt_max_slowdown),
                         *timeout = options_get(p, &opt_timeout), *depth = options_get(p, &opt_bench_depth);
    *o = (compare_options_t){
        .positions = options_text(p, &opt_positions, NULL),
        .depth = depth ? depth->text : NULL,
        .csv = options_text(p, &opt_csv, NULL),
        .json = options_text(p, &opt_json, NULL),
        .baseline = options_text(p, &opt_baseline, NULL),
        .write_baseline = options_text(p, &opt_write_baseline, NULL),
        .measure = options_int(p, &opt_measure, 0) == 1 ? MEASURE_INSTRUCTIONS : MEASURE_TIME,
        .min_time = min_time ? min_time->real : 0.05,
        .timeout = timeout ? timeout->real : 60,
        .gate = slowdown != NULL,
        .max_slowdown = slowdown ? slowdown->real : 0,
    };
    o->rounds = (int)options_int(p, &opt_rounds, o->measure == MEASURE_INSTRUCTIONS ? 1 : 10);
    o->noperands = (int)options_operand_count(p);
    bool one = o->baseline || o->write_baseline;
    if (one && o->measure != MEASURE_INSTRUCTIONS)
        return option_error(p, o->baseline ? &opt_baseline : &opt_write_baseline, "needs --measure instructions");
    if (o->noperands != (one ? 1 : 2))
        return usage_error("compare", one ? "give one SUBJECT, B, with --baseline or --write-baseline"
                                          : "give two SUBJECTs, A and B");
    for (int i = 0; i < o->noperands; i++)
        o->operands[i] = options_operand(p, (size_t)i)->text;
    return OPTIONS_OK;
}

/* ---- positions -------------------------------------------------------------------------- */

static bool load_positions(const char *path, bench_set_t *set)
{
    char err[700], found[1024];
    if (!path && bench_set_find_default(found, sizeof found))
        path = found;
    if (!path)
        return bench_set_builtin(set);
    if (bench_set_load(path, set, err, sizeof err))
        return true;
    fprintf(stderr, "rperft compare: %s\n", err);
    return false;
}

/* ---- measuring ---------------------------------------------------------------------------- */

static const char *side(int s)
{
    return s ? "B" : "A";
}

/* Measures subject s on item c once (reps perfts in a row); RUN_FAILED, with the
 * reason printed, on a failure or a wrong count. */
static run_status_t measure_once(compare_run_t *r, int s, compared_t *c, int depth, int reps, double *cost)
{
    char why[1024], digits[COUNT_DIGITS_MAX], digits2[COUNT_DIGITS_MAX];
    count_t nodes = 0;
    run_status_t st = subject_measure(&r->subjects[s], r->opt->measure, r->tool, c->p->fen, c->p->pos.chess960, depth,
                                      reps, &nodes, cost, why, sizeof why);
    if (st == RUN_FAILED)
        fprintf(stderr, "rperft compare: %s (%s) on %s D%d: %s\n", side(s), r->subjects[s].label, c->p->id, depth,
                why);
    count_t expected = depth == 0 ? 1 : c->nodes;
    if (st == RUN_OK && nodes != expected) {
        fprintf(stderr, "rperft compare: %s (%s) counts %s on %s D%d, not %s: a wrong count is no result\n", side(s),
                r->subjects[s].label, count_format(nodes, digits), c->p->id, depth, count_format(expected, digits2));
        st = RUN_FAILED;
    }
    return st;
}

/* Checks every count, and measures the start-up (instructions: a perft 0) or the
 * repetitions a measurement needs to last --min-time (time). */
static run_status_t prepare(compare_run_t *r)
{
    for (int i = 0; i < r->n; i++) {
        compared_t *c = &r->items[i];
        double cost[2] = {0, 0};
        for (int s = r->from_baseline; s < 2; s++) {
            run_status_t st = measure_once(r, s, c, c->depth, 1, &cost[s]);
            if (st == RUN_OK && r->opt->measure == MEASURE_INSTRUCTIONS)
                st = measure_once(r, s, c, 0, 1, &c->startup[s]);
            if (st != RUN_OK)
                return st;
        }
        double fastest = r->from_baseline ? cost[1] : fmin(cost[0], cost[1]);
        double reps = r->opt->measure == MEASURE_TIME && fastest > 0 ? ceil(r->opt->min_time / fastest) : 1;
        c->reps = reps < 1 ? 1 : reps > MAX_REPS ? MAX_REPS : (int)reps;
    }
    return RUN_OK;
}

static run_status_t run_rounds(compare_run_t *r)
{
    for (int round = 0; round < r->opt->rounds; round++) {
        for (int i = 0; i < r->n; i++) {
            compared_t *c = &r->items[i];
            for (int k = r->from_baseline; k < 2; k++) {
                int s = (round + i) % 2 ? 1 - k : k; /* A B, then B A, alternating by position too */
                if (r->from_baseline)
                    s = 1;
                double cost;
                run_status_t st = measure_once(r, s, c, c->depth, c->reps, &cost);
                if (st != RUN_OK)
                    return st;
                c->cost[s][round] = r->opt->measure == MEASURE_TIME
                                        ? cost / c->reps
                                        : (cost - c->startup[s]) / (double)(c->leaf_parents ? c->leaf_parents : 1);
            }
        }
        r->rounds_done = round + 1;
    }
    return RUN_OK;
}

/* ---- baselines ---------------------------------------------------------------------------- */

static void baseline_found(void *user, const char *fen, int depth, double per_leaf_parent)
{
    compare_run_t *r = user;
    for (int i = 0; i < r->n; i++) {
        compared_t *c = &r->items[i];
        if (!strcmp(c->p->fen, fen) && c->depth == depth)
            for (int k = 0; k < r->opt->rounds; k++)
                c->cost[0][k] = per_leaf_parent;
    }
}

/* A is the baseline: every position needs its row. */
static bool read_baseline(compare_run_t *r, const char *path)
{
    if (!baseline_read(path, baseline_found, r))
        return false;
    for (int i = 0; i < r->n; i++)
        if (r->items[i].cost[0][0] <= 0) {
            fprintf(stderr, "rperft compare: %s has no row for %s D%d (%s)\n", path, r->items[i].p->id,
                    r->items[i].depth, r->items[i].p->fen);
            return false;
        }
    return true;
}

static bool write_baseline(const compare_run_t *r, const char *path)
{
    baseline_row_t *rows = calloc((size_t)r->n, sizeof *rows);
    if (!rows)
        return false;
    for (int i = 0; i < r->n; i++)
        rows[i] = (baseline_row_t){r->items[i].p->id, r->items[i].p->fen, r->items[i].depth, r->items[i].cost[1][0]};
    bool ok = baseline_write(path, rows, r->n);
    free(rows);
    return ok;
}

/* ---- reporting ---------------------------------------------------------------------------- */

static double median_cost(const compared_t *c, int s, int rounds)
{
    double v[MAX_ROUNDS];
    memcpy(v, c->cost[s], (size_t)rounds * sizeof *v);
    return median_of(v, rounds);
}

static void compute(compare_run_t *r)
{
    int rounds = r->rounds_done;
    double per_round[MAX_ROUNDS] = {0}, logs[MAX_ROUNDS];
    for (int i = 0; i < r->n; i++) {
        compared_t *c = &r->items[i];
        for (int k = 0; k < rounds; k++) {
            logs[k] = log(c->cost[1][k] / c->cost[0][k]);
            per_round[k] += logs[k] / r->n;
        }
        c->ratio = ratio_interval(logs, rounds);
    }
    r->geomean = ratio_interval(per_round, rounds);
}

static const char *unit(const compare_run_t *r)
{
    return r->opt->measure == MEASURE_TIME ? "s" : "Ir/leaf-parent";
}

static void print_report(const compare_run_t *r)
{
    const compare_options_t *o = r->opt;
    char digits[COUNT_DIGITS_MAX];
    if (!o->write_baseline)
        printf("A: %s\n", r->from_baseline ? o->baseline : r->subjects[0].label);
    printf("B: %s\n", r->subjects[1].label);
    if (o->measure == MEASURE_TIME)
        printf("measure: wall time, %d round%s interleaved (A B, then B A), each at least %g s\n", r->rounds_done,
               r->rounds_done == 1 ? "" : "s", o->min_time);
    else
        printf("measure: instructions per leaf-parent, start-up subtracted (%s)\n", instr_tool_name(r->tool));
    if (o->write_baseline) { /* B alone: the numbers the baseline gets */
        for (int i = 0; i < r->n; i++)
            printf("%-10s D%-2d %12s nodes  %.2f %s\n", r->items[i].p->id, r->items[i].depth,
                   count_format(r->items[i].nodes, digits), r->items[i].cost[1][0], unit(r));
        return;
    }
    for (int i = 0; i < r->n; i++) {
        const compared_t *c = &r->items[i];
        printf("%-10s D%-2d %12s nodes  A %.6g %s  B %.6g %s  B/A %.3f  95%% [%.3f, %.3f]\n", c->p->id, c->depth,
               count_format(c->nodes, digits), median_cost(c, 0, r->rounds_done), unit(r),
               median_cost(c, 1, r->rounds_done), unit(r), c->ratio.ratio, c->ratio.low, c->ratio.high);
    }
    const ratio_interval_t *g = &r->geomean;
    printf("geometric mean B/A %.3f  95%% [%.3f, %.3f] (t-interval on per-round mean log ratios, %d df)\n", g->ratio,
           g->low, g->high, g->n > 1 ? g->n - 1 : 0);
}

/* 1 when the gate fails: the geometric mean's whole interval (and, for
 * instructions, any position's) lies above 1 + PCT/100. */
static int verdict(const compare_run_t *r)
{
    if (!r->opt->gate)
        return EXIT_ALL_GOOD;
    double limit = 1 + r->opt->max_slowdown / 100;
    bool beyond = r->geomean.low > limit;
    for (int i = 0; r->opt->measure == MEASURE_INSTRUCTIONS && i < r->n; i++)
        if (r->items[i].ratio.low > limit) {
            printf("gate: %s costs %.1f%% more, above --max-slowdown %g%%\n", r->items[i].p->id,
                   100 * (r->items[i].ratio.ratio - 1), r->opt->max_slowdown);
            beyond = true;
        }
    printf("gate --max-slowdown %g%%: %s (B/A %.3f, 95%% [%.3f, %.3f], limit %.3f)\n", r->opt->max_slowdown,
           beyond ? "FAIL" : "pass", r->geomean.ratio, r->geomean.low, r->geomean.high, limit);
    return beyond ? EXIT_MISMATCH : EXIT_ALL_GOOD;
}

static const char *const csv_header[] = {"timestamp", "rperft_version", "commit", "measure", "a",     "b",
                                         "position_id", "fen",          "depth",  "nodes",   "rounds", "a_cost",
                                         "b_cost",  "ratio",          "low",    "high"};
enum { CSV_COLUMNS = sizeof csv_header / sizeof *csv_header };

/* Appends the rows to t (opened before any measurement) and closes it. */
static bool write_csv(const compare_run_t *r, csv_table_t *t)
{
    char timestamp[32];
    time_t now = time(NULL);
    strftime(timestamp, sizeof timestamp, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
    bool ok = true;
    for (int i = 0; i <= r->n && ok; i++) {
        const compared_t *c = i < r->n ? &r->items[i] : NULL;
        const ratio_interval_t *ri = c ? &c->ratio : &r->geomean;
        char depth[16], nodes[COUNT_DIGITS_MAX], rounds[16], a[32], b[32], ratio[32], low[32], high[32];
        snprintf(rounds, sizeof rounds, "%d", r->rounds_done);
        snprintf(ratio, sizeof ratio, "%.6f", ri->ratio);
        snprintf(low, sizeof low, "%.6f", ri->low);
        snprintf(high, sizeof high, "%.6f", ri->high);
        if (c) {
            snprintf(depth, sizeof depth, "%d", c->depth);
            count_format(c->nodes, nodes);
            snprintf(a, sizeof a, "%.9g", median_cost(c, 0, r->rounds_done));
            snprintf(b, sizeof b, "%.9g", median_cost(c, 1, r->rounds_done));
        }
        const char *fields[CSV_COLUMNS] = {timestamp, RPERFT_VERSION, RPERFT_COMMIT,
                                           r->opt->measure == MEASURE_TIME ? "time" : "instructions",
                                           r->from_baseline ? r->opt->baseline : r->subjects[0].label,
                                           r->subjects[1].label, c ? c->p->id : "geomean", c ? c->p->fen : NULL,
                                           c ? depth : NULL, c ? nodes : NULL, rounds, c ? a : NULL, c ? b : NULL,
                                           ratio, low, high};
        ok = csv_table_append(t, fields);
    }
    csv_table_close(t);
    if (!ok)
        perror("rperft compare: --csv");
    return ok;
}

static json_t *json_interval(const ratio_interval_t *ri)
{
    json_t *o = json_object();
    json_put(o, "ratio", json_real(ri->ratio));
    json_put(o, "low", json_real(ri->low));
    json_put(o, "high", json_real(ri->high));
    json_put(o, "samples", json_integer(ri->n));
    return o;
}

static void fill_json(const compare_run_t *r, json_report_t *j, int rc)
{
    json_t *root = json_report_root(j);
    json_put(root, "a", json_text(r->from_baseline ? r->opt->baseline : r->subjects[0].label));
    json_put(root, "b", json_text(r->subjects[1].label));
    json_put(root, "measure", json_string(r->opt->measure == MEASURE_TIME ? "time" : "instructions"));
    json_put(root, "interval", json_string("student-t 95% on log ratios"));
    json_put(root, "rounds", json_integer(r->rounds_done));
    json_t *positions = json_report_array(j, "positions");
    for (int i = 0; i < r->n && r->rounds_done > 0; i++) {
        const compared_t *c = &r->items[i];
        json_t *o = json_object(), *samples[2] = {json_array(), json_array()};
        json_put(o, "id", json_text(c->p->id));
        json_put(o, "fen", json_text(c->p->fen));
        json_put(o, "depth", json_integer(c->depth));
        json_put(o, "nodes", json_count(c->nodes));
        for (int s = 0; s < 2; s++)
            for (int k = 0; k < r->rounds_done; k++)
                json_array_append_new(samples[s], json_real(c->cost[s][k]));
        json_put(o, "a", samples[0]);
        json_put(o, "b", samples[1]);
        json_put(o, "b_over_a", json_interval(&c->ratio));
        json_array_append_new(positions, o);
    }
    if (r->rounds_done > 0)
        json_put(root, "geomean", json_interval(&r->geomean));
    if (r->opt->gate) {
        json_t *g = json_object();
        json_put(g, "max_slowdown_percent", json_real(r->opt->max_slowdown));
        json_put(g, "failed", json_boolean(rc == EXIT_MISMATCH));
        json_put(root, "gate", g);
    }
}

/* ---- the command ------------------------------------------------------------------------ */

static void free_run(compare_run_t *r)
{
    for (int i = 0; i < r->n; i++)
        free(r->items[i].cost[0]), free(r->items[i].cost[1]);
    free(r->items);
    subject_free(&r->subjects[0]);
    subject_free(&r->subjects[1]);
    bench_set_free(&r->set);
}

static bool setup(compare_run_t *r)
{
    const compare_options_t *o = r->opt;
    char why[512];
    r->from_baseline = o->baseline || o->write_baseline;
    for (int s = r->from_baseline; s < 2; s++)
        if (!subject_parse(o->operands[s - r->from_baseline], o->timeout, &r->subjects[s], why, sizeof why)) {
            fprintf(stderr, "rperft compare: %s: %s\n", side(s), why);
            return false;
        }
    if (o->measure == MEASURE_INSTRUCTIONS && !instr_tool_detect(&r->tool, why, sizeof why)) {
        fprintf(stderr, "rperft compare: --measure instructions: %s\n", why);
        return false;
    }
    if (!load_positions(o->positions, &r->set))
        return false;
    if (o->depth && !bench_set_set_depth(&r->set, o->depth, why, sizeof why)) {
        usage_error("compare", "--depth %s", why);
        return false;
    }
    r->items = calloc((size_t)r->set.n, sizeof *r->items);
    for (int i = 0; r->items && i < r->set.n; i++) {
        compared_t *c = &r->items[r->n];
        c->p = &r->set.items[i];
        c->depth = c->p->depth;
        bool counted;
        c->nodes = bench_position_count(&r->set.items[i], c->depth, &counted);
        if (counted)
            fprintf(stderr, "rperft compare: note: %s D%d not listed; the naive method counts %s\n", c->p->id,
                    c->depth, count_format(c->nodes, (char[COUNT_DIGITS_MAX]){0}));
        c->leaf_parents = o->measure == MEASURE_INSTRUCTIONS ? bench_position_count(&r->set.items[i], c->depth - 1,
                                                                                    &counted)
                                                             : 0;
        c->cost[0] = calloc((size_t)o->rounds, sizeof(double));
        c->cost[1] = calloc((size_t)o->rounds, sizeof(double));
        if (!c->cost[0] || !c->cost[1])
            break;
        r->n++;
    }
    if (r->n == 0)
        fprintf(stderr, "rperft compare: no position to compare\n");
    return r->n > 0;
}

static int cmd_compare(const parsed_t *p)
{
    compare_options_t opt;
    int rc = read_options(p, &opt);
    if (rc != OPTIONS_OK)
        return rc;
    compare_run_t r = {.opt = &opt};
    char err[512];
    json_report_t *json = NULL;
    csv_table_t *csv = NULL;
    bool csv_wanted = opt.csv && !opt.write_baseline; /* a baseline run has no ratios to record */
    /* every output is opened before the first measurement, so a bad path costs no time */
    bool ready = setup(&r) && (!opt.baseline || read_baseline(&r, opt.baseline));
    if (ready && csv_wanted && !(csv = csv_table_open(opt.csv, csv_header, CSV_COLUMNS, err, sizeof err))) {
        fprintf(stderr, "rperft compare: --csv %s\n", err);
        ready = false;
    }
    if (ready && opt.json && !(json = json_report_open(opt.json, "compare", err, sizeof err))) {
        fprintf(stderr, "rperft compare: --json %s\n", err);
        ready = false;
    }
    if (!ready) {
        csv_table_close(csv);
        free_run(&r);
        return EXIT_BAD_INPUT;
    }
    interrupt_setup();
    run_status_t st = prepare(&r);
    if (st == RUN_OK)
        st = run_rounds(&r);
    if (st == RUN_INTERRUPTED)
        fprintf(stderr, "rperft compare: interrupted after %d of %d rounds\n", r.rounds_done, opt.rounds);
    rc = st == RUN_FAILED ? EXIT_BAD_INPUT : st == RUN_INTERRUPTED ? stop_signal_exit_code() : EXIT_ALL_GOOD;
    if (r.rounds_done > 0) {
        if (!opt.write_baseline)
            compute(&r);
        print_report(&r);
        if (st == RUN_OK && !opt.write_baseline)
            rc = verdict(&r);
        if (csv && !write_csv(&r, csv) && rc == EXIT_ALL_GOOD)
            rc = EXIT_BAD_INPUT;
        csv = NULL;
        if (st == RUN_OK && opt.write_baseline && !write_baseline(&r, opt.write_baseline))
            rc = EXIT_BAD_INPUT;
    }
    if (json) {
        fill_json(&r, json, rc);
        if (!json_report_finish(json, st == RUN_OK, rc, err, sizeof err)) {
            fprintf(stderr, "rperft compare: --json %s\n", err);
            if (rc == EXIT_ALL_GOOD)
                rc = EXIT_BAD_INPUT;
        }
    }
    csv_table_close(csv); /* nothing measured: nothing written */
    fflush(stdout);
    free_run(&r);
    return rc;
}

static const option_use_t options[] = {
    OPTION_HELP(opt_positions, "a suite in any format 'rperft suite' reads (default positions/bench.epd:\n"
                               "the six CPW positions, built in when the file is not found); each\n"
                               "position runs at its deepest listed depth of at most 10^9 nodes"),
    OPTION_HELP(opt_bench_depth, "compare every position at depth N instead; +N / -N: N deeper /\n"
                           "shallower (a depth without a listed count is counted first by the\n"
                           "naive reference method)"),
    OPTION(opt_rounds),
    OPTION(opt_min_time),
    OPTION(opt_max_slowdown),
    OPTION(opt_measure),
    OPTION(opt_baseline),
    OPTION(opt_write_baseline),
    OPTION_HELP(opt_csv, "append a row per position and one for the geometric mean (created\n"
                         "with a header; a file with another header is refused)"),
    OPTION(opt_json),
    OPTION_HELP(opt_timeout, "seconds a UCI engine may take per query (default 60)"),
    OPTIONS_END,
};

static const option_t *const operands[] = {&operand_subjects, NULL};

const command_t compare_command = {
    .name = "compare",
    .summary = "a performance gate: two methods, builds or engines interleaved, ratio with a 95% interval",
    .description =
        "Compares the cost of B with A's on every position of a suite file. Every count\n"
        "is checked first (a wrong one exits 2); then rounds run interleaved, A B in one\n"
        "round and B A in the next, so drift in the machine's speed hits both alike.\n"
        "\n"
        "Reported: per position the ratio B/A of the median costs and a 95% confidence\n"
        "interval, and the geometric mean over positions. The intervals are Student's\n"
        "t-intervals on log ratios: per position over its rounds, for the geometric mean\n"
        "over the rounds' mean log ratios. Above 1: B costs more.\n",
    .options = options,
    .operands = operands,
    .min_operands = 1,
    .epilogue = "exit status: 0 no gate or within it, 1 the gate failed, 2 bad usage, a wrong\n"
                "count or a subject that failed, 130 / 143 stopped by SIGINT / SIGTERM\n",
    .run = cmd_compare,
};

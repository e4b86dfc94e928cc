/* rperft othello bench: the flip methods timed against each other, whole perft or
 * one flip computation (--micro), interleaved (A B C D A B C D ...) after a round
 * that checks every count; CSV rows with kind othello-perft / othello-micro, so
 * they never mix with chess rows in rperft report. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "othello_commands.h"
#include "othello_options.h"
#include "bench/csv_table.h"
#include "bench/othello_workload.h"
#include "bench/schema.h"
#include "bench/sysinfo.h"
#include "bench/timing.h"

static const char help[] =
    "usage: rperft othello bench [--startpos | --board \"BOARD SIDE\"] [--method NAME|all] [--reps N]\n"
    "                           [--no-bulk] [--micro] [--csv FILE] [DEPTH]\n"
    "\n"
    "Times the flip methods against each other on one position (default: the start\n"
    "position at depth 10, a pass as one ply), interleaved, after a round that checks\n"
    "every count (against the published counts at the start position, else against\n"
    "each other). Prints median, min and max per method and the speed against loop.\n"
    "\n"
    "  --method NAME     one method, or all (the default)\n"
    "  --reps N          timed rounds (default 5; the median is reported)\n"
    "  --no-bulk         compute the flips of every last-ply move\n"
    "  --micro           time one flip computation instead: every legal move of the\n"
    "                    positions of 200 random games (fixed seed), repeated\n"
    "  --csv FILE        append one row per method (kind othello-perft or othello-micro)\n"
    "\n"
    "exit status: 0 done, 1 a count or checksum mismatch, 2 bad usage or input\n";

typedef struct bench_options {
    othello_options_t o;
    const char *csv;
    int reps;
    bool micro;
} bench_options_t;

typedef struct bench_run {
    const othello_method_t *methods[8];
    int n;
    const othello_position_t *pos;
    const othello_options_t *o;
    const othello_workload_t *work;
    int passes;
    count_t results[8];
} bench_run_t;

static bool run_one(void *ctx, int subject)
{
    bench_run_t *r = ctx;
    const othello_method_t *m = r->methods[subject];
    r->results[subject] = r->work ? (count_t)m->flip_sum(r->work->cases, r->work->n, r->passes)
                                  : m->perft(r->pos, r->o->depth, &r->o->rules);
    return true;
}

static int parse(int argc, char **argv, bench_options_t *opt)
{
    const char *cmd = "othello bench";
    *opt = (bench_options_t){.o = {.rules = OTHELLO_DEFAULT_RULES, .depth = 10, .method = "all"}, .reps = 5};
    int i = 1;
    for (; i < argc && argv[i][0] == '-' && argv[i][1] != '\0'; i++) {
        const char *a = argv[i];
        bool has_value = i + 1 < argc;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            fputs(help, stdout);
            return EXIT_ALL_GOOD;
        } else if (strcmp(a, "--startpos") == 0) {
            opt->o.board = NULL;
        } else if (strcmp(a, "--board") == 0 && has_value) {
            opt->o.board = argv[++i];
        } else if (strcmp(a, "--method") == 0 && has_value) {
            opt->o.method = argv[++i];
        } else if (strcmp(a, "--reps") == 0 && has_value) {
            if (!parse_int(argv[++i], 1, 1000, &opt->reps))
                return usage_error(cmd, "--reps takes a whole number from 1 to 1000, not '%s'", argv[i]);
        } else if (strcmp(a, "--csv") == 0 && has_value) {
            opt->csv = argv[++i];
        } else if (strcmp(a, "--no-bulk") == 0) {
            opt->o.rules.bulk = false;
        } else if (strcmp(a, "--micro") == 0) {
            opt->micro = true;
        } else if (strcmp(a, "--board") == 0 || strcmp(a, "--method") == 0 || strcmp(a, "--reps") == 0 ||
                   strcmp(a, "--csv") == 0) {
            return usage_error(cmd, "%s needs a value", a);
        } else {
            return usage_error(cmd, "unknown option '%s'", a);
        }
    }
    if (i + 1 < argc)
        return usage_error(cmd, "unexpected argument '%s' after DEPTH", argv[i + 1]);
    if (i < argc && !parse_int(argv[i], 1, 64, &opt->o.depth))
        return usage_error(cmd, "DEPTH must be a whole number from 1 to 64, not '%s'", argv[i]);
    return OTHELLO_OPTIONS_OK;
}

/* The untimed first round: every method's count (or checksum) must agree, and at
 * the start position match the published count. */
static bool check_round(bench_run_t *r, bool startpos)
{
    char a[COUNT_DIGITS_MAX], b[COUNT_DIGITS_MAX];
    count_t want;
    bool known = !r->work && startpos && othello_startpos_known(r->o->depth, r->o->rules.pass_ply, &want);
    for (int s = 0; s < r->n; s++) {
        run_one(r, s);
        if (!known && s == 0)
            want = r->results[0];
        if (r->results[s] != want) {
            printf("MISMATCH: %s %s %s, expected %s\n", r->methods[s]->name, r->work ? "checksum" : "count",
                   count_format(r->results[s], a), count_format(want, b));
            return false;
        }
    }
    return true;
}

static void report(const bench_options_t *opt, bench_run_t *r, const double *samples, const char *board,
                   csv_table_t *csv, const sysinfo_t *sys)
{
    char digits[COUNT_DIGITS_MAX];
    double base = 0;
    count_t work = r->work ? (count_t)r->work->n * (count_t)r->passes : r->results[0];
    printf("%-12s %10s %10s %10s %12s %8s\n", "method", "median s", "min s", "max s",
           r->work ? "Mflips/s" : "Mnps", "vs loop");
    for (int s = 0; s < r->n; s++) {
        timing_stats_t st = timing_summarize(samples + s * opt->reps, opt->reps);
        double speed = mnps(work, st.median);
        if (r->methods[s] == &othello_loop || (s == 0 && base == 0))
            base = speed;
        printf("%-12s %10.4f %10.4f %10.4f %12.1f %7.2fx\n", r->methods[s]->name, st.median, st.min, st.max, speed,
               base > 0 ? speed / base : 0);
        if (!csv)
            continue;
        bench_measurement_t m = {
            .kind = r->work ? "othello-micro" : "othello-perft",
            .method = r->methods[s]->name,
            .bitscan = "",
            .bulk = r->work ? -1 : opt->o.rules.bulk,
            .threads = 1,
            .position_id = r->work ? "flip" : opt->o.board ? "custom" : "start",
            .fen = r->work ? NULL : board,
            .depth = r->work ? -1 : opt->o.depth,
            .nodes = count_format(work, digits),
            .repetitions = opt->reps,
            .median_s = st.median, .min_s = st.min, .max_s = st.max, .mnps = speed,
        };
        const char *fields[BENCH_COLUMNS];
        char buf[BENCH_ROW_BUF];
        bench_row(sys, &m, fields, buf);
        if (!csv_table_append(csv, fields))
            fprintf(stderr, "rperft othello bench: %s: cannot write: %s\n", opt->csv, strerror(errno));
    }
}

int cmd_othello_bench(int argc, char **argv)
{
    const char *cmd = "othello bench";
    bench_options_t opt;
    int rc = parse(argc, argv, &opt);
    if (rc != OTHELLO_OPTIONS_OK)
        return rc;
    othello_position_t pos;
    if (!othello_load_position(cmd, &opt.o, &pos))
        return EXIT_BAD_INPUT;
    bench_run_t r = {.pos = &pos, .o = &opt.o};
    for (int i = 0; othello_methods[i] && r.n < 8; i++)
        if (strcmp(opt.o.method, "all") == 0 || strcmp(opt.o.method, othello_methods[i]->name) == 0)
            r.methods[r.n++] = othello_methods[i];
    if (r.n == 0 && !othello_resolve_method(cmd, opt.o.method))
        return EXIT_BAD_INPUT;
    sysinfo_t sys;
    sysinfo_read(&sys);
    char err[700], board[OTHELLO_TEXT_MAX];
    csv_table_t *csv = NULL;
    if (opt.csv && !(csv = csv_table_open(opt.csv, bench_header, BENCH_COLUMNS, err, sizeof err))) {
        fprintf(stderr, "rperft %s: %s\n", cmd, err);
        return EXIT_BAD_INPUT;
    }
    othello_workload_t work = {0};
    if (opt.micro) {
        if (!othello_workload_build(1, 200, &work)) {
            fprintf(stderr, "rperft %s: out of memory\n", cmd);
            csv_table_close(csv);
            return EXIT_BAD_INPUT;
        }
        r.work = &work;
        r.passes = 20;
        printf("othello bench --micro: %zu flips from %zu positions of 200 random games, %d passes, %d rounds\n",
               work.n, work.positions, r.passes, opt.reps);
    } else {
        printf("othello bench: %s depth %d, pass-ply %d%s, %d rounds\n", othello_write(&pos, board), opt.o.depth,
               opt.o.rules.pass_ply, opt.o.rules.bulk ? "" : ", no bulk counting", opt.reps);
    }
    double *samples = calloc((size_t)r.n * (size_t)opt.reps, sizeof *samples);
    timing_plan_t plan = {.subjects = r.n, .warmup = 0, .reps = opt.reps, .run = run_one, .ctx = &r};
    if (!samples) {
        rc = EXIT_BAD_INPUT;
    } else if (!check_round(&r, opt.o.board == NULL && opt.o.moves == NULL)) {
        rc = EXIT_MISMATCH;
    } else {
        timing_interleaved(&plan, samples);
        report(&opt, &r, samples, othello_write(&pos, board), csv, &sys);
        rc = EXIT_ALL_GOOD;
    }
    free(samples);
    othello_workload_free(&work);
    csv_table_close(csv);
    return rc;
}

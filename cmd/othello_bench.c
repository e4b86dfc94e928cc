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
#include "shared_options.h"
#include "bench/csv_table.h"
#include "bench/othello_workload.h"
#include "bench/schema.h"
#include "bench/sysinfo.h"
#include "bench/timing.h"

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

static const option_t opt_reps = {
    .name = "reps", .arg = "N", .kind = OPTION_INT, .min = 1, .max = 1000,
    .help = "timed rounds (default 5; the median is reported)"};
static const option_t opt_micro = {
    .name = "micro",
    .help = "time one flip computation instead: every legal move of the positions\n"
            "of 200 random games (fixed seed), 20 passes per round"};

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

static int cmd_othello_bench(const parsed_t *p)
{
    const char *cmd = "othello bench";
    bench_options_t opt = {
        .csv = options_text(p, &opt_csv, NULL),
        .reps = (int)options_int(p, &opt_reps, 5),
        .micro = options_flag(p, &opt_micro),
    };
    othello_options_read(p, 10, &opt.o);
    if (!opt.o.method)
        opt.o.method = "all";
    int rc;
    othello_position_t pos;
    if (!othello_load_position(cmd, &opt.o, &pos))
        return EXIT_BAD_INPUT;
    bench_run_t r = {.pos = &pos, .o = &opt.o};
    for (int i = 0; othello_methods[i] && r.n < 8; i++)
        if ((strcmp(opt.o.method, "all") == 0 || strcmp(opt.o.method, othello_methods[i]->name) == 0) &&
            othello_method_runs_here(othello_methods[i]))
            r.methods[r.n++] = othello_methods[i];
    if (r.n == 0 && !othello_resolve_method(p, opt.o.method))
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

static const option_use_t options[] = {
    OPTION(opt_startpos), OPTION(opt_othello_board), OPTION(opt_othello_moves),
    OPTION_HELP(opt_othello_method, "one flip method, or all (the default)"),
    OPTION(opt_reps),
    OPTION_HELP(opt_no_bulk, "compute the flips of every last-ply move"),
    OPTION(opt_pass_ply), OPTION(opt_micro),
    OPTION_HELP(opt_csv, "append one row per method (kind othello-perft or othello-micro)"),
    OPTIONS_END,
};

static const option_t *const operands[] = {&operand_depth, NULL};

const command_t othello_bench_command = {
    .name = "othello bench",
    .summary = "time the flip methods against each other (perft and one flip); CSV rows",
    .description = "Times the flip methods against each other on one position (default: the start\n"
                   "position at DEPTH 10), interleaved, after a round that checks every count (against\n"
                   "the published counts at the start position, else against each other). Prints\n"
                   "median, min and max per method and the speed against loop.\n",
    .options = options,
    .operands = operands,
    .min_operands = 0,
    .epilogue = "exit status: 0 done, 1 a count or checksum mismatch, 2 bad usage or input\n",
    .run = cmd_othello_bench,
};

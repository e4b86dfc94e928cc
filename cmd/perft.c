/* rperft perft: the leaf count of one position to one depth, by one method or all. */
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "perft_report.h"
#include "progress.h"
#include "runner.h"
#include "shared_options.h"

/* What the progress line names while a perft runs: a perft's size is not known
 * before it ends, so it shows the time spent, and with --method all how many
 * methods are done. */
typedef struct perft_progress {
    progress_t bar;
    const method_t *method;
    int depth, done, total;
} perft_progress_t;

static void show_progress(void *ctx)
{
    perft_progress_t *pp = ctx;
    if (pp->total > 1)
        progress_show(&pp->bar, "perft depth %d, method %d of %d (%s)", pp->depth, pp->done + 1, pp->total,
                      pp->method->name);
    else
        progress_show(&pp->bar, "perft depth %d (%s)", pp->depth, pp->method->name);
}

/* One method's perft on the runner's worker thread, so that a signal is answered at
 * once. The runner salts each method's keys, so no method gains from another's
 * entries. False when interrupted. */
static bool timed_perft(runner_t *r, perft_progress_t *pp, const method_t *m, const position_t *pos,
                        const perft_options_t *opt, const search_options_t *search, count_t *nodes, double *elapsed)
{
    perft_job_t job = {.method = m, .pos = pos, .depth = opt->depth, .bulk = opt->bulk, .search = search};
    pp->method = m;
    runner_on_tick(r, pp->bar.interval, show_progress, pp);
    bool done = runner_run(r, &job, 1);
    progress_clear(&pp->bar);
    if (!done)
        return false;
    *nodes = job.nodes;
    *elapsed = job.seconds;
    return true;
}

/* One method's result in the JSON report (results NULL: none); why: it was skipped. */
static void report_result(json_t *results, const method_t *m, count_t nodes, double seconds, const char *why)
{
    if (!results)
        return;
    json_t *o = json_object();
    json_put(o, "method", json_string(m->name));
    if (why) {
        json_put(o, "skipped", json_text(why));
    } else {
        json_put(o, "nodes", json_count(nodes));
        json_put(o, "seconds", json_real(seconds));
    }
    json_array_append_new(results, o);
}

static int run_all(runner_t *r, const position_t *pos, const perft_options_t *opt, const search_options_t *search,
                   json_t *results)
{
    char digits[COUNT_DIGITS_MAX];
    count_t first = 0;
    bool have_first = false, agree = true;
    int done = 0, total = 0;
    while (all_methods[total])
        total++;
    perft_progress_t pp = {.depth = opt->depth, .total = total};
    progress_start(&pp.bar);
    for (int i = 0; all_methods[i]; i++, done++) {
        const method_t *m = all_methods[i];
        const char *why = "unknown reason";
        if (!method_prepare(m, &why)) {
            printf("%-20s skipped: %s\n", m->name, why);
            report_result(results, m, 0, 0, why);
            continue;
        }
        const char *note = m->note();
        count_t nodes;
        double elapsed;
        pp.done = done;
        if (!timed_perft(r, &pp, m, pos, opt, search, &nodes, &elapsed)) {
            fprintf(stderr, "rperft perft: interrupted after %d of %d methods\n", done, total);
            return EXIT_INTERRUPTED;
        }
        printf("%-20s %20s %9.3f s %9.1f Mnps%s%s\n", m->name, count_format(nodes, digits), elapsed,
               mnps(nodes, elapsed), note ? "  " : "", note ? note : "");
        report_result(results, m, nodes, elapsed, NULL);
        fflush(stdout);
        if (have_first && nodes != first)
            agree = false;
        if (!have_first)
            first = nodes, have_first = true;
    }
    if (!agree) {
        printf("MISMATCH: the methods disagree\n");
        return EXIT_MISMATCH;
    }
    printf("Nodes searched: %s\n", count_format(first, digits));
    return EXIT_ALL_GOOD;
}

static int run_one(runner_t *r, const method_t *m, const position_t *pos, const perft_options_t *opt,
                   const search_options_t *search, json_t *results)
{
    count_t nodes;
    double elapsed;
    char digits[COUNT_DIGITS_MAX];
    perft_progress_t pp = {.depth = opt->depth, .total = 1};
    progress_start(&pp.bar);
    if (!timed_perft(r, &pp, m, pos, opt, search, &nodes, &elapsed)) {
        fprintf(stderr, "rperft perft: interrupted; no count (a perft cannot be stopped half way)\n");
        return EXIT_INTERRUPTED;
    }
    printf("Nodes searched: %s\n", count_format(nodes, digits));
    report_result(results, m, nodes, elapsed, NULL);
    print_run_summary(m, opt, nodes, elapsed);
    return EXIT_ALL_GOOD;
}

static int cmd_perft(const parsed_t *p)
{
    perft_options_t opt;
    position_t pos;
    int rc;
    perft_options_read(p, &opt);
    if (!load_position("perft", &opt.position, &pos))
        return EXIT_BAD_INPUT;
    if (opt.verbose)
        print_searched_fen(&pos);
    bool all = opt.method && strcmp(opt.method, "all") == 0;
    const method_t *m = all ? NULL : resolve_method("perft", opt.method);
    if (!all && !m)
        return EXIT_BAD_INPUT;
    /* The table is had (or refused) before anything is computed. */
    search_options_t search;
    hash_table_t hash;
    if (!search_setup("perft", &opt, &search, &hash))
        return EXIT_BAD_INPUT;
    bool failed;
    json_report_t *j = perft_report_open("perft", &opt, &pos, &failed);
    if (failed) {
        search_teardown(&hash);
        return EXIT_BAD_INPUT;
    }
    json_t *results = j ? json_report_array(j, "results") : NULL;
    interrupt_setup();
    runner_t *r = runner_start();
    rc = all ? run_all(r, &pos, &opt, &search, results) : run_one(r, m, &pos, &opt, &search, results);
    runner_stop(r);
    bool written = perft_report_finish("perft", j, rc != EXIT_INTERRUPTED,
                                       rc == EXIT_INTERRUPTED ? stop_signal_exit_code() : rc);
    if (rc == EXIT_INTERRUPTED)
        exit_abandoning_workers(stop_signal_exit_code()); /* the worker may still use the table */
    search_teardown(&hash);
    return rc == EXIT_ALL_GOOD && !written ? EXIT_BAD_INPUT : rc;
}

static const option_use_t options[] = {
    OPTION(opt_startpos),
    OPTION(opt_fen),
    OPTION(opt_moves),
    OPTION_HELP(opt_method, "slider-attack method (default: rotated); 'all' runs every method\n"
                  "this CPU can run, prints each count and time, exits 1 if any differ"),
    OPTION(opt_no_bulk),
    OPTION_HELP(opt_threads, "threads (default 1; more than the CPUs is allowed, with a warning);\n"
                   "the work is split two plies below the root"),
    OPTION(opt_hash),
    OPTION(opt_hash_verify),
    OPTION(opt_key_seed),
    OPTION(opt_verbose),
    OPTION(opt_json),
    OPTIONS_END,
};

static const option_t *const operands[] = {&operand_depth, NULL};

const command_t perft_command = {
    .name = "perft",
    .summary = "count the leaf nodes of a position to a depth",
    .description = "Counts the leaf nodes of the legal move tree of the position to DEPTH and prints\n"
                   "'Nodes searched: N' on stdout; time and Mnps go to stderr.\n",
    .options = options,
    .operands = operands,
    .min_operands = 1,
    .epilogue = "DEPTH is 0 to 64. Counts are exact unsigned 128-bit totals, printed in full past\n"
                "2^64 (start position depth 14 and beyond); no run that finishes can pass 2^128,\n"
                "since a hashed subtree count is kept only below 2^58 and everything above it is\n"
                "counted by visiting nodes.\n"
                "\n"
                "exit status: 0 done (all methods agree), 1 methods disagree, 2 bad usage or input,\n"
                "130 / 143 stopped by SIGINT / SIGTERM (at once: a perft cannot be stopped half way,\n"
                "so there is no count; with --method all the methods finished are printed)\n",
    .run = cmd_perft,
};

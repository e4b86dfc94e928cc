/* rperft divide: perft per root move, in Stockfish's "go perft" format. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "perft_report.h"
#include "progress.h"
#include "runner.h"
#include "shared_options.h"

typedef struct divide_line {
    char move[8];
    count_t nodes;
} divide_line_t;

/* One divide: the root moves and a line for each. */
typedef struct divide {
    const method_t *method;
    const position_t *pos;
    const perft_options_t *opt;
    const search_options_t *search;
    json_report_t *json; /* --json, or NULL */
    move_t moves[MAX_MOVES];
    divide_line_t lines[MAX_MOVES];
    int n;
    int done;         /* root moves counted so far */
    progress_t bar;
} divide_t;

/* "[K/N] MOVE, about T left": the estimate assumes the moves left take as long
 * as the ones done did on average (subtrees differ, so it is rough). */
static void show_progress(void *ctx)
{
    divide_t *d = ctx;
    char left[32];
    if (d->done == 0) {
        progress_show(&d->bar, "divide depth %d: root move 1 of %d (%s)", d->opt->depth, d->n, d->lines[0].move);
        return;
    }
    double per_move = progress_elapsed(&d->bar) / d->done;
    progress_show(&d->bar, "divide depth %d: root move %d of %d (%s), about %s left", d->opt->depth, d->done + 1,
                  d->n, d->lines[d->done].move, duration_text(per_move * (d->n - d->done), left, sizeof left));
}

static int by_move(const void *a, const void *b)
{
    return strcmp(((const divide_line_t *)a)->move, ((const divide_line_t *)b)->move);
}

/* Counts the root moves one job at a time, so that an interrupt leaves the lines
 * before it complete. Returns how many were done. */
static int count_moves(runner_t *r, divide_t *d, count_t *total)
{
    for (int i = 0; i < d->n; i++) {
        position_t child = *d->pos;
        undo_t u;
        move_to_uci(d->pos, d->moves[i], d->lines[i].move);
        position_make(&child, d->moves[i], &u);
        perft_job_t job = {.method = d->method, .pos = &child, .depth = d->opt->depth - 1, .bulk = d->opt->bulk,
                           .search = d->search};
        d->done = i;
        show_progress(d);
        if (!runner_run(r, &job, 1))
            return i;
        d->lines[i].nodes = job.nodes;
        *total += job.nodes;
    }
    return d->n;
}

static void print_lines(divide_line_t *lines, int n)
{
    char digits[COUNT_DIGITS_MAX];
    qsort(lines, (size_t)n, sizeof *lines, by_move);
    for (int i = 0; i < n; i++)
        printf("%s: %s\n", lines[i].move, count_format(lines[i].nodes, digits));
}

static int run_divide(divide_t *d)
{
    char digits[COUNT_DIGITS_MAX];
    count_t total = d->opt->depth == 0 ? 1 : 0;
    double start = seconds_now();
    interrupt_setup();
    runner_t *r = runner_start();
    progress_start(&d->bar);
    runner_on_tick(r, d->bar.interval, show_progress, d);
    int done = count_moves(r, d, &total);
    progress_clear(&d->bar);
    runner_stop(r);
    double elapsed = seconds_now() - start;
    print_lines(d->lines, done);
    bool written = true;
    if (d->json) { /* the root moves finished, sorted, and their total */
        json_t *moves = json_report_array(d->json, "moves");
        for (int i = 0; i < done; i++) {
            json_t *o = json_object();
            json_put(o, "move", json_string(d->lines[i].move));
            json_put(o, "nodes", json_count(d->lines[i].nodes));
            json_array_append_new(moves, o);
        }
        json_t *root = json_report_root(d->json);
        json_put(root, "method", json_string(d->method->name));
        json_put(root, "nodes", json_count(total));
        json_put(root, "seconds", json_real(elapsed));
        written = perft_report_finish("divide", d->json, done == d->n, done == d->n ? EXIT_ALL_GOOD
                                                                                    : stop_signal_exit_code());
    }
    if (done < d->n) {
        printf("\nInterrupted: %d of %d root moves, %s nodes so far\n", done, d->n, count_format(total, digits));
        fprintf(stderr, "rperft divide: interrupted after %d of %d root moves\n", done, d->n);
        exit_abandoning_workers(stop_signal_exit_code()); /* the worker may still use the table */
    }
    printf("\nNodes searched: %s\n\n", count_format(total, digits)); /* Stockfish's empty line too */
    print_run_summary(d->method, d->opt, total, elapsed);
    return written ? EXIT_ALL_GOOD : EXIT_BAD_INPUT;
}

static int cmd_divide(const parsed_t *p)
{
    perft_options_t opt;
    position_t pos;
    int rc;
    perft_options_read(p, &opt);
    if (opt.method && strcmp(opt.method, "all") == 0)
        return option_error(p, &opt_method, "divide takes one method ('all' is for 'rperft perft')");
    if (!load_position("divide", &opt.position, &pos))
        return EXIT_BAD_INPUT;
    if (opt.verbose)
        print_searched_fen(&pos);
    const method_t *m = resolve_method("divide", opt.method);
    if (!m)
        return EXIT_BAD_INPUT;
    divide_t *d = calloc(1, sizeof *d); /* 24 KB: off the stack */
    if (!d) {
        perror("rperft divide");
        return EXIT_BAD_INPUT;
    }
    search_options_t search;
    hash_table_t hash;
    if (!search_setup("divide", &opt, &search, &hash)) {
        free(d);
        return EXIT_BAD_INPUT;
    }
    bool failed;
    json_report_t *j = perft_report_open("divide", &opt, &pos, &failed);
    if (failed) {
        free(d);
        search_teardown(&hash);
        return EXIT_BAD_INPUT;
    }
    *d = (divide_t){.method = m, .pos = &pos, .opt = &opt, .search = &search, .json = j};
    d->n = opt.depth == 0 ? 0 : m->generate(&pos, d->moves);
    rc = run_divide(d);
    free(d);
    search_teardown(&hash);
    return rc;
}

static const option_use_t options[] = {
    OPTION(opt_startpos), OPTION(opt_fen), OPTION(opt_moves), OPTION(opt_method), OPTION(opt_no_bulk), OPTION(opt_threads), OPTION(opt_hash),
    OPTION(opt_hash_verify), OPTION(opt_key_seed),
    OPTION(opt_verbose),  OPTION(opt_json), OPTIONS_END,
};

static const option_t *const operands[] = {&operand_depth, NULL};

const command_t divide_command = {
    .name = "divide",
    .summary = "perft per root move, in Stockfish's format",
    .description =
        "Prints one 'move: count' line per legal root move (UCI notation, sorted), a blank\n"
        "line, then 'Nodes searched: N' and a blank line: Stockfish's 'go perft' output with\n"
        "its move lines sorted. Castling is e1g1 in standard chess and king-takes-rook (e1h1)\n"
        "in Chess960 positions.\n",
    .options = options,
    .operands = operands,
    .min_operands = 1,
    .epilogue = "Stopped by SIGINT or SIGTERM, it prints the root moves finished so far and, instead\n"
                "of 'Nodes searched', 'Interrupted: K of N root moves, M nodes so far', and exits\n"
                "130 / 143.\n",
    .run = cmd_divide,
};

/* rperft bench: times the slider methods against each other, whole perft runs or
 * (--micro) attack lookups, and appends one CSV row per measurement. */
#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench/bench_set.h"
#include "bench/csv_table.h"
#include "bench/micro.h"
#include "bench/micro_ray.h"
#include "bench/schema.h"
#include "bench/sysinfo.h"
#include "bench/timing.h"
#include "cli.h"
#include "commands.h"
#include "json_report.h"
#include "shared_options.h"
#include "core/split.h"

enum { MAX_BENCH_METHODS = 16 };

typedef struct bench_options {
    const char *methods;   /* NULL or "all": every available */
    const char *positions; /* NULL: the default set */
    const option_value_t *depth; /* NULL: each position's own; pair = {N, relative} */
    const char *csv, *json;
    int reps, warmup, pin;  /* pin < 0: no pinning */
    int threads, hash_mb;
    bool bulk, micro;
    search_options_t search; /* bulk, threads and the table, set up before timing */
    hash_table_t hash;
} bench_options_t;

static void catch_stop_signals(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = stop_signal_note;
    sa.sa_flags = SA_RESETHAND; /* a second Ctrl-C stops at once */
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
}

/* ---- options ---- */

static const option_t opt_reps = {
    .name = "reps", .arg = "N", .kind = OPTION_INT, .min = 1, .max = 1000000,
    .help = "timed repetitions (default 5)"};
static const option_t opt_warmup = {
    .name = "warmup", .arg = "N", .kind = OPTION_INT, .min = 0, .max = 1000000,
    .help = "untimed rounds first (default 1); the first also checks the counts,\n"
            "so one checking round runs even with --warmup 0"};
static const option_t opt_pin = {
    .name = "pin", .arg = "CPU", .kind = OPTION_INT, .min = 0, .max = CPU_SETSIZE - 1, .unit = "a logical CPU number",
    .help = "run on that logical CPU only (sched_setaffinity)"};
static const option_t opt_micro = {
    .name = "micro",
    .help = "the attack-lookup micro-benchmark instead: bishop, rook and queen\n"
            "lookups per second on squares and occupancies of random playouts\n"
            "from the positions; rotated pays for its rotated-occupancy updates\n"
            "at every make/unmake step"};

static void read_options(const parsed_t *p, bench_options_t *o)
{
    *o = (bench_options_t){
        .methods = options_text(p, &opt_method, NULL),
        .positions = options_text(p, &opt_positions, NULL),
        .depth = options_get(p, &opt_bench_depth),
        .csv = options_text(p, &opt_csv, NULL),
        .json = options_text(p, &opt_json, NULL),
        .reps = (int)options_int(p, &opt_reps, 5),
        .warmup = (int)options_int(p, &opt_warmup, 1),
        .pin = (int)options_int(p, &opt_pin, -1),
        .threads = (int)options_int(p, &opt_threads, 1),
        .hash_mb = (int)options_int(p, &opt_hash, 0),
        .bulk = !options_flag(p, &opt_no_bulk),
        .micro = options_flag(p, &opt_micro),
    };
}

/* ---- methods ---- */

static bool add_method(const method_t **list, int *n, const method_t *m)
{
    for (int i = 0; i < *n; i++)
        if (list[i] == m)
            return true;
    if (*n == MAX_BENCH_METHODS) {
        fprintf(stderr, "rperft bench: at most %d methods\n", MAX_BENCH_METHODS);
        return false;
    }
    list[(*n)++] = m;
    return true;
}

/* "all": every method this CPU runs, the others named on stderr. */
static bool all_available(const method_t **list, int *n)
{
    for (int i = 0; all_methods[i]; i++) {
        const char *why = "unknown reason";
        if (method_prepare(all_methods[i], &why)) {
            if (!add_method(list, n, all_methods[i]))
                return false;
        } else {
            fprintf(stderr, "rperft bench: skipping %s: %s\n", all_methods[i]->name, why);
        }
    }
    return true;
}

static bool resolve_methods(const parsed_t *p, const char *spec, const method_t **list, int *n)
{
    *n = 0;
    if (!spec || strcmp(spec, "all") == 0)
        return all_available(list, n);
    char *copy = strdup(spec), *save = NULL;
    bool ok = copy != NULL;
    for (char *name = copy ? strtok_r(copy, ",", &save) : NULL; ok && name; name = strtok_r(NULL, ",", &save)) {
        const method_t *m = strcmp(name, "all") == 0 ? NULL : resolve_method("bench", name);
        ok = m ? add_method(list, n, m) : (strcmp(name, "all") == 0 && all_available(list, n));
    }
    free(copy);
    if (ok && *n == 0) {
        option_error(p, &opt_method, "names no method");
        ok = false;
    }
    return ok;
}

/* ---- positions ---- */

static bool load_positions(const char *path, bench_set_t *set)
{
    char err[700], found[1024];
    if (path) {
        if (bench_set_load(path, set, err, sizeof err))
            return true;
        fprintf(stderr, "rperft bench: --positions %s\n", err);
        return false;
    }
    if (bench_set_find_default(found, sizeof found)) {
        if (bench_set_load(found, set, err, sizeof err))
            return true;
        fprintf(stderr, "rperft bench: %s\n", err);
        return false;
    }
    return bench_set_builtin(set);
}

/* --depth N sets every depth; +N and -N move each position's own depth. */
static bool apply_depth(const option_value_t *spec, bench_set_t *set)
{
    char err[256];
    if (spec && !bench_set_set_depth(set, spec->text, err, sizeof err)) {
        usage_error("bench", "--depth %s", err);
        return false;
    }
    return true;
}

/* ---- output helpers ---- */

static bool show_progress(void) { return isatty(STDERR_FILENO); }

static void progress(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void progress(const char *fmt, ...)
{
    if (!show_progress())
        return;
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "\r\033[K");
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fflush(stderr);
}

static void progress_done(void)
{
    if (show_progress())
        fprintf(stderr, "\r\033[K");
}

static void print_identity(const sysinfo_t *sys)
{
    char name[64];
    const cpu_info_t *c = sys->cpu;
    printf("CPU:     %s (%s family %d model %d stepping %d; %s%s), %d logical CPUs\n",
           sysinfo_cpu_name(sys, name, sizeof name), c->vendor, c->family, c->model, c->stepping, sys->cpu_flags,
           c->slow_pext ? "; slow pext" : "", sys->logical_cpus);
    printf("system:  %s on %s\n", sys->os, sys->host);
    printf("build:   rperft %s (%s), %s, %s%s%s\n", sys->version, sys->commit, sys->compiler, sys->build_type,
           sys->build_flags[0] ? ", " : "", sys->build_flags);
}

/* The column header of speeds relative to the base method. */
static const char *base_label(const method_t *const *methods, int base)
{
    return strcmp(methods[base]->name, "rotated") == 0 ? "vs rot" : "vs 1st";
}

static int index_of_rotated(const method_t *const *methods, int n)
{
    for (int i = 0; i < n; i++)
        if (strcmp(methods[i]->name, "rotated") == 0)
            return i;
    return 0;
}

/* ---- the CSV ---- */

/* Where the measurements go: the CSV table and the JSON report (either may be NULL). */
typedef struct csv_out {
    csv_table_t *table;
    json_report_t *json;
    const char *path;
    const sysinfo_t *sys;
    long rows;
    bool failed;
} csv_out_t;

static void csv_put(csv_out_t *out, const bench_measurement_t *m)
{
    const char *fields[BENCH_COLUMNS];
    char buf[BENCH_ROW_BUF];
    if (out->json) { /* the CSV row's columns by name, as the CSV has them (text) */
        bench_row(out->sys, m, fields, buf);
        json_t *o = json_object();
        for (int i = 0; i < BENCH_COLUMNS; i++)
            json_put(o, bench_header[i], fields[i] && *fields[i] ? json_text(fields[i]) : json_null());
        json_array_append_new(json_report_array(out->json, "measurements"), o);
    }
    if (!out->table || out->failed)
        return;
    bench_row(out->sys, m, fields, buf);
    if (csv_table_append(out->table, fields)) {
        out->rows++;
    } else {
        fprintf(stderr, "rperft bench: %s: cannot write: %s\n", out->path, strerror(errno));
        out->failed = true;
    }
}

/* ---- perft timing ---- */

typedef struct perft_run {
    const method_t *const *methods;
    const bench_position_t *p;
    count_t expected;
    bool bulk;
    const search_options_t *search;
    int round, rounds, nmethods;
    const method_t *wrong; /* the method whose count was wrong */
    count_t got;
} perft_run_t;

static bool run_perft(void *ctx, int subject)
{
    perft_run_t *r = ctx;
    const method_t *m = r->methods[subject];
    if (r->rounds == 0)
        progress("%s: %s, checking the count", r->p->id, m->name);
    else
        progress("%s: %s, round %d of %d", r->p->id, m->name, r->round / r->nmethods + 1, r->rounds);
    r->round++;
    if (r->search->hash) /* every run starts from an empty table: no run profits from another */
        hash_clear(r->search->hash);
    count_t nodes = perft_search(m, &r->p->pos, r->p->depth, r->search);
    if (nodes != r->expected) {
        r->wrong = m, r->got = nodes;
        return false;
    }
    return true;
}

static int report_mismatch(const perft_run_t *r)
{
    char got[COUNT_DIGITS_MAX], want[COUNT_DIGITS_MAX];
    progress_done();
    fflush(stdout);
    fprintf(stderr,
            "rperft bench: MISMATCH: %s counts %s nodes for %s at depth %d, expected %s; a fast wrong answer "
            "is worthless, so the bench stops\n  position: %s\n",
            r->wrong->name, count_format(r->got, got), r->p->id, r->p->depth, count_format(r->expected, want),
            r->p->fen);
    return EXIT_MISMATCH;
}

/* The expected count: the listed one, else the naive reference's (then recorded, so
 * the timed rounds check against it too). */
static count_t expected_count(bench_position_t *p)
{
    if (!p->known[p->depth])
        progress("%s: no listed count at depth %d, counting with naive", p->id, p->depth);
    bool counted;
    count_t c = bench_position_count(p, p->depth, &counted);
    if (counted)
        printf("note: %s has no listed count at depth %d; the naive reference method's count is the expected one\n",
               p->id, p->depth);
    return c;
}

/* Before any timing: one untimed run of every method on every position. */
static int check_counts(const method_t *const *methods, int n, bench_set_t *set, const search_options_t *search)
{
    bool bulk = search->bulk;
    for (int i = 0; i < set->n && !*stop_signal_flag(); i++) {
        perft_run_t r = {.methods = methods, .p = &set->items[i], .bulk = bulk, .search = search, .rounds = 0,
                         .nmethods = n};
        r.expected = expected_count(&set->items[i]);
        timing_plan_t plan = {.subjects = n, .warmup = 1, .run = run_perft, .ctx = &r, .interrupted = stop_signal_flag()};
        if (!timing_interleaved(&plan, NULL) && r.wrong)
            return report_mismatch(&r);
    }
    progress_done();
    return *stop_signal_flag() ? EXIT_INTERRUPTED : EXIT_ALL_GOOD;
}

static void print_position_block(const perft_run_t *r, const timing_stats_t *stats, int base, bool *noisy)
{
    char nodes[COUNT_DIGITS_MAX];
    double base_mnps = mnps(r->expected, stats[base].median);
    printf("\n%s  depth %d  %s nodes  %s\n", r->p->id, r->p->depth, count_format(r->expected, nodes), r->p->fen);
    printf("  %-20s %9s %9s %9s %9s %6s\n", "method", "median s", "min s", "max s", "Mnps",
           base_label(r->methods, base));
    for (int m = 0; m < r->nmethods; m++) {
        double v = mnps(r->expected, stats[m].median), spread = timing_spread(&stats[m]);
        printf("  %-20s %9.4f %9.4f %9.4f %9.1f %6.2f%s\n", r->methods[m]->name, stats[m].median, stats[m].min,
               stats[m].max, v, base_mnps > 0 ? v / base_mnps : 0, spread > 0.10 ? "  *spread" : "");
        if (spread > 0.10)
            *noisy = true;
    }
    fflush(stdout);
}

static void write_position_rows(csv_out_t *out, const perft_run_t *r, const timing_stats_t *stats, int reps)
{
    char nodes[COUNT_DIGITS_MAX];
    count_format(r->expected, nodes);
    for (int m = 0; m < r->nmethods; m++) {
        bench_measurement_t row = {
            .kind = "perft", .method = r->methods[m]->name, .bitscan = r->methods[m]->bitscan, .bulk = r->bulk,
            .threads = r->search->threads, .hash_mb = r->search->hash ? (int)(r->search->hash->bytes >> 20) : 0,
            .position_id = r->p->id, .fen = r->p->fen, .depth = r->p->depth, .nodes = nodes, .repetitions = reps,
            .median_s = stats[m].median, .min_s = stats[m].min, .max_s = stats[m].max,
            .mnps = mnps(r->expected, stats[m].median),
        };
        csv_put(out, &row);
    }
}

typedef struct perft_bench {
    const method_t *const *methods;
    int nmethods, base;
    bench_set_t *set;
    const bench_options_t *opt;
    csv_out_t *csv;
    double *mnps_by_method; /* [method * set->n + position] */
    bool noisy;
} perft_bench_t;

static int time_position(perft_bench_t *b, int i)
{
    int n = b->nmethods, reps = b->opt->reps, warmup = b->opt->warmup > 1 ? b->opt->warmup - 1 : 0;
    perft_run_t r = {.methods = b->methods, .p = &b->set->items[i], .bulk = b->opt->bulk,
                     .search = &b->opt->search, .nmethods = n, .rounds = warmup + reps};
    r.expected = r.p->expected[r.p->depth]; /* known since check_counts */
    double *s = malloc((size_t)n * (size_t)reps * sizeof *s);
    if (!s)
        return EXIT_BAD_INPUT;
    timing_plan_t plan = {.subjects = n, .warmup = warmup, .reps = reps, .run = run_perft, .ctx = &r,
                          .interrupted = stop_signal_flag()};
    bool done = timing_interleaved(&plan, s);
    progress_done();
    if (!done) {
        free(s);
        return r.wrong ? report_mismatch(&r) : EXIT_INTERRUPTED;
    }
    timing_stats_t stats[MAX_BENCH_METHODS];
    for (int m = 0; m < n; m++) {
        stats[m] = timing_summarize(s + m * reps, reps);
        b->mnps_by_method[m * b->set->n + i] = mnps(r.expected, stats[m].median);
    }
    free(s);
    print_position_block(&r, stats, b->base, &b->noisy);
    write_position_rows(b->csv, &r, stats, reps);
    return EXIT_ALL_GOOD;
}

static void print_summary(const perft_bench_t *b)
{
    double means[MAX_BENCH_METHODS];
    for (int m = 0; m < b->nmethods; m++)
        means[m] = geometric_mean(b->mnps_by_method + m * b->set->n, b->set->n);
    printf("\nsummary: geometric-mean Mnps over %d position%s (%s, %d thread%s, hash %d MB)\n", b->set->n, b->set->n == 1 ? "" : "s",
           b->opt->bulk ? "bulk counting" : "no bulk counting", b->opt->threads, b->opt->threads > 1 ? "s" : "", b->opt->hash_mb);
    printf("  %-20s %9s %8s  %s\n", "method", "Mnps", base_label(b->methods, b->base), "rank");
    for (int m = 0; m < b->nmethods; m++) {
        int rank = 1;
        for (int o = 0; o < b->nmethods; o++)
            rank += means[o] > means[m];
        const char *note = b->methods[m]->note();
        printf("  %-20s %9.1f %8.2f  %d%s%s\n", b->methods[m]->name, means[m],
               means[b->base] > 0 ? means[m] / means[b->base] : 0, rank, note ? "  " : "", note ? note : "");
    }
    if (b->noisy)
        printf("\nnote: '*spread' marks a min-max spread above 10 %% of the minimum: the machine was not\n"
               "quiet (other load, frequency changes); treat those medians with care, or rerun\n"
               "with --pin CPU and more --reps.\n");
}

static int run_perft_bench(perft_bench_t *b)
{
    int rc = check_counts(b->methods, b->nmethods, b->set, &b->opt->search);
    if (rc != EXIT_ALL_GOOD)
        return rc;
    printf("\ncounts: %d method%s, %d position%s: every count is the expected one\n", b->nmethods,
           b->nmethods == 1 ? "" : "s", b->set->n, b->set->n == 1 ? "" : "s");
    for (int i = 0; i < b->set->n; i++)
        if ((rc = time_position(b, i)) != EXIT_ALL_GOOD)
            return rc;
    print_summary(b);
    return EXIT_ALL_GOOD;
}

/* ---- micro timing ---- */

typedef struct micro_run {
    const micro_kernel_t *const *kernels;
    const micro_workload_t *w;
    int kind;
    int *passes;
    bb_t sink;
} micro_run_t;

static bool run_micro(void *ctx, int subject)
{
    micro_run_t *r = ctx;
    r->sink += r->kernels[subject]->run[r->kind](r->w, r->passes[subject]);
    return true;
}

/* Passes so that one timed sample takes about 50 ms. */
static int calibrate(const micro_kernel_t *k, const micro_workload_t *w, int kind)
{
    int passes = 1;
    for (;;) {
        double start = timing_now();
        bb_t sink = k->run[kind](w, passes);
        double t = timing_now() - start;
        __asm__ volatile("" : : "r"(sink));
        if (t >= 0.01 || passes >= (1 << 24))
            return (int)(passes * (0.05 / (t > 0 ? t : 1e-9))) + 1;
        passes *= 2;
    }
}

/* Every kernel must produce the same checksum as the first for one pass. */
static int check_micro(const method_t *const *methods, const micro_kernel_t *const *kernels, int n,
                       const micro_workload_t *w, int kind)
{
    bb_t want = kernels[0]->run[kind](w, 1);
    for (int m = 1; m < n; m++)
        if (kernels[m]->run[kind](w, 1) != want) {
            fprintf(stderr, "rperft bench: MISMATCH: %s's %s attacks differ from %s's on the micro workload\n",
                    methods[m]->name, micro_kind_names[kind], methods[0]->name);
            return EXIT_MISMATCH;
        }
    return EXIT_ALL_GOOD;
}

static void print_micro_kind(const char *title, const char *what, const char *const *names, int n, int base,
                             const char *base_name, const timing_stats_t *stats, const double *rates)
{
    printf("\n%s\n  %-20s %12s %10s %6s\n", title, what, "M lookups/s", "min-max %", base_name);
    for (int m = 0; m < n; m++)
        printf("  %-20s %12.1f %10.1f %6.2f%s\n", names[m], rates[m], 100 * timing_spread(&stats[m]),
               rates[base] > 0 ? rates[m] / rates[base] : 0, timing_spread(&stats[m]) > 0.10 ? "  *spread" : "");
    fflush(stdout);
}

/* Times n kernels of one lookup kind, interleaved, into rates (M lookups/s). */
static int time_kernels(const micro_kernel_t *const *kernels, const char *const *names, int n, const micro_workload_t *w,
                        int kind, const bench_options_t *opt, timing_stats_t *stats, double *rates, uint64_t *totals)
{
    int passes[MAX_BENCH_METHODS];
    for (int m = 0; m < n; m++) {
        progress("micro %s: calibrating %s", micro_kind_names[kind], names[m]);
        passes[m] = calibrate(kernels[m], w, kind);
    }
    micro_run_t r = {.kernels = kernels, .w = w, .kind = kind, .passes = passes};
    double *samples = malloc((size_t)n * (size_t)opt->reps * sizeof *samples);
    timing_plan_t plan = {.subjects = n, .warmup = opt->warmup, .reps = opt->reps, .run = run_micro, .ctx = &r,
                          .interrupted = stop_signal_flag()};
    progress("micro %s: timing", micro_kind_names[kind]);
    if (!samples || !timing_interleaved(&plan, samples)) {
        free(samples);
        progress_done();
        return samples ? EXIT_INTERRUPTED : EXIT_BAD_INPUT;
    }
    progress_done();
    for (int m = 0; m < n; m++) {
        stats[m] = timing_summarize(samples + m * opt->reps, opt->reps);
        totals[m] = w->lookups[kind] * (uint64_t)passes[m];
        rates[m] = stats[m].median > 0 ? (double)totals[m] / stats[m].median / 1e6 : 0;
    }
    free(samples);
    return EXIT_ALL_GOOD;
}

static int time_micro_kind(const method_t *const *methods, const micro_kernel_t *const *kernels, int n, int base,
                           const micro_workload_t *w, int kind, const bench_options_t *opt, csv_out_t *csv)
{
    const char *names[MAX_BENCH_METHODS];
    for (int m = 0; m < n; m++)
        names[m] = methods[m]->name;
    timing_stats_t stats[MAX_BENCH_METHODS];
    double rates[MAX_BENCH_METHODS];
    uint64_t totals[MAX_BENCH_METHODS];
    int rc = time_kernels(kernels, names, n, w, kind, opt, stats, rates, totals);
    if (rc != EXIT_ALL_GOOD)
        return rc;
    for (int m = 0; m < n; m++) {
        char lookups[32];
        snprintf(lookups, sizeof lookups, "%llu", (unsigned long long)totals[m]);
        bench_measurement_t row = {
            .kind = "micro", .method = methods[m]->name, .bitscan = methods[m]->bitscan, .bulk = -1, .threads = 1,
            .position_id = micro_kind_names[kind], .depth = -1, .nodes = lookups, .repetitions = opt->reps,
            .median_s = stats[m].median, .min_s = stats[m].min, .max_s = stats[m].max, .mnps = rates[m],
        };
        csv_put(csv, &row);
    }
    char title[64];
    snprintf(title, sizeof title, "%s lookups", micro_kind_names[kind]);
    print_micro_kind(title, "method", names, n, base, base_label(methods, base), stats, rates);
    return EXIT_ALL_GOOD;
}

/* The seed page's three forms of one ray side by side (printed only: they are no
 * methods, so no CSV row). Their checksums must agree before they are timed. */
static int time_ray_forms(const micro_workload_t *w, const bench_options_t *opt)
{
    const micro_kernel_t *kernels[RAY_FORMS];
    const char *names[RAY_FORMS];
    for (int f = 0; f < RAY_FORMS; f++)
        kernels[f] = &ray_forms[f].kernel, names[f] = ray_forms[f].name;
    bb_t want = kernels[0]->run[MICRO_ROOK](w, 1);
    for (int f = 1; f < RAY_FORMS; f++)
        if (kernels[f]->run[MICRO_ROOK](w, 1) != want) {
            fprintf(stderr, "rperft bench: MISMATCH: the %s form of the ray differs from the %s form\n", names[f], names[0]);
            return EXIT_MISMATCH;
        }
    timing_stats_t stats[RAY_FORMS];
    double rates[RAY_FORMS];
    uint64_t totals[RAY_FORMS];
    int rc = time_kernels(kernels, names, RAY_FORMS, w, MICRO_ROOK, opt, stats, rates, totals);
    if (rc == EXIT_ALL_GOOD)
        print_micro_kind("one ray (a rook's towards the h-file), the seed page's three forms", "form", names, RAY_FORMS, 0,
                         "vs loop", stats, rates);
    return rc;
}

static int run_micro_bench(const method_t *const *methods, int n, int base, const bench_set_t *set,
                           const bench_options_t *opt, csv_out_t *csv)
{
    const micro_kernel_t *kernels[MAX_BENCH_METHODS];
    for (int m = 0; m < n; m++)
        kernels[m] = &methods[m]->micro;
    position_t *roots = malloc((size_t)set->n * sizeof *roots);
    micro_workload_t w;
    for (int i = 0; roots && i < set->n; i++)
        roots[i] = set->items[i].pos;
    bool built = roots && micro_workload_build(roots, set->n, 64, 32, &w);
    free(roots);
    if (!built) {
        fprintf(stderr, "rperft bench: out of memory building the micro workload\n");
        return EXIT_BAD_INPUT;
    }
    printf("\nmicro: %zu make/unmake steps of random playouts (64 x up to 32 plies from each of %d positions);\n"
           "lookups per pass: %llu bishop, %llu rook, %llu queen\n",
           w.nsteps, set->n, (unsigned long long)w.lookups[MICRO_BISHOP], (unsigned long long)w.lookups[MICRO_ROOK],
           (unsigned long long)w.lookups[MICRO_QUEEN]);
    int rc = EXIT_ALL_GOOD;
    for (int k = 0; k < MICRO_KINDS && rc == EXIT_ALL_GOOD; k++)
        rc = check_micro(methods, kernels, n, &w, k);
    for (int k = 0; k < MICRO_KINDS && rc == EXIT_ALL_GOOD; k++)
        rc = time_micro_kind(methods, kernels, n, base, &w, k, opt, csv);
    if (rc == EXIT_ALL_GOOD)
        rc = time_ray_forms(&w, opt);
    micro_workload_free(&w);
    return rc;
}

/* ---- the command ---- */

/* The CPUs this process may run on, as "0-3" or "0,2,5" (at most len bytes). */
static void allowed_cpus(const cpu_set_t *set, char *buf, size_t len)
{
    size_t n = 0;
    buf[0] = '\0';
    for (int c = 0; c < CPU_SETSIZE && n < len; c++) {
        if (!CPU_ISSET(c, set))
            continue;
        int last = c;
        while (last + 1 < CPU_SETSIZE && CPU_ISSET(last + 1, set))
            last++;
        n += (size_t)snprintf(buf + n, len - n, last > c ? "%s%d-%d" : "%s%d", n ? "," : "", c, last);
        c = last;
    }
}

/* Pins to one CPU; refused, naming the CPUs there are, when it is not one this
 * process may use (sched_setaffinity says only "Invalid argument"). */
static bool pin_to(const parsed_t *p, int cpu)
{
    cpu_set_t allowed, set;
    char list[256] = "?";
    if (sched_getaffinity(0, sizeof allowed, &allowed) == 0) {
        allowed_cpus(&allowed, list, sizeof list);
        if (!CPU_ISSET(cpu, &allowed)) {
            long online = sysconf(_SC_NPROCESSORS_ONLN);
            option_error(p, &opt_pin, "no such CPU here: this machine has %ld logical CPUs online, and rperft may "
                                      "run on %s", online, list);
            return false;
        }
    }
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    if (sched_setaffinity(0, sizeof set, &set) == 0)
        return true;
    option_error(p, &opt_pin, "%s (CPUs allowed: %s)", strerror(errno), list);
    return false;
}

/* A position whose shallowest listed count is over the node budget is benched at
 * that depth anyway (there is no smaller count to check against): say so first. */
static void note_over_budget(const bench_set_t *set)
{
    char digits[COUNT_DIGITS_MAX];
    for (int i = 0; i < set->n; i++) {
        const bench_position_t *b = &set->items[i];
        if (b->known[b->depth] && b->expected[b->depth] > BENCH_NODE_BUDGET)
            fprintf(stderr, "rperft bench: note: %s: its shallowest count, D%d %s, is over the budget of %u nodes, "
                            "so it is benched at that depth and may take long ('--depth -1' goes shallower)\n",
                    b->id, b->depth, count_format(b->expected[b->depth], digits), BENCH_NODE_BUDGET);
    }
}

static int open_csv(const bench_options_t *opt, const sysinfo_t *sys, csv_out_t *out)
{
    *out = (csv_out_t){.path = opt->csv, .sys = sys};
    if (!opt->csv)
        return EXIT_ALL_GOOD;
    char err[700];
    if ((out->table = csv_table_open(opt->csv, bench_header, BENCH_COLUMNS, err, sizeof err))) {
        if (csv_table_warning(out->table))
            fprintf(stderr, "rperft bench: warning: %s\n", csv_table_warning(out->table));
        return EXIT_ALL_GOOD;
    }
    fprintf(stderr, "rperft bench: --csv %s\n", err);
    return EXIT_BAD_INPUT;
}

static bool open_json(const bench_options_t *opt, csv_out_t *out)
{
    char err[512];
    if (opt->json && !(out->json = json_report_open(opt->json, "bench", err, sizeof err))) {
        fprintf(stderr, "rperft bench: --json %s\n", err);
        return false;
    }
    return true;
}

static int run_bench(const bench_options_t *opt, const method_t *const *methods, int n, bench_set_t *set)
{
    sysinfo_t sys;
    csv_out_t csv;
    sysinfo_read(&sys);
    int rc = open_csv(opt, &sys, &csv);
    if (rc != EXIT_ALL_GOOD)
        return rc;
    if (!open_json(opt, &csv)) {
        csv_table_close(csv.table);
        return EXIT_BAD_INPUT;
    }
    catch_stop_signals();
    print_identity(&sys);
    printf("bench:   %d method%s, %d position%s from %s, %d warm-up + %d timed round%s%s%s\n", n, n == 1 ? "" : "s",
           set->n, set->n == 1 ? "" : "s", set->source, opt->warmup, opt->reps, opt->reps == 1 ? "" : "s",
           opt->bulk ? "" : ", no bulk counting", opt->pin >= 0 ? ", pinned" : "");
    int base = index_of_rotated(methods, n);
    if (opt->micro) {
        rc = run_micro_bench(methods, n, base, set, opt, &csv);
    } else {
        perft_bench_t b = {.methods = methods, .nmethods = n, .base = base, .set = set, .opt = opt, .csv = &csv};
        b.mnps_by_method = calloc((size_t)n * (size_t)set->n, sizeof *b.mnps_by_method);
        rc = b.mnps_by_method ? run_perft_bench(&b) : EXIT_BAD_INPUT;
        free(b.mnps_by_method);
    }
    if (csv.table)
        fprintf(stderr, "rperft bench: %ld rows appended to %s%s\n", csv.rows, csv.path,
                rc == EXIT_INTERRUPTED ? " before the interrupt" : "");
    if (rc == EXIT_INTERRUPTED)
        fprintf(stderr, "rperft bench: interrupted\n");
    csv_table_close(csv.table);
    bool interrupted = rc == EXIT_INTERRUPTED;
    if (interrupted)
        rc = stop_signal_exit_code();
    char err[512];
    if (csv.json && !json_report_finish(csv.json, !interrupted, rc, err, sizeof err)) {
        fprintf(stderr, "rperft bench: --json %s\n", err);
        csv.failed = true;
    }
    return csv.failed && rc == EXIT_ALL_GOOD ? EXIT_BAD_INPUT : rc;
}

static int cmd_bench(const parsed_t *p)
{
    bench_options_t opt;
    int rc;
    read_options(p, &opt);
    if (opt.pin >= 0 && !pin_to(p, opt.pin))
        return EXIT_BAD_INPUT;
    /* The table is had (or refused) before anything is computed. */
    perft_options_t table_request = {.bulk = opt.bulk, .threads = opt.threads, .hash_mb = opt.hash_mb};
    if (!search_setup("bench", &table_request, &opt.search, &opt.hash))
        return EXIT_BAD_INPUT;
    const method_t *methods[MAX_BENCH_METHODS];
    int n;
    bench_set_t set;
    if (!resolve_methods(p, opt.methods, methods, &n))
        return EXIT_BAD_INPUT;
    if (!load_positions(opt.positions, &set))
        return EXIT_BAD_INPUT;
    if (!apply_depth(opt.depth, &set)) {
        bench_set_free(&set);
        return EXIT_BAD_INPUT;
    }
    if (!opt.depth)
        note_over_budget(&set);
    rc = run_bench(&opt, methods, n, &set);
    bench_set_free(&set);
    search_teardown(&opt.hash);
    return rc;
}

static const option_use_t options[] = {
    OPTION_HELP(opt_method, "'all' (default: every method this CPU runs) or names, comma-separated"),
    OPTION(opt_positions),
    OPTION(opt_bench_depth),
    OPTION(opt_reps),
    OPTION(opt_warmup),
    OPTION_HELP(opt_csv, "append one row per measurement (created with a header; a file with\n"
               "another header is refused with status 2); rows are written as each\n"
               "position finishes, so an interrupted run keeps what it measured"),
    OPTION_HELP(opt_json, "write a JSON report (docs/json-schema.md): every measurement with\n"
                          "the CSV's columns; '-' is standard output"),
    OPTION(opt_no_bulk),
    OPTION_HELP(opt_threads, "threads per perft (default 1: the single-thread comparison)"),
    OPTION_HELP(opt_hash, "transposition table of MB megabytes, cleared before every run\n"
                "(default none)"),
    OPTION(opt_pin),
    OPTION(opt_micro),
    OPTIONS_END,
};

const command_t bench_command = {
    .name = "bench",
    .summary = "time the slider methods against each other; CSV rows with the CPU's identity",
    .description =
        "Times whole perft runs of each slider method on a set of positions: methods\n"
        "interleaved (A B C A B C ...), CLOCK_MONOTONIC around each run; per method and\n"
        "position the median, min and max seconds, Mnps and the speed relative to rotated;\n"
        "then the geometric-mean Mnps of each method over the set. Every count is checked\n"
        "against the expected one before any timing (and again in every timed run): a wrong\n"
        "count stops the bench with exit status 1.\n",
    .options = options,
    .epilogue =
        "Results go to stdout; progress goes to stderr when it is a terminal. Exit status: 0,\n"
        "1 a count mismatch, 2 bad usage or input, 130 / 143 stopped by SIGINT / SIGTERM at the\n"
        "end of the run in progress (rows written so far stay; a second SIGINT stops at once).\n",
    .run = cmd_bench,
};

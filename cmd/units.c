/* rperft units: computes the work units of a units file (all, or one shard) and
 * appends one result line per finished unit, skipping the units the results file
 * already holds, so that a killed run resumes where it stopped. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include "cli.h"
#include "commands.h"
#include "core/fen.h"
#include "progress.h"
#include "shared_options.h"
#include "core/split.h"
#include "unitfile.h"

typedef struct units_options {
    const char *units, *results, *method;
    int shard, shards; /* shard 1..shards */
    int threads, hash_mb;
    unsigned long long key_seed;
    bool hash_verify;
} units_options_t;

/* Nothing to clean up that the kernel does not: result lines are written whole
 * with the signals blocked, so exiting here never leaves half a line. */
static void on_signal(int sig)
{
    static const char msg[] = "rperft units: interrupted; finished units are kept, run again to resume\n";
    ssize_t ignored = write(STDERR_FILENO, msg, sizeof msg - 1);
    (void)ignored;
    _exit(128 + sig);
}

static void install_signal_handlers(void)
{
    struct sigaction sa = {.sa_handler = on_signal};
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
}

/* I/N with 1 <= I <= N into pair. */
static bool parse_shard(const char *text, option_value_t *v)
{
    const char *slash = strchr(text, '/');
    if (!slash || slash == text || (size_t)(slash - text) > 10)
        return false;
    char first[12];
    memcpy(first, text, (size_t)(slash - text));
    first[slash - text] = '\0';
    return parse_int(first, 1, 1 << 30, &v->pair[0]) && parse_int(slash + 1, 1, 1 << 30, &v->pair[1]) &&
           v->pair[0] <= v->pair[1];
}

static const option_t opt_shard = {
    .name = "shard", .arg = "I/N", .kind = OPTION_CUSTOM, .parse = parse_shard, .expects = "I/N with 1 <= I <= N",
    .help = "only the units whose id mod N is I-1; shards are numbered 1..N,\n"
            "so a Slurm array --array=1-N passes $SLURM_ARRAY_TASK_ID as I"};
static const option_t opt_results = {
    .name = "results", .arg = "FILE", .kind = OPTION_TEXT,
    .help = "append to FILE (created if absent) and skip the units it holds;\n"
            "default: standard output, nothing skipped. Several runs may append\n"
            "to one local file; on NFS give each shard its own file."};
static const option_t operand_units = {.name = "FILE", .kind = OPTION_TEXT, .help = "units file"};

static void read_options(const parsed_t *p, units_options_t *opt)
{
    const option_value_t *shard = options_get(p, &opt_shard);
    *opt = (units_options_t){
        .units = options_operand(p, 0)->text,
        .results = options_text(p, &opt_results, NULL),
        .method = options_text(p, &opt_method, NULL),
        .shard = shard ? shard->pair[0] : 1,
        .shards = shard ? shard->pair[1] : 1,
        .threads = (int)options_int(p, &opt_threads, 1),
        .hash_mb = (int)options_int(p, &opt_hash, 0),
        .key_seed = (unsigned long long)options_int(p, &opt_key_seed, 0),
        .hash_verify = options_flag(p, &opt_hash_verify),
    };
}

/* A kill in the middle of a write (or a full disk) can leave a last line without
 * its newline: cut it off, so that the next line appended starts on its own. */
static bool repair_tail(int fd, const char *path)
{
    off_t end = lseek(fd, 0, SEEK_END), keep = end;
    char buf[4096];
    while (keep > 0) {
        off_t from = keep > (off_t)sizeof buf ? keep - (off_t)sizeof buf : 0;
        ssize_t n = pread(fd, buf, (size_t)(keep - from), from);
        if (n != keep - from)
            return false;
        while (n > 0 && buf[n - 1] != '\n')
            n--;
        if (n > 0) {
            keep = from + n;
            break;
        }
        keep = from;
    }
    if (keep == end)
        return true;
    fprintf(stderr, "rperft units: %s: cutting off an unfinished last line of %lld bytes\n", path,
            (long long)(end - keep));
    return ftruncate(fd, keep) == 0;
}

/* Opens the results file for appending, repairs its tail and reads the units it
 * holds. Returns the fd, or -1 (reported). */
static int open_results(const char *path, const unit_set_t *set, tally_t *tallies)
{
    int fd = open(path, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) {
        fprintf(stderr, "rperft units: --results %s: %s\n", path, strerror(errno));
        return -1;
    }
    results_summary_t summary = {0};
    flock(fd, LOCK_EX); /* best effort: other runs appending to the same file */
    bool ok = repair_tail(fd, path);
    if (!ok)
        fprintf(stderr, "rperft units: %s: %s\n", path, strerror(errno));
    ok = ok && results_read("units", path, set, tallies, &summary);
    flock(fd, LOCK_UN);
    if (ok && summary.bad > 0) {
        fprintf(stderr, "rperft units: %s: %ld bad lines; fix or move the file\n", path, summary.bad);
        ok = false;
    }
    if (!ok) {
        close(fd);
        return -1;
    }
    return fd;
}

/* One whole line per write() with the signals blocked, so that the line is
 * either all there or absent whatever stops the run. */
static bool append_line(int fd, const char *line, size_t len)
{
    sigset_t block, old;
    sigemptyset(&block);
    sigaddset(&block, SIGINT);
    sigaddset(&block, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &block, &old);
    flock(fd, LOCK_EX);
    ssize_t n = write(fd, line, len);
    int saved = errno;
    flock(fd, LOCK_UN);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    errno = n < 0 ? saved : ENOSPC;
    return n == (ssize_t)len;
}

typedef struct run {
    const unit_set_t *set;
    const units_options_t *opt;
    const method_t *method;
    const search_options_t *search;
    const tally_t *tallies;
    int fd;
    char host[64];
    char keys[32]; /* the KEYS field: "none" or BITS/SEED */
} run_t;

static void host_name(char *buf, size_t size)
{
    if (gethostname(buf, size) != 0)
        snprintf(buf, size, "unknown");
    buf[size - 1] = '\0';
    for (char *c = buf; *c; c++)
        if (*c == ' ' || *c == '\t' || *c == '\r' || *c == '\n')
            *c = '_';
    if (!buf[0])
        snprintf(buf, size, "unknown");
}

/* Computes the shard's units not yet done; counts them in *computed. */
static int compute_units(const run_t *run, size_t *computed, size_t *skipped)
{
    const unit_set_t *set = run->set;
    size_t first = (size_t)(run->opt->shard - 1), step = (size_t)run->opt->shards, todo = 0;
    for (size_t id = first; id < set->count; id += step)
        todo += !run->tallies[id].done;
    /* The shard's units share the table: it is made ready for all of them at once
     * (units have about the same size; the first stands for all). */
    for (size_t id = first; id < set->count; id += step)
        if (!run->tallies[id].done) {
            position_t pos;
            fen_parse(set->units[id].fen, &pos, NULL);
            perft_fit_table(run->method, &pos, set->depth - set->split, run->search, todo);
            break;
        }
    progress_t bar;
    progress_start(&bar);
    for (size_t id = first; id < set->count; id += step) {
        if (run->tallies[id].done) {
            ++*skipped;
            continue;
        }
        position_t pos;
        fen_parse(set->units[id].fen, &pos, NULL); /* checked when the file was read */
        double start = seconds_now();
        result_t r = {.id = id, .fingerprint = set->fingerprint};
        r.count = perft_search(run->method, &pos, set->depth - set->split, run->search);
        r.seconds = seconds_now() - start;
        snprintf(r.method, sizeof r.method, "%s", run->method->name);
        snprintf(r.host, sizeof r.host, "%s", run->host);
        snprintf(r.keys, sizeof r.keys, "%s", run->keys);
        char line[RESULT_LINE_MAX];
        if (!append_line(run->fd, line, result_format(&r, line, sizeof line))) {
            fprintf(stderr, "rperft units: %s: %s\n", run->opt->results ? run->opt->results : "standard output",
                    strerror(errno));
            return EXIT_BAD_INPUT;
        }
        ++*computed;
        char left[32];
        progress_show(&bar, "units: %zu of %zu done, about %s left", *computed, todo,
                      duration_text(progress_elapsed(&bar) / (double)*computed * (double)(todo - *computed), left,
                                    sizeof left));
    }
    progress_clear(&bar);
    return EXIT_ALL_GOOD;
}

static int run_units(const unit_set_t *set, const units_options_t *opt, const method_t *method, tally_t *tallies)
{
    run_t run = {.set = set, .opt = opt, .method = method, .tallies = tallies, .fd = STDOUT_FILENO};
    host_name(run.host, sizeof run.host);
    if (opt->results && (run.fd = open_results(opt->results, set, tallies)) < 0)
        return EXIT_BAD_INPUT;
    perft_options_t popt = {.bulk = true, .threads = opt->threads, .hash_mb = opt->hash_mb,
                            .key_seed = opt->key_seed, .hash_verify = opt->hash_verify};
    if (opt->hash_mb)
        snprintf(run.keys, sizeof run.keys, "%d/%llu", opt->hash_verify ? 128 : 64, opt->key_seed);
    else
        snprintf(run.keys, sizeof run.keys, "none");
    search_options_t search;
    hash_table_t hash;
    int rc = EXIT_BAD_INPUT;
    size_t computed = 0, skipped = 0;
    double start = seconds_now();
    if (search_setup("units", &popt, &search, &hash)) {
        run.search = &search;
        rc = compute_units(&run, &computed, &skipped);
        search_teardown(&hash);
    }
    if (opt->results)
        close(run.fd);
    fprintf(stderr, "rperft units: shard %d/%d: %zu units computed, %zu already done, %.3f s\n", opt->shard,
            opt->shards, computed, skipped, seconds_now() - start);
    return rc;
}

static int cmd_units(const parsed_t *p)
{
    units_options_t opt;
    unit_set_t set;
    int rc;
    read_options(p, &opt);
    const method_t *method = resolve_method("units", opt.method);
    if (!method || !unit_set_read("units", opt.units, &set))
        return EXIT_BAD_INPUT;
    tally_t *tallies = calloc(set.count ? set.count : 1, sizeof *tallies);
    if (!tallies) {
        fprintf(stderr, "rperft units: out of memory\n");
        unit_set_free(&set);
        return EXIT_BAD_INPUT;
    }
    install_signal_handlers();
    rc = run_units(&set, &opt, method, tallies);
    free(tallies);
    unit_set_free(&set);
    return rc;
}

static const option_use_t options[] = {
    OPTION(opt_shard),
    OPTION_HELP(opt_threads, "threads per unit (default 1)"),
    OPTION_HELP(opt_hash, "transposition table shared by all units of this run (default none)"),
    OPTION(opt_hash_verify),
    OPTION_HELP(opt_key_seed, "the table's Zobrist keys (default 0): run the units again with\n"
                              "another seed and compare: rperft merge UNITS A --compare B"),
    OPTION(opt_method),
    OPTION(opt_results),
    OPTIONS_END,
};
static const option_t *const operands[] = {&operand_units, NULL};

const command_t units_command = {
    .name = "units",
    .summary = "compute the work units of a split (one shard of N), resumable",
    .description =
        "Computes the units of FILE (written by 'rperft split') and appends one line per\n"
        "finished unit: ID, COUNT, SECONDS, METHOD, HOST, SET, KEYS, CHECKSUM (tab-\n"
        "separated; KEYS: 'none' or the table's BITS/SEED; CHECKSUM covers the rest of the\n"
        "line). Units already in the results file are skipped, so running the same\n"
        "command again after a kill resumes. Add the result files up with\n"
        "'rperft merge FILE RESULTS...'.\n",
    .options = options,
    .operands = operands,
    .min_operands = 1,
    .epilogue = "SIGINT and SIGTERM stop at once: the unit in progress is dropped, finished ones are kept\n"
                "(exit 130 or 143).\n",
    .run = cmd_units,
};

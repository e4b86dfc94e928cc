#include "cli.h"

#include <ctype.h>
#include <stdatomic.h>
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/fen.h"
#include "shared_options.h"
#include "core/position_moves.h"

/* The one piece of global mutable state here: the signal that asked rperft to
 * stop, set from handlers (0 until one arrives). */
static volatile sig_atomic_t stop_signal;

void stop_signal_note(int sig) { stop_signal = sig; }

volatile sig_atomic_t *stop_signal_flag(void) { return &stop_signal; }

int stop_signal_exit_code(void) { return stop_signal ? 128 + stop_signal : EXIT_INTERRUPTED; }

int usage_error(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "rperft %s: ", cmd);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, " (see 'rperft %s --help')\n", cmd);
    return EXIT_BAD_INPUT;
}

bool parse_int(const char *text, int min, int max, int *out)
{
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (errno || end == text || *end != '\0' || v < min || v > max)
        return false;
    *out = (int)v;
    return true;
}

position_options_t position_options_read(const parsed_t *p)
{
    return (position_options_t){.fen = options_text(p, &opt_fen, NULL), .moves = options_text(p, &opt_moves, NULL)};
}

void perft_options_read(const parsed_t *p, perft_options_t *opt)
{
    *opt = (perft_options_t){
        .position = position_options_read(p),
        .method = options_text(p, &opt_method, NULL),
        .bulk = !options_flag(p, &opt_no_bulk),
        .threads = (int)options_int(p, &opt_threads, 1),
        .hash_mb = (int)options_int(p, &opt_hash, 0),
        .key_seed = (uint64_t)options_int(p, &opt_key_seed, 0),
        .hash_verify = options_flag(p, &opt_hash_verify),
        .depth = (int)options_operand(p, 0)->number,
        .verbose = options_flag(p, &opt_verbose),
        .json = options_text(p, &opt_json, NULL),
    };
}

/* --fen -: the first line of standard input, without its line end; NULL (said
 * why) when there is none. */
static char *read_fen_line(const char *cmd)
{
    char *line = NULL;
    size_t cap = 0;
    ssize_t n = getline(&line, &cap, stdin);
    if (n < 0) {
        free(line);
        value_error_prefix(cmd, "fen", true, "-");
        fprintf(stderr, "no line on standard input\n");
        return NULL;
    }
    while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
        line[--n] = '\0';
    return line;
}

/* A move in UCI notation: from and to squares, an optional promotion piece. */
static bool uci_notation(const char *w)
{
    size_t n = strlen(w);
    return (n == 4 || (n == 5 && strchr("nbrqNBRQ", w[4]))) && w[0] >= 'a' && w[0] <= 'h' && w[1] >= '1' &&
           w[1] <= '8' && w[2] >= 'a' && w[2] <= 'h' && w[3] >= '1' && w[3] <= '8';
}

/* Plays the moves of opt->moves on pos; says which one is wrong, and how. */
static bool play_moves(const char *cmd, const position_options_t *opt, position_t *pos)
{
    const char *name = opt->operands ? "MOVES" : "moves";
    char *copy = strdup(opt->moves), *save = NULL;
    bool ok = copy != NULL;
    int ply = 1;
    for (char *word = copy ? strtok_r(copy, " \t,", &save) : NULL; ok && word;
         word = strtok_r(NULL, " \t,", &save), ply++) {
        move_t m;
        undo_t u;
        if (!uci_notation(word)) {
            value_error_prefix(cmd, name, !opt->operands, opt->moves);
            fprintf(stderr, "move %d '%s' is not in UCI notation (from and to squares and a promotion "
                            "piece: e2e4, e7e8q)\n", ply, word);
            ok = false;
            break;
        }
        word[4] = (char)tolower((unsigned char)word[4]); /* perftree writes promotions as b7c8Q */
        if (!move_from_uci(pos, word, &m)) {
            char fen_now[FEN_MAX];
            fen_write(pos, fen_now);
            value_error_prefix(cmd, name, !opt->operands, opt->moves);
            fprintf(stderr, "move %d '%s' is not a legal move in %s\n", ply, word, fen_now);
            ok = false;
            break;
        }
        position_make(pos, m, &u);
    }
    free(copy);
    return ok;
}

bool load_position(const char *cmd, const position_options_t *opt, position_t *pos)
{
    fen_error_t err;
    const char *name = opt->operands ? "FEN" : "fen";
    char *from_stdin = NULL;
    if (opt->fen && strcmp(opt->fen, "-") == 0 && !opt->operands && !(from_stdin = read_fen_line(cmd)))
        return false;
    const char *fen = from_stdin ? from_stdin : opt->fen ? opt->fen : STARTPOS_FEN;
    bool ok = fen_parse(fen, pos, &err);
    if (!ok) {
        value_error_prefix(cmd, name, !opt->operands, fen);
        fprintf(stderr, "%s field, column %d: %s\n", err.field, err.column, err.message);
    }
    free(from_stdin);
    return ok && (!opt->moves || play_moves(cmd, opt, pos));
}

const method_t *resolve_method(const char *cmd, const char *name)
{
    const method_t *m = name ? method_find(name) : method_default();
    const char *why = "unknown reason";
    if (!m) {
        value_error_prefix(cmd, "method", true, name);
        fprintf(stderr, "unknown method; 'rperft methods' lists them\n");
        return NULL;
    }
    if (!method_prepare(m, &why)) {
        value_error_prefix(cmd, "method", true, m->name);
        fprintf(stderr, "this CPU cannot run it: %s\n", why);
        return NULL;
    }
    return m;
}

bool search_setup(const char *cmd, const perft_options_t *opt, search_options_t *search, hash_table_t *hash)
{
    char err[160];
    *search = (search_options_t){.bulk = opt->bulk, .threads = opt->threads};
    *hash = (hash_table_t){0};
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    if (cpus > 0 && opt->threads > cpus)
        fprintf(stderr, "rperft %s: warning: %d threads on %ld CPUs\n", cmd, opt->threads, cpus);
    if (opt->hash_mb > 0) {
        hash_config_t cfg = {.megabytes = (size_t)opt->hash_mb, .threads = opt->threads, .key_seed = opt->key_seed,
                             .verified = opt->hash_verify};
        if (!hash_create(hash, &cfg, err, sizeof err)) {
            fprintf(stderr, "rperft %s: --hash %d: %s\n", cmd, opt->hash_mb, err);
            return false;
        }
        search->hash = hash;
    }
    return true;
}

void search_teardown(hash_table_t *hash)
{
    /* Part of the time the user waits: said apart from the perft's own time. The
     * table grows to what the runs could fill (hash_fit), so this is said last. */
    if (hash->entries)
        fprintf(stderr, "rperft: hash table of %zu MB (%s entries, key seed %llu): %zu MB used, set up in %.3f s by %d "
                "thread%s, %zu MB on huge pages\n", hash->bytes >> 20, hash->verified ? "128-bit" : "64-bit",
                (unsigned long long)hash->key_seed, hash->used >> 20, hash->setup_seconds, hash->threads,
                hash->threads > 1 ? "s" : "", hash->huge_bytes >> 20);
    uint64_t rejected = hash->entries ? atomic_load(&hash->rejected) : 0;
    if (rejected)
        fprintf(stderr, "rperft: the second key turned down %llu probes whose first key matched\n",
                (unsigned long long)rejected);
    hash_destroy(hash);
}

double seconds_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

double mnps(count_t nodes, double seconds)
{
    return seconds > 0 ? (double)nodes / seconds / 1e6 : 0.0;
}

void print_searched_fen(const position_t *pos)
{
    char fen[FEN_MAX];
    fen_write(pos, fen);
    fprintf(stderr, "fen: %s\n", fen);
}

void print_run_summary(const method_t *m, const perft_options_t *opt, count_t nodes, double seconds)
{
    fprintf(stderr, "%s: depth %d, %.3f s, %.1f Mnps, %d thread%s, hash %d MB%s\n", m->name, opt->depth, seconds,
            mnps(nodes, seconds), opt->threads, opt->threads > 1 ? "s" : "", opt->hash_mb,
            opt->bulk ? "" : ", no bulk counting");
}

bool output_file_ok(const parsed_t *p, const option_t *o)
{
    const char *path = options_text(p, o, NULL);
    struct stat st;
    if (path && stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
        option_error(p, o, "%s: give the name of a file", strerror(EISDIR));
        return false;
    }
    return true;
}


#include "cli.h"

#include <ctype.h>
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/fen.h"
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

bool load_position(const char *cmd, const position_options_t *opt, position_t *pos)
{
    fen_error_t err;
    const char *fen = opt->fen ? opt->fen : STARTPOS_FEN;
    if (!fen_parse(fen, pos, &err)) {
        /* The column finds the spot; a FEN thousands of characters long is not echoed whole. */
        enum { SHOWN = 100 };
        int len = (int)strnlen(fen, SHOWN + 1);
        fprintf(stderr, "rperft %s: bad FEN \"%.*s%s\": %s field, column %d: %s\n", cmd, SHOWN, fen,
                len > SHOWN ? "..." : "", err.field, err.column, err.message);
        return false;
    }
    if (!opt->moves)
        return true;
    char *copy = strdup(opt->moves), *save = NULL;
    bool ok = true;
    for (char *word = strtok_r(copy, " \t,", &save); word; word = strtok_r(NULL, " \t,", &save)) {
        move_t m;
        undo_t u;
        if (!move_from_uci(pos, word, &m)) {
            char fen_now[FEN_MAX];
            fen_write(pos, fen_now);
            fprintf(stderr, "rperft %s: --moves: '%s' is not a legal move in %s\n", cmd, word, fen_now);
            ok = false;
            break;
        }
        position_make(pos, m, &u);
    }
    free(copy);
    return ok;
}

const method_t *resolve_method(const char *cmd, const char *name)
{
    const method_t *m = name ? method_find(name) : method_default();
    const char *why = "unknown reason";
    if (!m) {
        fprintf(stderr, "rperft %s: unknown method '%s'; 'rperft methods' lists them\n", cmd, name);
        return NULL;
    }
    if (!method_prepare(m, &why)) {
        fprintf(stderr, "rperft %s: method '%s' cannot run here: %s\n", cmd, m->name, why);
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
        if (!hash_create(hash, (size_t)opt->hash_mb, err, sizeof err)) {
            fprintf(stderr, "rperft %s: --hash: %s\n", cmd, err);
            return false;
        }
        search->hash = hash;
    }
    return true;
}

void search_teardown(hash_table_t *hash) { hash_destroy(hash); }

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

int parse_perft_options(const char *cmd, const char *help, int argc, char **argv, perft_options_t *opt)
{
    *opt = (perft_options_t){.bulk = true, .threads = 1};
    int i = 1;
    /* "-1" is a (bad) DEPTH, not an option: it gets the depth's message. */
    for (; i < argc && argv[i][0] == '-' && argv[i][1] != '\0' && !isdigit((unsigned char)argv[i][1]); i++) {
        const char *a = argv[i];
        bool has_value = i + 1 < argc;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            fputs(help, stdout);
            return EXIT_ALL_GOOD;
        } else if (strcmp(a, "--startpos") == 0) {
            opt->position.fen = NULL;
        } else if (strcmp(a, "--fen") == 0 && has_value) {
            opt->position.fen = argv[++i];
        } else if (strcmp(a, "--moves") == 0 && has_value) {
            opt->position.moves = argv[++i];
        } else if (strcmp(a, "--method") == 0 && has_value) {
            opt->method = argv[++i];
        } else if (strcmp(a, "--no-bulk") == 0) {
            opt->bulk = false;
        } else if (strcmp(a, "--threads") == 0 && has_value) {
            if (!parse_int(argv[++i], 1, MAX_THREADS, &opt->threads))
                return usage_error(cmd, "--threads takes a whole number from 1 to %d, not '%s'", MAX_THREADS, argv[i]);
        } else if (strcmp(a, "--hash") == 0 && has_value) {
            if (!parse_int(argv[++i], 0, 1 << 20, &opt->hash_mb))
                return usage_error(cmd, "--hash takes megabytes from 0 to 1048576, not '%s'", argv[i]);
        } else if (strcmp(a, "--fen") == 0 || strcmp(a, "--moves") == 0 || strcmp(a, "--method") == 0 ||
                   strcmp(a, "--threads") == 0 || strcmp(a, "--hash") == 0) {
            return usage_error(cmd, "%s needs a value", a);
        } else {
            return usage_error(cmd, "unknown option '%s'", a);
        }
    }
    if (i == argc)
        return usage_error(cmd, "missing DEPTH");
    if (i + 1 < argc)
        return usage_error(cmd, "unexpected argument '%s' after DEPTH", argv[i + 1]);
    if (!parse_int(argv[i], 0, 64, &opt->depth))
        return usage_error(cmd, "DEPTH must be a whole number from 0 to 64, not '%s'", argv[i]);
    return OPTIONS_OK;
}

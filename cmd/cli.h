/* What the subcommands share: exit codes, usage errors, position and method options. */
#ifndef RPERFT_CLI_H
#define RPERFT_CLI_H

#include <signal.h>
#include <stdbool.h>
#include <stdio.h>

#include "core/count.h"
#include "core/method.h"
#include "core/position.h"
#include "options.h"

enum exit_code { EXIT_ALL_GOOD = 0, EXIT_MISMATCH = 1, EXIT_BAD_INPUT = 2, EXIT_INTERRUPTED = 130 };

enum { MAX_THREADS = 256, MAX_HASH_MB = 1 << 20 };

/* Prints "rperft CMD: message" and a pointer to --help on stderr; returns 2. */
int usage_error(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Parses a whole decimal int in [min, max]. */
bool parse_int(const char *text, int min, int max, int *out);

/* Options naming a position: --startpos, --fen FEN ('-': read from standard
 * input), --moves "e2e4 e7e5". */
typedef struct position_options {
    const char *fen;   /* NULL: start position */
    const char *moves; /* NULL: none */
    bool operands;     /* given as operands FEN and MOVES (perftree), not as --fen and --moves */
} position_options_t;

/* --startpos / --fen / --moves as parsed. */
position_options_t position_options_read(const parsed_t *p);

/* Sets up the position; on error prints why (naming the option, the field or
 * the move) and returns false. */
bool load_position(const char *cmd, const position_options_t *opt, position_t *pos);

/* False (said why) when the output file an option names is a directory: checked
 * before any work, since the file itself is only written at the end. */
bool output_file_ok(const parsed_t *p, const option_t *o);
#include "input.h" /* open_input */

/* --verbose: "fen: FEN" of the position searched, on stderr. */
void print_searched_fen(const position_t *pos);

/* Resolves --method NAME (NULL: the default) and builds its tables; prints why
 * and returns NULL when it is unknown or this CPU cannot run it. */
const method_t *resolve_method(const char *cmd, const char *name);

/* The signal that asked rperft to stop, noted by whichever handler or sigwait()
 * took it (async-signal-safe), and the exit status it calls for: 128 + its number
 * (130 for SIGINT, 143 for SIGTERM), as shells report a process the signal killed;
 * EXIT_INTERRUPTED when none was noted. */
void stop_signal_note(int sig);
int stop_signal_exit_code(void);
/* The noted signal itself, for loops that poll it (non-zero: stop). */
volatile sig_atomic_t *stop_signal_flag(void);

double seconds_now(void);
/* Million nodes per second, 0 when no time passed. */
double mnps(count_t nodes, double seconds);



/* The options perft and divide share. */
typedef struct perft_options {
    position_options_t position;
    const char *method; /* NULL: default; "all": every available method */
    bool bulk;
    int threads;
    int hash_mb;        /* 0: no hash table */
    uint64_t key_seed;  /* the table's Zobrist keys (zobrist_init) */
    bool hash_verify;   /* 128-bit verified entries */
    int depth;
    bool verbose;       /* print the FEN searched on stderr */
    const char *json;   /* --json FILE, or NULL */
} perft_options_t;

/* perft's and divide's stderr line: "METHOD: depth D, S s, M Mnps, T threads, hash H MB". */
void print_run_summary(const method_t *m, const perft_options_t *opt, count_t nodes, double seconds);

/* The options perft and divide share, as parsed (DEPTH is operand 0). */
void perft_options_read(const parsed_t *p, perft_options_t *opt);
/* Builds the search options of perft_options: allocates the hash table (say why
 * and return false if it cannot be had) and warns of more threads than CPUs. */
bool search_setup(const char *cmd, const perft_options_t *opt, search_options_t *search, hash_table_t *hash);
/* Says how many probes the second key of a verified table turned down, if any,
 * and frees the table. */
void search_teardown(hash_table_t *hash);

#endif

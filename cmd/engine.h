/* External engines for rperft check: started with posix_spawn through /bin/sh in
 * a process group of their own, spoken to over pipes, every read bounded by a
 * timeout (ppoll), so that an engine that hangs, dies or prints garbage is
 * reported and killed, never waited for.
 *
 * uci:      one engine for the whole run: uci/uciok, isready/readyok, then per query
 *           [setoption name UCI_Chess960 value true|false] position fen F [moves M],
 *           go perft D; reads Stockfish's divide ("e2e4: 20" ... "Nodes searched: N"),
 *           skipping info lines and banners.
 * perftree: one process per query, "CMD DEPTH FEN [MOVES]", printing "e2e4 20" lines,
 *           an empty line and the total (agausmann/perftree's script protocol). */
#ifndef RPERFT_ENGINE_H
#define RPERFT_ENGINE_H

#include <stdbool.h>
#include <stddef.h>

#include "core/count.h"

typedef enum engine_protocol { PROTOCOL_UCI, PROTOCOL_PERFTREE } engine_protocol_t;

typedef struct divide_line {
    char move[8]; /* UCI, lower case */
    count_t nodes;
} divide_move_t;

/* One divide: moves sorted by name, and the total the engine reported. */
typedef struct divide {
    divide_move_t *moves;
    int n, cap;
    count_t total;
} divide_t;

void divide_add(divide_t *d, const char *move, count_t nodes);
void divide_sort(divide_t *d);
const divide_move_t *divide_find(const divide_t *d, const char *move);
void divide_free(divide_t *d);

typedef enum engine_status { ENGINE_OK, ENGINE_FAILED, ENGINE_INTERRUPTED } engine_status_t;

typedef struct engine engine_t;

/* command: the engine and its arguments as one shell word list ("stockfish",
 * "./perft.sh --fast"); timeout: seconds per query, and for the UCI handshake. */
engine_t *engine_new(const char *command, engine_protocol_t protocol, double timeout);

/* UCI: starts the engine and does the handshake now (perftree: nothing to do). */
engine_status_t engine_start(engine_t *e, char *why, size_t whylen);

/* The engine's divide of the position reached from fen by moves (space-separated,
 * "" for none) at depth >= 1. On ENGINE_FAILED why says what went wrong (timeout,
 * exit status, unreadable line) and engine_transcript() what the engine printed;
 * a UCI engine is killed then and started afresh by the next query. */
engine_status_t engine_divide(engine_t *e, const char *fen, const char *moves, bool chess960, int depth,
                              divide_t *out, char *why, size_t whylen);

/* The last lines the engine printed during the last query, each "  | line\n". */
const char *engine_transcript(engine_t *e);

/* Stops the engine (quit, then SIGKILL to its process group) and frees e. */
void engine_free(engine_t *e);

#endif

/* External engines for rperft check: started with posix_spawn through /bin/sh in
 * a process group of their own, spoken to over pipes, every read bounded by a
 * timeout (ppoll), so that an engine that hangs, dies or prints garbage is
 * reported and killed, never waited for.
 *
 * uci:      one engine for the whole run: uci/uciok, isready/readyok, then per query
 *           [setoption name UCI_Chess960 value true|false] position fen F [moves M],
 *           go perft D; reads a divide ("e2e4: 20" or "e2e4 20" lines) and the total
 *           ("Nodes searched: N", "Nodes: N" or a bare number), skipping info lines
 *           and banners.
 * perft:    the same, but the query is a bare "perft D" (Ethereal's dialect, where
 *           "go perft" starts a search); engines that print the total only are
 *           drilled down by querying each child ("position ... moves ... M").
 * auto:     "go perft" until an answer shows the engine searches instead ("info
 *           depth", "bestmove") or does not know it; then "perft". The first
 *           answer fixes the dialect.
 * perftree: one process per query, "CMD DEPTH FEN [MOVES]", printing "e2e4 20" lines,
 *           an empty line and the total (agausmann/perftree's script protocol). */
#ifndef RPERFT_ENGINE_H
#define RPERFT_ENGINE_H

#include <stdbool.h>
#include <stddef.h>

#include "core/count.h"

typedef enum engine_protocol { PROTOCOL_AUTO, PROTOCOL_UCI, PROTOCOL_PERFT, PROTOCOL_PERFTREE } engine_protocol_t;

/* "auto", "uci" (or "go-perft"), "perft", "perftree"; false for anything else. */
bool engine_protocol_parse(const char *name, engine_protocol_t *out);
const char *engine_protocol_name(engine_protocol_t protocol);

typedef struct divide_line {
    char move[8]; /* UCI, lower case */
    count_t nodes;
} divide_move_t;

/* One divide: moves sorted by name, and the total the engine reported. listed is
 * false when the engine printed a total only (no move lines, total above 0). */
typedef struct divide {
    divide_move_t *moves;
    int n, cap;
    count_t total;
    bool listed;
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

/* The dialect in use: the one named, or the one auto detected (PROTOCOL_AUTO
 * until the first answer). */
engine_protocol_t engine_dialect(const engine_t *e);

/* The last lines the engine printed during the last query, each "  | line\n". */
const char *engine_transcript(engine_t *e);

/* Stops the engine (quit, then SIGKILL to its process group) and frees e. */
void engine_free(engine_t *e);

#endif

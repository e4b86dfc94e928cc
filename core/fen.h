/* FEN reading and writing: standard FEN, Shredder-FEN and X-FEN castling fields. */
#ifndef RPERFT_FEN_H
#define RPERFT_FEN_H

#include <stdbool.h>

#include "position.h"

/* Longest FEN fen_write() produces, with its terminating NUL. */
enum { FEN_MAX = 128 };

typedef struct fen_error {
    const char *field; /* "pieces", "side", "castling", "en passant", "halfmove", "fullmove", "position" */
    int column;        /* 1-based character offset in the FEN text where the problem is */
    char message[160];
} fen_error_t;

/* Parses 4 or 6 fields (without the counters, halfmove 0 and fullmove 1). On success pos is
 * fully set up (position_refresh done); on failure returns false and fills err (which
 * may be NULL), and pos is left unchanged. tables_init() must have run. */
bool fen_parse(const char *text, position_t *pos, fen_error_t *err);

/* Writes all 6 fields into buf (at least FEN_MAX bytes). Castling is KQkq unless
 * pos->chess960, then Shredder-FEN file letters, per colour h-side right first. */
void fen_write(const position_t *pos, char *buf);

#endif

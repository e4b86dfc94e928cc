/* Perft suites: files of positions with known node counts, in every format the
 * public suites use.
 *
 * One position per line ("EPD" form), any of
 *     FEN ;D1 20 ;D2 400            FEN; D1 20; D2 400
 *     FEN;20;400;8902               (bare counts: the depth is the place in the list)
 *     FEN perft1 20; perft2 400;    FEN ;D1 20 ;id "name"
 * or blocks (the ".perft" form of python-chess and shakmaty):
 *     # comment
 *     id NAME
 *     epd FEN
 *     perft 1 48
 *     perft 2 2039
 * FEN has 4 or 6 fields; castling may be KQkq, Shredder-FEN (HAha) or X-FEN.
 * CRLF, a NUL before LF, no final newline, blank lines, '#' comment lines and
 * repeated blanks are accepted. Counts are read exactly as 128-bit numbers.
 *
 * Chess960: a position is Chess960 when fen_parse() says so (Shredder letters, or
 * X-FEN rights whose king or rook stand off their usual squares). Positions from
 * the block form are always read with Chess960 rules (pos.chess960 = true), as
 * their authors do; that changes only how castling is written (e1h1, HAha), never
 * a count.
 *
 * Typical use (the suite owns every string it hands out):
 *     suite_t s;
 *     suite_error_t err;
 *     if (!suite_load("positions/bench.epd", 0, &s, &err)) {
 *         char msg[SUITE_ERROR_MAX];
 *         fprintf(stderr, "%s\n", suite_error_format(&err, msg, sizeof msg));
 *         return 2;
 *     }
 *     for (size_t i = 0; i < s.count; i++)
 *         for (int d = 0; d < s.entries[i].ndepths; d++)
 *             check(&s.entries[i].pos, s.entries[i].depths[d].depth, s.entries[i].depths[d].expected);
 *     suite_free(&s);
 */
#ifndef RPERFT_SUITE_H
#define RPERFT_SUITE_H

#include <stdbool.h>
#include <stddef.h>

#include "count.h"
#include "position.h"

enum {
    SUITE_MAX_DEPTH = 64,    /* deeper depths are refused as malformed */
    SUITE_ERROR_MAX = 1024,  /* enough for suite_error_format() */
};

/* Flags for suite_load() and suite_parse(). */
enum suite_flags {
    /* A malformed line becomes an entry with .error set instead of failing the load. */
    SUITE_KEEP_GOING = 1u << 0,
    /* A file without a single position (empty, or only comments and blank lines) is
     * an error: a CI job pointed at the wrong file must not pass on zero checks. */
    SUITE_REQUIRE_POSITIONS = 1u << 1,
};

typedef struct suite_depth {
    int depth;
    count_t expected;
} suite_depth_t;

typedef struct suite_entry {
    char *id;             /* the .perft id or an EPD id operation, else the index as text */
    int index;            /* 1-based place in the file, error entries included */
    int line;             /* 1-based line of the FEN (the epd line in block form) */
    char *fen;            /* the FEN as written, blanks collapsed */
    position_t pos;       /* the position set up from fen */
    suite_depth_t *depths; /* ascending by depth, no depth twice */
    int ndepths;
    /* SUITE_KEEP_GOING only: NULL for a good entry; for a malformed line the full
     * message ("file:line:column: field: what") and nothing else but id, index
     * and line is valid. */
    char *error;
} suite_entry_t;

typedef struct suite {
    char *name;           /* the path as given; "<stdin>" for "-" */
    suite_entry_t *entries;
    size_t count;
    size_t errors;        /* entries with .error set */
} suite_t;

typedef struct suite_error {
    char file[512];
    int line;             /* 0 when the whole file is at fault (cannot be read) */
    int column;           /* 1-based; 0 when not known */
    char field[32];       /* "FEN castling", "D3 count", "operation", "perft", "file", ... */
    char message[256];
} suite_error_t;

/* Reads a suite file; path "-" reads standard input. On failure returns false,
 * fills err and leaves s empty (nothing to free). Calls tables_init() itself. */
bool suite_load(const char *path, unsigned flags, suite_t *s, suite_error_t *err);

/* The same for text already in memory (may hold NULs); name is used in messages. */
bool suite_parse(const char *name, const char *text, size_t len, unsigned flags, suite_t *s,
                 suite_error_t *err);

void suite_free(suite_t *s);

/* "file:line:column: field: message" (line and column left out when 0). Returns buf. */
char *suite_error_format(const suite_error_t *err, char *buf, size_t len);

#endif

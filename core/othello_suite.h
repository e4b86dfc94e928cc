/* Othello perft suites: one position per line with its known counts,
 *   BOARD SIDE ;D1 4 ;D2 12 ;D9 3005288 ;D9p0 3005320 ;id "start"
 * where ;D<n> is the count at depth n with a pass as one ply (the default) and
 * ;D<n>p0 the count with --pass-ply 0 (a pass takes no ply). Blank lines and lines
 * starting with '#' are skipped; CRLF is accepted. */
#ifndef RPERFT_OTHELLO_SUITE_H
#define RPERFT_OTHELLO_SUITE_H

#include <stdbool.h>
#include <stdio.h>

#include "count.h"
#include "othello.h"

enum { OTHELLO_SUITE_MAX_CHECKS = 128, OTHELLO_SUITE_MAX_DEPTH = 64 };

typedef struct othello_check {
    int depth;
    bool pass_ply;
    count_t nodes;
} othello_check_t;

typedef struct othello_suite_entry {
    othello_position_t pos;
    char id[64];   /* "" when the line has none */
    long line;
    int nchecks;
    othello_check_t checks[OTHELLO_SUITE_MAX_CHECKS];
} othello_suite_entry_t;

typedef struct othello_suite_error {
    long line;
    int column;        /* 1-based */
    const char *field; /* "board", "side", "operation", "depth", "count", "id" */
    char message[128];
} othello_suite_error_t;

/* Parses one line (without its newline). Returns 1 with the entry filled, 0 for a
 * blank or comment line, -1 on a malformed line (err says where and why). */
int othello_suite_parse_line(const char *line, long lineno, othello_suite_entry_t *e, othello_suite_error_t *err);

#endif

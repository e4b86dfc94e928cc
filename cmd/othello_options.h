/* What the othello subcommands share: the position and counting options, and
 * resolving a flip method by name. */
#ifndef RPERFT_OTHELLO_OPTIONS_H
#define RPERFT_OTHELLO_OPTIONS_H

#include <stdbool.h>

#include "core/othello.h"

/* [--startpos | --board "BOARD SIDE"] [--moves "f5 d6"] [--method NAME|all]
 * [--no-bulk] [--pass-ply 0|1] DEPTH */
typedef struct othello_options {
    const char *board;  /* NULL: the start position */
    const char *moves;  /* NULL: none */
    const char *method; /* NULL: the default; "all": every method */
    othello_rules_t rules;
    int depth;
} othello_options_t;

enum { OTHELLO_OPTIONS_OK = -1 };

/* Parses argv (argv[0] is the subcommand's name, cmd its full name for messages).
 * Returns OTHELLO_OPTIONS_OK, or the exit code to leave with (0 after --help). */
int othello_parse_options(const char *cmd, const char *help, int argc, char **argv, othello_options_t *opt);

/* Parses --pass-ply's value: "1" (a pass is a ply) or "0". */
bool othello_parse_pass_ply(const char *text, bool *pass_ply);

/* Sets up the position (board, then moves); on error prints why, naming the field
 * and column or the move, and returns false. */
bool othello_load_position(const char *cmd, const othello_options_t *opt, othello_position_t *pos);

/* The named method or the default; prints the known names and returns NULL when
 * there is no such method. */
const othello_method_t *othello_resolve_method(const char *cmd, const char *name);

#endif

/* What the othello subcommands share: their options (declared once, for the one
 * option table of cmd/options.h), reading them, and resolving a flip method. */
#ifndef RPERFT_OTHELLO_OPTIONS_H
#define RPERFT_OTHELLO_OPTIONS_H

#include <stdbool.h>

#include "options.h"
#include "core/othello.h"

/* --board (excludes --startpos), --moves, --method, --pass-ply. */
extern const option_t opt_othello_board, opt_othello_moves, opt_othello_method, opt_pass_ply;

typedef struct othello_options {
    const char *board;  /* NULL: the start position */
    const char *moves;  /* NULL: none */
    const char *method; /* NULL: the default; "all": every method */
    othello_rules_t rules;
    int depth;
} othello_options_t;

/* Reads the options above, --no-bulk, and DEPTH (default_depth when absent). */
void othello_options_read(const parsed_t *p, int default_depth, othello_options_t *opt);

/* Sets up the position (board, then moves); on error prints why, naming the field
 * and column or the move, and returns false. */
bool othello_load_position(const char *cmd, const othello_options_t *opt, othello_position_t *pos);

/* The named method or the default; prints the known names and returns NULL when
 * there is no such method. */
const othello_method_t *othello_resolve_method(const parsed_t *p, const char *name);

/* The othello subcommand named name ("perft"), or NULL; and the help listing them. */
const command_t *othello_find_command(const char *name);
void othello_print_help(FILE *out);

#endif

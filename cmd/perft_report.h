/* The JSON report of rperft perft and divide (docs/json-schema.md): opened before
 * the count with what is searched (the position as a FEN after --moves, depth,
 * bulk, threads, hash); each command adds its results. */
#ifndef RPERFT_PERFT_REPORT_H
#define RPERFT_PERFT_REPORT_H

#include <stdbool.h>

#include "cli.h"
#include "json_report.h"

/* NULL without --json; *failed (and the reason on stderr) when the file cannot be
 * opened. */
json_report_t *perft_report_open(const char *cmd, const perft_options_t *opt, const position_t *pos, bool *failed);

/* Writes it (complete: not interrupted) with the exit status; false (said why)
 * when it cannot be written. NULL: nothing to do. */
bool perft_report_finish(const char *cmd, json_report_t *j, bool complete, int rc);

#endif

/* A report written whole at the end (JUnit, JSON): the file is opened at the start,
 * as a temporary beside its path, so that a bad path fails before any work; at the
 * end it is renamed over the path, so a reader never sees half a report. "-" is
 * standard output, written at the end too (people's lines then go to stderr). */
#ifndef RPERFT_REPORT_FILE_H
#define RPERFT_REPORT_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef struct report_file {
    char *path, *tmp_path; /* tmp_path NULL for standard output */
    FILE *out;
} report_file_t;

/* False with "PATH: cannot write: reason" in err. */
bool report_file_open(report_file_t *f, const char *path, char *err, size_t errlen);

/* Closes what was written and puts it in place (nothing is left behind on an
 * error). False with the reason in err. */
bool report_file_commit(report_file_t *f, char *err, size_t errlen);

/* Closes and removes the temporary file: nothing is written. */
void report_file_discard(report_file_t *f);

#endif

/* CSV files that many runs append to (libcsv quoting), and a reader for them.
 *
 * Writing: a table is opened against a header. A new or empty file gets the header;
 * an existing file is appended to only if its header parses to exactly the same
 * fields, otherwise it is refused and left untouched. Every row goes to the file in
 * a single write() on an O_APPEND descriptor, so an interrupted run keeps complete
 * rows only and concurrent writers never interleave inside a row.
 *
 * Reading: csv_read_file() parses with libcsv (strict quoting) and hands every
 * record to a callback with its 1-based starting line; records libcsv rejects
 * arrive with an error message instead of fields, so the caller reports and skips
 * them. */
#ifndef RPERFT_CSV_TABLE_H
#define RPERFT_CSV_TABLE_H

#include <stdbool.h>
#include <stddef.h>

typedef struct csv_table csv_table_t;

/* Opens (creating if needed) path for appending rows of ncols fields under header.
 * NULL on failure, with the reason (naming the file and, for a foreign header, the
 * first differing column) in err. */
csv_table_t *csv_table_open(const char *path, const char *const *header, int ncols, char *err, size_t errlen);

/* What opening the table mended in the file (a last row cut inside a quoted field,
 * named as FILE:LINE), for the caller to show as a warning; NULL if nothing. */
const char *csv_table_warning(const csv_table_t *table);

/* Appends one row of ncols fields (NULL is written as an empty field). False on a
 * write error (errno is kept). */
bool csv_table_append(csv_table_t *table, const char *const *fields);

void csv_table_close(csv_table_t *table);

/* One CSV row as text (fields quoted by libcsv where needed, "\n" at the end);
 * malloc'd, NULL when out of memory. Exposed for tests and for callers that print
 * CSV to stdout. */
char *csv_format_row(const char *const *fields, int ncols, size_t *len);

typedef struct csv_record {
    long line;                 /* 1-based line on which the record starts */
    int nfields;
    const char *const *fields; /* NUL-terminated; valid during the callback only */
    const char *error;         /* non-NULL: a malformed record (fields empty) */
} csv_record_t;

/* Return false to stop reading. */
typedef bool (*csv_record_fn)(void *user, const csv_record_t *record);

/* Reads every record of path. False only when the file cannot be read (err says
 * why); malformed records are passed to fn with record->error set. */
bool csv_read_file(const char *path, csv_record_fn fn, void *user, char *err, size_t errlen);

#endif

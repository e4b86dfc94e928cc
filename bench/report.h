/* rperft report's engine: reads bench CSVs from any number of machines and builds
 * comparison tables (rows = method, columns = CPU model name, cells = geometric-mean
 * Mnps over the positions every cell shares, rank per CPU), printed as text or
 * Markdown or drawn as a grouped bar chart in SVG. */
#ifndef RPERFT_REPORT_H
#define RPERFT_REPORT_H

#include <stdbool.h>
#include <stdio.h>

typedef struct report report_t;

report_t *report_new(void);
void report_free(report_t *r);

/* Adds one CSV's rows. cpu_label, when not NULL, replaces the CPU model name of
 * every row of this file (to tell two builds apart, or to fake a second machine in
 * a test). Malformed rows (any numeric field that is not one) are reported on diag
 * as "rperft report: FILE:LINE: ..." and skipped.
 * Returns the number of usable rows; 0 means none (the file is unusable), and a
 * file that cannot be read returns 0 after saying so on diag. */
long report_add_file(report_t *r, const char *path, const char *cpu_label, FILE *diag);

typedef struct report_table {
    char kind[16];          /* "perft" or "micro" */
    int nrows, ncols;
    int npositions;         /* positions shared by every non-empty cell */
    bool depths_differ;     /* no FEN and depth shared: positions matched by FEN alone */
    char **row_names;       /* method, "(no bulk)" appended for --no-bulk rows */
    char **col_names;       /* CPU model names (or labels) */
    char **col_notes;       /* hosts, compilers, build flags, commits seen */
    double *cells;          /* [row * ncols + col]: geometric mean, 0 = no data */
    int *ranks;             /* [row * ncols + col]: 1 = fastest on that CPU, 0 = no data */
} report_table_t;

/* Builds the table of one kind of measurement. False when there are no rows of
 * that kind (t is then empty but safe to free). When the cells share no position
 * at equal depth, positions are matched by FEN alone (depths_differ). npositions
 * == 0 with rows present means the cells share no position even so. */
bool report_build(const report_t *r, const char *kind, report_table_t *t);
void report_table_free(report_table_t *t);

double report_cell(const report_table_t *t, const char *row, const char *col); /* 0: none */
int report_rank(const report_table_t *t, const char *row, const char *col);    /* 0: none */

void report_print_text(const report_table_t *t, FILE *out);
void report_print_markdown(const report_table_t *t, FILE *out);
void report_write_svg(const report_table_t *t, FILE *out);

#endif

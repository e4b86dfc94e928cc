#include "compare_baseline.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/bench_set.h"
#include "bench/csv_table.h"
#include "build_info.h"
#include "cli.h"
#include "report_file.h"

static const char *const header[] = {"position_id", "fen", "depth", "instructions_per_leaf_parent", "build"};
enum { COLUMNS = sizeof header / sizeof *header };

static void this_build(char *buf, size_t len)
{
    snprintf(buf, len, "%s %s %s", RPERFT_COMPILER, RPERFT_BUILDTYPE, RPERFT_CFLAGS);
}

static bool put_row(FILE *f, const char *const *fields)
{
    char *row = csv_format_row(fields, COLUMNS, NULL);
    bool ok = row && fputs(row, f) >= 0;
    free(row);
    return ok;
}

bool baseline_write(const char *path, const baseline_row_t *rows, int n)
{
    char err[512], build[512];
    this_build(build, sizeof build);
    report_file_t f;
    if (!report_file_open(&f, path, err, sizeof err)) {
        fprintf(stderr, "rperft compare: --write-baseline %s\n", err);
        return false;
    }
    bool ok = put_row(f.out, header);
    for (int i = 0; ok && i < n; i++) {
        char depth[16], value[64];
        snprintf(depth, sizeof depth, "%d", rows[i].depth);
        snprintf(value, sizeof value, "%.2f", rows[i].per_leaf_parent);
        const char *fields[COLUMNS] = {rows[i].id, rows[i].fen, depth, value, build};
        ok = put_row(f.out, fields);
    }
    if (!ok) {
        report_file_discard(&f);
        fprintf(stderr, "rperft compare: --write-baseline %s: cannot write\n", path);
        return false;
    }
    if (!report_file_commit(&f, err, sizeof err)) {
        fprintf(stderr, "rperft compare: --write-baseline %s\n", err);
        return false;
    }
    return true;
}

typedef struct reading {
    const char *path;
    baseline_found_fn found;
    void *user;
    bool bad;
} reading_t;

__attribute__((format(printf, 3, 4)))
static bool bad_row(reading_t *r, long line, const char *fmt, ...)
{
    char msg[768];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    fprintf(stderr, "rperft compare: %s:%ld: %s\n", r->path, line, msg);
    r->bad = true;
    return false;
}

static bool on_row(void *user, const csv_record_t *rec)
{
    reading_t *r = user;
    if (rec->error)
        return bad_row(r, rec->line, "%s", rec->error);
    if (rec->nfields != COLUMNS)
        return bad_row(r, rec->line, "%d fields, not the 5 of position_id,fen,depth,instructions_per_leaf_parent,build",
                       rec->nfields);
    if (rec->line == 1) {
        for (int i = 0; i < COLUMNS; i++)
            if (strcmp(rec->fields[i], header[i]) != 0)
                return bad_row(r, 1, "column %d is '%s', not '%s': not a baseline", i + 1, rec->fields[i], header[i]);
        return true;
    }
    char build[512];
    this_build(build, sizeof build);
    if (strcmp(rec->fields[4], build) != 0)
        return bad_row(r, rec->line,
                       "build: counted with '%s', this rperft is '%s'; instruction counts compare only within one "
                       "compiler and set of flags",
                       rec->fields[4], build);
    int depth;
    char *end;
    double value = strtod(rec->fields[3], &end);
    if (!parse_int(rec->fields[2], 1, BENCH_MAX_DEPTH, &depth))
        return bad_row(r, rec->line, "depth: '%s' is not a depth from 1 to %d", rec->fields[2], BENCH_MAX_DEPTH);
    if (end == rec->fields[3] || *end || !(value > 0))
        return bad_row(r, rec->line, "instructions_per_leaf_parent: '%s' is not a number above 0", rec->fields[3]);
    r->found(r->user, rec->fields[1], depth, value);
    return true;
}

bool baseline_read(const char *path, baseline_found_fn found, void *user)
{
    reading_t r = {.path = path, .found = found, .user = user};
    char err[512];
    if (!csv_read_file(path, on_row, &r, err, sizeof err)) {
        fprintf(stderr, "rperft compare: --baseline %s\n", err);
        return false;
    }
    return !r.bad;
}

/* libFuzzer target: the CSV reader (csv_read_file), rperft report's reading and
 * table building, and appending to an existing file (csv_table_open), on any bytes.
 * The input goes through a memfd, since all three work on a path.
 *
 * Invariants: records arrive in line order, a malformed one carries a message and
 * no fields; the good records, written back by csv_format_row() and read again,
 * are the same fields; the report's tables have a rank for exactly the cells with
 * data; an append keeps every byte already in the file and adds exactly a newline
 * (if the last row was cut short), the header (if the file was empty) and the row,
 * and a refused file is left untouched. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define FUZZ_NAME "fuzz_csv"
#include "fuzz_common.h"

#include "bench/csv_table.h"
#include "bench/report.h"
#include "bench/schema.h"

enum { MAX_INPUT = 1 << 16 };

/* The good records of one read, as one formatted CSV text. */
typedef struct collected {
    char *text;
    size_t len;
    FILE *out;
    long last_line, records, good;
} collected_t;

static bool on_record(void *user, const csv_record_t *rec)
{
    collected_t *c = user;
    require(rec->line >= 1 && rec->line >= c->last_line, "records out of line order");
    c->last_line = rec->line;
    c->records++;
    if (rec->error) {
        require(rec->error[0] && rec->nfields == 0, "a malformed record with fields or without a message");
        return true;
    }
    require(rec->nfields >= 1, "a record without fields");
    for (int i = 0; i < rec->nfields; i++)
        require(rec->fields[i] != NULL, "a NULL field");
    /* A lone empty field is written as an empty line, which CSV cannot tell from none. */
    if (rec->nfields == 1 && rec->fields[0][0] == '\0')
        return true;
    size_t len;
    char *row = csv_format_row(rec->fields, rec->nfields, &len);
    require(row != NULL && len > 0 && row[len - 1] == '\n', "csv_format_row");
    fwrite(row, 1, len, c->out);
    free(row);
    c->good++;
    return true;
}

static void read_collecting(const void *data, size_t size, collected_t *c)
{
    char path[64], err[256];
    int fd = memfd_with(data, size, path, sizeof path);
    *c = (collected_t){0};
    c->out = open_memstream(&c->text, &c->len);
    require(c->out != NULL, "open_memstream");
    require(csv_read_file(path, on_record, c, err, sizeof err), "an in-memory file could not be read");
    fclose(c->out);
    close(fd);
}

static void check_round_trip(const uint8_t *data, size_t size)
{
    collected_t first, second;
    read_collecting(data, size, &first);
    read_collecting(first.text, first.len, &second);
    require(second.records == first.good && second.good == first.good, "written records do not read back as many");
    require(second.len == first.len && memcmp(second.text, first.text, first.len) == 0,
            "written records read back to other fields");
    free(first.text);
    free(second.text);
}

static void check_table(const report_table_t *t)
{
    for (int i = 0; i < t->nrows * t->ncols; i++)
        require((t->cells[i] > 0) == (t->ranks[i] > 0) && t->ranks[i] <= t->nrows,
                "a rank without data or beyond the rows");
}

static void check_report(const uint8_t *data, size_t size, FILE *devnull)
{
    char path[64];
    int fd = memfd_with(data, size, path, sizeof path);
    report_t *r = report_new();
    require(r != NULL, "report_new");
    long rows = report_add_file(r, path, NULL, devnull);
    long labelled = report_add_file(r, path, "label", devnull);
    require(rows >= 0 && labelled >= rows, "usable rows");
    static const char *const kinds[] = {"perft", "micro"};
    for (int k = 0; k < 2; k++) {
        report_table_t t;
        if (report_build(r, kinds[k], &t)) {
            check_table(&t);
            report_print_text(&t, devnull);
            report_print_markdown(&t, devnull);
            report_write_svg(&t, devnull);
        }
        report_table_free(&t);
    }
    report_free(r);
    close(fd);
}

/* Whether added, the bytes an append put after the file's old content, is what it
 * may add: the header and the row into an empty file; else the row, after a
 * newline ending a torn last row, or a quote and a newline if that row stopped
 * inside a quoted field. */
static bool expected_addition(const char *added, size_t len, bool was_empty, const char *const *row)
{
    char *header = csv_format_row(bench_header, BENCH_COLUMNS, NULL), *text = csv_format_row(row, BENCH_COLUMNS, NULL);
    require(header && text, "csv_format_row");
    size_t n = strlen(text), gap = len >= n ? len - n : 0;
    bool ok = len >= n && memcmp(added + gap, text, n) == 0;
    if (was_empty)
        ok = ok && gap == strlen(header) && memcmp(added, header, gap) == 0;
    else
        ok = ok && (gap == 0 || (gap == 1 && added[0] == '\n') || (gap == 2 && memcmp(added, "\"\n", 2) == 0));
    free(header);
    free(text);
    return ok;
}

/* The last record of a file, as the reader sees it. */
typedef struct last_record {
    char *fields[BENCH_COLUMNS];
    int nfields;
    bool error;
} last_record_t;

static void forget(last_record_t *l)
{
    for (int i = 0; i < l->nfields && i < BENCH_COLUMNS; i++)
        free(l->fields[i]);
    *l = (last_record_t){0};
}

static bool keep_last(void *user, const csv_record_t *rec)
{
    last_record_t *l = user;
    forget(l);
    l->error = rec->error != NULL;
    l->nfields = rec->nfields;
    for (int i = 0; i < rec->nfields && i < BENCH_COLUMNS; i++)
        l->fields[i] = strdup(rec->fields[i]);
    return true;
}

/* Read back, the file ends with the row just appended, whatever came before it. */
static void check_last_row(const char *path, const char *const *row)
{
    last_record_t last = {0};
    char err[256];
    require(csv_read_file(path, keep_last, &last, err, sizeof err), "reading the file back");
    bool same = !last.error && last.nfields == BENCH_COLUMNS;
    for (int i = 0; same && i < BENCH_COLUMNS; i++)
        same = strcmp(last.fields[i], row[i] ? row[i] : "") == 0;
    require(same, "the appended row does not read back as the last row");
    forget(&last);
}

static void check_append(const uint8_t *data, size_t size)
{
    char path[64], err[700];
    int fd = memfd_with(data, size, path, sizeof path);
    const char *row[BENCH_COLUMNS] = {BENCH_SCHEMA, "2024-01-01T00:00:00Z", "host, with \"quotes\""};
    csv_table_t *t = csv_table_open(path, bench_header, BENCH_COLUMNS, err, sizeof err);
    if (t) {
        require(csv_table_append(t, row), "an append failed");
        csv_table_close(t);
        check_last_row(path, row);
    } else {
        require(err[0] != '\0', "a refusal without a reason");
    }
    struct stat st;
    require(fstat(fd, &st) == 0 && (size_t)st.st_size >= size, "the file shrank");
    char *now = malloc((size_t)st.st_size + 1);
    require(now && pread(fd, now, (size_t)st.st_size, 0) == st.st_size, "reading the file back");
    require(size == 0 || memcmp(now, data, size) == 0, "the rows already in the file changed");
    if (t)
        require(expected_addition(now + size, (size_t)st.st_size - size, size == 0, row),
                "the append added something else than its row");
    else
        require((size_t)st.st_size == size, "a refused file was changed");
    free(now);
    close(fd);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static FILE *devnull; /* opened once: libFuzzer calls this millions of times */
    if (!devnull)
        devnull = fopen("/dev/null", "w");
    if (size > MAX_INPUT)
        return -1;
    check_round_trip(data, size);
    check_report(data, size, devnull);
    check_append(data, size);
    return 0;
}

#include "csv_table.h"

#include <csv.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

struct csv_table {
    int fd;
    int ncols;
    char warning[600]; /* what opening it mended, for the caller to show; "" if nothing */
};

/* Reads every record of in as csv_read_file() does; false on a read error (errno
 * kept). *unclosed: the input ended inside a quoted field. */
static bool read_stream(FILE *in, csv_record_fn fn, void *user, bool *unclosed);

/* ---- fields collected from libcsv callbacks ---- */

typedef struct fields {
    char **items;
    int n, cap;
    bool oom;
} fields_t;

static void fields_clear(fields_t *f)
{
    for (int i = 0; i < f->n; i++)
        free(f->items[i]);
    f->n = 0;
}

static void fields_free(fields_t *f)
{
    fields_clear(f);
    free(f->items);
    *f = (fields_t){0};
}

static void fields_add(fields_t *f, const void *data, size_t len)
{
    if (f->n == f->cap) {
        int cap = f->cap ? 2 * f->cap : 32;
        char **items = realloc(f->items, (size_t)cap * sizeof *items);
        if (!items) {
            f->oom = true;
            return;
        }
        f->items = items, f->cap = cap;
    }
    char *copy = malloc(len + 1);
    if (!copy) {
        f->oom = true;
        return;
    }
    if (len)
        memcpy(copy, data, len);
    copy[len] = '\0';
    f->items[f->n++] = copy;
}

static void set_error(char *err, size_t errlen, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void set_error(char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (err && errlen)
        vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
}

/* ---- writing ---- */

/* Numbers stay bare so that spreadsheets read them as numbers; everything else
 * (FENs, names, flags) is quoted by libcsv. */
static bool is_plain_number(const char *s)
{
    const char *p = s + (*s == '-');
    bool digits = false, dot = false;
    for (; *p; p++) {
        if (*p >= '0' && *p <= '9')
            digits = true;
        else if (*p == '.' && !dot)
            dot = true;
        else
            return false;
    }
    return digits;
}

char *csv_format_row(const char *const *fields, int ncols, size_t *len)
{
    char *buf = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&buf, &size);
    if (!out)
        return NULL;
    for (int i = 0; i < ncols; i++) {
        const char *s = fields[i] ? fields[i] : "";
        if (i)
            fputc(',', out);
        if (*s == '\0' || is_plain_number(s))
            fputs(s, out);
        else
            csv_fwrite(out, s, strlen(s));
    }
    fputc('\n', out);
    if (fclose(out) != 0) {
        free(buf);
        return NULL;
    }
    if (len)
        *len = size;
    return buf;
}

/* One write() per row (retrying only on a short write), so that O_APPEND keeps
 * rows whole. */
static bool write_all(int fd, const char *buf, size_t len)
{
    while (len) {
        ssize_t n = write(fd, buf, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        buf += n, len -= (size_t)n;
    }
    return true;
}

static bool write_row(int fd, const char *const *fields, int ncols)
{
    size_t len;
    char *row = csv_format_row(fields, ncols, &len);
    if (!row)
        return false;
    bool ok = write_all(fd, row, len);
    int saved = errno;
    free(row);
    errno = saved;
    return ok;
}

typedef struct first_record {
    fields_t fields;
    bool done;
} first_record_t;

static void first_field(void *data, size_t len, void *ctx)
{
    first_record_t *r = ctx;
    if (!r->done)
        fields_add(&r->fields, data, len);
}

static void first_row_end(int c, void *ctx)
{
    (void)c;
    ((first_record_t *)ctx)->done = true;
}

/* Parses the file's first record into r. False (with err) if it cannot. */
static bool read_first_record(int fd, const char *path, first_record_t *r, char *err, size_t errlen)
{
    struct csv_parser p;
    char buf[4096];
    off_t offset = 0;
    bool ok = csv_init(&p, CSV_STRICT | CSV_APPEND_NULL) == 0;
    while (ok && !r->done) {
        ssize_t n = pread(fd, buf, sizeof buf, offset);
        if (n < 0) {
            set_error(err, errlen, "%s: cannot read: %s", path, strerror(errno));
            ok = false;
        } else if (n == 0) {
            csv_fini(&p, first_field, first_row_end, r);
            break;
        } else if (csv_parse(&p, buf, (size_t)n, first_field, first_row_end, r) != (size_t)n && !r->done) {
            set_error(err, errlen, "%s:1: the header is not valid CSV: %s", path, csv_strerror(csv_error(&p)));
            ok = false;
        }
        offset += n;
    }
    csv_free(&p);
    return ok;
}

static bool header_matches(const char *path, const fields_t *have, const char *const *header, int ncols, char *err,
                           size_t errlen)
{
    for (int i = 0; i < ncols && i < have->n; i++)
        if (strcmp(have->items[i], header[i]) != 0) {
            set_error(err, errlen,
                      "%s:1: not an rperft table of this kind: column %d of its header is '%s', expected '%s' "
                      "(left untouched; write to another file)",
                      path, i + 1, have->items[i], header[i]);
            return false;
        }
    if (have->n != ncols) {
        set_error(err, errlen,
                  "%s:1: not an rperft table of this kind: its header has %d columns, expected %d "
                  "(left untouched; write to another file)",
                  path, have->n, ncols);
        return false;
    }
    return true;
}

/* Keeps the line of the last record read: the one left open, when the file ends
 * inside quotes. */
static bool note_line(void *user, const csv_record_t *record)
{
    *(long *)user = record->line;
    return true;
}

/* Whether the file, read as csv_read_file() reads it, ends inside a quoted field,
 * and if so the line of that last row. False (errno set) when it cannot be read. */
static bool ends_inside_quotes(int fd, bool *unclosed, long *row_line)
{
    int copy = dup(fd);
    FILE *in = copy >= 0 ? fdopen(copy, "r") : NULL;
    if (!in) {
        if (copy >= 0)
            close(copy);
        return false;
    }
    rewind(in);
    bool ok = read_stream(in, note_line, row_line, unclosed);
    fclose(in);
    return ok;
}

/* A run killed inside write(), or a full disk, can leave a torn last row. A
 * newline makes it a (malformed) row of its own; if it stopped inside a quoted
 * field, a closing quote comes first, or that field would swallow our rows: the
 * table's warning then names that row. */
static bool terminate_last_row(csv_table_t *t, const char *path, off_t size)
{
    char last;
    bool unclosed;
    long row_line = 0;
    if (pread(t->fd, &last, 1, size - 1) != 1 || !ends_inside_quotes(t->fd, &unclosed, &row_line))
        return false;
    if (unclosed) {
        snprintf(t->warning, sizeof t->warning,
                 "%s:%ld: the last row was cut inside a quoted field (an interrupted write?); closed it so that "
                 "new rows start on a line of their own: that row stays incomplete and 'rperft report' skips it",
                 path, row_line);
        return write_all(t->fd, "\"\n", 2);
    }
    return last == '\n' || write_all(t->fd, "\n", 1);
}

/* Under the lock: write the header into an empty file, or check the existing one. */
static bool prepare_file(csv_table_t *t, const char *path, const char *const *header, int ncols, char *err,
                         size_t errlen)
{
    int fd = t->fd;
    struct stat st;
    if (fstat(fd, &st) != 0) {
        set_error(err, errlen, "%s: %s", path, strerror(errno));
        return false;
    }
    if (!S_ISREG(st.st_mode) || st.st_size == 0) {
        if (write_row(fd, header, ncols))
            return true;
        set_error(err, errlen, "%s: cannot write: %s", path, strerror(errno));
        return false;
    }
    first_record_t r = {0};
    bool ok = read_first_record(fd, path, &r, err, errlen) &&
              header_matches(path, &r.fields, header, ncols, err, errlen);
    fields_free(&r.fields);
    if (ok && !terminate_last_row(t, path, st.st_size)) {
        set_error(err, errlen, "%s: cannot append: %s", path, strerror(errno));
        ok = false;
    }
    return ok;
}

csv_table_t *csv_table_open(const char *path, const char *const *header, int ncols, char *err, size_t errlen)
{
    int fd = open(path, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0 && errno == EACCES) { /* e.g. /dev/stdout: write-only is all we need there */
        fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC);
        if (fd < 0)
            errno = EACCES; /* the retry's ENOENT (no such file to reopen) would hide why */
    }
    if (fd < 0) {
        set_error(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        return NULL;
    }
    csv_table_t *t = malloc(sizeof *t);
    if (!t) {
        set_error(err, errlen, "%s: out of memory", path);
        close(fd);
        return NULL;
    }
    *t = (csv_table_t){.fd = fd, .ncols = ncols};
    /* The lock keeps two runs that start together from both writing a header. */
    bool locked = flock(fd, LOCK_EX) == 0;
    bool ok = prepare_file(t, path, header, ncols, err, errlen);
    if (locked)
        flock(fd, LOCK_UN);
    if (!ok) {
        csv_table_close(t);
        return NULL;
    }
    return t;
}

const char *csv_table_warning(const csv_table_t *table)
{
    return table->warning[0] ? table->warning : NULL;
}

bool csv_table_append(csv_table_t *table, const char *const *fields)
{
    return write_row(table->fd, fields, table->ncols);
}

void csv_table_close(csv_table_t *table)
{
    if (!table)
        return;
    close(table->fd);
    free(table);
}

/* ---- reading ---- */

typedef struct reader {
    fields_t fields;
    long line;       /* physical line being fed */
    long row_start;  /* line where the pending record began; 0: none pending */
    csv_record_fn fn;
    void *user;
    bool stop;
} reader_t;

static void reader_field(void *data, size_t len, void *ctx)
{
    fields_add(&((reader_t *)ctx)->fields, data, len);
}

static void emit(reader_t *r, const char *error)
{
    if (!r->stop) {
        csv_record_t rec = {
            .line = r->row_start ? r->row_start : r->line,
            .nfields = error ? 0 : r->fields.n,
            .fields = (const char *const *)r->fields.items,
            .error = error,
        };
        if (!error && r->fields.oom)
            rec.error = "out of memory", rec.nfields = 0;
        r->stop = !r->fn(r->user, &rec);
    }
    fields_clear(&r->fields);
    r->fields.oom = false;
    r->row_start = 0;
}

static void reader_row_end(int c, void *ctx)
{
    (void)c;
    emit(ctx, NULL);
}

static bool is_blank(const char *s, size_t len)
{
    for (size_t i = 0; i < len; i++)
        if (!strchr(" \t\r\n", s[i]))
            return false;
    return true;
}

/* A physical line at a time, so that every record knows the line it began on. */
static void feed_line(reader_t *r, struct csv_parser *p, const char *line, size_t len)
{
    r->line++;
    if (!r->row_start && !is_blank(line, len))
        r->row_start = r->line;
    if (csv_parse(p, line, len, reader_field, reader_row_end, r) == len)
        return;
    char why[96];
    snprintf(why, sizeof why, "malformed CSV (%s)", csv_strerror(csv_error(p)));
    emit(r, why);
    /* Start afresh on the next line: the rest of this one is skipped. */
    csv_free(p);
    csv_init(p, CSV_STRICT | CSV_STRICT_FINI | CSV_APPEND_NULL);
}

static bool read_stream(FILE *in, csv_record_fn fn, void *user, bool *unclosed)
{
    reader_t r = {.fn = fn, .user = user};
    struct csv_parser p;
    csv_init(&p, CSV_STRICT | CSV_STRICT_FINI | CSV_APPEND_NULL);
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    errno = 0;
    while (!r.stop && (n = getline(&line, &cap, in)) > 0)
        feed_line(&r, &p, line, (size_t)n);
    bool read_error = ferror(in);
    int saved = errno; /* e.g. EISDIR: a directory opens, but does not read */
    *unclosed = !r.stop && csv_fini(&p, reader_field, reader_row_end, &r) != 0;
    if (*unclosed)
        emit(&r, "malformed CSV (a quoted field is not closed before the end of the file)");
    free(line);
    csv_free(&p);
    fields_free(&r.fields);
    errno = saved;
    return !read_error;
}

bool csv_read_file(const char *path, csv_record_fn fn, void *user, char *err, size_t errlen)
{
    FILE *in = fopen(path, "r");
    if (!in) {
        set_error(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        return false;
    }
    bool unclosed;
    bool ok = read_stream(in, fn, user, &unclosed);
    int saved = errno;
    fclose(in);
    if (!ok)
        set_error(err, errlen, "%s: cannot read: %s", path, strerror(saved ? saved : EIO));
    return ok;
}

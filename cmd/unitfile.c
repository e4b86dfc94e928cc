#include "unitfile.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "fnv.h"
#include "input.h"

enum { BAD_LINES_SHOWN = 10 }; /* per results file; the rest are only counted */

/* Prints "rperft CMD: FILE:LINE: message"; returns false for the caller to pass on. */
static bool __attribute__((format(printf, 4, 5))) bad(const char *cmd, const char *path, long line, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "rperft %s: %s:%ld: ", cmd, path, line);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return false;
}

/* A whole run of decimal digits that fits size_t. */
static bool parse_size(const char *text, size_t *out)
{
    count_t v;
    if (!count_parse(text, strlen(text), &v) || v > SIZE_MAX)
        return false;
    *out = (size_t)v;
    return true;
}

static bool parse_hex64(const char *text, uint64_t *out)
{
    if (strlen(text) != 16 || strspn(text, "0123456789abcdef") != 16)
        return false;
    *out = strtoull(text, NULL, 16);
    return true;
}

/* Splits line at tabs into exactly n fields. */
static bool split_fields(char *line, char **fields, int n)
{
    for (int i = 0; i < n; i++) {
        fields[i] = line;
        char *tab = strchr(line, '\t');
        if (i == n - 1)
            return tab == NULL;
        if (!tab)
            return false;
        *tab = '\0';
        line = tab + 1;
    }
    return true;
}

/* ---- units files ---- */

static int header_prefix(const unit_set_t *set, char *buf, size_t size)
{
    char paths[COUNT_DIGITS_MAX];
    return snprintf(buf, size, UNITS_MAGIC " root=\"%s\" depth=%d split=%d paths=%s units=%zu", set->root, set->depth,
                    set->split, count_format(set->paths, paths), set->count);
}

static int unit_line(const unit_set_t *set, size_t id, char *buf, size_t size)
{
    char mult[COUNT_DIGITS_MAX];
    return snprintf(buf, size, "%zu\t%s\t%d\t%s\n", id, count_format(set->units[id].multiplicity, mult),
                    set->depth - set->split, set->units[id].fen);
}

bool unit_set_write(FILE *out, unit_set_t *set)
{
    char head[FEN_MAX + 160], line[FEN_MAX + 128];
    int head_len = header_prefix(set, head, sizeof head);
    uint64_t h = fnv1a(FNV1A_OFFSET, head, (size_t)head_len);
    for (size_t i = 0; i < set->count; i++)
        h = fnv1a(h, line, (size_t)unit_line(set, i, line, sizeof line));
    set->fingerprint = h;
    fprintf(out, "%s set=%016" PRIx64 "\n", head, h);
    for (size_t i = 0; i < set->count; i++) {
        unit_line(set, i, line, sizeof line);
        fputs(line, out);
    }
    return fflush(out) == 0 && !ferror(out);
}

typedef struct reader {
    const char *cmd, *path;
    FILE *file;
    char *line;
    size_t cap;
    long lineno;
} reader_t;

/* The next line without its newline: 1, end of file: 0, a line cut short or with
 * a NUL byte: -1 (reported). */
static int next_line(reader_t *r)
{
    ssize_t len = getline(&r->line, &r->cap, r->file);
    if (len <= 0)
        return 0;
    r->lineno++;
    if (r->line[len - 1] != '\n') {
        bad(r->cmd, r->path, r->lineno, "the last line has no newline (file cut short?)");
        return -1;
    }
    r->line[--len] = '\0';
    if (strlen(r->line) != (size_t)len) {
        bad(r->cmd, r->path, r->lineno, "NUL byte in the line");
        return -1;
    }
    return 1;
}

/* The header's unit count goes to *want, not set->count: until the units are read,
 * set->units holds none (unit_set_free frees set->count of them). */
static bool header_parse(reader_t *r, unit_set_t *set, size_t *want, size_t *prefix_len)
{
    static const char start[] = UNITS_MAGIC " root=\"";
    char *line = r->line, paths[48], units[24], hex[24];
    if (strncmp(line, start, sizeof start - 1) != 0)
        return bad(r->cmd, r->path, r->lineno, "not an rperft units file (it should start with '%s')", start);
    const char *root = line + sizeof start - 1, *quote = strchr(root, '"');
    if (!quote || quote - root >= FEN_MAX)
        return bad(r->cmd, r->path, r->lineno, "root: no closing quote after the FEN");
    int end = -1;
    /* A blank in a scanf format matches no blank too: " set=" must be there as
     * written, since the set's checksum covers the header up to it. */
    const char *set_at = strstr(quote, " set=");
    if (!set_at ||
        sscanf(quote + 1, " depth=%d split=%d paths=%40[0-9] units=%20[0-9] set=%17[0-9a-f]%n", &set->depth,
               &set->split, paths, units, hex, &end) != 5 || end < 0 || quote[1 + end] != '\0')
        return bad(r->cmd, r->path, r->lineno, "header: expected root=\"FEN\" depth=D split=K paths=N units=U set=HEX");
    memcpy(set->root, root, (size_t)(quote - root));
    set->root[quote - root] = '\0';
    if (set->split < 0 || set->split > set->depth || set->depth > 64)
        return bad(r->cmd, r->path, r->lineno, "header: need 0 <= split (%d) <= depth (%d) <= 64", set->split, set->depth);
    if (!count_parse(paths, strlen(paths), &set->paths) || !parse_size(units, want))
        return bad(r->cmd, r->path, r->lineno, "header: paths or units out of range");
    if (!parse_hex64(hex, &set->fingerprint))
        return bad(r->cmd, r->path, r->lineno, "header: set must be 16 hex digits");
    position_t pos;
    fen_error_t err;
    if (!fen_parse(set->root, &pos, &err))
        return bad(r->cmd, r->path, r->lineno, "root: bad FEN: %s field: %s", err.field, err.message);
    *prefix_len = (size_t)(set_at - line);
    return true;
}

static bool unit_parse(reader_t *r, unit_set_t *set, unit_t *u)
{
    char *f[4];
    size_t id;
    int depth;
    position_t pos;
    fen_error_t err;
    if (!split_fields(r->line, f, 4))
        return bad(r->cmd, r->path, r->lineno, "expected 4 tab-separated fields: id, multiplicity, depth, FEN");
    if (!parse_size(f[0], &id) || id != set->count)
        return bad(r->cmd, r->path, r->lineno, "id: expected %zu, not '%s'", set->count, f[0]);
    if (!count_parse(f[1], strlen(f[1]), &u->multiplicity) || u->multiplicity == 0)
        return bad(r->cmd, r->path, r->lineno, "multiplicity: '%s' is not a positive whole number", f[1]);
    size_t depth_read;
    if (!parse_size(f[2], &depth_read) || depth_read > 64 || (depth = (int)depth_read) != set->depth - set->split)
        return bad(r->cmd, r->path, r->lineno, "depth: expected %d (depth - split), not '%s'",
                   set->depth - set->split, f[2]);
    if (!fen_parse(f[3], &pos, &err))
        return bad(r->cmd, r->path, r->lineno, "FEN: %s field, column %d: %s", err.field, err.column, err.message);
    u->fen = strdup(f[3]);
    return u->fen != NULL || bad(r->cmd, r->path, r->lineno, "out of memory");
}

/* Reads the unit lines after the header, checking ids, depths and FENs. */
static bool units_parse(reader_t *r, unit_set_t *set, size_t want, uint64_t *h)
{
    size_t cap = 0;
    count_t sum = 0;
    int got;
    while ((got = next_line(r)) > 0) {
        if (set->count == cap) {
            cap = cap ? cap * 2 : 1024;
            unit_t *grown = realloc(set->units, cap * sizeof *grown);
            if (!grown)
                return bad(r->cmd, r->path, r->lineno, "out of memory");
            set->units = grown;
        }
        *h = fnv1a(*h, r->line, strlen(r->line));
        *h = fnv1a(*h, "\n", 1);
        unit_t *u = &set->units[set->count];
        if (!unit_parse(r, set, u))
            return false;
        set->count++;
        if (__builtin_add_overflow(sum, u->multiplicity, &sum))
            return bad(r->cmd, r->path, r->lineno, "multiplicities add up past 2^128");
    }
    if (got < 0)
        return false;
    if (set->count != want)
        return bad(r->cmd, r->path, r->lineno, "%zu units, but the header says %zu (file cut short?)", set->count, want);
    char a[COUNT_DIGITS_MAX], b[COUNT_DIGITS_MAX];
    if (sum != set->paths)
        return bad(r->cmd, r->path, 1, "the multiplicities add up to %s, but the header says paths=%s",
                   count_format(sum, a), count_format(set->paths, b));
    return true;
}

bool unit_set_read(const char *cmd, const char *path, unit_set_t *set)
{
    *set = (unit_set_t){0};
    reader_t r = {.cmd = cmd, .path = path, .file = open_input(cmd, path)};
    if (!r.file)
        return false;
    size_t want = 0, prefix_len = 0;
    uint64_t declared = 0, h = 0;
    int got = next_line(&r);
    if (got == 0)
        bad(cmd, path, 1, "empty file, expected the '%s' header", UNITS_MAGIC);
    bool ok = got > 0 && header_parse(&r, set, &want, &prefix_len);
    if (ok) {
        declared = set->fingerprint;
        h = fnv1a(FNV1A_OFFSET, r.line, prefix_len);
        ok = units_parse(&r, set, want, &h);
    }
    if (ok && h != declared)
        ok = bad(cmd, path, 1, "the unit lines do not match the header's set=%016" PRIx64 " (file edited?)", declared);
    if (ok && ferror(r.file))
        ok = bad(cmd, path, r.lineno, "read error");
    free(r.line);
    fclose(r.file);
    if (!ok)
        unit_set_free(set);
    return ok;
}

void unit_set_free(unit_set_t *set)
{
    for (size_t i = 0; i < set->count; i++)
        free(set->units[i].fen);
    free(set->units);
    *set = (unit_set_t){0};
}

/* ---- results ---- */

size_t result_format(const result_t *r, char *buf, size_t size)
{
    char count[COUNT_DIGITS_MAX];
    int n = snprintf(buf, size, "%zu\t%s\t%.6f\t%s\t%s\t%016" PRIx64 "\t%s", r->id, count_format(r->count, count),
                     r->seconds, r->method, r->host, r->fingerprint, r->keys);
    if (n < 0 || (size_t)n >= size)
        return 0;
    uint64_t sum = fnv1a(FNV1A_OFFSET, buf, (size_t)n);
    int m = snprintf(buf + n, size - (size_t)n, "\t%016" PRIx64 "\n", sum);
    return m < 0 || (size_t)(n + m) >= size ? 0 : (size_t)(n + m);
}

static bool copy_word(const char *text, char *out, size_t size)
{
    size_t len = strlen(text);
    if (len == 0 || len >= size || strpbrk(text, " \t\r\n"))
        return false;
    memcpy(out, text, len + 1);
    return true;
}

static bool parse_seconds(const char *text, double *out)
{
    char *end;
    *out = strtod(text, &end);
    return end != text && *end == '\0' && isfinite(*out) && *out >= 0;
}

/* The line's last field against the FNV-1a of everything before it. */
static bool checksum_matches(const char *line)
{
    const char *tab = strrchr(line, '\t');
    uint64_t sum;
    return tab && parse_hex64(tab + 1, &sum) && sum == fnv1a(FNV1A_OFFSET, line, (size_t)(tab - line));
}

bool result_parse(char *line, result_t *r, char *why, size_t whylen)
{
    char *f[8];
    bool intact = checksum_matches(line);
    if (!split_fields(line, f, 8)) {
        snprintf(why, whylen, "expected 8 tab-separated fields: id, count, seconds, method, host, set, keys, checksum");
        return false;
    }
    if (!intact) {
        snprintf(why, whylen, "checksum: the fields do not match the line's checksum (changed after it was written)");
        return false;
    }
    const char *field = NULL;
    if (!parse_size(f[0], &r->id))
        field = "id";
    else if (!count_parse(f[1], strlen(f[1]), &r->count))
        field = "count";
    else if (!parse_seconds(f[2], &r->seconds))
        field = "seconds";
    else if (!copy_word(f[3], r->method, sizeof r->method))
        field = "method";
    else if (!copy_word(f[4], r->host, sizeof r->host))
        field = "host";
    else if (!parse_hex64(f[5], &r->fingerprint))
        field = "set";
    else if (!copy_word(f[6], r->keys, sizeof r->keys))
        field = "keys";
    if (field)
        snprintf(why, whylen, "%s: bad value", field);
    return field == NULL;
}

static void tally_add(const char *cmd, const result_t *r, tally_t *t, const char *path, long line,
                      results_summary_t *sum)
{
    char a[COUNT_DIGITS_MAX], b[COUNT_DIGITS_MAX];
    if (!t->done) {
        *t = (tally_t){.done = true, .count = r->count, .file = path, .line = line};
        if (sum->results == 0)
            snprintf(sum->keys, sizeof sum->keys, "%s", r->keys);
        else if (strcmp(sum->keys, r->keys) != 0)
            sum->mixed_keys = true;
        sum->results++;
        sum->seconds += r->seconds;
    } else if (t->count == r->count) {
        sum->duplicates++;
    } else {
        t->conflict = true;
        sum->conflicts++;
        fprintf(stderr, "rperft %s: unit %zu: conflicting results: %s:%ld says %s, %s:%ld says %s\n", cmd, r->id,
                t->file, t->line, count_format(t->count, a), path, line, count_format(r->count, b));
    }
}

/* Parses and checks one line of a results file; false with the reason in why. */
static bool result_check(char *line, const unit_set_t *set, result_t *r, char *why, size_t whylen)
{
    if (!result_parse(line, r, why, whylen))
        return false;
    if (r->fingerprint != set->fingerprint) {
        snprintf(why, whylen, "a result of another units file (set %016" PRIx64 "; this units file is set %016" PRIx64 ")",
                 r->fingerprint, set->fingerprint);
        return false;
    }
    if (r->id >= set->count) {
        snprintf(why, whylen, "id: %zu, but the units file has ids 0 to %zu", r->id, set->count - 1);
        return false;
    }
    return true;
}

bool results_read(const char *cmd, const char *path, const unit_set_t *set, tally_t *tallies,
                  results_summary_t *summary)
{
    reader_t rd = {.cmd = cmd, .path = path, .file = open_input(cmd, path)};
    if (!rd.file)
        return false;
    long bad_here = 0;
    ssize_t len;
    while ((len = getline(&rd.line, &rd.cap, rd.file)) > 0) {
        rd.lineno++;
        if (rd.line[len - 1] != '\n') { /* a write cut short: not a result */
            fprintf(stderr, "rperft %s: %s:%ld: ignoring the unfinished last line\n", cmd, path, rd.lineno);
            break;
        }
        rd.line[--len] = '\0';
        if (rd.line[0] == '#')
            continue;
        result_t r;
        char why[200] = "NUL byte in the line";
        if (strlen(rd.line) == (size_t)len && result_check(rd.line, set, &r, why, sizeof why)) {
            tally_add(cmd, &r, &tallies[r.id], path, rd.lineno, summary);
        } else if (++bad_here <= BAD_LINES_SHOWN) {
            bad(cmd, path, rd.lineno, "%s", why);
        }
    }
    if (bad_here > BAD_LINES_SHOWN)
        fprintf(stderr, "rperft %s: %s: %ld more bad lines\n", cmd, path, bad_here - BAD_LINES_SHOWN);
    summary->bad += bad_here;
    bool ok = !ferror(rd.file) || bad(cmd, path, rd.lineno, "read error");
    free(rd.line);
    fclose(rd.file);
    return ok;
}

bool results_first_keys(const char *path, char *keys, size_t size)
{
    FILE *in = fopen(path, "r");
    if (!in)
        return false;
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    bool found = false;
    while (!found && (len = getline(&line, &cap, in)) > 0) {
        if (line[len - 1] != '\n' || line[0] == '#')
            continue;
        line[len - 1] = '\0';
        result_t r;
        char why[200];
        if (result_parse(line, &r, why, sizeof why)) {
            snprintf(keys, size, "%s", r.keys);
            found = true;
        }
    }
    free(line);
    fclose(in);
    return found;
}

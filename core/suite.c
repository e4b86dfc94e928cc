#include "suite.h"

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "fen.h"
#include "tables.h"

enum { NO_BLOCK = -1 };

/* What the reader carries from line to line. */
typedef struct parser {
    const char *name;
    unsigned flags;
    suite_t *s;
    suite_error_t err;  /* the error of the current line */
    int line;
    /* Block form: the entry the next "perft" line belongs to, an "id" still
     * waiting for its "epd", and whether the current block's epd was malformed
     * (its perft lines are then skipped, not reported once more). */
    long block;
    char *pending_id;
    int pending_id_line;
    bool block_failed;
} parser_t;

/* The counts of one entry while its line or block is read. */
typedef struct depth_list {
    suite_depth_t *items;
    int n, cap;
    bool bare, named; /* bare counts and Dn operations may not be mixed */
} depth_list_t;

__attribute__((format(printf, 4, 5)))
static bool fail(parser_t *p, int column, const char *field, const char *fmt, ...)
{
    suite_error_t *e = &p->err;
    snprintf(e->file, sizeof e->file, "%s", p->name);
    e->line = p->line;
    e->column = column;
    snprintf(e->field, sizeof e->field, "%s", field);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->message, sizeof e->message, fmt, ap);
    va_end(ap);
    return false;
}

static bool is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

static bool all_digits(const char *s, size_t n)
{
    if (n == 0)
        return false;
    for (size_t i = 0; i < n; i++)
        if (s[i] < '0' || s[i] > '9')
            return false;
    return true;
}

static char *skip_blanks(char *s)
{
    while (is_blank(*s))
        s++;
    return s;
}

/* Cuts trailing blanks off a string in place. */
static void trim_end(char *s)
{
    size_t n = strlen(s);
    while (n > 0 && is_blank(s[n - 1]))
        s[--n] = '\0';
}

/* Splits off the next blank-separated word: returns its start (NULL at the end)
 * and leaves *rest just past it. */
static char *next_word(char **rest, size_t *len)
{
    char *w = skip_blanks(*rest);
    if (!*w)
        return NULL;
    char *e = w;
    while (*e && !is_blank(*e))
        e++;
    *len = (size_t)(e - w);
    *rest = e;
    return w;
}

static char *dup_text(const char *s, size_t n)
{
    char *d = malloc(n + 1);
    if (!d) {
        perror("rperft");
        exit(2);
    }
    memcpy(d, s, n);
    d[n] = '\0';
    return d;
}

static char *index_id(int index)
{
    char buf[24];
    snprintf(buf, sizeof buf, "%d", index);
    return dup_text(buf, strlen(buf));
}

/* ---- counts ---------------------------------------------------------------- */

static bool add_depth(parser_t *p, depth_list_t *d, const char *depth_text, size_t depth_len, int depth_col,
                      const char *count_text, size_t count_len, int count_col)
{
    int depth = 0;
    if (!all_digits(depth_text, depth_len) || depth_len > 3 || (depth = atoi(depth_text)) > SUITE_MAX_DEPTH)
        return fail(p, depth_col, "depth", "'%.*s' is not a depth from 0 to %d", (int)depth_len, depth_text,
                    SUITE_MAX_DEPTH);
    char field[32];
    snprintf(field, sizeof field, "D%d count", depth);
    count_t value;
    if (count_len == 0)
        return fail(p, count_col, field, "the count is missing");
    if (!count_parse(count_text, count_len, &value)) {
        if (all_digits(count_text, count_len))
            return fail(p, count_col, field, "%.*s does not fit in 128 bits", (int)count_len, count_text);
        return fail(p, count_col, field, "'%.*s' is not a node count (a whole number)", (int)count_len,
                    count_text);
    }
    for (int i = 0; i < d->n; i++)
        if (d->items[i].depth == depth) {
            snprintf(field, sizeof field, "D%d", depth);
            return fail(p, depth_col, field, "depth %d is given twice", depth);
        }
    if (d->n == d->cap) {
        d->cap = d->cap ? 2 * d->cap : 8;
        d->items = realloc(d->items, (size_t)d->cap * sizeof *d->items);
        if (!d->items) {
            perror("rperft");
            exit(2);
        }
    }
    d->items[d->n++] = (suite_depth_t){depth, value};
    return true;
}

/* Whether an opcode names a perft count ("D3", "perft3", "perft"), so that a
 * malformed one is an error rather than an operation of some other kind. */
static bool perft_like(const char *w, size_t n)
{
    bool d_form = (w[0] == 'D' || w[0] == 'd') && (n == 1 || (w[1] >= '0' && w[1] <= '9'));
    return d_form || (n >= 5 && strncasecmp(w, "perft", 5) == 0);
}

/* EPD's opcode syntax: a letter, then letters, digits and underscores. */
static bool is_opcode(const char *w, size_t n)
{
    bool letter = (w[0] >= 'a' && w[0] <= 'z') || (w[0] >= 'A' && w[0] <= 'Z');
    if (!letter)
        return false;
    for (size_t i = 1; i < n; i++)
        if (!((w[i] | 0x20) >= 'a' && (w[i] | 0x20) <= 'z') && !(w[i] >= '0' && w[i] <= '9') && w[i] != '_')
            return false;
    return true;
}

/* One operation between semicolons: "D3 8902", "perft3 8902", "perft 3 8902",
 * a bare count (its depth is its place among the bare counts), or "id NAME".
 * Any other EPD operation (c0 "comment", bm, acd, ...) is not ours: ignored. */
static bool parse_op(parser_t *p, char *op, int col, depth_list_t *d, char **id)
{
    char *rest = op;
    size_t n1 = 0, n2 = 0, n3 = 0;
    char *w1 = next_word(&rest, &n1);
    int c1 = col + (int)(w1 - op);
    if (strncmp(w1, "id", n1) == 0 && n1 == 2) {
        char *name = skip_blanks(rest);
        trim_end(name);
        size_t len = strlen(name);
        if (len >= 2 && name[0] == '"' && name[len - 1] == '"')
            name++, len -= 2;
        free(*id);
        *id = dup_text(name, len);
        return true;
    }
    char *w2 = next_word(&rest, &n2);
    char *w3 = next_word(&rest, &n3);
    int c2 = w2 ? col + (int)(w2 - op) : c1 + (int)n1;
    if (all_digits(w1, n1)) {
        if (w2)
            return fail(p, c2, "operation", "unexpected '%.*s' after the bare count %.*s", (int)n2, w2, (int)n1,
                        w1);
        if (d->named)
            return fail(p, c1, "operation", "a bare count cannot follow Dn operations on the same line");
        d->bare = true;
        char depth[16];
        snprintf(depth, sizeof depth, "%d", d->n + 1);
        return add_depth(p, d, depth, strlen(depth), c1, w1, n1, c1);
    }
    if (!is_opcode(w1, n1))
        return fail(p, c1, "operation",
                    "'%.*s' is not an EPD operation (an opcode is a letter, then letters, digits or '_')", (int)n1,
                    w1);
    if (!perft_like(w1, n1))
        return true;
    const char *depth = NULL;
    size_t depth_len = 0;
    char *count = w2, *extra = w3;
    size_t count_len = n2;
    int count_col = c2;
    if ((w1[0] == 'D' || w1[0] == 'd') && n1 > 1 && all_digits(w1 + 1, n1 - 1)) {
        depth = w1 + 1, depth_len = n1 - 1;
    } else if (n1 > 5 && strncasecmp(w1, "perft", 5) == 0 && all_digits(w1 + 5, n1 - 5)) {
        depth = w1 + 5, depth_len = n1 - 5;
    } else if (n1 == 5 && strncasecmp(w1, "perft", 5) == 0 && w2) {
        depth = w2, depth_len = n2, count = w3, count_len = n3, extra = next_word(&rest, &n3);
        count_col = w3 ? col + (int)(w3 - op) : c2 + (int)n2;
    } else {
        return fail(p, c1, "operation", "'%.*s' is not a perft count (expected Dn COUNT, perftN COUNT or perft N COUNT)",
                    (int)n1, w1);
    }
    if (d->bare)
        return fail(p, c1, "operation", "'%.*s' cannot follow bare counts on the same line", (int)n1, w1);
    if (extra)
        return fail(p, col + (int)(extra - op), "operation", "unexpected '%s' after the count", extra);
    d->named = true;
    return add_depth(p, d, depth, depth_len, depth == w2 ? c2 : c1 + (int)(depth - w1), count ? count : "",
                     count ? count_len : 0, count_col);
}

/* The end of the operation starting at seg: the next ';' outside a quoted string
 * (EPD strings may hold ';'), or the end of the text. NULL (after failing) when a
 * string is not closed. */
static char *operation_end(parser_t *p, char *seg, int col)
{
    char *quote = NULL;
    for (char *c = seg; *c; c++) {
        if (*c == '"')
            quote = quote ? NULL : c;
        else if (*c == ';' && !quote)
            return c;
    }
    if (quote) {
        fail(p, col + (int)(quote - seg), "operation", "a quoted string is not closed");
        return NULL;
    }
    return seg + strlen(seg);
}

/* The operations after the FEN: segments between semicolons, blanks trimmed. */
static bool parse_ops(parser_t *p, char *ops, int col, depth_list_t *d, char **id)
{
    char *seg = ops;
    for (;;) {
        char *end = operation_end(p, seg, col + (int)(seg - ops));
        if (!end)
            return false;
        bool last = *end == '\0';
        *end = '\0';
        char *op = skip_blanks(seg);
        trim_end(op);
        if (*op && !parse_op(p, op, col + (int)(op - ops), d, id))
            return false;
        if (last)
            return true;
        seg = end + 1;
    }
}

/* ---- FEN + operations -------------------------------------------------------- */

/* Reads "FEN [operations]" from s (starting at column col) into e and d. The FEN
 * is four fields, then up to two more that are whole numbers (halfmove and
 * fullmove); it ends at the first ';' or at the first field that is neither. */
static bool parse_fen_ops(parser_t *p, char *s, int col, suite_entry_t *e, depth_list_t *d)
{
    char *semi = strchr(s, ';');
    char *stop = semi ? semi : s + strlen(s);
    char *q = skip_blanks(s), *fen_start = q, *fen_end = q, *ops = stop;
    int fields = 0;
    while (q < stop) {
        char *t = q;
        while (q < stop && !is_blank(*q))
            q++;
        if (fields >= 4 && (fields >= 6 || !all_digits(t, (size_t)(q - t)))) {
            ops = t;
            break;
        }
        fields++;
        fen_end = q;
        while (q < stop && is_blank(*q))
            q++;
    }
    if (fields < 4)
        return fail(p, col + (int)(fen_end - s), "FEN",
                    "%d field%s; a FEN needs at least 4 (pieces, side, castling, en passant)", fields,
                    fields == 1 ? "" : "s");
    char *fen = dup_text(fen_start, (size_t)(fen_end - fen_start));
    fen_error_t fe;
    if (!fen_parse(fen, &e->pos, &fe)) {
        free(fen);
        char field[32];
        snprintf(field, sizeof field, "FEN %s", fe.field);
        return fail(p, col + (int)(fen_start - s) + fe.column - 1, field, "%s", fe.message);
    }
    /* Collapse repeated blanks so the stored FEN reads like a normal one. */
    char *w = fen;
    for (char *r = fen; *r; r++)
        if (!is_blank(*r) || (w > fen && w[-1] != ' '))
            *w++ = is_blank(*r) ? ' ' : *r;
    *w = '\0';
    e->fen = fen;
    char *ops_copy = dup_text(ops, strlen(ops));
    bool ok = parse_ops(p, ops_copy, col + (int)(ops - s), d, &e->id);
    free(ops_copy);
    return ok;
}

/* ---- entries ------------------------------------------------------------------ */

static int by_depth(const void *a, const void *b)
{
    return ((const suite_depth_t *)a)->depth - ((const suite_depth_t *)b)->depth;
}

static void free_entry(suite_entry_t *e)
{
    free(e->id);
    free(e->fen);
    free(e->depths);
    free(e->error);
    *e = (suite_entry_t){0};
}

static suite_entry_t *append(suite_t *s, suite_entry_t *e)
{
    if ((s->count & (s->count - 1)) == 0) { /* grow at powers of two */
        size_t cap = s->count ? 2 * s->count : 16;
        s->entries = realloc(s->entries, cap * sizeof *s->entries);
        if (!s->entries) {
            perror("rperft");
            exit(2);
        }
    }
    e->index = (int)s->count + 1;
    if (!e->id)
        e->id = index_id(e->index);
    s->entries[s->count] = *e;
    return &s->entries[s->count++];
}

/* In keep-going mode the current error becomes an entry (or replaces entry e
 * when e is not NULL); otherwise the load stops. */
static bool record_error(parser_t *p, suite_entry_t *e)
{
    if (!(p->flags & SUITE_KEEP_GOING))
        return false;
    char msg[SUITE_ERROR_MAX];
    suite_error_format(&p->err, msg, sizeof msg);
    if (e) {
        int index = e->index, line = e->line;
        char *id = e->id;
        e->id = NULL;
        free_entry(e);
        *e = (suite_entry_t){.id = id, .index = index, .line = line};
        e->error = dup_text(msg, strlen(msg));
    } else {
        suite_entry_t err_entry = {.line = p->line, .error = dup_text(msg, strlen(msg))};
        append(p->s, &err_entry);
    }
    p->s->errors++;
    return true;
}

static void take_depths(suite_entry_t *e, depth_list_t *d)
{
    if (d->n > 1) /* qsort's array may not be NULL, even when empty */
        qsort(d->items, (size_t)d->n, sizeof *d->items, by_depth);
    e->depths = d->items;
    e->ndepths = d->n;
    *d = (depth_list_t){0};
}

/* One position per line. */
static bool parse_epd_line(parser_t *p, char *line)
{
    suite_entry_t e = {.line = p->line};
    depth_list_t d = {0};
    bool ok = parse_fen_ops(p, line, 1, &e, &d);
    if (ok && d.n == 0)
        ok = fail(p, (int)strlen(line) + 1, "operations", "no perft counts (expected ;D1 20 ;D2 400 or similar)");
    if (!ok) {
        free(d.items);
        free_entry(&e);
        return record_error(p, NULL);
    }
    take_depths(&e, &d);
    append(p->s, &e);
    return true;
}

/* ---- block form (.perft) -------------------------------------------------------- */

/* Ends the open block: it must have at least one perft line. */
static bool close_block(parser_t *p)
{
    if (p->block == NO_BLOCK)
        return true;
    suite_entry_t *e = &p->s->entries[p->block];
    p->block = NO_BLOCK;
    if (e->error || e->ndepths > 0) {
        if (e->ndepths > 0)
            qsort(e->depths, (size_t)e->ndepths, sizeof *e->depths, by_depth);
        return true;
    }
    int here = p->line;
    p->line = e->line;
    fail(p, 1, "perft", "position '%s' has no perft lines", e->id);
    p->line = here;
    return record_error(p, e);
}

/* An id line not followed by its epd line is an error, reported at the id's line
 * before anything after it so that entries stay in line order. */
static bool drop_pending_id(parser_t *p)
{
    if (!p->pending_id)
        return true;
    int here = p->line;
    p->line = p->pending_id_line;
    fail(p, 1, "id", "id '%s' is not followed by an epd line", p->pending_id);
    free(p->pending_id);
    p->pending_id = NULL;
    bool kept = record_error(p, NULL);
    p->line = here;
    return kept;
}

static bool block_id(parser_t *p, char *rest, int col)
{
    if (!close_block(p))
        return false;
    p->block_failed = false;
    char *name = skip_blanks(rest);
    trim_end(name);
    if (!*name)
        return fail(p, col, "id", "the name is missing") || record_error(p, NULL);
    p->pending_id = dup_text(name, strlen(name));
    p->pending_id_line = p->line;
    return true;
}

static bool block_epd(parser_t *p, char *rest, int col)
{
    if (!close_block(p))
        return false;
    suite_entry_t e = {.line = p->line, .id = p->pending_id};
    p->pending_id = NULL;
    depth_list_t d = {0};
    if (!parse_fen_ops(p, rest, col, &e, &d)) {
        free(d.items);
        free_entry(&e);
        p->block_failed = true;
        return record_error(p, NULL);
    }
    e.pos.chess960 = true; /* block files are meant to be read with Chess960 castling */
    take_depths(&e, &d);
    append(p->s, &e);
    p->block = (long)p->s->count - 1;
    p->block_failed = false;
    return true;
}

static bool block_perft(parser_t *p, char *rest, int col)
{
    if (p->block_failed)
        return true;
    if (p->block == NO_BLOCK)
        return fail(p, 1, "perft", "a perft line before any epd line") || record_error(p, NULL);
    suite_entry_t *e = &p->s->entries[p->block];
    size_t nd = 0, nc = 0, nx = 0;
    char *cur = rest;
    char *depth = next_word(&cur, &nd);
    char *count = depth ? next_word(&cur, &nc) : NULL;
    char *extra = count ? next_word(&cur, &nx) : NULL;
    if (!depth)
        return fail(p, col, "perft", "expected 'perft DEPTH COUNT'") || record_error(p, NULL);
    if (extra)
        return fail(p, col + (int)(extra - rest), "perft", "unexpected '%s' after the count", extra) ||
               record_error(p, NULL);
    depth_list_t d = {e->depths, e->ndepths, e->ndepths, false, true};
    bool ok = add_depth(p, &d, depth, nd, col + (int)(depth - rest), count ? count : "", count ? nc : 0,
                        count ? col + (int)(count - rest) : col + (int)(depth - rest + (long)nd));
    e->depths = d.items; /* add_depth may have grown the array */
    e->ndepths = d.n;
    return ok || record_error(p, NULL);
}

/* A line of the block form, or false when it is not one ("id", "epd", "perft"). */
static bool block_keyword(char *line, char **rest, int *col, int *which)
{
    static const char *const words[] = {"id", "epd", "perft"};
    char *w = skip_blanks(line);
    for (int i = 0; i < 3; i++) {
        size_t n = strlen(words[i]);
        if (strncmp(w, words[i], n) == 0 && (w[n] == '\0' || is_blank(w[n]))) {
            *rest = w + n;
            *col = (int)(w + n - line) + 1;
            *which = i;
            return true;
        }
    }
    return false;
}

/* ---- lines -------------------------------------------------------------------- */

static bool parse_line(parser_t *p, char *line)
{
    char *start = skip_blanks(line);
    if (!*start || *start == '#')
        return true;
    char *rest;
    int col, which;
    bool keyword = block_keyword(line, &rest, &col, &which);
    if (!(keyword && which == 1) && !drop_pending_id(p)) /* only an epd line may follow an id */
        return false;
    if (keyword) {
        if (which == 0)
            return block_id(p, rest, col);
        if (which == 1)
            return block_epd(p, rest, col);
        return block_perft(p, rest, col);
    }
    if (!close_block(p))
        return false;
    p->block_failed = false;
    return parse_epd_line(p, line);
}

/* The next line without its end: LF, and any CRs, NULs and blanks before it. */
static size_t line_length(const char *text, size_t len, size_t start, size_t *next)
{
    const char *lf = memchr(text + start, '\n', len - start);
    size_t end = lf ? (size_t)(lf - text) : len;
    *next = lf ? end + 1 : len;
    while (end > start && (text[end - 1] == '\0' || is_blank(text[end - 1])))
        end--;
    return end - start;
}

static bool finish(parser_t *p)
{
    return close_block(p) && drop_pending_id(p);
}

bool suite_parse(const char *name, const char *text, size_t len, unsigned flags, suite_t *s, suite_error_t *err)
{
    tables_init();
    *s = (suite_t){.name = dup_text(name, strlen(name))};
    parser_t p = {.name = name, .flags = flags, .s = s, .block = NO_BLOCK};
    size_t at = 0;
    if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0)
        at = 3; /* a UTF-8 byte-order mark */
    bool ok = true;
    while (ok && at < len) {
        size_t next, n = line_length(text, len, at, &next);
        p.line++;
        char *line = dup_text(text + at, n);
        if (strlen(line) != n) {
            ok = drop_pending_id(&p) &&
                 (fail(&p, (int)strlen(line) + 1, "line", "a NUL byte inside the line") || record_error(&p, NULL));
        } else {
            ok = parse_line(&p, line);
        }
        free(line);
        at = next;
    }
    ok = ok && finish(&p);
    free(p.pending_id);
    if (ok && s->count == 0 && (flags & SUITE_REQUIRE_POSITIONS)) {
        p.err = (suite_error_t){.field = "file"};
        snprintf(p.err.file, sizeof p.err.file, "%s", name);
        snprintf(p.err.message, sizeof p.err.message,
                 "no positions (the file is empty or holds only comments and blank lines)");
        ok = false;
    }
    if (!ok) {
        if (err)
            *err = p.err;
        suite_free(s);
        return false;
    }
    return true;
}

/* The whole of a file or of standard input. */
static char *read_all(FILE *f, size_t *len)
{
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    while (buf) {
        n += fread(buf + n, 1, cap - n, f);
        if (n < cap)
            break;
        cap *= 2;
        char *bigger = realloc(buf, cap);
        if (!bigger)
            free(buf);
        buf = bigger;
    }
    if (buf && ferror(f)) {
        free(buf);
        return NULL;
    }
    *len = n;
    return buf;
}

bool suite_load(const char *path, unsigned flags, suite_t *s, suite_error_t *err)
{
    bool from_stdin = strcmp(path, "-") == 0;
    const char *name = from_stdin ? "<stdin>" : path;
    FILE *f = from_stdin ? stdin : fopen(path, "rb");
    size_t len = 0;
    char *text = f ? read_all(f, &len) : NULL;
    int saved = errno;
    if (f && !from_stdin)
        fclose(f);
    if (!text) {
        *s = (suite_t){0};
        if (err) {
            *err = (suite_error_t){.field = "file"};
            snprintf(err->file, sizeof err->file, "%s", name);
            snprintf(err->message, sizeof err->message, "cannot read: %s", strerror(saved ? saved : EIO));
        }
        return false;
    }
    bool ok = suite_parse(name, text, len, flags, s, err);
    free(text);
    return ok;
}

void suite_free(suite_t *s)
{
    for (size_t i = 0; i < s->count; i++)
        free_entry(&s->entries[i]);
    free(s->entries);
    free(s->name);
    *s = (suite_t){0};
}

char *suite_error_format(const suite_error_t *err, char *buf, size_t len)
{
    if (err->line > 0 && err->column > 0)
        snprintf(buf, len, "%s:%d:%d: %s: %s", err->file, err->line, err->column, err->field, err->message);
    else if (err->line > 0)
        snprintf(buf, len, "%s:%d: %s: %s", err->file, err->line, err->field, err->message);
    else
        snprintf(buf, len, "%s: %s", err->file, err->message);
    return buf;
}

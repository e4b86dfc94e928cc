/* The Othello suite line format (see othello_suite.h). */
#include "othello_suite.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static int fail(othello_suite_error_t *err, long line, int column, const char *field, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
static int fail(othello_suite_error_t *err, long line, int column, const char *field, const char *fmt, ...)
{
    va_list ap;
    *err = (othello_suite_error_t){.line = line, .column = column, .field = field};
    va_start(ap, fmt);
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
    return -1;
}

static const char *skip_space(const char *s)
{
    while (*s == ' ' || *s == '\t' || *s == '\r')
        s++;
    return s;
}

/* One ";..." operation starting at op (after the ';'), ending before end. */
static int parse_operation(const char *line, const char *op, const char *end, long lineno, othello_suite_entry_t *e,
                           othello_suite_error_t *err)
{
    op = skip_space(op);
    int col = (int)(op - line) + 1;
    while (end > op && isspace((unsigned char)end[-1]))
        end--;
    if (op == end)
        return fail(err, lineno, col, "operation", "empty operation between ';'");
    if (strncmp(op, "id", 2) == 0 && (op[2] == ' ' || op[2] == '\t')) {
        const char *q = skip_space(op + 2);
        size_t len = (size_t)(end - q);
        if (len >= 2 && q[0] == '"' && end[-1] == '"')
            q++, len -= 2;
        if (len >= sizeof e->id)
            return fail(err, lineno, (int)(q - line) + 1, "id", "longer than %zu characters", sizeof e->id - 1);
        memcpy(e->id, q, len);
        e->id[len] = '\0';
        return 0;
    }
    if (op[0] != 'D')
        return fail(err, lineno, col, "operation", "'%.*s' is not ;D<depth> COUNT, ;D<depth>p0 COUNT or ;id \"NAME\"",
                    (int)(end - op) > 20 ? 20 : (int)(end - op), op);
    const char *p = op + 1;
    int depth = 0, digits = 0;
    for (; isdigit((unsigned char)*p) && digits < 3; p++, digits++)
        depth = depth * 10 + (*p - '0');
    if (digits == 0 || depth < 1 || depth > OTHELLO_SUITE_MAX_DEPTH)
        return fail(err, lineno, col + 1, "depth", "depth must be 1 to %d", OTHELLO_SUITE_MAX_DEPTH);
    bool pass_ply = true;
    if (p[0] == 'p' && p[1] == '0')
        pass_ply = false, p += 2;
    if (*p != ' ' && *p != '\t')
        return fail(err, lineno, (int)(p - line) + 1, "depth", "expected a space and the count after D%d%s", depth,
                    pass_ply ? "" : "p0");
    p = skip_space(p);
    count_t nodes;
    if (!count_parse(p, (size_t)(end - p), &nodes))
        return fail(err, lineno, (int)(p - line) + 1, "count", "'%.*s' is not a whole number of nodes",
                    (int)(end - p) > 24 ? 24 : (int)(end - p), p);
    for (int i = 0; i < e->nchecks; i++)
        if (e->checks[i].depth == depth && e->checks[i].pass_ply == pass_ply)
            return fail(err, lineno, col, "depth", "D%d%s is listed twice", depth, pass_ply ? "" : "p0");
    if (e->nchecks == OTHELLO_SUITE_MAX_CHECKS)
        return fail(err, lineno, col, "operation", "more than %d counts on one line", OTHELLO_SUITE_MAX_CHECKS);
    e->checks[e->nchecks++] = (othello_check_t){.depth = depth, .pass_ply = pass_ply, .nodes = nodes};
    return 0;
}

int othello_suite_parse_line(const char *line, long lineno, othello_suite_entry_t *e, othello_suite_error_t *err)
{
    const char *start = skip_space(line);
    if (*start == '\0' || *start == '\n' || *start == '#')
        return 0;
    *e = (othello_suite_entry_t){.line = lineno};
    const char *semi = strchr(start, ';');
    size_t poslen = semi ? (size_t)(semi - start) : strlen(start);
    char text[128];
    if (poslen >= sizeof text)
        poslen = sizeof text - 1; /* longer is wrong anyway: the parser says where */
    memcpy(text, start, poslen);
    text[poslen] = '\0';
    othello_error_t perr;
    if (!othello_parse(text, &e->pos, &perr))
        return fail(err, lineno, (int)(start - line) + perr.column, perr.field, "%s", perr.message);
    while (semi) {
        const char *next = strchr(semi + 1, ';');
        const char *end = next ? next : semi + 1 + strlen(semi + 1);
        if (parse_operation(line, semi + 1, end, lineno, e, err) < 0)
            return -1;
        semi = next;
    }
    if (e->nchecks == 0)
        return fail(err, lineno, (int)(start - line) + 1, "operation", "no counts: add ;D<depth> COUNT");
    return 1;
}

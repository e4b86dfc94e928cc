#include "junit.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "report_file.h"

typedef struct junit_case_rec {
    char *classname, *name, *message, *detail;
    double seconds;
    junit_status_t status;
    int suite;
} case_t;

struct junit {
    report_file_t file;
    char *name;
    char **suites;
    int nsuites;
    case_t *cases;
    size_t ncases, cap;
};

static char *dup_or_null(const char *s)
{
    if (!s)
        return NULL;
    char *d = strdup(s);
    if (!d) {
        perror("rperft");
        exit(2);
    }
    return d;
}

junit_t *junit_open(const char *path, const char *name, char *err, size_t errlen)
{
    junit_t *j = calloc(1, sizeof *j);
    if (!j) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    if (!report_file_open(&j->file, path, err, errlen)) {
        free(j);
        return NULL;
    }
    j->name = dup_or_null(name);
    return j;
}

void junit_suite(junit_t *j, const char *name)
{
    char **grown = realloc(j->suites, (size_t)(j->nsuites + 1) * sizeof *grown);
    if (!grown) {
        perror("rperft");
        exit(2);
    }
    j->suites = grown;
    j->suites[j->nsuites++] = dup_or_null(name);
}

void junit_case(junit_t *j, const char *classname, const char *name, double seconds, junit_status_t status,
                const char *message, const char *detail)
{
    if (j->nsuites == 0)
        junit_suite(j, j->name);
    if (j->ncases == j->cap) {
        j->cap = j->cap ? 2 * j->cap : 64;
        j->cases = realloc(j->cases, j->cap * sizeof *j->cases);
        if (!j->cases) {
            perror("rperft");
            exit(2);
        }
    }
    j->cases[j->ncases++] = (case_t){dup_or_null(classname), dup_or_null(name), dup_or_null(message),
                                     dup_or_null(detail), seconds, status, j->nsuites - 1};
}

/* Length of the valid UTF-8 sequence at s, or 0 if there is none. */
static int utf8_length(const unsigned char *s)
{
    int n = s[0] >= 0xF0 && s[0] <= 0xF4 ? 4 : s[0] >= 0xE0 ? 3 : s[0] >= 0xC2 && s[0] < 0xE0 ? 2 : 0;
    for (int i = 1; i < n; i++)
        if ((s[i] & 0xC0) != 0x80)
            return 0;
    return n;
}

static void put_escaped(FILE *out, const char *text)
{
    const unsigned char *s = (const unsigned char *)text;
    while (*s) {
        unsigned char c = *s;
        int n;
        if (c == '&')
            fputs("&amp;", out);
        else if (c == '<')
            fputs("&lt;", out);
        else if (c == '>')
            fputs("&gt;", out);
        else if (c == '"')
            fputs("&quot;", out);
        else if (c == '\'')
            fputs("&apos;", out);
        else if (c == '\t' || c == '\n' || c == '\r' || (c >= 0x20 && c < 0x7F))
            fputc(c, out);
        else if (c >= 0x80 && (n = utf8_length(s)) > 0) {
            fwrite(s, 1, (size_t)n, out);
            s += n;
            continue;
        } else
            fputc('?', out); /* control characters and broken UTF-8 are not XML */
        s++;
    }
}

char *junit_escape(const char *text)
{
    char *buf = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&buf, &size);
    if (!out)
        return NULL;
    put_escaped(out, text);
    fclose(out);
    return buf;
}

typedef struct tally {
    size_t tests, failures, errors, skipped;
    double seconds;
} tally_t;

static void add(tally_t *t, const case_t *c)
{
    t->tests++;
    t->failures += c->status == JUNIT_FAIL;
    t->errors += c->status == JUNIT_ERROR;
    t->skipped += c->status == JUNIT_SKIP;
    t->seconds += c->seconds;
}

static void put_tally(FILE *out, const tally_t *t)
{
    fprintf(out, " tests=\"%zu\" failures=\"%zu\" errors=\"%zu\" skipped=\"%zu\" time=\"%.6f\"", t->tests,
            t->failures, t->errors, t->skipped, t->seconds);
}

static void put_case(FILE *out, const case_t *c)
{
    static const char *const tags[] = {NULL, "failure", "error", "skipped"};
    fputs("    <testcase classname=\"", out);
    put_escaped(out, c->classname ? c->classname : "");
    fputs("\" name=\"", out);
    put_escaped(out, c->name ? c->name : "");
    fprintf(out, "\" time=\"%.6f\"", c->seconds);
    if (c->status == JUNIT_PASS) {
        fputs("/>\n", out);
        return;
    }
    fprintf(out, ">\n      <%s", tags[c->status]);
    if (c->message) {
        fputs(" message=\"", out);
        put_escaped(out, c->message);
        fputc('"', out);
    }
    if (c->status != JUNIT_SKIP)
        fprintf(out, " type=\"%s\"", c->status == JUNIT_FAIL ? "mismatch" : "error");
    if (c->detail) {
        fputc('>', out);
        put_escaped(out, c->detail);
        fprintf(out, "</%s>\n", tags[c->status]);
    } else {
        fputs("/>\n", out);
    }
    fputs("    </testcase>\n", out);
}

static void write_report(const junit_t *j)
{
    FILE *out = j->file.out;
    tally_t all = {0};
    for (size_t i = 0; i < j->ncases; i++)
        add(&all, &j->cases[i]);
    fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"", out);
    put_escaped(out, j->name);
    fputc('"', out);
    put_tally(out, &all);
    fputs(">\n", out);
    for (int s = 0; s < j->nsuites; s++) {
        tally_t t = {0};
        for (size_t i = 0; i < j->ncases; i++)
            if (j->cases[i].suite == s)
                add(&t, &j->cases[i]);
        fputs("  <testsuite name=\"", out);
        put_escaped(out, j->suites[s]);
        fputc('"', out);
        put_tally(out, &t);
        fputs(">\n", out);
        for (size_t i = 0; i < j->ncases; i++)
            if (j->cases[i].suite == s)
                put_case(out, &j->cases[i]);
        fputs("  </testsuite>\n", out);
    }
    fputs("</testsuites>\n", out);
}

static void free_junit(junit_t *j)
{
    for (size_t i = 0; i < j->ncases; i++) {
        case_t *c = &j->cases[i];
        free(c->classname), free(c->name), free(c->message), free(c->detail);
    }
    for (int s = 0; s < j->nsuites; s++)
        free(j->suites[s]);
    free(j->cases), free(j->suites), free(j->name);
    free(j);
}

bool junit_finish(junit_t *j, char *err, size_t errlen)
{
    write_report(j);
    bool ok = report_file_commit(&j->file, err, errlen);
    free_junit(j);
    return ok;
}

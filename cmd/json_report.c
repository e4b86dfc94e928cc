#include "json_report.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "build_info.h"
#include "report_file.h"

struct json_report {
    report_file_t file;
    json_t *root;
};

static void out_of_memory(void)
{
    fputs("rperft: out of memory\n", stderr);
    exit(2);
}

void json_put(json_t *object, const char *key, json_t *value)
{
    if (!value || json_object_set_new(object, key, value) != 0)
        out_of_memory();
}

json_t *json_text(const char *text)
{
    if (!text)
        return json_null();
    json_t *s = json_string(text);
    if (s)
        return s;
    /* Not UTF-8: keep the ASCII bytes, replace the rest. */
    char *copy = strdup(text);
    if (!copy)
        out_of_memory();
    for (char *c = copy; *c; c++)
        if ((unsigned char)*c >= 0x80 || ((unsigned char)*c < 0x20 && *c != '\t'))
            *c = '?';
    s = json_string(copy);
    free(copy);
    return s;
}

json_t *json_count(count_t c)
{
    if (c <= (count_t)INT64_MAX)
        return json_integer((json_int_t)c);
    char digits[COUNT_DIGITS_MAX];
    return json_string(count_format(c, digits));
}

static json_t *build_identity(void)
{
    json_t *b = json_object();
    json_put(b, "version", json_string(RPERFT_VERSION));
    json_put(b, "commit", json_string(RPERFT_COMMIT));
    json_put(b, "compiler", json_string(RPERFT_COMPILER));
    json_put(b, "build_type", json_string(RPERFT_BUILDTYPE));
    json_put(b, "build_flags", json_string(RPERFT_CFLAGS));
    return b;
}

json_report_t *json_report_open(const char *path, const char *command, char *err, size_t errlen)
{
    json_report_t *r = calloc(1, sizeof *r);
    if (!r)
        out_of_memory();
    if (!report_file_open(&r->file, path, err, errlen)) {
        free(r);
        return NULL;
    }
    char started[32];
    time_t now = time(NULL);
    strftime(started, sizeof started, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
    r->root = json_object();
    json_put(r->root, "schema", json_string(RPERFT_JSON_SCHEMA));
    json_put(r->root, "schema_version", json_integer(RPERFT_JSON_VERSION));
    json_put(r->root, "command", json_string(command));
    json_put(r->root, "rperft", build_identity());
    json_put(r->root, "started", json_string(started));
    return r;
}

json_t *json_report_root(json_report_t *r)
{
    return r->root;
}

json_t *json_report_array(json_report_t *r, const char *key)
{
    json_t *a = json_object_get(r->root, key);
    if (!a) {
        a = json_array();
        json_put(r->root, key, a);
    }
    return a;
}

bool json_report_finish(json_report_t *r, bool complete, int exit_status, char *err, size_t errlen)
{
    json_put(r->root, "complete", json_boolean(complete));
    json_put(r->root, "exit_status", json_integer(exit_status));
    bool ok = json_dumpf(r->root, r->file.out, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(9)) == 0;
    ok = fputc('\n', r->file.out) != EOF && ok;
    ok = report_file_commit(&r->file, err, errlen) && ok;
    json_decref(r->root);
    free(r);
    return ok;
}

void json_report_discard(json_report_t *r)
{
    if (!r)
        return;
    report_file_discard(&r->file);
    json_decref(r->root);
    free(r);
}

#include "suite_common.h"

#include "json_report.h"

#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static const count_t max_u64 = (count_t)UINT64_MAX;

bool parse_node_budget(const char *text, count_t *out)
{
    static const char suffixes[] = "KMGT";
    size_t n = strlen(text);
    count_t scale = 1;
    const char *s = n ? memchr(suffixes, toupper((unsigned char)text[n - 1]), 4) : NULL;
    if (s) {
        for (const char *k = suffixes; k <= s; k++)
            scale *= 1000;
        n--;
    }
    count_t v;
    if (!count_parse(text, n, &v) || v > ~(count_t)0 / scale)
        return false;
    *out = v * scale;
    return true;
}

depth_plan_t depth_plan(const depth_limits_t *lim, const suite_depth_t *d)
{
    if (lim->max_depth >= 0 && d->depth > lim->max_depth)
        return DEPTH_TOO_DEEP;
    if (lim->has_max_nodes && d->expected > lim->max_nodes)
        return DEPTH_OVER_BUDGET;
    return DEPTH_RUN;
}

char *format_depths(const int *depths, int n, char *buf, size_t len)
{
    size_t at = 0;
    buf[0] = '\0';
    for (int i = 0; i < n && at < len; i++) {
        int j = i;
        while (j + 1 < n && depths[j + 1] == depths[j] + 1)
            j++;
        if (j > i)
            at += (size_t)snprintf(buf + at, len - at, "%sD%d-D%d", i ? "," : "", depths[i], depths[j]);
        else
            at += (size_t)snprintf(buf + at, len - at, "%sD%d", i ? "," : "", depths[i]);
        i = j;
    }
    return buf;
}

const char *entry_label(const suite_entry_t *e, char *buf, size_t len)
{
    char index[24];
    snprintf(index, sizeof index, "%d", e->index);
    snprintf(buf, len, strcmp(e->id, index) == 0 ? "#%s" : "%s", e->id);
    return buf;
}

void skip_note(const depth_limits_t *lim, const suite_entry_t *e, char *buf, size_t len)
{
    int skipped[SUITE_MAX_DEPTH + 1], huge[SUITE_MAX_DEPTH + 1], ns = 0, nh = 0;
    bool deep = false, budget = false;
    for (int d = 0; d < e->ndepths; d++) {
        depth_plan_t p = depth_plan(lim, &e->depths[d]);
        if (p == DEPTH_RUN)
            continue;
        skipped[ns++] = e->depths[d].depth;
        deep |= p == DEPTH_TOO_DEEP;
        budget |= p == DEPTH_OVER_BUDGET;
        if (e->depths[d].expected > max_u64)
            huge[nh++] = e->depths[d].depth;
    }
    buf[0] = '\0';
    if (ns == 0)
        return;
    char list[256], hlist[256];
    format_depths(skipped, ns, list, sizeof list);
    int at = snprintf(buf, len, " (%s skipped: %s%s%s", list, deep ? "over --max-depth" : "",
                      deep && budget ? ", " : "", budget ? "over --max-nodes" : "");
    if (nh > 0 && at > 0 && (size_t)at < len)
        at += snprintf(buf + at, len - (size_t)at,
                       "; %s expect%s more than 2^64 nodes: exact in 128 bits, but far beyond any budget",
                       format_depths(huge, nh, hlist, sizeof hlist), nh == 1 ? "s" : "");
    if (at > 0 && (size_t)at < len)
        snprintf(buf + at, len - (size_t)at, ")");
}

void skip_reason(const depth_limits_t *lim, const suite_depth_t *d, char *buf, size_t len)
{
    char limit[COUNT_DIGITS_MAX], expected[COUNT_DIGITS_MAX];
    if (depth_plan(lim, d) == DEPTH_TOO_DEEP) {
        snprintf(buf, len, "deeper than --max-depth %d", lim->max_depth);
        return;
    }
    snprintf(buf, len, "expected count %s is over --max-nodes %s%s", count_format(d->expected, expected),
             count_format(lim->max_nodes, limit),
             d->expected > max_u64 ? " (above 2^64: rperft would count it exactly in 128 bits, but not within "
                                     "the budget)"
                                   : "");
}

json_t *case_json_begin(json_t *results, const suite_t *s, const suite_entry_t *e)
{
    json_t *c = json_object();
    json_put(c, "file", json_text(s->name));
    json_put(c, "line", json_integer(e->line));
    json_put(c, "id", json_text(e->id));
    json_put(c, "fen", json_text(e->fen));
    json_put(c, "depths", json_array());
    json_array_append_new(results, c);
    return c;
}

void case_json_end(json_t *c, const char *status, count_t nodes, double seconds)
{
    json_put(c, "status", json_string(status));
    json_put(c, "nodes", json_count(nodes));
    json_put(c, "seconds", json_real(seconds));
}

json_t *totals_json(const run_totals_t *t)
{
    json_t *o = json_object();
    json_put(o, "positions", json_integer((json_int_t)t->positions));
    json_put(o, "passed", json_integer((json_int_t)t->passed));
    json_put(o, "failed", json_integer((json_int_t)t->failed));
    json_put(o, "skipped", json_integer((json_int_t)t->skipped));
    json_put(o, "depths_checked", json_integer((json_int_t)t->depths_checked));
    json_put(o, "depths_skipped", json_integer((json_int_t)t->depths_skipped));
    json_put(o, "nodes", json_count(t->nodes));
    json_put(o, "seconds", json_real(t->seconds));
    return o;
}

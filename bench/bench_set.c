#include "bench_set.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/method.h"
#include "core/suite.h"

static const struct {
    const char *id, *fen;
    int depth;
    const char *nodes;
} builtin[] = {
    {"startpos", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 6, "119060324"},
    {"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5, "193690690"},
    {"pos3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 7, "178633661"},
    {"pos4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 5, "15833292"},
    {"pos5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 5, "89941194"},
    {"pos6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 5, "164075551"},
};

static bool add_position(bench_set_t *set, const bench_position_t *p)
{
    bench_position_t *items = realloc(set->items, (size_t)(set->n + 1) * sizeof *items);
    if (!items)
        return false;
    set->items = items;
    set->items[set->n++] = *p;
    return true;
}

static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

/* A suite entry as a bench position. */
static bool from_entry(const suite_t *s, const suite_entry_t *e, bench_position_t *p, char *err, size_t errlen)
{
    char index[16];
    *p = (bench_position_t){.pos = e->pos};
    snprintf(index, sizeof index, "%d", e->index);
    /* Without an id operation the suite numbers the entry; name it by file and line instead. */
    if (strcmp(e->id, index) == 0)
        snprintf(p->id, sizeof p->id, "%s:%d", base_name(s->name), e->line);
    else
        snprintf(p->id, sizeof p->id, "%s", e->id);
    fen_write(&p->pos, p->fen);
    /* Depths ascend: the deepest within the budget, else the shallowest listed. */
    for (int d = 0; d < e->ndepths; d++) {
        int depth = e->depths[d].depth;
        if (depth < 1 || depth > BENCH_MAX_DEPTH)
            continue;
        p->known[depth] = true;
        p->expected[depth] = e->depths[d].expected;
        if (p->depth == 0 || e->depths[d].expected <= BENCH_NODE_BUDGET)
            p->depth = depth;
    }
    if (p->depth == 0) {
        snprintf(err, errlen, "%s:%d: no perft count of depth 1 or more: the bench needs a depth and its count",
                 s->name, e->line);
        return false;
    }
    return true;
}

bool bench_set_load(const char *path, bench_set_t *set, char *err, size_t errlen)
{
    suite_t s;
    suite_error_t se;
    *set = (bench_set_t){0};
    if (!suite_load(path, 0, &s, &se)) {
        char msg[SUITE_ERROR_MAX];
        snprintf(err, errlen, "%s", suite_error_format(&se, msg, sizeof msg));
        return false;
    }
    snprintf(set->source, sizeof set->source, "%s", path);
    bool ok = true;
    for (size_t i = 0; ok && i < s.count; i++) {
        bench_position_t p;
        ok = from_entry(&s, &s.entries[i], &p, err, errlen);
        if (ok && !(ok = add_position(set, &p)))
            snprintf(err, errlen, "%s: out of memory", path);
    }
    suite_free(&s);
    if (ok && set->n == 0) {
        snprintf(err, errlen, "%s: no positions", path);
        ok = false;
    }
    if (!ok)
        bench_set_free(set);
    return ok;
}

bool bench_set_builtin(bench_set_t *set)
{
    *set = (bench_set_t){0};
    snprintf(set->source, sizeof set->source, "built-in");
    for (size_t i = 0; i < sizeof builtin / sizeof *builtin; i++) {
        bench_position_t p = {0};
        snprintf(p.id, sizeof p.id, "%s", builtin[i].id);
        /* The table above is fixed and tested, so these cannot fail. */
        if (!fen_parse(builtin[i].fen, &p.pos, NULL) ||
            !count_parse(builtin[i].nodes, strlen(builtin[i].nodes), &p.expected[builtin[i].depth]))
            return false;
        fen_write(&p.pos, p.fen);
        p.depth = builtin[i].depth;
        p.known[p.depth] = true;
        if (!add_position(set, &p))
            return false;
    }
    return true;
}

static bool readable(const char *path) { return access(path, R_OK) == 0; }

bool bench_set_find_default(char *path, size_t len)
{
    const char *dir = getenv("RPERFT_SUITES_DIR");
    if (dir && *dir && (size_t)snprintf(path, len, "%s/bench.epd", dir) < len && readable(path))
        return true;
    if ((size_t)snprintf(path, len, "positions/bench.epd") < len && readable(path))
        return true;
    /* The binary sits in BUILD/cmd/ of a build directory inside the source tree. */
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0)
        return false;
    exe[n] = '\0';
    char *slash = strrchr(exe, '/');
    if (!slash)
        return false;
    *slash = '\0';
    static const char *const up[] = {"/../../positions/bench.epd", "/../positions/bench.epd",
                                     "/../share/rperft/positions/bench.epd"};
    for (size_t i = 0; i < sizeof up / sizeof *up; i++)
        if ((size_t)snprintf(path, len, "%s%s", exe, up[i]) < len && readable(path))
            return true;
    return false;
}

void bench_set_free(bench_set_t *set)
{
    free(set->items);
    set->items = NULL;
    set->n = 0;
}

bool bench_set_set_depth(bench_set_t *set, const char *spec, char *err, size_t errlen)
{
    bool relative = spec[0] == '+' || spec[0] == '-';
    char *end;
    long v = strtol(spec, &end, 10);
    if (end == spec || *end || v < -BENCH_MAX_DEPTH || v > BENCH_MAX_DEPTH || (!relative && v < 1)) {
        snprintf(err, errlen, "must be N (1 to %d), +N or -N, not '%s'", BENCH_MAX_DEPTH, spec);
        return false;
    }
    for (int i = 0; i < set->n; i++) {
        long d = relative ? set->items[i].depth + v : v;
        if (d < 1 || d > BENCH_MAX_DEPTH) {
            snprintf(err, errlen, "%s gives %s depth %ld, outside 1 to %d", spec, set->items[i].id, d,
                     BENCH_MAX_DEPTH);
            return false;
        }
        set->items[i].depth = (int)d;
    }
    return true;
}

count_t bench_position_count(bench_position_t *p, int depth, bool *counted)
{
    *counted = false;
    if (p->known[depth])
        return p->expected[depth];
    const char *why;
    method_prepare(&method_naive, &why);
    p->known[depth] = true;
    p->expected[depth] = method_naive.perft(&p->pos, depth, true);
    *counted = true;
    return p->expected[depth];
}

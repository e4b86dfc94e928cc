#include "schema.h"

#include <stdarg.h>
#include <stdio.h>

const char *const bench_header[BENCH_COLUMNS] = {
    [COL_SCHEMA] = "schema",
    [COL_TIMESTAMP] = "timestamp_utc",
    [COL_HOST] = "host",
    [COL_OS] = "os",
    [COL_LOGICAL_CPUS] = "logical_cpus",
    [COL_CPU_VENDOR] = "cpu_vendor",
    [COL_CPU_MODEL_NAME] = "cpu_model_name",
    [COL_CPU_FAMILY] = "cpu_family",
    [COL_CPU_MODEL] = "cpu_model",
    [COL_CPU_STEPPING] = "cpu_stepping",
    [COL_CPU_FLAGS] = "cpu_flags",
    [COL_SLOW_PEXT] = "slow_pext",
    [COL_COMPILER] = "compiler",
    [COL_BUILD_TYPE] = "build_type",
    [COL_BUILD_FLAGS] = "build_flags",
    [COL_VERSION] = "rperft_version",
    [COL_COMMIT] = "commit",
    [COL_KIND] = "kind",
    [COL_METHOD] = "method",
    [COL_BITSCAN] = "bitscan",
    [COL_BULK] = "bulk",
    [COL_THREADS] = "threads",
    [COL_HASH_MB] = "hash_mb",
    [COL_POSITION_ID] = "position_id",
    [COL_FEN] = "fen",
    [COL_DEPTH] = "depth",
    [COL_NODES] = "nodes",
    [COL_REPETITIONS] = "repetitions",
    [COL_MEDIAN_S] = "median_s",
    [COL_MIN_S] = "min_s",
    [COL_MAX_S] = "max_s",
    [COL_MNPS] = "mnps",
};

/* Appends a formatted field to buf and returns it; the cursor moves past its NUL. */
static const char *put(char **cursor, const char *end, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static const char *put(char **cursor, const char *end, const char *fmt, ...)
{
    char *start = *cursor;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(start, (size_t)(end - start), fmt, ap);
    va_end(ap);
    if (n < 0)
        n = 0;
    if (start + n + 1 > end) /* truncated: keep what fitted */
        n = (int)(end - start) - 1;
    *cursor = start + n + 1;
    return start;
}

void bench_row(const sysinfo_t *sys, const bench_measurement_t *m, const char *f[BENCH_COLUMNS], char *buf)
{
    char *c = buf;
    const char *end = buf + BENCH_ROW_BUF;
    char when[32];
    const cpu_info_t *cpu = sys->cpu;
    f[COL_SCHEMA] = BENCH_SCHEMA;
    f[COL_TIMESTAMP] = put(&c, end, "%s", utc_timestamp(when, sizeof when));
    f[COL_HOST] = sys->host;
    f[COL_OS] = sys->os;
    f[COL_LOGICAL_CPUS] = put(&c, end, "%d", sys->logical_cpus);
    f[COL_CPU_VENDOR] = cpu->vendor;
    char name[64];
    f[COL_CPU_MODEL_NAME] = put(&c, end, "%s", sysinfo_cpu_name(sys, name, sizeof name));
    f[COL_CPU_FAMILY] = put(&c, end, "%d", cpu->family);
    f[COL_CPU_MODEL] = put(&c, end, "%d", cpu->model);
    f[COL_CPU_STEPPING] = put(&c, end, "%d", cpu->stepping);
    f[COL_CPU_FLAGS] = sys->cpu_flags;
    f[COL_SLOW_PEXT] = cpu->slow_pext ? "1" : "0";
    f[COL_COMPILER] = sys->compiler;
    f[COL_BUILD_TYPE] = sys->build_type;
    f[COL_BUILD_FLAGS] = sys->build_flags;
    f[COL_VERSION] = sys->version;
    f[COL_COMMIT] = sys->commit;
    f[COL_KIND] = m->kind;
    f[COL_METHOD] = m->method;
    f[COL_BITSCAN] = m->bitscan;
    f[COL_BULK] = m->bulk < 0 ? "" : m->bulk ? "1" : "0";
    f[COL_THREADS] = put(&c, end, "%d", m->threads);
    f[COL_HASH_MB] = put(&c, end, "%d", m->hash_mb);
    f[COL_POSITION_ID] = m->position_id;
    f[COL_FEN] = m->fen ? m->fen : "";
    f[COL_DEPTH] = m->depth < 0 ? "" : put(&c, end, "%d", m->depth);
    f[COL_NODES] = m->nodes;
    f[COL_REPETITIONS] = put(&c, end, "%d", m->repetitions);
    f[COL_MEDIAN_S] = put(&c, end, "%.6f", m->median_s);
    f[COL_MIN_S] = put(&c, end, "%.6f", m->min_s);
    f[COL_MAX_S] = put(&c, end, "%.6f", m->max_s);
    f[COL_MNPS] = put(&c, end, "%.2f", m->mnps);
}

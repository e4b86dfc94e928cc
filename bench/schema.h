/* The bench CSV: one row per measurement, every row carrying the machine and build
 * that measured it. Bump BENCH_SCHEMA when the columns change: a file written under
 * another header is refused for appending, and the report reads columns by name. */
#ifndef RPERFT_SCHEMA_H
#define RPERFT_SCHEMA_H

#include "sysinfo.h"

#define BENCH_SCHEMA "1"

enum bench_column {
    COL_SCHEMA, COL_TIMESTAMP, COL_HOST, COL_OS, COL_LOGICAL_CPUS,
    COL_CPU_VENDOR, COL_CPU_MODEL_NAME, COL_CPU_FAMILY, COL_CPU_MODEL, COL_CPU_STEPPING, COL_CPU_FLAGS, COL_SLOW_PEXT,
    COL_COMPILER, COL_BUILD_TYPE, COL_BUILD_FLAGS, COL_VERSION, COL_COMMIT,
    COL_KIND, COL_METHOD, COL_BITSCAN, COL_BULK, COL_THREADS, COL_HASH_MB,
    COL_POSITION_ID, COL_FEN, COL_DEPTH, COL_NODES, COL_REPETITIONS,
    COL_MEDIAN_S, COL_MIN_S, COL_MAX_S, COL_MNPS,
    BENCH_COLUMNS
};

extern const char *const bench_header[BENCH_COLUMNS];

/* What one measurement adds to the machine's identity. For kind "micro", position_id
 * names the lookup (bishop, rook, queen), nodes counts lookups and mnps is millions
 * of lookups per second; fen, depth and bulk are empty. */
typedef struct bench_measurement {
    const char *kind;        /* "perft" or "micro" */
    const char *method, *bitscan;
    int bulk;                /* 1, 0, or -1 for "not applicable" */
    int threads, hash_mb;
    const char *position_id, *fen;
    int depth;               /* -1: not applicable */
    const char *nodes;       /* decimal */
    int repetitions;
    double median_s, min_s, max_s, mnps;
} bench_measurement_t;

/* Text of the row's fields; the strings live in buf (>= BENCH_ROW_BUF bytes). */
enum { BENCH_ROW_BUF = 2048 };
void bench_row(const sysinfo_t *sys, const bench_measurement_t *m, const char *fields[BENCH_COLUMNS], char *buf);

#endif

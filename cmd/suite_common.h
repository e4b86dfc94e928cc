/* What rperft suite and rperft check share: which depths a budget lets run, and
 * how positions and depth lists are written in their reports. */
#ifndef RPERFT_SUITE_COMMON_H
#define RPERFT_SUITE_COMMON_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

#include "core/count.h"
#include "core/suite.h"

typedef struct depth_limits {
    int max_depth;      /* -1: no limit */
    bool has_max_nodes;
    count_t max_nodes;
} depth_limits_t;

typedef enum depth_plan { DEPTH_RUN, DEPTH_TOO_DEEP, DEPTH_OVER_BUDGET } depth_plan_t;

/* A node budget: digits with an optional K, M, G or T (powers of 1000). */
bool parse_node_budget(const char *text, count_t *out);

depth_plan_t depth_plan(const depth_limits_t *lim, const suite_depth_t *d);

/* "D1-D6", "D1-D2,D32" from ascending depths. Returns buf. */
char *format_depths(const int *depths, int n, char *buf, size_t len);

/* "#5" for a position known by its place in the file, else its id. Returns buf. */
const char *entry_label(const suite_entry_t *e, char *buf, size_t len);

/* " (D7-D15 skipped: over --max-nodes)" for the depths the limits skip, with a word
 * on counts above 2^64; "" when none is skipped. */
void skip_note(const depth_limits_t *lim, const suite_entry_t *e, char *buf, size_t len);

/* Why one depth is skipped, for JUnit and CSV. */
void skip_reason(const depth_limits_t *lim, const suite_depth_t *d, char *buf, size_t len);

/* The JSON report's object for one position (file, line, id, fen, an empty
 * "depths" array), appended to results; and its ending: status, nodes, seconds. */
json_t *case_json_begin(json_t *results, const suite_t *s, const suite_entry_t *e);
void case_json_end(json_t *c, const char *status, count_t nodes, double seconds);

/* The totals of a suite or check run, as the JSON report's "totals". */
typedef struct run_totals {
    size_t positions, passed, failed, skipped, depths_checked, depths_skipped;
    count_t nodes;
    double seconds;
} run_totals_t;
json_t *totals_json(const run_totals_t *t);

#endif

/* JSON reports (--json FILE): one object per run in the schema documented in
 * docs/json-schema.md and docs/rperft-report.schema.json, built with jansson.
 * Every report carries the schema name and version, the command, rperft's build,
 * the start time, whether the run completed and its exit status; each command
 * adds its own members (results, totals, drill-down, ...). The file is opened
 * when the report is (before any work) and written whole by json_report_finish,
 * also when the run was interrupted (complete: false, what finished). */
#ifndef RPERFT_JSON_REPORT_H
#define RPERFT_JSON_REPORT_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "core/count.h"

#define RPERFT_JSON_SCHEMA "rperft-report"
#define RPERFT_JSON_VERSION 1

typedef struct json_report json_report_t;

/* NULL with "PATH: cannot write: reason" in err. path "-": standard output. */
json_report_t *json_report_open(const char *path, const char *command, char *err, size_t errlen);

/* The report's top-level object, to add the command's members to. */
json_t *json_report_root(json_report_t *r);

/* The top-level array named key, created empty on first use. */
json_t *json_report_array(json_report_t *r, const char *key);

/* Writes the report with "complete" and "exit_status", and frees r. False with
 * the reason in err. */
bool json_report_finish(json_report_t *r, bool complete, int exit_status, char *err, size_t errlen);

/* Frees r and removes its file unwritten (NULL: nothing to do), for a run that
 * stops before it starts. */
void json_report_discard(json_report_t *r);

/* A count: a JSON integer up to 2^63 - 1, above that a string of decimal digits
 * (JSON numbers cannot be trusted that far by every reader). */
json_t *json_count(count_t c);

/* A string from any bytes: invalid UTF-8 bytes become '?' (a suite file's id or a
 * transcript line may hold anything); NULL text gives JSON null. */
json_t *json_text(const char *text);

/* Sets key to value in object (taking value). */
void json_put(json_t *object, const char *key, json_t *value);

#endif

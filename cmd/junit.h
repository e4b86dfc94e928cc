/* JUnit XML reports, the format CI systems (GitLab, Jenkins, GitHub actions that
 * publish test results) display: <testsuites>, one <testsuite> per input file,
 * one <testcase> per check, with <failure>, <error> or <skipped> inside. */
#ifndef RPERFT_JUNIT_H
#define RPERFT_JUNIT_H

#include <stdbool.h>
#include <stddef.h>

typedef enum junit_status { JUNIT_PASS, JUNIT_FAIL, JUNIT_ERROR, JUNIT_SKIP } junit_status_t;

typedef struct junit junit_t;

/* Opens path for writing now (so a bad path is found before any work); the
 * report is written by junit_finish(). NULL with the reason in err on failure. */
junit_t *junit_open(const char *path, const char *name, char *err, size_t errlen);

/* Starts a <testsuite>; the cases that follow belong to it. */
void junit_suite(junit_t *j, const char *name);

/* One <testcase>. message is the one-line reason (failure, error or skip), detail
 * any longer text; both may be NULL. Any bytes are accepted: they are escaped, and
 * bytes that XML cannot carry are replaced by '?'. */
void junit_case(junit_t *j, const char *classname, const char *name, double seconds, junit_status_t status,
                const char *message, const char *detail);

/* Writes the report (to a temporary file beside path, then renamed over it, so a
 * reader never sees half a report) and frees j. False with the reason in err. */
bool junit_finish(junit_t *j, char *err, size_t errlen);

/* The text with XML's special characters escaped, for tests; malloc'd. */
char *junit_escape(const char *text);

#endif

/* Runs a program to completion with its standard output and error captured, for
 * rperft compare (other rperft builds, perf stat, valgrind). */
#ifndef RPERFT_PROCESS_H
#define RPERFT_PROCESS_H

#include <stdbool.h>
#include <stddef.h>

typedef struct process_result {
    char *out, *err;  /* what it printed (NUL-terminated; at most PROCESS_OUTPUT_MAX each) */
    int status;       /* as waitpid() gives it */
    double seconds;   /* wall time from start to exit */
} process_result_t;

enum { PROCESS_OUTPUT_MAX = 1 << 20 };

/* argv[0] is looked up in PATH. False (why says it) when it cannot be started;
 * otherwise r holds its output and exit status. stdin is /dev/null. */
bool process_run(char *const argv[], process_result_t *r, char *why, size_t whylen);

/* "exited with status 3", "was killed by signal 9 (Killed)". */
void process_describe_status(int status, char *buf, size_t len);

void process_result_free(process_result_t *r);

#endif

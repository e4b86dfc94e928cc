/* Timing: CLOCK_MONOTONIC around whole runs, subjects interleaved (A B C A B C ...)
 * so that drift in the machine's speed (turbo, thermal, neighbours) hits all alike,
 * and the statistics the bench reports. */
#ifndef RPERFT_TIMING_H
#define RPERFT_TIMING_H

#include <signal.h>
#include <stdbool.h>

double timing_now(void); /* seconds, CLOCK_MONOTONIC */

/* Runs subject `subject` once; false stops the whole measurement. */
typedef bool (*timing_run_fn)(void *ctx, int subject);

typedef struct timing_plan {
    int subjects;
    int warmup;                        /* untimed rounds first */
    int reps;                          /* timed rounds */
    timing_run_fn run;
    void *ctx;
    volatile sig_atomic_t *interrupted; /* checked between runs; may be NULL */
} timing_plan_t;

/* Rounds of every subject in turn; samples[s * reps + r] gets subject s's time in
 * round r. False if a run failed or an interrupt arrived (samples incomplete). */
bool timing_interleaved(const timing_plan_t *plan, double *samples);

typedef struct timing_stats {
    double median, min, max;
} timing_stats_t;

timing_stats_t timing_summarize(const double *samples, int n);
/* (max - min) / min: the spread the bench calls out above 10 %. */
double timing_spread(const timing_stats_t *s);
/* Geometric mean of n positive values; 0 when n == 0 or any value is not positive. */
double geometric_mean(const double *values, int n);
/* Median of n values (n > 0); values is reordered. */
double median_of(double *values, int n);

#endif

#include "timing.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

double timing_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static bool stop_requested(const timing_plan_t *plan)
{
    return plan->interrupted && *plan->interrupted;
}

bool timing_interleaved(const timing_plan_t *plan, double *samples)
{
    for (int round = 0; round < plan->warmup + plan->reps; round++)
        for (int s = 0; s < plan->subjects; s++) {
            if (stop_requested(plan))
                return false;
            double start = timing_now();
            if (!plan->run(plan->ctx, s))
                return false;
            double elapsed = timing_now() - start;
            if (round >= plan->warmup)
                samples[s * plan->reps + round - plan->warmup] = elapsed;
        }
    return !stop_requested(plan);
}

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double median_of(double *values, int n)
{
    qsort(values, (size_t)n, sizeof *values, compare_doubles);
    return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

timing_stats_t timing_summarize(const double *samples, int n)
{
    double *sorted = malloc((size_t)n * sizeof *sorted);
    timing_stats_t s = {0, 0, 0};
    if (!sorted || n <= 0) {
        free(sorted);
        return s;
    }
    memcpy(sorted, samples, (size_t)n * sizeof *sorted);
    s.median = median_of(sorted, n);
    s.min = sorted[0];
    s.max = sorted[n - 1];
    free(sorted);
    return s;
}

double timing_spread(const timing_stats_t *s)
{
    return s->min > 0 ? (s->max - s->min) / s->min : 0;
}

/* Through logarithms, so that many large values cannot overflow the product. */
double geometric_mean(const double *values, int n)
{
    double sum = 0;
    if (n <= 0)
        return 0;
    for (int i = 0; i < n; i++) {
        if (!(values[i] > 0))
            return 0;
        sum += log(values[i]);
    }
    return exp(sum / n);
}

/* Speed ratios with their uncertainty, for rperft compare. A ratio is B's cost over
 * A's (time or instructions; above 1: B is slower). Ratios are averaged as logs,
 * so that 2x slower and 2x faster cancel, and the 95 % confidence interval is
 * Student's t-interval on the mean log ratio, turned back into ratios. Over several
 * positions the geometric mean is taken per round first (the mean log ratio of the
 * round's positions) and the interval is over rounds, since a round's positions
 * share the machine's state of the moment. */
#ifndef RPERFT_RATIO_STATS_H
#define RPERFT_RATIO_STATS_H

typedef struct ratio_interval {
    double ratio;      /* exp(mean log ratio) */
    double low, high;  /* the 95 % t-interval; equal to ratio when n < 2 or no spread */
    int n;             /* samples */
} ratio_interval_t;

/* The 0.975 quantile of Student's t with df degrees of freedom (df >= 1). */
double t_quantile_975(int df);

/* The interval of n log ratios (n >= 1). */
ratio_interval_t ratio_interval(const double *log_ratios, int n);

#endif

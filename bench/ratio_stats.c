#include "ratio_stats.h"

#include <math.h>

double t_quantile_975(int df)
{
    /* Student's t, two-sided 95 %, df 1..30 (standard tables); beyond, the
     * expansion z + (z^3 + z) / (4 df) is within 0.001. */
    static const double table[] = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
                                   2.201,  2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
                                   2.080,  2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042};
    if (df < 1)
        df = 1;
    if (df <= 30)
        return table[df - 1];
    const double z = 1.959964;
    return z + (z * z * z + z) / (4.0 * df);
}

ratio_interval_t ratio_interval(const double *log_ratios, int n)
{
    ratio_interval_t r = {.n = n};
    double sum = 0;
    for (int i = 0; i < n; i++)
        sum += log_ratios[i];
    double mean = n > 0 ? sum / n : 0;
    double half = 0;
    if (n >= 2) {
        double ss = 0;
        for (int i = 0; i < n; i++)
            ss += (log_ratios[i] - mean) * (log_ratios[i] - mean);
        half = t_quantile_975(n - 1) * sqrt(ss / (n - 1) / n);
    }
    r.ratio = exp(mean);
    r.low = exp(mean - half);
    r.high = exp(mean + half);
    return r;
}

/* The t-interval on log ratios that rperft compare gates on. */
#include <criterion/criterion.h>
#include <math.h>

#include "bench/ratio_stats.h"

Test(ratio_stats, t_quantiles_match_the_tables)
{
    cr_expect_float_eq(t_quantile_975(1), 12.706, 1e-3);
    cr_expect_float_eq(t_quantile_975(3), 3.182, 1e-3);
    cr_expect_float_eq(t_quantile_975(9), 2.262, 1e-3);
    cr_expect_float_eq(t_quantile_975(30), 2.042, 1e-3);
    cr_expect_float_eq(t_quantile_975(60), 2.000, 2e-3);
    cr_expect_float_eq(t_quantile_975(120), 1.980, 2e-3);
}

Test(ratio_stats, interval_of_known_samples)
{
    /* log ratios 0.1 0.2 0.3: mean 0.2, sd 0.1, half width 4.303 * 0.1 / sqrt(3) */
    double l[] = {0.1, 0.2, 0.3};
    ratio_interval_t r = ratio_interval(l, 3);
    double half = 4.303 * 0.1 / sqrt(3.0);
    cr_expect_float_eq(r.ratio, exp(0.2), 1e-9);
    cr_expect_float_eq(r.low, exp(0.2 - half), 1e-4);
    cr_expect_float_eq(r.high, exp(0.2 + half), 1e-4);
    cr_expect_eq(r.n, 3);
}

Test(ratio_stats, no_spread_gives_a_point)
{
    double l[] = {log(2.0), log(2.0), log(2.0), log(2.0)};
    ratio_interval_t r = ratio_interval(l, 4);
    cr_expect_float_eq(r.ratio, 2.0, 1e-12);
    cr_expect_float_eq(r.low, 2.0, 1e-12);
    cr_expect_float_eq(r.high, 2.0, 1e-12);
    double one[] = {log(0.5)};
    r = ratio_interval(one, 1);
    cr_expect_float_eq(r.low, 0.5, 1e-12);
    cr_expect_float_eq(r.high, 0.5, 1e-12);
}

Test(ratio_stats, faster_and_slower_cancel)
{
    double l[] = {log(2.0), log(0.5)};
    cr_expect_float_eq(ratio_interval(l, 2).ratio, 1.0, 1e-12);
}

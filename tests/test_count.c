/* 128-bit counts are printed and parsed exactly, with overflow refused. */
#include <criterion/criterion.h>
#include <stdint.h>
#include <string.h>

#include "count.h"

Test(count, formats_and_parses_beyond_64_bits)
{
    char buf[COUNT_DIGITS_MAX];
    const char *d15 = "2015099950053364471960"; /* start position depth 15 */
    count_t v;
    cr_assert(count_parse(d15, strlen(d15), &v));
    cr_assert(v > (count_t)UINT64_MAX);
    cr_assert_str_eq(count_format(v, buf), d15);
    cr_assert_str_eq(count_format(0, buf), "0");
    cr_assert_str_eq(count_format(~(count_t)0, buf), "340282366920938463463374607431768211455");
}

Test(count, refuses_overflow_and_non_digits)
{
    count_t v;
    const char *max = "340282366920938463463374607431768211455", *over = "340282366920938463463374607431768211456";
    cr_assert(count_parse(max, strlen(max), &v));
    cr_assert_not(count_parse(over, strlen(over), &v));
    cr_assert_not(count_parse("12a", 3, &v));
    cr_assert_not(count_parse("-1", 2, &v));
    cr_assert_not(count_parse("", 0, &v));
}

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

Test(count, exact_around_two_to_the_64)
{
    char buf[COUNT_DIGITS_MAX];
    const count_t two64 = (count_t)UINT64_MAX + 1;
    static const char *const digits[] = {"18446744073709551615", "18446744073709551616", "18446744073709551617"};
    for (int i = 0; i < 3; i++) {
        count_t v;
        cr_assert(count_parse(digits[i], strlen(digits[i]), &v));
        cr_assert(v == two64 - 1 + (count_t)i, "%s", digits[i]);
        cr_assert_str_eq(count_format(v, buf), digits[i]);
    }
}

Test(count, reads_only_len_bytes_and_leading_zeros)
{
    count_t v;
    cr_assert(count_parse("00042", 5, &v) && v == 42);
    cr_assert(count_parse("1234;D2", 4, &v) && v == 1234); /* a count inside a longer line */
    cr_assert_not(count_parse("12\0" "3", 4, &v));         /* a NUL is not a digit */
    const char *zeros = "000000000000000000000000000000000000000000000000000000000001"; /* 60 digits */
    cr_assert(count_parse(zeros, strlen(zeros), &v) && v == 1);
}

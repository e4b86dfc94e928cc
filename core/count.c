#include "count.h"

char *count_format(count_t value, char *buf)
{
    char tmp[COUNT_DIGITS_MAX];
    int n = 0;
    do {
        tmp[n++] = (char)('0' + (int)(value % 10));
        value /= 10;
    } while (value);
    for (int i = 0; i < n; i++)
        buf[i] = tmp[n - 1 - i];
    buf[n] = '\0';
    return buf;
}

bool count_parse(const char *text, size_t len, count_t *value)
{
    const count_t max = ~(count_t)0;
    count_t v = 0;
    if (len == 0)
        return false;
    for (size_t i = 0; i < len; i++) {
        unsigned d = (unsigned)(text[i] - '0');
        if (d > 9 || v > (max - d) / 10)
            return false;
        v = v * 10 + d;
    }
    *value = v;
    return true;
}

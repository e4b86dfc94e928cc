/* Node counts. A subtree count fits 64 bits at any depth anyone runs, but a total
 * can pass 2^64 (start position depth 14), so totals are unsigned 128-bit and
 * printed and parsed exactly, never wrapped. */
#ifndef RPERFT_COUNT_H
#define RPERFT_COUNT_H

#include <stdbool.h>
#include <stddef.h>

typedef unsigned __int128 count_t;

enum { COUNT_DIGITS_MAX = 40 }; /* 2^128 has 39 decimal digits, plus NUL */

/* Writes the decimal form into buf (>= COUNT_DIGITS_MAX bytes); returns buf. */
char *count_format(count_t value, char *buf);
/* Parses a run of decimal digits (nothing else). False when empty, not digits, or
 * above 2^128 - 1. */
bool count_parse(const char *text, size_t len, count_t *value);

#endif

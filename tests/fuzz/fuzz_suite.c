/* libFuzzer target: the suite reader (every EPD and .perft form) on any bytes,
 * straight from memory through suite_parse().
 *
 * Invariants: a --keep-going load fails only for a file without positions, and
 * then the strict load fails too, for the whole file; otherwise the strict load
 * succeeds exactly when the --keep-going one records no error, and then both hold
 * the same entries. Entries come in line order and are well formed (the FEN reads
 * back to the position, depths ascending and unique, each count writes and reads
 * back exactly); every refusal names the file, and a line and a field. The input
 * read as one count must format back to its own digits. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/count.h"
#include "core/fen.h"
#include "core/suite.h"

static const char *const name = "fuzz.epd";

static void require(bool ok, const char *what)
{
    if (ok)
        return;
    fprintf(stderr, "fuzz_suite: invariant broken: %s\n", what);
    abort();
}

static void check_count(count_t v)
{
    char digits[COUNT_DIGITS_MAX];
    count_t back;
    count_format(v, digits);
    require(count_parse(digits, strlen(digits), &back) && back == v, "a count does not format and parse back");
}

static void check_entry(const suite_t *s, const suite_entry_t *e, size_t i)
{
    require(e->index == (int)i + 1, "entries are not numbered in order");
    require(e->id != NULL && e->line >= 1, "an entry without id or line");
    if (i > 0)
        require(e->line >= s->entries[i - 1].line, "entries out of line order");
    if (e->error) {
        require(strncmp(e->error, name, strlen(name)) == 0, "an error entry that does not name the file");
        return;
    }
    require(e->fen != NULL && e->ndepths >= 1 && e->depths != NULL, "a good entry without FEN or depths");
    position_t pos;
    require(fen_parse(e->fen, &pos, NULL), "an entry's FEN does not parse on its own");
    require(pos.key == e->pos.key && pos.side == e->pos.side && pos.ep == e->pos.ep,
            "an entry's FEN is another position");
    for (int d = 0; d < e->ndepths; d++) {
        require(e->depths[d].depth >= 0 && e->depths[d].depth <= SUITE_MAX_DEPTH, "depth out of range");
        require(d == 0 || e->depths[d].depth > e->depths[d - 1].depth, "depths not ascending and unique");
        check_count(e->depths[d].expected);
    }
}

static void check_error(const suite_error_t *err)
{
    char msg[SUITE_ERROR_MAX];
    suite_error_format(err, msg, sizeof msg);
    require(strncmp(msg, name, strlen(name)) == 0, "a refusal that does not name the file");
    require(err->field[0] && err->message[0], "a refusal without field or message");
    require(err->line >= 1 || strcmp(err->field, "file") == 0, "a refusal without a line that is not the file's");
}

static bool same_entries(const suite_t *a, const suite_t *b)
{
    if (a->count != b->count)
        return false;
    for (size_t i = 0; i < a->count; i++) {
        const suite_entry_t *x = &a->entries[i], *y = &b->entries[i];
        if (x->line != y->line || strcmp(x->id, y->id) || strcmp(x->fen, y->fen) || x->ndepths != y->ndepths)
            return false;
        for (int d = 0; d < x->ndepths; d++)
            if (x->depths[d].depth != y->depths[d].depth || x->depths[d].expected != y->depths[d].expected)
                return false;
    }
    return true;
}

/* Digits that count_parse() takes must come back the same, leading zeros aside. */
static void check_digits(const uint8_t *data, size_t size)
{
    count_t v;
    if (size > 64 || !count_parse((const char *)data, size, &v))
        return;
    char digits[COUNT_DIGITS_MAX];
    count_format(v, digits);
    size_t skip = 0;
    while (skip + 1 < size && data[skip] == '0')
        skip++;
    require(strlen(digits) == size - skip && memcmp(digits, data + skip, size - skip) == 0,
            "a parsed count does not format back to its digits");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > (1 << 16))
        return -1;
    check_digits(data, size);
    /* A copy of exactly size bytes, so that ASan sees any read past the end. */
    char *text = malloc(size ? size : 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    suite_t strict, lenient;
    suite_error_t err;
    memset(&err, 0, sizeof err);
    bool ok = suite_parse(name, text, size, SUITE_REQUIRE_POSITIONS, &strict, &err);
    if (!suite_parse(name, text, size, SUITE_REQUIRE_POSITIONS | SUITE_KEEP_GOING, &lenient, NULL)) {
        require(!ok && err.line == 0, "a --keep-going load failed on a file with positions");
        check_error(&err);
        free(text);
        return 0;
    }
    require(lenient.count >= 1, "a load without positions succeeded");
    require((lenient.errors == 0) == ok, "strict and --keep-going loads disagree");
    size_t errors = 0;
    for (size_t i = 0; i < lenient.count; i++) {
        check_entry(&lenient, &lenient.entries[i], i);
        errors += lenient.entries[i].error != NULL;
    }
    require(errors == lenient.errors, "errors miscounted");
    if (ok) {
        require(same_entries(&strict, &lenient), "strict and --keep-going loads hold different entries");
        suite_free(&strict);
    } else {
        check_error(&err);
        require(strict.count == 0 && strict.entries == NULL, "a failed load left entries");
    }
    suite_free(&lenient);
    free(text);
    return 0;
}

/* libFuzzer target: the results-file reader (results_read, result_parse) on any
 * bytes, against a fixed units file of three units.
 *
 * Invariants: every line is taken, repeated, in conflict or refused, never more
 * than the lines there are; a unit marked done has the count of a line that
 * parsed; a line that parses formats back (result_format) to a line that parses
 * to the same fields, with a checksum that matches; a line whose checksum is
 * flipped is refused. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define FUZZ_NAME "fuzz_results"
#include "fuzz_common.h"

#include "cmd/unitfile.h"

enum { MAX_INPUT = 1 << 16, UNITS = 3 };

/* The units every input is read against: the start position's first three
 * moves, depth 2 split at ply 1 (set fingerprint fixed by the text). */
static const unit_set_t *units(void)
{
    static unit_set_t set;
    static bool made;
    if (made)
        return &set;
    static char fens[UNITS][FEN_MAX] = {
        "rnbqkbnr/pppppppp/8/8/8/P7/1PPPPPPP/RNBQKBNR b KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/P7/8/1PPPPPPP/RNBQKBNR b KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/1P6/P1PPPPPP/RNBQKBNR b KQkq - 0 1",
    };
    static unit_t list[UNITS];
    for (int i = 0; i < UNITS; i++)
        list[i] = (unit_t){.multiplicity = 1, .fen = fens[i]};
    set = (unit_set_t){.depth = 2, .split = 1, .paths = UNITS, .count = UNITS, .units = list};
    strcpy(set.root, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    FILE *devnull = fopen("/dev/null", "w");
    require(devnull && unit_set_write(devnull, &set), "writing the units (for their fingerprint)");
    fclose(devnull);
    made = true;
    return &set;
}

static bool same_result(const result_t *a, const result_t *b)
{
    return a->id == b->id && a->count == b->count && a->fingerprint == b->fingerprint &&
           strcmp(a->method, b->method) == 0 && strcmp(a->host, b->host) == 0 && strcmp(a->keys, b->keys) == 0;
}

/* Each line on its own: parses, formats back, and refuses a flipped checksum. */
static void check_lines(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1), why[200];
    require(text != NULL, "malloc");
    memcpy(text, data, size);
    text[size] = '\0';
    for (char *line = text, *next; line; line = next) {
        next = strchr(line, '\n');
        if (next)
            *next++ = '\0';
        result_t r, back;
        char copy[RESULT_LINE_MAX * 4], formatted[RESULT_LINE_MAX];
        if (strlen(line) >= sizeof copy)
            continue;
        strcpy(copy, line);
        if (!result_parse(copy, &r, why, sizeof why)) {
            require(why[0] != '\0', "a refusal without a reason");
            continue;
        }
        size_t len = result_format(&r, formatted, sizeof formatted);
        if (len == 0)
            continue; /* seconds written longer than a line holds: not formatted */
        require(formatted[len - 1] == '\n', "a formatted line without its newline");
        formatted[len - 1] = '\0';
        strcpy(copy, formatted);
        require(result_parse(copy, &back, why, sizeof why), "a formatted line does not parse");
        require(same_result(&r, &back), "a formatted line parses to other fields");
        formatted[len - 2] = formatted[len - 2] == '0' ? '1' : '0'; /* the checksum's last digit */
        require(!result_parse(formatted, &back, why, sizeof why), "a flipped checksum was taken");
    }
    free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > MAX_INPUT)
        return -1;
    const unit_set_t *set = units();
    char path[64];
    int fd = memfd_with(data, size, path, sizeof path);
    tally_t tallies[UNITS] = {0};
    results_summary_t sum = {0};
    require(results_read("fuzz", path, set, tallies, &sum), "an in-memory file could not be read");
    long lines = 0;
    for (size_t i = 0; i < size; i++)
        lines += data[i] == '\n';
    require(sum.results + sum.duplicates + sum.conflicts + sum.bad <= lines, "more lines counted than there are");
    require(sum.results <= UNITS, "more units done than there are");
    for (int i = 0; i < UNITS; i++)
        require(!tallies[i].done || (tallies[i].file != NULL && tallies[i].line >= 1), "a unit done from nowhere");
    close(fd);
    check_lines(data, size);
    return 0;
}

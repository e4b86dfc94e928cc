/* libFuzzer target: the units-file reader (unit_set_read) on any bytes, through a
 * memfd since it reads a path.
 *
 * Invariants: a file read without complaint has as many units as its header says,
 * multiplicities that add up to paths, and unit depths of depth - split; written
 * back by unit_set_write it reads again to the same header and units, and the
 * written file carries the fingerprint of what it holds. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define FUZZ_NAME "fuzz_units"
#include "fuzz_common.h"

#include "cmd/unitfile.h"

enum { MAX_INPUT = 1 << 16 };

static void check_set(const unit_set_t *set)
{
    count_t sum = 0;
    for (size_t i = 0; i < set->count; i++) {
        require(set->units[i].multiplicity > 0 && set->units[i].fen != NULL, "a unit without multiplicity or FEN");
        sum += set->units[i].multiplicity;
    }
    require(sum == set->paths, "the multiplicities do not add up to paths");
    require(0 <= set->split && set->split <= set->depth && set->depth <= 64, "split and depth out of range");
}

static void check_round_trip(unit_set_t *set)
{
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    require(out != NULL, "open_memstream");
    uint64_t read_fingerprint = set->fingerprint;
    require(unit_set_write(out, set), "unit_set_write");
    fclose(out);
    char path[64];
    int fd = memfd_with(text, len, path, sizeof path);
    unit_set_t again;
    require(unit_set_read("fuzz", path, &again), "a written units file does not read back");
    require(again.fingerprint == set->fingerprint, "the written fingerprint is not the one read back");
    require(again.count == set->count && again.depth == set->depth && again.split == set->split &&
                again.paths == set->paths && strcmp(again.root, set->root) == 0,
            "the header reads back otherwise");
    for (size_t i = 0; i < set->count; i++)
        require(again.units[i].multiplicity == set->units[i].multiplicity &&
                    strcmp(again.units[i].fen, set->units[i].fen) == 0,
                "a unit reads back otherwise");
    (void)read_fingerprint; /* a header spaced otherwise is rewritten canonically: another fingerprint */
    unit_set_free(&again);
    close(fd);
    free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > MAX_INPUT)
        return -1;
    char path[64];
    int fd = memfd_with(data, size, path, sizeof path);
    unit_set_t set;
    if (unit_set_read("fuzz", path, &set)) {
        check_set(&set);
        check_round_trip(&set);
        unit_set_free(&set);
    }
    close(fd);
    return 0;
}

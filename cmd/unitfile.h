/* The files that split, units and merge share.
 *
 * A units file is a header line and one line per distinct position K plies below
 * the root:
 *
 *   # rperft-units v1 root="FEN" depth=D split=K paths=N units=U set=HEX
 *   ID<TAB>MULTIPLICITY<TAB>DEPTH<TAB>FEN
 *
 * ids run 0..U-1 in order; MULTIPLICITY is the number of move paths from the root
 * that reach the position (transpositions merged), so the multiplicities add up to
 * paths = perft(K), and DEPTH = D - K. set is a 64-bit FNV-1a fingerprint of the
 * header before " set=" and of every unit line: results carry it, so results of
 * another split (whose ids overlap) or of an edited units file are refused.
 *
 * A result line records one finished unit:
 *
 *   ID<TAB>COUNT<TAB>SECONDS<TAB>METHOD<TAB>HOST<TAB>SET<TAB>KEYS<TAB>SUM
 *
 * KEYS says which hash keys counted it: "none" (no table), or BITS/SEED, e.g.
 * "128/3" (verified entries, --key-seed 3), so that a second run with other keys
 * is seen to be one. SUM is the FNV-1a hash (16 hex digits) of everything before
 * "<TAB>SUM", the set fingerprint included: a line changed after it was written (a
 * digit flipped on disk, an edit) no longer matches it and is refused.
 *
 * Result files are appended to, one whole line per write(); a last line without
 * its newline is a write cut short and is ignored. Lines starting with '#' are
 * comments. */
#ifndef RPERFT_UNITFILE_H
#define RPERFT_UNITFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "core/count.h"
#include "core/fen.h"

#define UNITS_MAGIC "# rperft-units v1"

typedef struct unit {
    count_t multiplicity; /* paths from the root that reach this position */
    char *fen;
} unit_t;

typedef struct unit_set {
    char root[FEN_MAX];
    int depth;            /* of the whole perft */
    int split;            /* plies from the root to the units */
    count_t paths;        /* perft(split) of the root: the sum of the multiplicities */
    size_t count;
    unit_t *units;
    uint64_t fingerprint; /* tags the result lines of this set */
} unit_set_t;

/* Computes set->fingerprint and writes the header and the unit lines. False on a
 * write error (errno says why). */
bool unit_set_write(FILE *out, unit_set_t *set);
/* Reads and checks a units file; on error prints "rperft CMD: FILE:LINE: ..." and
 * returns false. Free with unit_set_free. */
bool unit_set_read(const char *cmd, const char *path, unit_set_t *set);
void unit_set_free(unit_set_t *set);

typedef struct result {
    size_t id;
    count_t count;
    double seconds;
    char method[32];
    char host[64];
    uint64_t fingerprint;
    char keys[32];
} result_t;

enum { RESULT_LINE_MAX = 320 };

/* Formats one result line with its checksum, newline included; returns its
 * length (< size). */
size_t result_format(const result_t *r, char *buf, size_t size);
/* Parses one result line (newline removed) and checks its checksum; false with the
 * reason in why. */
bool result_parse(char *line, result_t *r, char *why, size_t whylen);

/* What the results say about one unit. */
typedef struct tally {
    bool done;
    bool conflict;
    count_t count;
    const char *file; /* where its first result was read */
    long line;
} tally_t;

typedef struct results_summary {
    long results;    /* lines taken */
    long duplicates; /* identical repeats */
    long conflicts;  /* repeats with another count */
    long bad;        /* lines refused, each reported as FILE:LINE */
    double seconds;  /* summed over the lines taken, duplicates excluded */
    char keys[32];   /* the KEYS of the first line taken */
    bool mixed_keys; /* lines taken with other KEYS too */
} results_summary_t;

/* Reads a results file into tallies (one per unit of set) and adds to summary.
 * Bad lines and conflicts are reported on stderr. False if the file cannot be
 * read (reported too). */
bool results_read(const char *cmd, const char *path, const unit_set_t *set, tally_t *tallies,
                  results_summary_t *summary);
/* The KEYS of the first well-formed result line of a results file, into keys;
 * false (nothing reported) when the file cannot be read or has no such line. */
bool results_first_keys(const char *path, char *keys, size_t size);

#endif

/* What rperft compare times: a method of this rperft ("pext"), another rperft
 * binary with an optional method ("old/rperft@pext"), or a UCI engine
 * ("uci:stockfish", go perft). An rperft is run as a process per measurement
 * (perft --fen F --method M D), whose wall time or instruction count (perf stat,
 * else valgrind callgrind) is the cost; a UCI engine is started once and each
 * 'go perft' is timed from the command to its total. */
#ifndef RPERFT_COMPARE_SUBJECT_H
#define RPERFT_COMPARE_SUBJECT_H

#include <stdbool.h>
#include <stddef.h>

#include "engine.h"
#include "core/count.h"

typedef enum measure { MEASURE_TIME, MEASURE_INSTRUCTIONS } measure_t;
typedef enum instr_tool { INSTR_NONE, INSTR_PERF, INSTR_CALLGRIND } instr_tool_t;

typedef struct subject {
    char label[256];   /* as given on the command line */
    bool uci;
    char *binary;      /* rperft: the binary to run */
    char method[64];   /* rperft: "" for its default */
    engine_t *engine;  /* uci */
} subject_t;

/* False with why when spec names no method, no executable, or no command. */
bool subject_parse(const char *spec, double timeout, subject_t *s, char *why, size_t whylen);
void subject_free(subject_t *s);

/* perf stat when the kernel lets it count instructions, else valgrind; false with
 * why when neither can. */
bool instr_tool_detect(instr_tool_t *tool, char *why, size_t whylen);
const char *instr_tool_name(instr_tool_t tool);

typedef enum { RUN_OK, RUN_FAILED, RUN_INTERRUPTED } run_status_t;

/* One measurement: the subject's perft of fen to depth, reps times in a row
 * (time) or once (instructions). nodes: the count it printed; cost: seconds in
 * all, or instructions. */
run_status_t subject_measure(subject_t *s, measure_t measure, instr_tool_t tool, const char *fen, bool chess960,
                             int depth, int reps, count_t *nodes, double *cost, char *why, size_t whylen);

#endif

/* One line of progress on stderr, redrawn in place, only when stderr is a
 * terminal (a log or a pipe gets none), and only once a run has lasted a moment,
 * so that short runs print nothing. */
#ifndef RPERFT_PROGRESS_H
#define RPERFT_PROGRESS_H

#include <stdbool.h>
#include <stddef.h>

typedef struct progress {
    bool terminal;    /* stderr is a terminal */
    bool shown;       /* a line is on screen */
    double start;     /* when the run started */
    double drawn;     /* when the line was last drawn, from start */
    double interval;  /* seconds between redraws, and before the first */
} progress_t;

/* Starts the clock. The interval is 1 s, or RPERFT_PROGRESS_INTERVAL seconds
 * (tests set it small to see progress in a short run). */
void progress_start(progress_t *p);
/* Whether a line is due: a terminal and the first interval passed. */
bool progress_due(const progress_t *p);
/* Redraws the line with the text (prefixed by the elapsed time) when due. */
void progress_show(progress_t *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Clears the line, if one is shown. */
void progress_clear(progress_t *p);
double progress_elapsed(const progress_t *p);
/* "42 s", "3 min 20 s", "2 h 05 min". Returns buf. */
const char *duration_text(double seconds, char *buf, size_t len);

#endif

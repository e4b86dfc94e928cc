#include "progress.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "cli.h"

void progress_start(progress_t *p)
{
    const char *every = getenv("RPERFT_PROGRESS_INTERVAL");
    double interval = every ? atof(every) : 1.0;
    *p = (progress_t){.terminal = isatty(STDERR_FILENO), .start = seconds_now(),
                      .interval = interval > 0 ? interval : 1.0};
}

double progress_elapsed(const progress_t *p) { return seconds_now() - p->start; }

bool progress_due(const progress_t *p) { return p->terminal && progress_elapsed(p) >= p->interval; }

void progress_show(progress_t *p, const char *fmt, ...)
{
    double now = progress_elapsed(p);
    double every = p->interval < 0.1 ? p->interval : 0.1; /* at most ten redraws a second */
    if (!progress_due(p) || (p->shown && now - p->drawn < every))
        return;
    p->drawn = now;
    char elapsed[32];
    va_list ap;
    fprintf(stderr, "\r\033[K%s: ", duration_text(progress_elapsed(p), elapsed, sizeof elapsed));
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fflush(stderr);
    p->shown = true;
}

void progress_clear(progress_t *p)
{
    if (p->shown)
        fputs("\r\033[K", stderr);
    p->shown = false;
}

const char *duration_text(double seconds, char *buf, size_t len)
{
    long s = (long)(seconds + 0.5);
    if (seconds < 9.95)
        snprintf(buf, len, "%.1f s", seconds);
    else if (seconds < 60)
        snprintf(buf, len, "%.0f s", seconds);
    else if (s < 3600)
        snprintf(buf, len, "%ld min %02ld s", s / 60, s % 60);
    else
        snprintf(buf, len, "%ld h %02ld min", s / 3600, s / 60 % 60);
    return buf;
}

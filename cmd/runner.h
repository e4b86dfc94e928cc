/* Ctrl-C (SIGINT) and SIGTERM for long runs. A perft cannot be stopped half way, so
 * it runs on a worker thread while the main thread waits for it or for a stop
 * signal, whichever comes first; after one the caller reports what finished and
 * exits with stop_signal_exit_code() (130 / 143), abandoning the worker.
 *
 * Both signals stay blocked in every thread from interrupt_setup() on: the main
 * thread takes them with sigwait() while a perft runs, or through the handler while
 * it waits in ppoll() with interrupt_poll_mask() (see rperft check). */
#ifndef RPERFT_RUNNER_H
#define RPERFT_RUNNER_H

#include <signal.h>
#include <stdbool.h>

#include "core/count.h"
#include "core/method.h"
#include "core/position.h"

/* Installs the SIGINT/SIGTERM handler and blocks both (and the worker's wake-up
 * signal) in the calling thread; call it before any other thread starts. */
void interrupt_setup(void);
/* True once SIGINT or SIGTERM has arrived. */
bool interrupt_requested(void);
/* The signal mask to wait with in ppoll() so that a stop signal interrupts the wait. */
void interrupt_poll_mask(sigset_t *mask);

typedef struct perft_job {
    const method_t *method;
    const position_t *pos;
    int depth;
    bool bulk;
    count_t nodes;   /* result */
    double seconds;  /* result */
    const search_options_t *search; /* threads and hash table; NULL: one thread, no table */
} perft_job_t;

typedef struct runner runner_t;

/* Starts the worker thread (interrupt_setup() must have run). */
runner_t *runner_start(void);
/* Calls tick(ctx) on the main thread every `seconds` while runner_run waits
 * (progress on a terminal). */
void runner_on_tick(runner_t *r, double seconds, void (*tick)(void *ctx), void *ctx);
/* Runs the jobs in order; true when all finished, false as soon as a stop signal
 * arrives (then no result is to be trusted and every later call returns false). */
bool runner_run(runner_t *r, perft_job_t *jobs, int n);
/* Ends the worker (left running, to die with the process, if it was interrupted). */
void runner_stop(runner_t *r);
/* Leaves at once after an interrupt, with every stream flushed: a normal exit()
 * would run exit handlers (the leak checker of a sanitizer build among them) while
 * the abandoned perft threads still run, and can hang there. */
_Noreturn void exit_abandoning_workers(int code);

#endif

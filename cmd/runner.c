#include "runner.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "core/split.h"

/* The worker tells the main thread it is done with this signal, so that one
 * sigwait() sees "done", SIGINT and SIGTERM alike. */
#define WAKE_SIGNAL SIGUSR1

/* The signals that ask rperft to stop, and the worker's wake-up. */
static void stop_and_wake_signals(sigset_t *set)
{
    sigemptyset(set);
    sigaddset(set, SIGINT);
    sigaddset(set, SIGTERM);
    sigaddset(set, WAKE_SIGNAL);
}

void interrupt_setup(void)
{
    struct sigaction sa = {0};
    sa.sa_handler = stop_signal_note;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0; /* no SA_RESTART: ppoll() must return EINTR */
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigset_t block;
    stop_and_wake_signals(&block);
    pthread_sigmask(SIG_BLOCK, &block, NULL);
}

bool interrupt_requested(void)
{
    return *stop_signal_flag() != 0;
}

void interrupt_poll_mask(sigset_t *mask)
{
    pthread_sigmask(SIG_BLOCK, NULL, mask);
    sigdelset(mask, SIGINT);
    sigdelset(mask, SIGTERM);
}

struct runner {
    pthread_t main, worker;
    pthread_mutex_t lock;
    pthread_cond_t wake;
    perft_job_t *jobs; /* the batch being run; NULL when idle */
    int n;
    bool quit, interrupted;
    void (*tick)(void *ctx); /* called every tick_seconds while jobs run (progress) */
    void *tick_ctx;
    double tick_seconds;
};

void runner_on_tick(runner_t *r, double seconds, void (*tick)(void *ctx), void *ctx)
{
    r->tick = tick;
    r->tick_ctx = ctx;
    r->tick_seconds = seconds;
}

/* The next signal of set; 0 when the tick's time passed first (the tick is called). */
static int wait_signal(runner_t *r, const sigset_t *set)
{
    if (!r->tick) {
        int sig = 0;
        return sigwait(set, &sig) == 0 ? sig : -1;
    }
    struct timespec t = {.tv_sec = (time_t)r->tick_seconds,
                         .tv_nsec = (long)((r->tick_seconds - (double)(time_t)r->tick_seconds) * 1e9)};
    int sig = sigtimedwait(set, NULL, &t);
    if (sig < 0 && errno == EAGAIN) {
        r->tick(r->tick_ctx);
        return 0;
    }
    return sig;
}

/* A salt per method (FNV-1a of its name, then mixed), so that no method is checked
 * with counts another method left in the table. The table is not cleared between
 * jobs: a method keeps what it stored for earlier positions and depths (clearing
 * 64 MB before each of a suite's tens of thousands of jobs made it 4x slower than
 * no table at all). */
static uint64_t method_salt(const method_t *m)
{
    uint64_t h = 0xcbf29ce484222325u;
    for (const char *c = m->name; *c; c++)
        h = (h ^ (unsigned char)*c) * 0x100000001b3u;
    h ^= h >> 29;
    return h * 0xbf58476d1ce4e5b9u;
}

static void run_jobs(perft_job_t *jobs, int n)
{
    for (int i = 0; i < n; i++) {
        perft_job_t *j = &jobs[i];
        double start = seconds_now();
        if (j->search) {
            search_options_t salted = *j->search;
            salted.key_salt = method_salt(j->method);
            j->nodes = perft_search(j->method, j->pos, j->depth, &salted);
        } else {
            j->nodes = j->method->perft(j->pos, j->depth, j->bulk);
        }
        j->seconds = seconds_now() - start;
    }
}

static void *worker_main(void *arg)
{
    runner_t *r = arg;
    pthread_mutex_lock(&r->lock);
    for (;;) {
        while (!r->jobs && !r->quit)
            pthread_cond_wait(&r->wake, &r->lock);
        if (r->quit)
            break;
        perft_job_t *jobs = r->jobs;
        int n = r->n;
        pthread_mutex_unlock(&r->lock);
        run_jobs(jobs, n);
        pthread_mutex_lock(&r->lock);
        r->jobs = NULL;
        pthread_kill(r->main, WAKE_SIGNAL);
    }
    pthread_mutex_unlock(&r->lock);
    return NULL;
}

runner_t *runner_start(void)
{
    runner_t *r = calloc(1, sizeof *r);
    if (!r) {
        perror("rperft");
        exit(EXIT_BAD_INPUT);
    }
    r->main = pthread_self();
    pthread_mutex_init(&r->lock, NULL);
    pthread_cond_init(&r->wake, NULL);
    if (pthread_create(&r->worker, NULL, worker_main, r) != 0) {
        perror("rperft: cannot start a thread");
        exit(EXIT_BAD_INPUT);
    }
    return r;
}

bool runner_run(runner_t *r, perft_job_t *jobs, int n)
{
    if (r->interrupted || *stop_signal_flag())
        return r->interrupted = true, false;
    pthread_mutex_lock(&r->lock);
    r->jobs = jobs;
    r->n = n;
    pthread_cond_signal(&r->wake);
    pthread_mutex_unlock(&r->lock);
    sigset_t wait_for;
    stop_and_wake_signals(&wait_for);
    for (;;) {
        int sig = wait_signal(r, &wait_for);
        if (sig <= 0)
            continue;
        if (sig != WAKE_SIGNAL) {
            stop_signal_note(sig);
            r->interrupted = true;
            return false;
        }
        pthread_mutex_lock(&r->lock);
        bool done = r->jobs == NULL;
        pthread_mutex_unlock(&r->lock);
        if (done)
            return true;
    }
}

_Noreturn void exit_abandoning_workers(int code)
{
    fflush(NULL);
    _exit(code);
}

void runner_stop(runner_t *r)
{
    if (r->interrupted)
        return; /* the worker may still be inside a perft: let it die with the process */
    pthread_mutex_lock(&r->lock);
    r->quit = true;
    pthread_cond_signal(&r->wake);
    pthread_mutex_unlock(&r->lock);
    pthread_join(r->worker, NULL);
    pthread_mutex_destroy(&r->lock);
    pthread_cond_destroy(&r->wake);
    free(r);
}

#include "engine.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "process.h"
#include "runner.h"

extern char **environ;

enum {
    TRANSCRIPT_LINES = 24,   /* the last lines kept to show what an engine printed */
    TRANSCRIPT_WIDTH = 200,
    LONGEST_LINE = 1 << 16,  /* a longer line is garbage */
};

struct engine {
    char *command;
    engine_protocol_t protocol;
    double timeout;
    pid_t pid;               /* 0: not running */
    int to, from;            /* pipes to its stdin and from its stdout */
    bool chess960;           /* UCI_Chess960 as last set */
    char *buf;               /* bytes read, not yet taken as lines */
    size_t len, cap;
    bool eof;
    char *line;              /* the line handed out by read_line() */
    size_t line_cap;
    char ring[TRANSCRIPT_LINES][TRANSCRIPT_WIDTH];
    int ring_start, ring_count;
    char transcript[TRANSCRIPT_LINES * (TRANSCRIPT_WIDTH + 8) + 64];
};

static void *grow(void *p, size_t size)
{
    void *q = realloc(p, size);
    if (!q) {
        perror("rperft");
        exit(EXIT_BAD_INPUT);
    }
    return q;
}

__attribute__((format(printf, 3, 4)))
static engine_status_t failed(char *why, size_t whylen, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, whylen, fmt, ap);
    va_end(ap);
    return ENGINE_FAILED;
}

/* ---- divide lists ------------------------------------------------------------------ */

void divide_add(divide_t *d, const char *move, count_t nodes)
{
    if (d->n == d->cap) {
        d->cap = d->cap ? 2 * d->cap : 64;
        d->moves = grow(d->moves, (size_t)d->cap * sizeof *d->moves);
    }
    divide_move_t *m = &d->moves[d->n++];
    snprintf(m->move, sizeof m->move, "%s", move);
    m->nodes = nodes;
}

static int by_move(const void *a, const void *b)
{
    return strcmp(((const divide_move_t *)a)->move, ((const divide_move_t *)b)->move);
}

void divide_sort(divide_t *d)
{
    if (d->n > 1)
        qsort(d->moves, (size_t)d->n, sizeof *d->moves, by_move);
}

const divide_move_t *divide_find(const divide_t *d, const char *move)
{
    divide_move_t key;
    snprintf(key.move, sizeof key.move, "%s", move);
    return d->n ? bsearch(&key, d->moves, (size_t)d->n, sizeof *d->moves, by_move) : NULL;
}

void divide_free(divide_t *d)
{
    free(d->moves);
    *d = (divide_t){0};
}

/* ---- protocols ------------------------------------------------------------------------ */

static const char *const protocol_names[] = {
    [PROTOCOL_AUTO] = "auto", [PROTOCOL_UCI] = "uci", [PROTOCOL_PERFT] = "perft", [PROTOCOL_PERFTREE] = "perftree"};

bool engine_protocol_parse(const char *name, engine_protocol_t *out)
{
    if (!strcmp(name, "go-perft")) {
        *out = PROTOCOL_UCI;
        return true;
    }
    for (int i = 0; i < (int)(sizeof protocol_names / sizeof *protocol_names); i++)
        if (!strcmp(name, protocol_names[i])) {
            *out = (engine_protocol_t)i;
            return true;
        }
    return false;
}

const char *engine_protocol_name(engine_protocol_t protocol)
{
    return protocol_names[protocol];
}

engine_protocol_t engine_dialect(const engine_t *e)
{
    return e->protocol;
}

/* ---- processes ----------------------------------------------------------------------- */

engine_t *engine_new(const char *command, engine_protocol_t protocol, double timeout)
{
    engine_t *e = grow(NULL, sizeof *e);
    *e = (engine_t){.protocol = protocol, .timeout = timeout, .to = -1, .from = -1};
    size_t n = strlen(command);
    e->command = grow(NULL, n + 1);
    memcpy(e->command, command, n + 1);
    /* A write to an engine that died must fail with EPIPE, not kill rperft. */
    signal(SIGPIPE, SIG_IGN);
    return e;
}

/* Starts /bin/sh -c with argv[2] as the script, in a new process group, with the
 * default dispositions and an empty signal mask (rperft blocks SIGINT). */
static bool spawn(engine_t *e, char *const argv[], bool with_stdin, char *why, size_t whylen)
{
    int in[2] = {-1, -1}, out[2] = {-1, -1};
    if (pipe2(out, O_CLOEXEC) != 0 || (with_stdin && pipe2(in, O_CLOEXEC) != 0)) {
        failed(why, whylen, "cannot create a pipe: %s", strerror(errno));
        close(out[0]), close(out[1]);
        return false;
    }
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    if (with_stdin)
        posix_spawn_file_actions_adddup2(&fa, in[0], STDIN_FILENO);
    else
        posix_spawn_file_actions_addopen(&fa, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&fa, out[1], STDOUT_FILENO);
    posix_spawnattr_t attr;
    posix_spawnattr_init(&attr);
    sigset_t none, defaults;
    sigemptyset(&none);
    sigemptyset(&defaults);
    sigaddset(&defaults, SIGINT);
    sigaddset(&defaults, SIGPIPE);
    sigaddset(&defaults, SIGUSR1);
    posix_spawnattr_setsigmask(&attr, &none);
    posix_spawnattr_setsigdefault(&attr, &defaults);
    posix_spawnattr_setpgroup(&attr, 0);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP);
    int rc = posix_spawn(&e->pid, "/bin/sh", &fa, &attr, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    posix_spawnattr_destroy(&attr);
    close(out[1]);
    if (with_stdin)
        close(in[0]);
    if (rc != 0) {
        e->pid = 0;
        close(out[0]);
        if (with_stdin)
            close(in[1]);
        failed(why, whylen, "cannot start /bin/sh: %s", strerror(rc));
        return false;
    }
    e->to = in[1];
    e->from = out[0];
    e->len = 0;
    e->eof = false;
    return true;
}

/* Waits up to `wait` seconds for the engine to exit by itself, then kills its whole
 * process group (it may have started children) and reaps it. status_text says how
 * it ended. */
static void stop(engine_t *e, double wait, char *status_text, size_t len)
{
    if (status_text && len)
        snprintf(status_text, len, "was killed by rperft");
    if (e->to >= 0)
        close(e->to);
    if (e->pid > 0) {
        double end = seconds_now() + wait;
        siginfo_t info;
        bool exited = false;
        for (;;) {
            info.si_pid = 0;
            /* WNOWAIT: the group id stays reserved until the kill below. */
            if (waitid(P_PID, (id_t)e->pid, &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid == e->pid) {
                exited = true;
                break;
            }
            if (seconds_now() >= end)
                break;
            struct timespec ts = {0, 5 * 1000 * 1000};
            nanosleep(&ts, NULL);
        }
        kill(-e->pid, SIGKILL);
        int status = 0;
        while (waitpid(e->pid, &status, 0) < 0 && errno == EINTR)
            ;
        if (exited && status_text)
            process_describe_status(status, status_text, len);
    }
    if (e->from >= 0)
        close(e->from);
    e->pid = 0;
    e->to = e->from = -1;
}

void engine_free(engine_t *e)
{
    if (!e)
        return;
    if (e->pid > 0 && e->protocol != PROTOCOL_PERFTREE && e->to >= 0) {
        if (write(e->to, "quit\n", 5) < 0) {
            /* it is gone already; stop() reaps it */
        }
    }
    stop(e, 0.5, NULL, 0);
    free(e->buf);
    free(e->line);
    free(e->command);
    free(e);
}

static bool send_text(engine_t *e, const char *text)
{
    size_t len = strlen(text);
    while (len) {
        ssize_t n = write(e->to, text, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        text += n, len -= (size_t)n;
    }
    return true;
}

/* ---- reading ----------------------------------------------------------------------- */

typedef enum { READ_LINE, READ_EOF, READ_TIMEOUT, READ_INTERRUPTED, READ_TOO_LONG, READ_ERROR } read_result_t;

static void remember(engine_t *e, const char *line)
{
    int slot = (e->ring_start + e->ring_count) % TRANSCRIPT_LINES;
    if (e->ring_count == TRANSCRIPT_LINES)
        e->ring_start = (e->ring_start + 1) % TRANSCRIPT_LINES;
    else
        e->ring_count++;
    snprintf(e->ring[slot], TRANSCRIPT_WIDTH, "%s", line);
}

static void forget(engine_t *e)
{
    e->ring_start = e->ring_count = 0;
}

const char *engine_transcript(engine_t *e)
{
    size_t at = 0;
    e->transcript[0] = '\0';
    if (e->ring_count == 0)
        snprintf(e->transcript, sizeof e->transcript, "  (it printed nothing)\n");
    for (int i = 0; i < e->ring_count; i++)
        at += (size_t)snprintf(e->transcript + at, sizeof e->transcript - at, "  | %s\n",
                               e->ring[(e->ring_start + i) % TRANSCRIPT_LINES]);
    return e->transcript;
}

/* Takes the next whole line out of the buffer, if there is one. */
static bool take_line(engine_t *e)
{
    char *nl = e->len ? memchr(e->buf, '\n', e->len) : NULL; /* buf may still be NULL */
    if (!nl && !(e->eof && e->len > 0))
        return false;
    size_t n = nl ? (size_t)(nl - e->buf) : e->len;
    size_t used = nl ? n + 1 : n;
    if (n + 1 > e->line_cap) {
        e->line_cap = n + 1;
        e->line = grow(e->line, e->line_cap);
    }
    memcpy(e->line, e->buf, n);
    e->line[n] = '\0';
    while (n > 0 && (e->line[n - 1] == '\r' || e->line[n - 1] == ' ' || e->line[n - 1] == '\t'))
        e->line[--n] = '\0';
    memmove(e->buf, e->buf + used, e->len - used);
    e->len -= used;
    remember(e, e->line);
    return true;
}

/* The next line the engine prints, waiting until deadline at most. */
static read_result_t read_line(engine_t *e, double deadline)
{
    for (;;) {
        if (take_line(e))
            return READ_LINE;
        if (e->eof)
            return READ_EOF;
        if (e->len > LONGEST_LINE)
            return READ_TOO_LONG;
        double left = deadline - seconds_now();
        if (left <= 0)
            return READ_TIMEOUT;
        struct timespec ts = {(time_t)left, (long)((left - (double)(time_t)left) * 1e9)};
        struct pollfd p = {.fd = e->from, .events = POLLIN};
        sigset_t mask;
        interrupt_poll_mask(&mask);
        int r = ppoll(&p, 1, &ts, &mask);
        if (r < 0 && errno == EINTR) {
            if (interrupt_requested())
                return READ_INTERRUPTED;
            continue;
        }
        if (r < 0)
            return READ_ERROR;
        if (r == 0)
            continue;
        if (e->cap - e->len < 4096) {
            e->cap = e->cap ? 2 * e->cap : 8192;
            e->buf = grow(e->buf, e->cap);
        }
        ssize_t got = read(e->from, e->buf + e->len, e->cap - e->len);
        if (got < 0 && errno != EINTR)
            return READ_ERROR;
        if (got == 0)
            e->eof = true;
        if (got > 0)
            e->len += (size_t)got;
    }
}

/* Why a read ended without the line wanted, as one phrase; kills the engine. */
static engine_status_t read_failure(engine_t *e, read_result_t r, const char *waiting_for, char *why, size_t whylen)
{
    if (r == READ_INTERRUPTED) {
        stop(e, 0, NULL, 0);
        return ENGINE_INTERRUPTED;
    }
    char status[128];
    switch (r) {
    case READ_EOF:
        stop(e, 1.0, status, sizeof status);
        return failed(why, whylen, "the engine %s before %s", status, waiting_for);
    case READ_TIMEOUT:
        stop(e, 0, NULL, 0);
        return failed(why, whylen, "no %s within %g s (--timeout); the engine was killed", waiting_for, e->timeout);
    case READ_TOO_LONG:
        stop(e, 0, NULL, 0);
        return failed(why, whylen, "the engine printed a line longer than %d bytes while rperft waited for %s",
                      LONGEST_LINE, waiting_for);
    default:
        stop(e, 0, NULL, 0);
        return failed(why, whylen, "cannot read from the engine: %s", strerror(errno));
    }
}

/* ---- parsing ---------------------------------------------------------------------- */

static bool is_square(const char *s)
{
    return s[0] >= 'a' && s[0] <= 'h' && s[1] >= '1' && s[1] <= '8';
}

/* "e2e4: 20", "e7e8q 1", "a7b8Q: 3": a UCI move, an optional colon, a count. */
static bool parse_move_line(const char *line, char *move, count_t *nodes, bool *bad_count)
{
    const char *s = line;
    while (*s == ' ' || *s == '\t')
        s++;
    if (!is_square(s) || !is_square(s + 2))
        return false;
    size_t n = 4;
    if (isalpha((unsigned char)s[4]))
        n = 5;
    if (s[n] != ':' && s[n] != ' ' && s[n] != '\t')
        return false;
    for (size_t i = 0; i < n; i++)
        move[i] = (char)tolower((unsigned char)s[i]);
    move[n] = '\0';
    const char *c = s + n;
    while (*c == ' ' || *c == '\t' || *c == ':')
        c++;
    size_t len = strspn(c, "0123456789");
    *bad_count = len == 0 || c[len] != '\0' || !count_parse(c, len, nodes);
    return true;
}

/* "Nodes searched: N" (Stockfish) or "Nodes: N", any case. */
static bool parse_total_line(const char *line, count_t *total, bool *bad_count)
{
    const char *s = line;
    while (*s == ' ' || *s == '\t')
        s++;
    if (strncasecmp(s, "nodes", 5) != 0)
        return false;
    s += 5;
    if (strncasecmp(s, " searched", 9) == 0)
        s += 9;
    while (*s == ' ')
        s++;
    if (*s != ':')
        return false;
    s++;
    while (*s == ' ')
        s++;
    size_t len = strspn(s, "0123456789");
    *bad_count = len == 0 || s[len] != '\0' || !count_parse(s, len, total);
    return true;
}

/* ---- UCI -------------------------------------------------------------------------- */

static engine_status_t wait_for_word(engine_t *e, const char *word, char *why, size_t whylen)
{
    double deadline = seconds_now() + e->timeout;
    for (;;) {
        read_result_t r = read_line(e, deadline);
        if (r != READ_LINE) {
            char what[64];
            snprintf(what, sizeof what, "'%s'", word);
            return read_failure(e, r, what, why, whylen);
        }
        if (strcmp(e->line + strspn(e->line, " \t"), word) == 0)
            return ENGINE_OK;
    }
}

engine_status_t engine_start(engine_t *e, char *why, size_t whylen)
{
    if (e->protocol == PROTOCOL_PERFTREE || e->pid > 0)
        return ENGINE_OK;
    forget(e);
    size_t n = strlen(e->command) + 8;
    char *script = grow(NULL, n);
    snprintf(script, n, "exec %s", e->command);
    char *argv[] = {"sh", "-c", script, NULL};
    bool ok = spawn(e, argv, true, why, whylen);
    free(script);
    if (!ok)
        return ENGINE_FAILED;
    e->chess960 = false;
    if (!send_text(e, "uci\n"))
        return read_failure(e, READ_EOF, "'uciok'", why, whylen);
    engine_status_t s = wait_for_word(e, "uciok", why, whylen);
    if (s == ENGINE_OK && !send_text(e, "isready\n"))
        return read_failure(e, READ_EOF, "'readyok'", why, whylen);
    return s == ENGINE_OK ? wait_for_word(e, "readyok", why, whylen) : s;
}

/* What one answer to a perft query turned out to be. */
typedef enum { ANSWER_COUNTED, ANSWER_SEARCHED, ANSWER_UNKNOWN, ANSWER_FAILED } answer_t;

static bool starts_with_word(const char *line, const char *word)
{
    size_t n = strlen(word);
    return strncmp(line, word, n) == 0 && (line[n] == '\0' || line[n] == ' ' || line[n] == '\t');
}

/* A line that is one whole count: the total of engines that print nothing else. */
static bool parse_bare_count(const char *line, count_t *total)
{
    const char *s = line + strspn(line, " \t");
    size_t len = strspn(s, "0123456789");
    return len > 0 && s[len] == '\0' && count_parse(s, len, total);
}

static bool contains_nocase(const char *text, const char *word)
{
    size_t n = strlen(word);
    for (; *text; text++)
        if (strncasecmp(text, word, n) == 0)
            return true;
    return false;
}

/* Reads the answer to one query up to its total. A search ("info depth",
 * "bestmove") or "unknown command" ends it at once, so that no dialect is ever
 * found out by a timeout; the engine is killed then (a search would go on). */
static answer_t read_answer(engine_t *e, divide_t *out, engine_status_t *status, char *why, size_t whylen)
{
    double deadline = seconds_now() + e->timeout;
    for (;;) {
        read_result_t r = read_line(e, deadline);
        if (r != READ_LINE) {
            *status = read_failure(e, r, "the total ('Nodes searched: N' or a number)", why, whylen);
            return ANSWER_FAILED;
        }
        const char *l = e->line + strspn(e->line, " \t");
        char move[8];
        count_t nodes;
        bool bad = false;
        if (starts_with_word(l, "bestmove") || strncmp(l, "info depth ", 11) == 0) {
            stop(e, 0, NULL, 0);
            snprintf(why, whylen, "'%.80s'", l);
            return ANSWER_SEARCHED;
        }
        if (contains_nocase(l, "unknown command")) {
            stop(e, 0, NULL, 0);
            snprintf(why, whylen, "'%.80s'", l);
            return ANSWER_UNKNOWN;
        }
        if ((parse_total_line(l, &out->total, &bad) && !bad) || parse_bare_count(l, &out->total)) {
            divide_sort(out);
            out->listed = out->n > 0 || out->total == 0;
            return ANSWER_COUNTED;
        }
        if (!bad && parse_move_line(l, move, &nodes, &bad) && !bad) {
            if (divide_find(out, move)) {
                stop(e, 0, NULL, 0);
                *status = failed(why, whylen, "the engine listed %s twice", move);
                return ANSWER_FAILED;
            }
            divide_add(out, move, nodes);
            divide_sort(out);
            continue;
        }
        if (bad) {
            stop(e, 0, NULL, 0);
            *status = failed(why, whylen, "unreadable count in the engine's line '%.80s'", l);
            return ANSWER_FAILED;
        }
        /* info strings, banners, blank lines: not ours to judge */
    }
}

static engine_status_t uci_divide(engine_t *e, const char *fen, const char *moves, bool chess960, int depth,
                                  divide_t *out, char *why, size_t whylen)
{
    for (;;) {
        engine_status_t s = engine_start(e, why, whylen);
        if (s != ENGINE_OK)
            return s;
        forget(e);
        engine_protocol_t dialect = e->protocol == PROTOCOL_AUTO ? PROTOCOL_UCI : e->protocol;
        size_t n = strlen(fen) + strlen(moves) + 128;
        char *cmd = grow(NULL, n);
        int at = 0;
        if (chess960 != e->chess960)
            at = snprintf(cmd, n, "setoption name UCI_Chess960 value %s\n", chess960 ? "true" : "false");
        snprintf(cmd + at, n - (size_t)at, "position fen %s%s%s\n%s %d\n", fen, *moves ? " moves " : "", moves,
                 dialect == PROTOCOL_UCI ? "go perft" : "perft", depth);
        bool sent = send_text(e, cmd);
        free(cmd);
        if (!sent)
            return read_failure(e, READ_EOF, "its divide", why, whylen);
        e->chess960 = chess960;
        *out = (divide_t){0};
        answer_t a = read_answer(e, out, &s, why, whylen);
        if (a == ANSWER_COUNTED) {
            e->protocol = dialect;
            return ENGINE_OK;
        }
        if (a == ANSWER_FAILED)
            return s;
        char line[128];
        snprintf(line, sizeof line, "%s", why);
        divide_free(out);
        if (e->protocol == PROTOCOL_AUTO) { /* go perft was not it: the engine restarts for bare perft */
            e->protocol = PROTOCOL_PERFT;
            continue;
        }
        if (a == ANSWER_SEARCHED && dialect == PROTOCOL_UCI)
            return failed(why, whylen, "this engine searched instead of counting (%s after 'go perft %d'): "
                          "try --protocol perft", line, depth);
        if (a == ANSWER_SEARCHED)
            return failed(why, whylen, "this engine searched instead of counting (%s after 'perft %d')", line,
                          depth);
        return failed(why, whylen, "the engine does not know '%s %d' (%s): try --protocol %s",
                      dialect == PROTOCOL_UCI ? "go perft" : "perft", depth, line,
                      dialect == PROTOCOL_UCI ? "perft" : "uci");
    }
}

/* ---- perftree ------------------------------------------------------------------------ */

/* Reads the script's whole output: "move count" lines, an empty line, the total. */
static engine_status_t perftree_read(engine_t *e, divide_t *out, char *why, size_t whylen)
{
    double deadline = seconds_now() + e->timeout;
    bool blank_seen = false, total_seen = false;
    int line_no = 0;
    for (;;) {
        read_result_t r = read_line(e, deadline);
        if (r == READ_EOF)
            break;
        if (r != READ_LINE)
            return read_failure(e, r, "its output", why, whylen);
        line_no++;
        const char *l = e->line + strspn(e->line, " \t");
        char move[8];
        count_t nodes;
        bool bad = false;
        if (!*l) {
            blank_seen = true;
        } else if (!blank_seen) {
            if (!parse_move_line(l, move, &nodes, &bad) || bad || divide_find(out, move)) {
                stop(e, 0, NULL, 0);
                return failed(why, whylen, "line %d of its output is not 'MOVE COUNT': '%.80s'", line_no, l);
            }
            divide_add(out, move, nodes);
            divide_sort(out);
        } else if (!total_seen && count_parse(l, strlen(l), &out->total)) {
            total_seen = true;
        } else {
            stop(e, 0, NULL, 0);
            return failed(why, whylen, "line %d of its output is not %s: '%.80s'", line_no,
                          total_seen ? "expected (the total was given)" : "the total", l);
        }
    }
    char status[128];
    stop(e, e->timeout > 1 ? 1.0 : e->timeout, status, sizeof status);
    if (strcmp(status, "exited with status 0") != 0)
        return failed(why, whylen, "the script %s", status);
    if (!total_seen)
        return failed(why, whylen, "no total line (moves, an empty line, then the total)");
    out->listed = true;
    return ENGINE_OK;
}

static engine_status_t perftree_divide(engine_t *e, const char *fen, const char *moves, int depth, divide_t *out,
                                       char *why, size_t whylen)
{
    forget(e);
    size_t n = strlen(e->command) + 16;
    char *script = grow(NULL, n);
    snprintf(script, n, "exec %s \"$@\"", e->command);
    char depth_text[16];
    snprintf(depth_text, sizeof depth_text, "%d", depth);
    char *argv[] = {"sh", "-c", script, "rperft-check", depth_text, (char *)fen, *moves ? (char *)moves : NULL, NULL};
    bool ok = spawn(e, argv, false, why, whylen);
    free(script);
    return ok ? perftree_read(e, out, why, whylen) : ENGINE_FAILED;
}

engine_status_t engine_divide(engine_t *e, const char *fen, const char *moves, bool chess960, int depth,
                              divide_t *out, char *why, size_t whylen)
{
    *out = (divide_t){0};
    engine_status_t s = e->protocol != PROTOCOL_PERFTREE ? uci_divide(e, fen, moves, chess960, depth, out, why, whylen)
                                                         : perftree_divide(e, fen, moves, depth, out, why, whylen);
    if (s != ENGINE_OK)
        divide_free(out);
    return s;
}

#include "compare_subject.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli.h"
#include "process.h"
#include "core/method.h"

static char *this_binary(void)
{
    char path[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", path, sizeof path - 1);
    if (n <= 0)
        return NULL;
    path[n] = '\0';
    return strdup(path);
}

static bool executable(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0;
}

bool subject_parse(const char *spec, double timeout, subject_t *s, char *why, size_t whylen)
{
    *s = (subject_t){0};
    snprintf(s->label, sizeof s->label, "%s", spec);
    if (!strncmp(spec, "uci:", 4)) {
        if (!spec[4]) {
            snprintf(why, whylen, "'uci:' names no engine command");
            return false;
        }
        s->uci = true;
        s->engine = engine_new(spec + 4, PROTOCOL_UCI, timeout);
        return true;
    }
    const char *at = strrchr(spec, '@');
    if (at || strchr(spec, '/')) { /* another rperft, perhaps with a method */
        size_t n = at ? (size_t)(at - spec) : strlen(spec);
        s->binary = strndup(spec, n);
        if (at)
            snprintf(s->method, sizeof s->method, "%s", at + 1);
        if (!executable(s->binary)) {
            snprintf(why, whylen, "'%s' is not an executable file", s->binary);
            subject_free(s);
            return false;
        }
        return true;
    }
    if (!method_find(spec)) {
        snprintf(why, whylen, "'%s' is neither a method of this rperft (see 'rperft methods'), a path to an "
                              "rperft binary, nor uci:COMMAND", spec);
        return false;
    }
    snprintf(s->method, sizeof s->method, "%s", spec);
    s->binary = this_binary();
    if (!s->binary) {
        snprintf(why, whylen, "cannot find this rperft's binary (/proc/self/exe)");
        return false;
    }
    return true;
}

void subject_free(subject_t *s)
{
    free(s->binary);
    engine_free(s->engine);
    *s = (subject_t){0};
}

const char *instr_tool_name(instr_tool_t tool)
{
    return tool == INSTR_PERF ? "perf stat" : tool == INSTR_CALLGRIND ? "valgrind callgrind" : "none";
}

/* The count a counter printed on stderr: perf stat -x, gives "N,,instructions:u,...";
 * callgrind "==PID== Collected : N". */
static bool parse_instructions(instr_tool_t tool, const char *err, double *out)
{
    const char *key = tool == INSTR_PERF ? ",instructions" : "Collected : ";
    const char *line = NULL;
    for (const char *p = strstr(err, key); p; p = strstr(p + 1, key))
        line = p;
    if (!line)
        return false;
    if (tool == INSTR_PERF) {
        while (line > err && line[-1] != '\n')
            line--;
    } else {
        line += strlen(key);
    }
    char *end;
    double v = strtod(line, &end);
    if (end == line)
        return false;
    *out = v;
    return true;
}

bool instr_tool_detect(instr_tool_t *tool, char *why, size_t whylen)
{
    char *perf[] = {"perf", "stat", "-x,", "-e", "instructions:u", "true", NULL};
    process_result_t r;
    double v;
    char ignored[256];
    if (process_run(perf, &r, ignored, sizeof ignored)) {
        bool ok = WIFEXITED(r.status) && WEXITSTATUS(r.status) == 0 && parse_instructions(INSTR_PERF, r.err, &v) &&
                  v > 0;
        process_result_free(&r);
        if (ok) {
            *tool = INSTR_PERF;
            return true;
        }
    }
    char *vg[] = {"valgrind", "--version", NULL};
    if (process_run(vg, &r, ignored, sizeof ignored)) {
        bool ok = WIFEXITED(r.status) && WEXITSTATUS(r.status) == 0;
        process_result_free(&r);
        if (ok) {
            *tool = INSTR_CALLGRIND;
            return true;
        }
    }
    snprintf(why, whylen, "cannot count instructions: 'perf stat -e instructions:u' is not allowed here "
                          "(kernel.perf_event_paranoid, or a VM without counters) and valgrind is not installed");
    return false;
}

/* The first "Nodes searched: N" line of an rperft perft's output. */
static bool parse_nodes(const char *out, count_t *nodes)
{
    const char *p = strstr(out, "Nodes searched: ");
    if (!p)
        return false;
    p += strlen("Nodes searched: ");
    size_t len = strspn(p, "0123456789");
    return len > 0 && count_parse(p, len, nodes);
}

/* The last non-empty line of text, cut to len. */
static void last_line(const char *text, char *buf, size_t len)
{
    size_t end = strlen(text);
    while (end > 0 && (text[end - 1] == '\n' || text[end - 1] == '\r'))
        end--;
    size_t start = end;
    while (start > 0 && text[start - 1] != '\n')
        start--;
    snprintf(buf, len, "%.*s", (int)(end - start), text + start);
}

static run_status_t measure_rperft(subject_t *s, measure_t measure, instr_tool_t tool, const char *fen, int depth,
                                   int reps, count_t *nodes, double *cost, char *why, size_t whylen)
{
    char depth_text[16];
    snprintf(depth_text, sizeof depth_text, "%d", depth);
    char *argv[16];
    int n = 0;
    if (measure == MEASURE_INSTRUCTIONS && tool == INSTR_PERF) {
        argv[n++] = "perf", argv[n++] = "stat", argv[n++] = "-x,", argv[n++] = "-e", argv[n++] = "instructions:u";
    } else if (measure == MEASURE_INSTRUCTIONS) {
        argv[n++] = "valgrind", argv[n++] = "--tool=callgrind", argv[n++] = "--callgrind-out-file=/dev/null";
    }
    argv[n++] = s->binary, argv[n++] = "perft", argv[n++] = "--fen", argv[n++] = (char *)fen;
    if (s->method[0])
        argv[n++] = "--method", argv[n++] = s->method;
    argv[n++] = depth_text;
    argv[n] = NULL;
    *cost = 0;
    for (int i = 0; i < (measure == MEASURE_TIME ? reps : 1); i++) {
        if (*stop_signal_flag())
            return RUN_INTERRUPTED;
        process_result_t r;
        if (!process_run(argv, &r, why, whylen))
            return RUN_FAILED;
        bool exited = WIFEXITED(r.status) && WEXITSTATUS(r.status) == 0;
        double instructions = 0;
        bool counted = measure == MEASURE_TIME || parse_instructions(tool, r.err, &instructions);
        if (!exited || !parse_nodes(r.out, nodes) || !counted) {
            char status[96];
            process_describe_status(r.status, status, sizeof status);
            char last[200];
            last_line(r.err, last, sizeof last);
            snprintf(why, whylen, "%s %s at depth %d (%s)%s%s", s->binary, status, depth,
                     exited ? "no count in its output" : "it failed", *last ? ": " : "", last);
            if (measure == MEASURE_INSTRUCTIONS && tool == INSTR_CALLGRIND && !exited)
                snprintf(why + strlen(why), whylen - strlen(why),
                         "; valgrind 3.19 cannot run AVX-512 code: build rperft with -Dmarch=x86-64-v3 "
                         "(or another -march without AVX-512) to count its instructions");
            process_result_free(&r);
            return *stop_signal_flag() ? RUN_INTERRUPTED : RUN_FAILED;
        }
        *cost += measure == MEASURE_TIME ? r.seconds : instructions;
        process_result_free(&r);
    }
    return RUN_OK;
}

static run_status_t measure_uci(subject_t *s, measure_t measure, const char *fen, bool chess960, int depth, int reps,
                                count_t *nodes, double *cost, char *why, size_t whylen)
{
    if (measure != MEASURE_TIME) {
        snprintf(why, whylen, "instructions are counted for rperft binaries only, not for UCI engines");
        return RUN_FAILED;
    }
    *cost = 0;
    for (int i = 0; i < reps; i++) {
        divide_t d;
        double start = seconds_now();
        engine_status_t st = engine_divide(s->engine, fen, "", chess960, depth, &d, why, whylen);
        *cost += seconds_now() - start;
        if (st != ENGINE_OK)
            return st == ENGINE_INTERRUPTED ? RUN_INTERRUPTED : RUN_FAILED;
        *nodes = d.total;
        divide_free(&d);
    }
    return RUN_OK;
}

run_status_t subject_measure(subject_t *s, measure_t measure, instr_tool_t tool, const char *fen, bool chess960,
                             int depth, int reps, count_t *nodes, double *cost, char *why, size_t whylen)
{
    return s->uci ? measure_uci(s, measure, fen, chess960, depth, reps, nodes, cost, why, whylen)
                  : measure_rperft(s, measure, tool, fen, depth, reps, nodes, cost, why, whylen);
}

#include "process.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli.h"
#include "runner.h"

extern char **environ;

typedef struct sink {
    int fd;
    char *text;
    size_t len;
} sink_t;

/* Reads what is there; false at end of file. Output past the cap is read and dropped. */
static bool drain(sink_t *s)
{
    char buf[65536];
    ssize_t n = read(s->fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR)
        return true;
    if (n <= 0)
        return false;
    size_t keep = s->len + (size_t)n > PROCESS_OUTPUT_MAX ? PROCESS_OUTPUT_MAX - s->len : (size_t)n;
    char *grown = realloc(s->text, s->len + keep + 1);
    if (!grown) {
        perror("rperft");
        exit(EXIT_BAD_INPUT);
    }
    s->text = grown;
    memcpy(s->text + s->len, buf, keep);
    s->len += keep;
    s->text[s->len] = '\0';
    return true;
}

bool process_run(char *const argv[], process_result_t *r, char *why, size_t whylen)
{
    *r = (process_result_t){0};
    int out[2], err[2];
    if (pipe2(out, O_CLOEXEC) != 0) {
        snprintf(why, whylen, "cannot create a pipe: %s", strerror(errno));
        return false;
    }
    if (pipe2(err, O_CLOEXEC) != 0) {
        snprintf(why, whylen, "cannot create a pipe: %s", strerror(errno));
        close(out[0]), close(out[1]);
        return false;
    }
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&fa, out[1], STDOUT_FILENO);
    posix_spawn_file_actions_adddup2(&fa, err[1], STDERR_FILENO);
    posix_spawnattr_t attr;
    posix_spawnattr_init(&attr);
    sigset_t none;
    sigemptyset(&none);
    posix_spawnattr_setsigmask(&attr, &none);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK);
    pid_t pid;
    double start = seconds_now();
    int rc = posix_spawnp(&pid, argv[0], &fa, &attr, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    posix_spawnattr_destroy(&attr);
    close(out[1]), close(err[1]);
    if (rc != 0) {
        snprintf(why, whylen, "cannot start %s: %s", argv[0], strerror(rc));
        close(out[0]), close(err[0]);
        return false;
    }
    sink_t sinks[2] = {{.fd = out[0]}, {.fd = err[0]}};
    bool open_[2] = {true, true};
    while (open_[0] || open_[1]) {
        struct pollfd p[2] = {{.fd = open_[0] ? out[0] : -1, .events = POLLIN},
                              {.fd = open_[1] ? err[0] : -1, .events = POLLIN}};
        sigset_t mask;
        interrupt_poll_mask(&mask);
        if (ppoll(p, 2, NULL, &mask) < 0) {
            if (errno != EINTR)
                break;
            if (interrupt_requested()) /* stop it; its output is read to the end */
                kill(pid, SIGTERM);
            continue;
        }
        for (int i = 0; i < 2; i++)
            if (open_[i] && (p[i].revents & (POLLIN | POLLHUP | POLLERR)))
                open_[i] = drain(&sinks[i]);
    }
    close(out[0]), close(err[0]);
    while (waitpid(pid, &r->status, 0) < 0 && errno == EINTR)
        ;
    r->seconds = seconds_now() - start;
    r->out = sinks[0].text ? sinks[0].text : strdup("");
    r->err = sinks[1].text ? sinks[1].text : strdup("");
    return true;
}

void process_describe_status(int status, char *buf, size_t len)
{
    if (WIFEXITED(status))
        snprintf(buf, len, "exited with status %d", WEXITSTATUS(status));
    else if (WIFSIGNALED(status))
        snprintf(buf, len, "was killed by signal %d (%s)", WTERMSIG(status), strsignal(WTERMSIG(status)));
    else
        snprintf(buf, len, "stopped");
}

void process_result_free(process_result_t *r)
{
    free(r->out);
    free(r->err);
    *r = (process_result_t){0};
}

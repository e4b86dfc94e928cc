#include "report_file.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

bool report_file_open(report_file_t *f, const char *path, char *err, size_t errlen)
{
    *f = (report_file_t){0};
    if (!strcmp(path, "-")) {
        /* The report owns standard output: what rperft prints for people goes
         * to standard error from here on, so the two never mix. */
        fflush(stdout);
        int fd = dup(STDOUT_FILENO);
        f->out = fd >= 0 ? fdopen(fd, "w") : NULL;
        f->path = strdup("standard output");
        if (!f->out || !f->path || dup2(STDERR_FILENO, STDOUT_FILENO) < 0) {
            snprintf(err, errlen, "standard output: cannot write: %s", strerror(errno));
            free(f->path);
            return false;
        }
        return true;
    }
    size_t n = strlen(path) + 32;
    f->path = strdup(path);
    f->tmp_path = malloc(n);
    if (!f->path || !f->tmp_path) {
        snprintf(err, errlen, "out of memory");
        free(f->path), free(f->tmp_path);
        return false;
    }
    snprintf(f->tmp_path, n, "%s.tmp%ld", path, (long)getpid());
    f->out = fopen(f->tmp_path, "w");
    if (!f->out) {
        snprintf(err, errlen, "%s: cannot write: %s", path, strerror(errno));
        free(f->path), free(f->tmp_path);
        *f = (report_file_t){0};
        return false;
    }
    return true;
}

bool report_file_commit(report_file_t *f, char *err, size_t errlen)
{
    bool ok = !ferror(f->out);
    if (f->tmp_path) {
        ok = (fclose(f->out) == 0) && ok;
        if (ok && rename(f->tmp_path, f->path) != 0)
            ok = false;
        if (!ok)
            unlink(f->tmp_path);
    } else {
        ok = (fclose(f->out) == 0) && ok;
    }
    if (!ok)
        snprintf(err, errlen, "%s: cannot write: %s", f->path, strerror(errno));
    free(f->path);
    free(f->tmp_path);
    *f = (report_file_t){0};
    return ok;
}

void report_file_discard(report_file_t *f)
{
    if (f->tmp_path) {
        fclose(f->out);
        unlink(f->tmp_path);
    } else if (f->out) {
        fclose(f->out);
    }
    free(f->path);
    free(f->tmp_path);
    *f = (report_file_t){0};
}

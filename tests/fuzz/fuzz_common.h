/* What the fuzz targets that read files share: an invariant check that aborts
 * (so libFuzzer keeps the input) and a path holding given bytes. Define
 * FUZZ_NAME ("fuzz_units") before including. */
#ifndef RPERFT_FUZZ_COMMON_H
#define RPERFT_FUZZ_COMMON_H

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

static inline void require(bool ok, const char *what)
{
    if (ok)
        return;
    fprintf(stderr, FUZZ_NAME ": invariant broken: %s\n", what);
    abort();
}

/* A readable path (/proc/self/fd/N) holding exactly these bytes; close the
 * returned fd after use. */
static inline int memfd_with(const void *data, size_t size, char *path, size_t pathlen)
{
    int fd = memfd_create(FUZZ_NAME, MFD_CLOEXEC);
    require(fd >= 0, "memfd_create");
    require(size == 0 || write(fd, data, size) == (ssize_t)size, "write to the memfd");
    snprintf(path, pathlen, "/proc/self/fd/%d", fd);
    return fd;
}

#endif

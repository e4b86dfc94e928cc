/* Runs a fuzz target once on each file named (directories: each file inside, in
 * name order), without libFuzzer: the regression inputs replayed in every build.
 * A broken invariant aborts; exit 0 means every input passed. */
#include <dirent.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static bool run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        return false;
    }
    size_t cap = 4096, len = 0;
    uint8_t *buf = malloc(cap);
    for (size_t n; buf && (n = fread(buf + len, 1, cap - len, f)) > 0;) {
        len += n;
        uint8_t *grown = len == cap ? realloc(buf, cap *= 2) : buf;
        if (!grown)
            free(buf);
        buf = grown;
    }
    bool ok = buf && !ferror(f);
    fclose(f);
    if (ok)
        LLVMFuzzerTestOneInput(buf, len);
    else
        fprintf(stderr, "%s: cannot read\n", path);
    free(buf);
    return ok;
}

static int by_name(const struct dirent **a, const struct dirent **b) { return strcmp((*a)->d_name, (*b)->d_name); }

static int not_hidden(const struct dirent *e) { return e->d_name[0] != '.'; }

/* Returns the number of inputs run, -1 on a file that cannot be read. */
static long run_path(const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        perror(path);
        return -1;
    }
    if (!S_ISDIR(st.st_mode))
        return run_file(path) ? 1 : -1;
    struct dirent **names;
    int n = scandir(path, &names, not_hidden, by_name);
    if (n < 0) {
        perror(path);
        return -1;
    }
    long done = 0;
    for (int i = 0; i < n; i++) {
        char child[4096];
        snprintf(child, sizeof child, "%s/%s", path, names[i]->d_name);
        long r = done >= 0 ? run_path(child) : 0;
        done = r < 0 ? -1 : done + r;
        free(names[i]);
    }
    free(names);
    return done;
}

int main(int argc, char **argv)
{
    long total = 0;
    for (int i = 1; i < argc; i++) {
        long n = run_path(argv[i]);
        if (n < 0)
            return 1;
        printf("%s: %ld input%s passed\n", argv[i], n, n == 1 ? "" : "s");
        total += n;
    }
    printf("%ld inputs passed\n", total);
    return 0;
}

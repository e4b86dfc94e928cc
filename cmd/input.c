#include "input.h"

#include <errno.h>
#include <string.h>
#include <sys/stat.h>

FILE *open_input(const char *cmd, const char *path)
{
    FILE *f = fopen(path, "r");
    struct stat st;
    int why = errno;
    if (f && fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
        fclose(f);
        f = NULL;
        why = EISDIR;
    }
    if (!f)
        fprintf(stderr, "rperft %s: %s: cannot read: %s\n", cmd, path, strerror(why));
    return f;
}

/* Opening an input file with the error users need, apart from the CLI so that the
 * file readers (cmd/unitfile.c) and their fuzz targets link it alone. */
#ifndef RPERFT_INPUT_H
#define RPERFT_INPUT_H

#include <stdio.h>

/* fopen(path, "r") that refuses a directory too (fopen opens one, and reads then
 * fail with EISDIR); NULL after "rperft CMD: PATH: cannot read: WHY". */
FILE *open_input(const char *cmd, const char *path);

#endif

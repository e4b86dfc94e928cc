/* rperft othello methods: the flip methods, in listing order, the default marked. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "othello_commands.h"
#include "core/othello.h"

int cmd_othello_methods(int argc, char **argv)
{
    if (argc > 1 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
        printf("usage: rperft othello methods\n\nOne line per flip method: name and how it finds the flips.\n");
        return EXIT_ALL_GOOD;
    }
    if (argc > 1)
        return usage_error("othello methods", "unexpected argument '%s'", argv[1]);
    for (int i = 0; othello_methods[i]; i++)
        printf("%-12s %s%s\n", othello_methods[i]->name, othello_methods[i]->description,
               othello_methods[i] == othello_method_default() ? " (default)" : "");
    return EXIT_ALL_GOOD;
}

/* rperft othello methods: the flip methods, in listing order, the default marked. */
#include <stdio.h>

#include "cli.h"
#include "othello_commands.h"
#include "core/othello.h"

static int cmd_othello_methods(const parsed_t *p)
{
    (void)p;
    for (int i = 0; othello_methods[i]; i++) {
        const char *why = "";
        bool runs = othello_methods[i]->available(&why);
        printf("%-12s %s%s%s%s\n", othello_methods[i]->name, othello_methods[i]->description,
               othello_methods[i] == othello_method_default() ? " (default)" : "", runs ? "" : "; not on this CPU: ",
               runs ? "" : why);
    }
    return EXIT_ALL_GOOD;
}

const command_t othello_methods_command = {
    .name = "othello methods",
    .summary = "list the flip methods",
    .description = "One line per flip method: its name and how it finds the discs a move flips.\n",
    .run = cmd_othello_methods,
};

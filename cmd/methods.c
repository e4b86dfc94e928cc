/* rperft methods: the slider-attack methods, their table memory, and whether this CPU runs them. */
#include "cli.h"
#include "commands.h"

static int cmd_methods(const parsed_t *p)
{
    (void)p;
    printf("%-20s %-9s %12s  %-26s %s\n", "method", "bitscan", "table bytes", "this CPU", "description");
    for (int i = 0; all_methods[i]; i++) {
        const method_t *m = all_methods[i];
        const char *why = "", *note = m->note();
        char status[96];
        if (m->available(&why))
            snprintf(status, sizeof status, "yes%s%s", note ? ", " : "", note ? note : "");
        else
            snprintf(status, sizeof status, "no: %s", why);
        printf("%-20s %-9s %12zu  %-26s %s\n", m->name, m->bitscan, m->table_bytes(), status, m->description);
    }
    return EXIT_ALL_GOOD;
}

const command_t methods_command = {
    .name = "methods",
    .summary = "list the slider-attack methods and whether this CPU runs them",
    .description = "One line per slider-attack method: name, bitscan, table bytes, whether this CPU\n"
                   "can run it (or why not), and a description.\n",
    .run = cmd_methods,
};

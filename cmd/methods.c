/* rperft methods: the slider-attack methods, their table memory, and whether this CPU runs them. */
#include <string.h>

#include "cli.h"
#include "commands.h"

int cmd_methods(int argc, char **argv)
{
    if (argc > 1 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
        printf("usage: rperft methods\n\nOne line per slider-attack method: name, bitscan, table bytes,\n"
               "whether this CPU can run it (or why not), and a description.\n");
        return EXIT_ALL_GOOD;
    }
    if (argc > 1)
        return usage_error("methods", "unexpected argument '%s'", argv[1]);
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

#include <string.h>

#include "method.h"

/* Listing order: the core method first, the reference last. */
const method_t *const all_methods[] = {
    &method_rotated,
    &method_classical,
    &method_classical_debruijn,
    &method_magic,
#if defined(__x86_64__)
    &method_pext,
#endif
    &method_naive,
    NULL,
};

const method_t *method_find(const char *name)
{
    for (int i = 0; all_methods[i]; i++)
        if (strcmp(all_methods[i]->name, name) == 0)
            return all_methods[i];
    return NULL;
}

const method_t *method_default(void) { return &method_rotated; }

bool method_prepare(const method_t *m, const char **why)
{
    if (!m->available(why))
        return false;
    return m->init(why);
}

#include <string.h>

#include "method.h"

#define METHOD(id) extern const method_t method_##id;
#include "method_list.h"
#undef METHOD

const method_t *const all_methods[] = {
#define METHOD(id) &method_##id,
#include "method_list.h"
#undef METHOD
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

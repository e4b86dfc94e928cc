/* Small pieces most method records share. */
#ifndef RPERFT_METHOD_COMMON_H
#define RPERFT_METHOD_COMMON_H

#include "method.h"
#include "tables.h"

static inline bool method_always_available(const char **why)
{
    (void)why;
    return true;
}

static inline const char *method_no_note(void) { return NULL; }

/* For the methods that look nothing up (fills, the ray walk). */
static inline size_t method_no_table_bytes(void) { return 0; }

/* For the methods whose only tables are the shared ones. */
static inline bool method_init_shared_tables(const char **why)
{
    (void)why;
    tables_init();
    return true;
}

#endif

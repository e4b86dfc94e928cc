/* Small pieces most method records share. */
#ifndef RPERFT_METHOD_COMMON_H
#define RPERFT_METHOD_COMMON_H

#include "method.h"

static inline bool method_always_available(const char **why)
{
    (void)why;
    return true;
}

static inline const char *method_no_note(void) { return NULL; }

#endif

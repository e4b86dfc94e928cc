/* The seed page's comparison, kept in the micro-benchmark: one ray operation (a
 * rook's attacks towards the h-file) written three ways, with a loop, unrolled
 * with a branch per square, and branch-free with shifts and masks only (the
 * occluded fill the dumb7fill method uses in every direction). Each form is a
 * kernel over the micro workload's rook lookups. */
#ifndef RPERFT_MICRO_RAY_H
#define RPERFT_MICRO_RAY_H

#include "core/micro_kernel.h"

enum { RAY_FORMS = 3 };

typedef struct ray_form {
    const char *name;
    micro_kernel_t kernel; /* every kind runs the rook lookups' squares */
} ray_form_t;

extern const ray_form_t ray_forms[RAY_FORMS];

#endif

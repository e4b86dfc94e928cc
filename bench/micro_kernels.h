/* The kernels bench/micro_*.c export (pext only on x86-64). */
#ifndef RPERFT_MICRO_KERNELS_H
#define RPERFT_MICRO_KERNELS_H

#include "micro.h"

extern const micro_kernel_t micro_kernel_rotated, micro_kernel_classical, micro_kernel_classical_debruijn,
    micro_kernel_magic, micro_kernel_naive;
#if defined(__x86_64__)
extern const micro_kernel_t micro_kernel_pext;
#endif

#endif

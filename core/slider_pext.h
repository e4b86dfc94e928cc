/* PEXT lookups into the magic table layout. Only for files compiled with -mbmi2
 * (the pext method and its micro-benchmark kernel), run where cpuid reports BMI2. */
#ifndef RPERFT_SLIDER_PEXT_H
#define RPERFT_SLIDER_PEXT_H

#include <immintrin.h>

#include "slider_tables.h"

static inline bb_t pext_rook_attacks(int sq, bb_t occ)
{
    const slider_entry_t *e = &rook_pext[sq];
    return e->attacks[_pext_u64(occ, e->mask)];
}

static inline bb_t pext_bishop_attacks(int sq, bb_t occ)
{
    const slider_entry_t *e = &bishop_pext[sq];
    return e->attacks[_pext_u64(occ, e->mask)];
}

#endif

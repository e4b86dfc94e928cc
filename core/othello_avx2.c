/* Flips by a vectorised Kogge-Stone fill, beyond the page: the four direction
 * pairs sit in the four 64-bit lanes of an AVX2 register (shifts 1, 8, 9 and 7,
 * each lane with its own edge mask) and are filled at once with per-lane shifts
 * (VPSLLVQ toward h8, VPSRLVQ toward a1): the eight directions of kogge-stone in
 * two chains of vector operations instead of eight scalar ones, then one OR across
 * the lanes. This file is compiled with -mavx2 (its whole perft instance may use
 * AVX2) and runs only where the CPU and OS support AVX2 (checked in othello.c,
 * built without it). */
#include <immintrin.h>

#include "othello.h"

static inline __m256i fill(__m256i g, __m256i run, __m256i s1, __m256i s2, __m256i s4, bool left)
{
#define SH(x, s) (left ? _mm256_sllv_epi64((x), (s)) : _mm256_srlv_epi64((x), (s)))
    g = _mm256_or_si256(g, _mm256_and_si256(run, SH(g, s1)));
    run = _mm256_and_si256(run, SH(run, s1));
    g = _mm256_or_si256(g, _mm256_and_si256(run, SH(g, s2)));
    run = _mm256_and_si256(run, SH(run, s2));
    return _mm256_or_si256(g, _mm256_and_si256(run, SH(g, s4)));
#undef SH
}

static inline obb_t avx2_flips(int sq, obb_t own, obb_t opp)
{
    const __m256i s1 = _mm256_setr_epi64x(1, 8, 9, 7), s2 = _mm256_setr_epi64x(2, 16, 18, 14),
                  s4 = _mm256_setr_epi64x(4, 32, 36, 28);
    const __m256i guard = _mm256_setr_epi64x((long long)OTHELLO_INNER_COLS, (long long)OTHELLO_INNER_ROWS,
                                             (long long)OTHELLO_INNER_COLS, (long long)OTHELLO_INNER_COLS);
    const __m256i m = _mm256_set1_epi64x((long long)(1ULL << sq)), p = _mm256_set1_epi64x((long long)own);
    const __m256i run = _mm256_and_si256(_mm256_set1_epi64x((long long)opp), guard), zero = _mm256_setzero_si256();
    __m256i gl = fill(m, run, s1, s2, s4, true), gr = fill(m, run, s1, s2, s4, false);
    /* A lane's run flips when the square after it is ours: all-ones where it is not. */
    __m256i open_l = _mm256_cmpeq_epi64(_mm256_and_si256(_mm256_sllv_epi64(gl, s1), p), zero);
    __m256i open_r = _mm256_cmpeq_epi64(_mm256_and_si256(_mm256_srlv_epi64(gr, s1), p), zero);
    __m256i f = _mm256_or_si256(_mm256_andnot_si256(open_l, gl), _mm256_andnot_si256(open_r, gr));
    f = _mm256_andnot_si256(m, f); /* the move itself is in every fill */
    __m128i half = _mm_or_si128(_mm256_castsi256_si128(f), _mm256_extracti128_si256(f, 1));
    return (obb_t)_mm_cvtsi128_si64(half) | (obb_t)_mm_extract_epi64(half, 1);
}

#define OTHELLO_FLIPS avx2_flips
#define OTHELLO_METHOD_NAME "avx2"
#define OTHELLO_METHOD_DESCRIPTION "the Kogge-Stone fill on four directions per AVX2 register (beyond the page)"
#define OTHELLO_METHOD_RECORD othello_avx2
#define OTHELLO_METHOD_AVAILABLE othello_avx2_available
#include "othello_tmpl.h"

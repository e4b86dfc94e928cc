/* AVX-512 fill: the Kogge-Stone fill of all eight directions at once, one 64-bit
 * lane each of a 512-bit vector. Per-lane rotates (VPROLVQ) take the place of the
 * shifts: a rotate's wrapped-around bits land on the rank or file a direction can
 * never enter (rank 1 for the northward lanes, rank 8 for the southward ones, the
 * a- or h-file for the sideways ones), so each lane's mask drops them together
 * with the usual file wrap, and the propagator doubles as in the scalar form.
 * Each step is a rotate and one VPTERNLOGQ (gen | pro & rotated). The rook's
 * lanes (0-3) and the bishop's (4-7) are ORed together at the end; the generator
 * asks for one piece kind at a time, so half the lanes are computed for nothing
 * (the micro-benchmark's queen lookup uses both from one fill).
 * This file is compiled with -mavx512f -mavx512vl, so the whole generator instance
 * may use AVX-512; it only runs where cpuid reports both and the OS saves the zmm
 * state (cpu_avx512_available, in cpu.c, built without them). */
#include <immintrin.h>

#include "cpu.h"
#include "method_common.h"
#include "slider_plain.h"

/* Lanes: N, E, S, W, NE, NW, SE, SW (_mm512_set_epi64 lists lane 7 first). */
#define LANES(n, e, s, w, ne, nw, se, sw) _mm512_set_epi64((sw), (se), (nw), (ne), (w), (s), (e), (n))
#define NOT_A (long long)0xfefefefefefefefeULL
#define NOT_H (long long)0x7f7f7f7f7f7f7f7fULL
#define NOT_1 (long long)0xffffffffffffff00ULL
#define NOT_8 (long long)0x00ffffffffffffffULL

/* gen | (pro & x): truth table over (gen, pro, x) = (0xF0, 0xCC, 0xAA). */
#define OR_AND 0xF8

static inline __m512i fill8(int sq, bb_t occ)
{
    const __m512i step1 = LANES(8, 1, 56, 63, 9, 7, 57, 55);  /* rotate left = shift by +-d */
    const __m512i step2 = LANES(16, 2, 48, 62, 18, 14, 50, 46);
    const __m512i step4 = LANES(32, 4, 32, 60, 36, 28, 36, 28);
    const __m512i lands = LANES(NOT_1, NOT_A, NOT_8, NOT_H, NOT_A & NOT_1, NOT_H & NOT_1, NOT_A & NOT_8, NOT_H & NOT_8);
    __m512i gen = _mm512_set1_epi64((long long)BB(sq));
    __m512i pro = _mm512_and_si512(_mm512_set1_epi64((long long)~occ), lands);
    gen = _mm512_ternarylogic_epi64(gen, pro, _mm512_rolv_epi64(gen, step1), OR_AND);
    pro = _mm512_and_si512(pro, _mm512_rolv_epi64(pro, step1));
    gen = _mm512_ternarylogic_epi64(gen, pro, _mm512_rolv_epi64(gen, step2), OR_AND);
    pro = _mm512_and_si512(pro, _mm512_rolv_epi64(pro, step2));
    gen = _mm512_ternarylogic_epi64(gen, pro, _mm512_rolv_epi64(gen, step4), OR_AND);
    return _mm512_and_si512(_mm512_rolv_epi64(gen, step1), lands);
}

static inline bb_t or_lanes(__m256i v)
{
    __m128i x = _mm_or_si128(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
    return (bb_t)(_mm_cvtsi128_si64(x) | _mm_extract_epi64(x, 1));
}

static inline bb_t avx512_rook_attacks(int sq, bb_t occ)
{
    return or_lanes(_mm512_castsi512_si256(fill8(sq, occ)));
}

static inline bb_t avx512_bishop_attacks(int sq, bb_t occ)
{
    return or_lanes(_mm512_extracti64x4_epi64(fill8(sq, occ), 1));
}

#define rook_attacks_of(n, sq) avx512_rook_attacks((sq), (n)->occ)
#define bishop_attacks_of(n, sq) avx512_bishop_attacks((sq), (n)->occ)
#include "perft_tmpl.h"

const method_t method_avx512_fill = {
    .name = "avx512-fill",
    .description = "Kogge-Stone fill of all 8 directions at once in one 512-bit vector (AVX-512 F/VL, no tables)",
    .bitscan = "none",
    .table_bytes = method_no_table_bytes,
    .available = cpu_avx512_available,
    .note = method_no_note,
    .init = method_init_shared_tables,
    METHOD_ENTRY_POINTS,
};

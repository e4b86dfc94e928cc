/* Bitboard basics shared by every module: square numbering, bit tricks, bitscans.
 * Bit 0 = a1, bit 7 = h1, bit 63 = h8. */
#ifndef RPERFT_BITBOARD_H
#define RPERFT_BITBOARD_H

#include <stdbool.h>
#include <stdint.h>

typedef uint64_t bb_t;

enum { NO_SQ = 64 };
enum colour { WHITE, BLACK };
enum piece_type { PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING, NO_PIECE = 7 };

#define BB(sq) ((bb_t)1 << (sq))
#define SQ(file, rank) ((rank) * 8 + (file))
#define FILE_OF(sq) ((sq) & 7)
#define RANK_OF(sq) ((sq) >> 3)

#define FILE_A_BB 0x0101010101010101ULL
#define FILE_H_BB 0x8080808080808080ULL
#define RANK_1_BB 0x00000000000000FFULL
#define RANK_2_BB 0x000000000000FF00ULL
#define RANK_7_BB 0x00FF000000000000ULL
#define RANK_8_BB 0xFF00000000000000ULL

static inline int popcount(bb_t b) { return __builtin_popcountll(b); }

/* Hardware bitscans: the caller guarantees b != 0 (ctz/clz of 0 is undefined). */
static inline int lsb(bb_t b) { return __builtin_ctzll(b); }
static inline int msb(bb_t b) { return 63 ^ __builtin_clzll(b); }
static inline int pop_lsb(bb_t *b)
{
    int sq = lsb(*b);
    *b &= *b - 1;
    return sq;
}

/* De Bruijn bitscans (Leiserson, Prokop, Randall). Both isolate "all bits up to and
 * including the scanned bit" (2^(i+1)-1): forward by b ^ (b-1), reverse by folding
 * right. So one 64-entry table serves both; it is built in debruijn_init(). */
#define DEBRUIJN64 0x03f79d71b4cb0a89ULL
extern int8_t debruijn_index[64];
void debruijn_init(void);

static inline int lsb_debruijn(bb_t b)
{
    return debruijn_index[((b ^ (b - 1)) * DEBRUIJN64) >> 58];
}

static inline int msb_debruijn(bb_t b)
{
    b |= b >> 1;
    b |= b >> 2;
    b |= b >> 4;
    b |= b >> 8;
    b |= b >> 16;
    b |= b >> 32;
    return debruijn_index[(b * DEBRUIJN64) >> 58];
}

#endif

/* Rotated-bitboard geometry (Hyatt 1994). Besides the normal occupancy the position
 * keeps three rotated copies, in which every file, every a1-h8 diagonal and every
 * h1-a8 diagonal occupies consecutive bits. A line's attacks are then one table load
 * indexed by the 6 bits of its inner squares. */
#ifndef RPERFT_ROTATED_H
#define RPERFT_ROTATED_H

#include "bitboard.h"

enum rotated_board { ROT_FILES, ROT_DIAG, ROT_ANTI }; /* indexes of the rotated method's rot[] */
enum rotated_line { LINE_RANK, LINE_FILE, LINE_DIAG, LINE_ANTI };

/* One bit per rotated board for each square: make/unmake XOR these. */
typedef struct rotated_bits {
    bb_t bit[3];
} rotated_bits_t;
extern rotated_bits_t rotated_square_bits[64];

/* Per square and line: where the line's inner squares start in the (rotated)
 * occupancy, and the 64 attack sets indexed by those 6 bits. Lines shorter than 8
 * squares use fewer than 6 index bits; the entries repeat over the unused ones, so
 * no mask per line is needed. The single-square diagonal packed last (h1 in the
 * a1-h8 board, h8 in the h1-a8 board) would need a shift by 64 (undefined in C):
 * its shift is clamped to 63, harmless since its attacks along that diagonal are
 * empty for every index. */
extern uint8_t rotated_shift[64][4];
extern bb_t rotated_attacks[64][4][64];

/* Both thread-safe and idempotent. rotated_bits_init: the square bits and shifts
 * (what keeping rotated occupancies needs, cheap); rotated_init: those and the
 * attack tables (what the rotated method looks up). */
void rotated_bits_init(void);
void rotated_init(void);

static inline void rotated_toggle(bb_t rot[3], int sq)
{
    rot[0] ^= rotated_square_bits[sq].bit[0];
    rot[1] ^= rotated_square_bits[sq].bit[1];
    rot[2] ^= rotated_square_bits[sq].bit[2];
}

/* rot = from with every square whose occupancy changed toggled: 2 for a quiet
 * move, 1 for a capture (the target stays occupied), 3 for en passant, up to 4 for
 * castling. Worked in registers and stored once (rot and from may be the same). */
static inline void rotated_update(bb_t rot[3], const bb_t from[3], bb_t changed)
{
    bb_t r[3] = {from[0], from[1], from[2]};
    while (changed)
        rotated_toggle(r, pop_lsb(&changed));
    rot[0] = r[0], rot[1] = r[1], rot[2] = r[2];
}

/* Rebuilds the three rotated boards from a normal occupancy (tests, position set-up). */
void rotated_from_occupancy(bb_t occ, bb_t rot[3]);

/* The same start bits as BMI1 BEXTR control words (start | 6 << 8): one instruction
 * extracts a line's index where the build targets BMI1 (-march=native on any
 * x86-64 CPU since 2013), instead of a shift and a mask. */
extern uint16_t rotated_bextr[64][4];

static inline bb_t rotated_line_attacks(int sq, int line, bb_t board)
{
#ifdef __BMI__
    return rotated_attacks[sq][line][__builtin_ia32_bextr_u64(board, rotated_bextr[sq][line])];
#else
    return rotated_attacks[sq][line][(board >> rotated_shift[sq][line]) & 63];
#endif
}

static inline bb_t rotated_rook_attacks(int sq, bb_t occ, const bb_t rot[3])
{
    return rotated_line_attacks(sq, LINE_RANK, occ) | rotated_line_attacks(sq, LINE_FILE, rot[ROT_FILES]);
}

static inline bb_t rotated_bishop_attacks(int sq, const bb_t rot[3])
{
    return rotated_line_attacks(sq, LINE_DIAG, rot[ROT_DIAG]) | rotated_line_attacks(sq, LINE_ANTI, rot[ROT_ANTI]);
}

#endif

#include "rotated.h"

#include <pthread.h>

#include "tables.h"

#define SCAN_FORWARD(b) lsb(b)
#define SCAN_REVERSE(b) msb(b)
#include "classical_rays.h"

rotated_bits_t rotated_square_bits[64];
uint8_t rotated_shift[64][4];
uint16_t rotated_bextr[64][4];
_Alignas(64) bb_t rotated_attacks[64][4][64];

/* Each line is walked in this direction; its squares get consecutive bits in that order. */
static const int line_step[4][2] = {
    [LINE_RANK] = {1, 0}, [LINE_FILE] = {0, 1}, [LINE_DIAG] = {1, 1}, [LINE_ANTI] = {-1, 1}};

static bool on_board(int f, int r) { return f >= 0 && f < 8 && r >= 0 && r < 8; }

static int line_id(int sq, int line)
{
    int f = FILE_OF(sq), r = RANK_OF(sq);
    switch (line) {
    case LINE_RANK: return r;
    case LINE_FILE: return f;
    case LINE_DIAG: return f - r + 7;
    default: return f + r;
    }
}

/* The squares of the line through sq, in walking order. Returns the count. */
static int line_squares(int sq, int line, int out[8])
{
    int f = FILE_OF(sq), r = RANK_OF(sq), n = 0;
    while (on_board(f - line_step[line][0], r - line_step[line][1])) {
        f -= line_step[line][0];
        r -= line_step[line][1];
    }
    for (; on_board(f, r); f += line_step[line][0], r += line_step[line][1])
        out[n++] = SQ(f, r);
    return n;
}

/* Packs the lines of one kind one after another into a 64-bit board. */
static void pack_board(int line, int board)
{
    int next = 0, squares[8];
    for (int id = 0; id < 15; id++) {
        for (int sq = 0; sq < 64; sq++) {
            if (line_id(sq, line) != id || line_squares(sq, line, squares) == 0 || squares[0] != sq)
                continue;
            int n = line_squares(sq, line, squares);
            for (int i = 0; i < n; i++) {
                rotated_square_bits[squares[i]].bit[board] = BB(next + i);
                int shift = next + 1;
                rotated_shift[squares[i]][line] = (uint8_t)(shift > 63 ? 63 : shift);
            }
            next += n;
        }
    }
}

/* The two ray directions of each line, the square index growing along the first. */
static const int line_directions[4][2] = {
    [LINE_RANK] = {PLUS1, MINUS1}, [LINE_FILE] = {PLUS8, MINUS8}, [LINE_DIAG] = {PLUS9, MINUS9},
    [LINE_ANTI] = {PLUS7, MINUS7}};

/* By the classical ray method (a fraction of a ray walk's cost: start-up time); the
 * exhaustive attack tests check every entry against the ray walk. */
static void fill_attacks(int sq, int line)
{
    int squares[8], n = line_squares(sq, line, squares);
    for (int index = 0; index < 64; index++) {
        bb_t occ = 0;
        for (int j = 0; j + 2 < n; j++) /* bit j is the (j+1)-th square: the inner ones */
            if (index & (1 << j))
                occ |= BB(squares[j + 1]);
        rotated_attacks[sq][line][index] = positive_ray_attacks(sq, occ, line_directions[line][0]) |
                                           negative_ray_attacks(sq, occ, line_directions[line][1]);
    }
}

static void build_bits(void)
{
    pack_board(LINE_FILE, ROT_FILES);
    pack_board(LINE_DIAG, ROT_DIAG);
    pack_board(LINE_ANTI, ROT_ANTI);
    for (int sq = 0; sq < 64; sq++) {
        rotated_shift[sq][LINE_RANK] = (uint8_t)(RANK_OF(sq) * 8 + 1);
        for (int line = 0; line < 4; line++)
            rotated_bextr[sq][line] = (uint16_t)(rotated_shift[sq][line] | 6 << 8);
    }
}

static void build_attacks(void)
{
    tables_init();
    rotated_bits_init();
    for (int sq = 0; sq < 64; sq++)
        for (int line = 0; line < 4; line++)
            fill_attacks(sq, line);
}

void rotated_bits_init(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, build_bits);
}

void rotated_init(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, build_attacks);
}

void rotated_from_occupancy(bb_t occ, bb_t rot[3])
{
    rot[0] = rot[1] = rot[2] = 0;
    while (occ)
        rotated_toggle(rot, pop_lsb(&occ));
}

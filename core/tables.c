#include "tables.h"

#include <pthread.h>

#include "ray_walk.h"

bb_t knight_attacks[64];
bb_t king_attacks[64];
bb_t pawn_attacks[2][64];
bb_t ray_masks[8][64];
bb_t between_masks[64][64];
bb_t line_masks[64][64];
bb_t rook_rays[64];
bb_t bishop_rays[64];
bb_t castle_must_be_empty[2][8][8];
bb_t castle_king_path[2][8][8];
uint64_t zobrist_piece[2][6][64];
uint64_t zobrist_castle[64];
uint64_t zobrist_ep[8];
uint64_t zobrist_side;
int8_t debruijn_index[64];

static const int direction_step[8][2] = {
    [PLUS1] = {1, 0},  [PLUS7] = {-1, 1},  [PLUS8] = {0, 1},  [PLUS9] = {1, 1},
    [MINUS1] = {-1, 0}, [MINUS7] = {1, -1}, [MINUS8] = {0, -1}, [MINUS9] = {-1, -1},
};

static bb_t leaper(int sq, const int (*steps)[2], int n)
{
    bb_t b = 0;
    for (int i = 0; i < n; i++) {
        int f = FILE_OF(sq) + steps[i][0], r = RANK_OF(sq) + steps[i][1];
        if (f >= 0 && f < 8 && r >= 0 && r < 8)
            b |= BB(SQ(f, r));
    }
    return b;
}

void debruijn_init(void)
{
    for (int i = 0; i < 64; i++) {
        bb_t low_bits = i == 63 ? ~0ULL : (BB(i + 1) - 1);
        debruijn_index[(low_bits * DEBRUIJN64) >> 58] = (int8_t)i;
    }
}

/* splitmix64: fixed seed, so keys (and hash-table behaviour) are the same every run. */
static uint64_t next_key(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static void build_tables(void)
{
    static const int knight_steps[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2},
                                           {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    static const int king_steps[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1},
                                         {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
    static const int white_pawn_steps[2][2] = {{-1, 1}, {1, 1}};
    static const int black_pawn_steps[2][2] = {{-1, -1}, {1, -1}};

    debruijn_init();
    for (int sq = 0; sq < 64; sq++) {
        knight_attacks[sq] = leaper(sq, knight_steps, 8);
        king_attacks[sq] = leaper(sq, king_steps, 8);
        pawn_attacks[WHITE][sq] = leaper(sq, white_pawn_steps, 2);
        pawn_attacks[BLACK][sq] = leaper(sq, black_pawn_steps, 2);
        for (int d = 0; d < 8; d++)
            ray_masks[d][sq] = ray_walk(sq, 0, &direction_step[d], 1);
        rook_rays[sq] = ray_walk_rook(sq, 0);
        bishop_rays[sq] = ray_walk_bishop(sq, 0);
    }
    for (int a = 0; a < 64; a++) {
        for (int d = 0; d < 8; d++) {
            for (bb_t r = ray_masks[d][a]; r;) {
                int b = pop_lsb(&r);
                between_masks[a][b] = ray_masks[d][a] & ~ray_masks[d][b] & ~BB(b);
                line_masks[a][b] = ray_masks[d][a] | ray_masks[(d + 4) & 7][a] | BB(a);
            }
        }
    }
    for (int c = 0; c < 2; c++)
        for (int kf = 0; kf < 8; kf++)
            for (int rf = 0; rf < 8; rf++) {
                int rank = c == WHITE ? 0 : 7, k = SQ(kf, rank), r = SQ(rf, rank);
                int king_to = SQ(rf > kf ? 6 : 2, rank), rook_to = SQ(rf > kf ? 5 : 3, rank);
                bb_t path = (between_masks[k][king_to] | BB(king_to)) & ~BB(k);
                castle_king_path[c][kf][rf] = path;
                castle_must_be_empty[c][kf][rf] = (path | between_masks[r][rook_to] | BB(rook_to)) & ~BB(k) & ~BB(r);
            }
    uint64_t state = 0x5250455246540001ULL; /* "RPERFT" */
    for (int c = 0; c < 2; c++)
        for (int p = 0; p < 6; p++)
            for (int sq = 0; sq < 64; sq++)
                zobrist_piece[c][p][sq] = next_key(&state);
    for (int sq = 0; sq < 64; sq++)
        zobrist_castle[sq] = next_key(&state);
    for (int f = 0; f < 8; f++)
        zobrist_ep[f] = next_key(&state);
    zobrist_side = next_key(&state);
}

void tables_init(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, build_tables);
}

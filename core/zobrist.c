#include "zobrist.h"

/* splitmix64, as core/tables.c draws position_t's keys. */
static uint64_t next_key(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

void zobrist_init(zobrist_t *z, uint64_t seed, int index)
{
    uint64_t state = 0x5250455246540001ULL; /* core/tables.c's start: seed 0, index 0 */
    if (seed || index) {
        uint64_t mix = seed * 2 + (uint64_t)index + 1;
        state ^= next_key(&mix);
    }
    for (int c = 0; c < 2; c++)
        for (int p = 0; p < 6; p++)
            for (int sq = 0; sq < 64; sq++)
                z->piece[c][p][sq] = next_key(&state);
    for (int sq = 0; sq < 64; sq++)
        z->castle[sq] = next_key(&state);
    for (int f = 0; f < 8; f++)
        z->ep[f] = next_key(&state);
    z->side = next_key(&state);
}

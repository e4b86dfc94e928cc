#include "position_moves.h"

#include <string.h>

#include "method.h"

int position_legal_moves(const position_t *pos, move_t *moves)
{
    const method_t *m = method_default();
    const char *why;
    method_prepare(m, &why); /* its tables, built by the first call; never fails */
    return m->generate(pos, moves);
}

bool move_from_uci(const position_t *pos, const char *text, move_t *m)
{
    move_t moves[MAX_MOVES];
    int n = position_legal_moves(pos, moves);
    for (int i = 0; i < n; i++) {
        char name[8], rook_form[8];
        move_to_uci(pos, moves[i], name);
        *square_name(MOVE_TO(moves[i]), square_name(MOVE_FROM(moves[i]), rook_form)) = '\0';
        if (strcmp(text, name) == 0 ||
            (MOVE_KIND(moves[i]) == MOVE_CASTLING && strcmp(text, rook_form) == 0)) {
            *m = moves[i];
            return true;
        }
    }
    return false;
}

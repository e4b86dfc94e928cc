#include "fen.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* One whitespace-separated field of the FEN text. */
typedef struct field {
    const char *text;
    int len;
    int column; /* 1-based */
} field_t;

enum { MAX_FIELDS = 7 }; /* 6 fields plus one to detect trailing text */
enum { COUNT_LIMIT = 1000000000 };

static const char *const field_names[6] = {"pieces", "side", "castling", "en passant",
                                           "halfmove", "fullmove"};
static const char *const colour_names[2] = {"white", "black"};
static const char piece_letters[] = "pnbrqk"; /* indexed by piece type */

__attribute__((format(printf, 4, 5)))
static bool fail(fen_error_t *err, const char *field, int column, const char *fmt, ...)
{
    err->field = field;
    err->column = column;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
    return false;
}

/* \r and \n count as blanks too, so a line read with its ending still parses. */
static bool is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* Splits text into at most MAX_FIELDS fields; returns how many were found. */
static int split_fields(const char *text, field_t *fields, int *end_column)
{
    int n = 0, i = 0;
    *end_column = 1;
    while (text[i] && n < MAX_FIELDS) {
        while (is_blank(text[i]))
            i++;
        if (!text[i])
            break;
        int start = i;
        while (text[i] && !is_blank(text[i]))
            i++;
        fields[n++] = (field_t){text + start, i - start, start + 1};
        *end_column = i + 1;
    }
    return n;
}

static bool piece_of_letter(char c, int *type, int *colour)
{
    static const char letters[] = "PNBRQKpnbrqk";
    const char *p = c ? strchr(letters, c) : NULL;
    if (!p)
        return false;
    *type = (int)(p - letters) % 6;
    *colour = (int)(p - letters) / 6;
    return true;
}

/* One rank of the placement field; squares past the 8th are counted, not placed. */
static bool parse_rank(const field_t *f, int start, int end, int rank, position_t *pos,
                       fen_error_t *err)
{
    int file = 0;
    for (int i = start; i < end; i++) {
        char c = f->text[i];
        int type, colour;
        if (c >= '1' && c <= '8') {
            file += c - '0';
            continue;
        }
        if (!piece_of_letter(c, &type, &colour))
            return fail(err, "pieces", f->column + i, "bad piece letter '%c'", c);
        if (type == PAWN && (rank == 0 || rank == 7))
            return fail(err, "pieces", f->column + i, "pawn on rank %d", rank + 1);
        if (file < 8) {
            pos->pieces[type] |= BB(SQ(file, rank));
            pos->colours[colour] |= BB(SQ(file, rank));
        }
        file++;
    }
    if (file != 8)
        return fail(err, "pieces", f->column + start, "rank %d has %d squares", rank + 1, file);
    return true;
}

static bool check_kings(const field_t *f, const position_t *pos, fen_error_t *err)
{
    for (int c = WHITE; c <= BLACK; c++) {
        int n = popcount(pos->pieces[KING] & pos->colours[c]);
        if (n == 0)
            return fail(err, "pieces", f->column, "no %s king", colour_names[c]);
        if (n == 2)
            return fail(err, "pieces", f->column, "two %s kings", colour_names[c]);
        if (n > 2)
            return fail(err, "pieces", f->column, "%d %s kings", n, colour_names[c]);
    }
    return true;
}

static bool parse_pieces(const field_t *f, position_t *pos, fen_error_t *err)
{
    int ranks = 1;
    for (int i = 0; i < f->len; i++)
        ranks += f->text[i] == '/';
    if (ranks != 8)
        return fail(err, "pieces", f->column, "piece placement has %d ranks, expected 8", ranks);
    int start = 0, rank = 7;
    for (int i = 0; i <= f->len; i++) {
        if (i < f->len && f->text[i] != '/')
            continue;
        if (!parse_rank(f, start, i, rank--, pos, err))
            return false;
        start = i + 1;
    }
    return check_kings(f, pos, err);
}

static bool parse_side(const field_t *f, position_t *pos, fen_error_t *err)
{
    if (f->len == 1 && (f->text[0] == 'w' || f->text[0] == 'b')) {
        pos->side = f->text[0] == 'w' ? WHITE : BLACK;
        return true;
    }
    return fail(err, "side", f->column, "bad side to move '%.*s', expected 'w' or 'b'",
                f->len > 16 ? 16 : f->len, f->text);
}

/* The castling letter being read, and whether any of them implied Chess960. */
typedef struct castling_scan {
    int column;
    char letter;
    bool chess960;
} castling_scan_t;

/* The squares above and below sq. Shifting BB(sq) left by one, not BB(sq + 1),
 * keeps h8 (sq 63) defined: a shift by 64 is undefined in C. */
static bb_t squares_above(int sq) { return ~((BB(sq) << 1) - 1); }
static bb_t squares_below(int sq) { return BB(sq) - 1; }

/* The rook a K/Q letter names: the outermost rook on that side of the king (X-FEN). */
static bool xfen_rook(const position_t *pos, castling_scan_t *cs, int colour, int king_sq,
                      int *rook_sq, fen_error_t *err)
{
    int back = colour == WHITE ? 0 : 7;
    bb_t rooks = pos->pieces[ROOK] & pos->colours[colour] & (RANK_1_BB << (8 * back));
    bool h_side = (cs->letter | 0x20) == 'k';
    bb_t side = rooks & (h_side ? squares_above(king_sq) : squares_below(king_sq));
    if (!side)
        return fail(err, "castling", cs->column,
                    "castling right '%c' but no %s rook on the king's %s-side of rank %d",
                    cs->letter, colour_names[colour], h_side ? "h" : "a", back + 1);
    *rook_sq = h_side ? msb(side) : lsb(side);
    /* KQkq off the standard king and rook files is X-FEN for Chess960. */
    if (FILE_OF(king_sq) != 4 || (FILE_OF(*rook_sq) != 0 && FILE_OF(*rook_sq) != 7))
        cs->chess960 = true;
    return true;
}

/* The rook a Shredder-FEN file letter names. */
static bool shredder_rook(const position_t *pos, castling_scan_t *cs, int colour, int *rook_sq,
                          fen_error_t *err)
{
    int back = colour == WHITE ? 0 : 7;
    int sq = SQ((cs->letter | 0x20) - 'a', back);
    if (!(pos->pieces[ROOK] & pos->colours[colour] & BB(sq)))
        return fail(err, "castling", cs->column, "castling right '%c' but no %s rook on %c%d",
                    cs->letter, colour_names[colour], (cs->letter | 0x20), back + 1);
    *rook_sq = sq;
    cs->chess960 = true;
    return true;
}

/* Adds the right for one castling letter to pos->castle_rooks. */
static bool castling_letter(position_t *pos, castling_scan_t *cs, fen_error_t *err)
{
    char c = cs->letter, lower = c | 0x20;
    bool file_letter = lower >= 'a' && lower <= 'h';
    if (!file_letter && lower != 'k' && lower != 'q')
        return fail(err, "castling", cs->column, "bad castling letter '%c'", c);
    int colour = c == lower ? BLACK : WHITE, back = colour == WHITE ? 0 : 7;
    int king_sq = lsb(pos->pieces[KING] & pos->colours[colour]), rook_sq = NO_SQ;
    if (RANK_OF(king_sq) != back)
        return fail(err, "castling", cs->column, "castling right '%c' but the %s king is not on rank %d",
                    c, colour_names[colour], back + 1);
    if (file_letter ? !shredder_rook(pos, cs, colour, &rook_sq, err)
                    : !xfen_rook(pos, cs, colour, king_sq, &rook_sq, err))
        return false;
    if (pos->castle_rooks & BB(rook_sq))
        return fail(err, "castling", cs->column, "castling right '%c' is given twice", c);
    /* One right per side of the king: a second one would make castling ambiguous. */
    bb_t back_rank = RANK_1_BB << (8 * back);
    bb_t same_side = back_rank & (rook_sq > king_sq ? squares_above(king_sq) : squares_below(king_sq));
    if (pos->castle_rooks & same_side & ~BB(rook_sq))
        return fail(err, "castling", cs->column, "castling right '%c' is a second %s right on the king's %s-side",
                    c, colour_names[colour], rook_sq > king_sq ? "h" : "a");
    pos->castle_rooks |= BB(rook_sq);
    return true;
}

static bool parse_castling(const field_t *f, position_t *pos, fen_error_t *err)
{
    if (f->len == 1 && f->text[0] == '-')
        return true;
    castling_scan_t cs = {0};
    for (int i = 0; i < f->len; i++) {
        cs.letter = f->text[i];
        cs.column = f->column + i;
        if (!castling_letter(pos, &cs, err))
            return false;
    }
    pos->chess960 = cs.chess960;
    return true;
}

static bool parse_ep(const field_t *f, position_t *pos, fen_error_t *err)
{
    pos->ep = NO_SQ;
    if (f->len == 1 && f->text[0] == '-')
        return true;
    const char *t = f->text;
    if (f->len != 2 || t[0] < 'a' || t[0] > 'h' || t[1] < '1' || t[1] > '8')
        return fail(err, "en passant", f->column, "bad en-passant square '%.*s'",
                    f->len > 16 ? 16 : f->len, t);
    int sq = SQ(t[0] - 'a', t[1] - '1'), them = !pos->side;
    int want_rank = pos->side == WHITE ? 5 : 2;
    if (RANK_OF(sq) != want_rank)
        return fail(err, "en passant", f->column,
                    "en-passant square %.2s on the wrong rank (%s to move: expected rank %d)",
                    t, colour_names[pos->side], want_rank + 1);
    int pawn_sq = pos->side == WHITE ? sq - 8 : sq + 8;
    if (!(pos->pieces[PAWN] & pos->colours[them] & BB(pawn_sq)))
        return fail(err, "en passant", f->column, "en-passant square %.2s but no %s pawn on %c%d",
                    t, colour_names[them], t[0], RANK_OF(pawn_sq) + 1);
    /* The double push passed over the square, so a piece on it makes no sense. */
    bb_t occupied = pos->colours[WHITE] | pos->colours[BLACK];
    if (occupied & BB(sq))
        return fail(err, "en passant", f->column, "en-passant square %.2s is occupied", t);
    /* ...and it started two squares behind the pawn, which it has just left. */
    int origin_sq = pos->side == WHITE ? sq + 8 : sq - 8;
    if (occupied & BB(origin_sq))
        return fail(err, "en passant", f->column,
                    "en-passant square %.2s but %c%d is occupied, so no %s pawn has just passed over it", t, t[0],
                    RANK_OF(origin_sq) + 1, colour_names[them]);
    pos->ep = sq;
    return true;
}

/* Halfmove and fullmove counters: plain decimal digits, at most COUNT_LIMIT. */
static bool parse_count(const field_t *f, const char *name, int *out, fen_error_t *err)
{
    long value = 0;
    for (int i = 0; i < f->len; i++) {
        char c = f->text[i];
        if (c < '0' || c > '9')
            return fail(err, name, f->column, "%s must be a non-negative integer, not '%.*s'", name,
                        f->len > 16 ? 16 : f->len, f->text);
        value = value * 10 + (c - '0');
        if (value > COUNT_LIMIT)
            return fail(err, name, f->column, "%s is too large (limit %d)", name, COUNT_LIMIT);
    }
    *out = (int)value;
    return true;
}

/* The side that just moved cannot still be in check. */
static bool check_side_not_to_move(const position_t *pos, fen_error_t *err)
{
    int them = !pos->side;
    int king_sq = lsb(pos->pieces[KING] & pos->colours[them]);
    if (position_attackers(pos, king_sq, pos->side, pos->occupied))
        return fail(err, "position", 1, "side not to move (%s) is in check", colour_names[them]);
    return true;
}

static bool parse_fields(const field_t *fields, int n, position_t *pos, fen_error_t *err)
{
    if (!parse_pieces(&fields[0], pos, err) || !parse_side(&fields[1], pos, err) ||
        !parse_castling(&fields[2], pos, err) || !parse_ep(&fields[3], pos, err))
        return false;
    pos->halfmove = 0;
    pos->fullmove = 1;
    if (n > 4 && !parse_count(&fields[4], "halfmove", &pos->halfmove, err))
        return false;
    if (n > 5 && !parse_count(&fields[5], "fullmove", &pos->fullmove, err))
        return false;
    if (n > 6)
        return fail(err, "fullmove", fields[6].column, "unexpected text after fullmove");
    position_refresh(pos);
    return check_side_not_to_move(pos, err);
}

bool fen_parse(const char *text, position_t *pos, fen_error_t *err)
{
    fen_error_t ignored;
    if (!err)
        err = &ignored;
    field_t fields[MAX_FIELDS];
    int end_column, n = split_fields(text, fields, &end_column);
    if (n < 4)
        return fail(err, field_names[n], end_column, "missing %s field", field_names[n]);
    /* The counters come as a pair: a lone one could be either. */
    if (n == 5)
        return fail(err, "fullmove", end_column, "missing fullmove field (a FEN has 4 or 6 fields)");
    position_t p;
    memset(&p, 0, sizeof p);
    if (!parse_fields(fields, n, &p, err))
        return false;
    *pos = p;
    return true;
}

static char *write_pieces(const position_t *pos, char *s)
{
    for (int rank = 7; rank >= 0; rank--) {
        int empty = 0;
        for (int file = 0; file < 8; file++) {
            int sq = SQ(file, rank), type = piece_on(pos, sq);
            if (type == NO_PIECE) {
                empty++;
                continue;
            }
            if (empty)
                *s++ = (char)('0' + empty);
            empty = 0;
            char c = piece_letters[type];
            *s++ = (pos->colours[WHITE] & BB(sq)) ? (char)(c - 'a' + 'A') : c;
        }
        if (empty)
            *s++ = (char)('0' + empty);
        if (rank)
            *s++ = '/';
    }
    return s;
}

/* One colour's rights, h-side first: KQ letters, or file letters in Chess960. */
static char *write_colour_castling(const position_t *pos, int colour, char *s)
{
    bb_t back_rank = colour == WHITE ? RANK_1_BB : RANK_8_BB;
    bb_t rights = pos->castle_rooks & back_rank;
    if (!rights)
        return s;
    int king_file = FILE_OF(king_square(pos, colour)), upper = colour == WHITE ? 'A' - 'a' : 0;
    bool done_h = false, done_a = false;
    for (int file = 7; file >= 0; file--) {
        if (!(rights & (FILE_A_BB << file)))
            continue;
        bool h_side = file > king_file;
        if (pos->chess960)
            *s++ = (char)('a' + file + upper);
        else if (h_side && !done_h)
            *s++ = (char)('k' + upper);
        else if (!h_side && !done_a)
            *s++ = (char)('q' + upper);
        done_h |= h_side;
        done_a |= !h_side;
    }
    return s;
}

void fen_write(const position_t *pos, char *buf)
{
    char *s = write_pieces(pos, buf);
    *s++ = ' ';
    *s++ = pos->side == WHITE ? 'w' : 'b';
    *s++ = ' ';
    char *castling = s;
    s = write_colour_castling(pos, WHITE, s);
    s = write_colour_castling(pos, BLACK, s);
    if (s == castling)
        *s++ = '-';
    *s++ = ' ';
    if (pos->ep == NO_SQ)
        *s++ = '-';
    else {
        *s++ = (char)('a' + FILE_OF(pos->ep));
        *s++ = (char)('1' + RANK_OF(pos->ep));
    }
    snprintf(s, (size_t)(FEN_MAX - (s - buf)), " %d %d", pos->halfmove, pos->fullmove);
}

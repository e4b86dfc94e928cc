/* rperft split: cuts a deep perft into work units, the distinct positions a few
 * plies below the root, for 'rperft units' to compute anywhere (GNU parallel,
 * Slurm) and 'rperft merge' to add up exactly. */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "commands.h"
#include "core/fen.h"
#include "shared_options.h"
#include "core/position_moves.h"
#include "unitfile.h"

/* The distinct positions met so far: an array in order of discovery and an
 * open-addressing index on the Zobrist key. */
typedef struct position_set {
    position_t *positions;
    count_t *multiplicity;
    size_t count, cap;
    uint32_t *slots; /* 1 + index into positions; 0: empty */
    size_t mask;     /* number of slots - 1 (a power of two) */
    count_t paths;
} position_set_t;

typedef struct split_options {
    position_options_t position;
    int depth, split;
    const char *out;
} split_options_t;

/* The key finds candidates; the fields that make a position decide (counters do
 * not change a perft, so transpositions with other clocks merge). */
static bool same_position(const position_t *a, const position_t *b)
{
    return a->key == b->key && memcmp(a->pieces, b->pieces, sizeof a->pieces) == 0 &&
           memcmp(a->colours, b->colours, sizeof a->colours) == 0 && a->side == b->side &&
           a->castle_rooks == b->castle_rooks && a->ep == b->ep;
}

static bool grow_slots(position_set_t *s)
{
    size_t n = s->slots ? (s->mask + 1) * 2 : 1024;
    uint32_t *slots = calloc(n, sizeof *slots);
    if (!slots)
        return false;
    for (size_t i = 0; i < s->count; i++) {
        size_t j = s->positions[i].key & (n - 1);
        while (slots[j])
            j = (j + 1) & (n - 1);
        slots[j] = (uint32_t)(i + 1);
    }
    free(s->slots);
    s->slots = slots;
    s->mask = n - 1;
    return true;
}

static bool grow_positions(position_set_t *s)
{
    size_t cap = s->cap ? s->cap * 2 : 1024;
    position_t *p = realloc(s->positions, cap * sizeof *p);
    if (p)
        s->positions = p;
    count_t *m = realloc(s->multiplicity, cap * sizeof *m);
    if (m)
        s->multiplicity = m;
    if (!p || !m)
        return false;
    s->cap = cap;
    return true;
}

/* Counts one more path to pos: a new unit, or one more for the unit it equals. */
static bool position_set_add(position_set_t *s, const position_t *pos)
{
    s->paths++;
    if (s->count * 2 >= (s->slots ? s->mask + 1 : 0) && !grow_slots(s))
        return false;
    size_t j = pos->key & s->mask;
    for (; s->slots[j]; j = (j + 1) & s->mask) {
        size_t i = s->slots[j] - 1;
        if (same_position(&s->positions[i], pos)) {
            s->multiplicity[i]++;
            return true;
        }
    }
    if (s->count == UINT32_MAX - 1 || (s->count == s->cap && !grow_positions(s)))
        return false;
    s->positions[s->count] = *pos;
    s->multiplicity[s->count] = 1;
    s->slots[j] = (uint32_t)++s->count;
    return true;
}

static void position_set_free(position_set_t *s)
{
    free(s->positions);
    free(s->multiplicity);
    free(s->slots);
}

/* An en-passant square matters only while a capture there is legal: drop it
 * otherwise, so that a double push and two single pushes reaching the same
 * position make one unit. (Stricter than the generator's "a pawn attacks it",
 * which also keeps squares whose capture a pin forbids; both give equal counts.) */
static void normalise_ep(position_t *pos)
{
    if (pos->ep == NO_SQ)
        return;
    move_t moves[MAX_MOVES];
    int n = position_legal_moves(pos, moves);
    for (int i = 0; i < n; i++)
        if (MOVE_KIND(moves[i]) == MOVE_EN_PASSANT)
            return;
    pos->ep = NO_SQ;
    pos->key = position_compute_key(pos);
}

/* Every path of `plies` more moves from pos; pos is restored on return. */
static bool enumerate(position_t *pos, int plies, position_set_t *set)
{
    if (plies == 0) {
        position_t leaf = *pos;
        normalise_ep(&leaf);
        return position_set_add(set, &leaf);
    }
    move_t moves[MAX_MOVES];
    int n = position_legal_moves(pos, moves);
    for (int i = 0; i < n; i++) {
        undo_t u;
        position_make(pos, moves[i], &u);
        bool ok = enumerate(pos, plies - 1, set);
        position_unmake(pos, moves[i], &u);
        if (!ok)
            return false;
    }
    return true;
}

/* The units in order of discovery, each with its FEN. */
static bool build_units(const position_set_t *ps, const position_t *root, const split_options_t *opt,
                        unit_set_t *set)
{
    *set = (unit_set_t){.depth = opt->depth, .split = opt->split, .paths = ps->paths};
    fen_write(root, set->root);
    set->units = calloc(ps->count ? ps->count : 1, sizeof *set->units);
    if (!set->units)
        return false;
    for (; set->count < ps->count; set->count++) {
        unit_t *u = &set->units[set->count];
        u->multiplicity = ps->multiplicity[set->count];
        u->fen = malloc(FEN_MAX);
        if (!u->fen)
            return false;
        fen_write(&ps->positions[set->count], u->fen);
    }
    return true;
}

/* Writes to path.tmp and renames, so that path is either whole or absent. */
static bool write_atomically(unit_set_t *set, const char *path)
{
    size_t len = strlen(path);
    char *tmp = malloc(len + 5);
    if (!tmp)
        return false;
    memcpy(tmp, path, len);
    memcpy(tmp + len, ".tmp", 5);
    FILE *f = fopen(tmp, "w");
    bool ok = f && unit_set_write(f, set) && fsync(fileno(f)) == 0;
    int saved = errno;
    if (f && fclose(f) != 0 && ok)
        ok = false, saved = errno;
    if (ok && rename(tmp, path) != 0)
        ok = false, saved = errno;
    if (!ok) {
        fprintf(stderr, "rperft split: %s: %s\n", f ? tmp : path, strerror(saved));
        unlink(tmp);
    }
    free(tmp);
    return ok;
}

static const option_t opt_out = {
    .name = "out", .arg = "FILE", .kind = OPTION_TEXT,
    .help = "write FILE atomically (FILE.tmp, then rename); default stdout"};
static const option_t opt_depth = {
    .name = "depth", .arg = "D", .kind = OPTION_INT, .min = 0, .max = 64,
    .help = "depth of the whole perft (0 to 64)"};
static const option_t opt_split_ply = {
    .name = "split-ply", .arg = "K", .kind = OPTION_INT, .min = 0, .max = 64,
    .help = "plies from the root to the units (0 to D); each ply multiplies\n"
            "the units by about 20-30 (start position: 20, 400, 5362, 72078)"};

static int read_options(const parsed_t *p, split_options_t *opt)
{
    *opt = (split_options_t){
        .position = position_options_read(p),
        .depth = (int)options_int(p, &opt_depth, -1),
        .split = (int)options_int(p, &opt_split_ply, -1),
        .out = options_text(p, &opt_out, NULL),
    };
    if (opt->split > opt->depth)
        return option_error(p, &opt_split_ply, "must not exceed --depth (%d)", opt->depth);
    if (!output_file_ok(p, &opt_out))
        return EXIT_BAD_INPUT;
    return OPTIONS_OK;
}

static int cmd_split(const parsed_t *p)
{
    split_options_t opt;
    position_t root;
    int rc = read_options(p, &opt);
    if (rc != OPTIONS_OK)
        return rc;
    if (!resolve_method("split", "rotated") || !load_position("split", &opt.position, &root))
        return EXIT_BAD_INPUT;
    position_set_t ps = {0};
    unit_set_t set = {0};
    position_t walk = root;
    bool ok = enumerate(&walk, opt.split, &ps) && build_units(&ps, &root, &opt, &set);
    if (!ok)
        fprintf(stderr, "rperft split: out of memory after %zu units; try a smaller --split-ply\n", ps.count);
    else if (opt.out)
        ok = write_atomically(&set, opt.out);
    else if (!unit_set_write(stdout, &set))
        ok = false, fprintf(stderr, "rperft split: standard output: %s\n", strerror(errno));
    if (ok) {
        char paths[COUNT_DIGITS_MAX];
        fprintf(stderr, "rperft split: %s paths of %d plies, %zu distinct positions: units of depth %d\n",
                count_format(ps.paths, paths), opt.split, set.count, opt.depth - opt.split);
    }
    unit_set_free(&set);
    position_set_free(&ps);
    return ok ? EXIT_ALL_GOOD : EXIT_BAD_INPUT;
}

static const option_use_t options[] = {
    OPTION(opt_startpos), OPTION(opt_fen), OPTION(opt_moves), OPTION_REQUIRED(opt_depth), OPTION_REQUIRED(opt_split_ply), OPTION(opt_out), OPTIONS_END,
};

const command_t split_command = {
    .name = "split",
    .summary = "cut a deep perft into work units (distinct positions a few plies down)",
    .description =
        "Enumerates the positions K plies below the root, merges transpositions (one unit\n"
        "per distinct position, with the number of paths that reach it) and writes the\n"
        "units of a depth-D perft: a header line, then per unit\n"
        "  ID<TAB>MULTIPLICITY<TAB>DEPTH<TAB>FEN        (DEPTH = D - K)\n"
        "perft(D) = sum of MULTIPLICITY x perft(FEN, DEPTH). Compute them with 'rperft units',\n"
        "add them up with 'rperft merge'.\n",
    .options = options,
    .run = cmd_split,
};

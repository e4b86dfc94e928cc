#include "othello_options.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "shared_options.h"

const option_t opt_othello_board = {
    .name = "board", .arg = "TEXT", .kind = OPTION_TEXT, .excludes = "position",
    .help = "64 squares (- or . empty, X or * black, O white; a1 b1 ... h8),\n"
            "whitespace, and the side to move (X, * or O)"};
const option_t opt_othello_moves = {
    .name = "moves", .arg = "LIST", .kind = OPTION_TEXT,
    .help = "moves played from the position first: squares (\"f5 d6\") or pass"};
const option_t opt_othello_method = {
    .name = "method", .arg = "NAME", .kind = OPTION_TEXT,
    .help = "flip method (default: kogge-stone); 'rperft othello methods' lists them"};
const option_t opt_pass_ply = {
    .name = "pass-ply", .arg = "1|0", .kind = OPTION_INT, .min = 0, .max = 1,
    .help = "1 (default): a forced pass is one ply; 0: a pass takes no ply.\n"
            "Either way a finished game is one leaf, whatever depth remains"};

void othello_options_read(const parsed_t *p, int default_depth, othello_options_t *opt)
{
    const option_value_t *depth = options_operand_count(p) > 0 ? options_operand(p, 0) : NULL;
    *opt = (othello_options_t){
        .board = options_text(p, &opt_othello_board, NULL),
        .moves = options_text(p, &opt_othello_moves, NULL),
        .method = options_text(p, &opt_othello_method, NULL),
        .rules = {.pass_ply = options_int(p, &opt_pass_ply, 1) == 1, .bulk = !options_flag(p, &opt_no_bulk)},
        .depth = depth ? (int)depth->number : default_depth,
    };
}

bool othello_load_position(const char *cmd, const othello_options_t *opt, othello_position_t *pos)
{
    const char *text = opt->board ? opt->board : OTHELLO_STARTPOS;
    othello_error_t err;
    if (!othello_parse(text, pos, &err)) {
        fprintf(stderr, "rperft %s: --board \"%.80s%s\": %s field, column %d: %s\n", cmd, text,
                strlen(text) > 80 ? "..." : "", err.field, err.column, err.message);
        return false;
    }
    if (!opt->moves)
        return true;
    char *copy = strdup(opt->moves), *save = NULL;
    bool ok = copy != NULL;
    for (char *word = ok ? strtok_r(copy, " \t,", &save) : NULL; word; word = strtok_r(NULL, " \t,", &save)) {
        const char *why;
        if (!othello_play(pos, word, othello_method_default(), &why)) {
            char now[OTHELLO_TEXT_MAX];
            fprintf(stderr, "rperft %s: --moves: '%s': %s in %s\n", cmd, word, why, othello_write(pos, now));
            ok = false;
            break;
        }
    }
    free(copy);
    return ok;
}

const othello_method_t *othello_resolve_method(const parsed_t *p, const char *name)
{
    const othello_method_t *m = name ? othello_method_find(name) : othello_method_default();
    if (!m) {
        char names[128] = "";
        for (int i = 0; othello_methods[i]; i++)
            snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", i ? ", " : "",
                     othello_methods[i]->name);
        option_error(p, &opt_othello_method, "unknown flip method (%s)", names);
        return NULL;
    }
    const char *why = "";
    if (!m->available(&why)) {
        option_error(p, &opt_othello_method, "cannot run on this CPU: %s", why);
        return NULL;
    }
    return m;
}

/* rperft fen: the FEN of a position after moves, to check what --moves reaches
 * or to hand a position to another tool. */
#include "cli.h"
#include "commands.h"
#include "shared_options.h"
#include "core/fen.h"

static int cmd_fen(const parsed_t *p)
{
    position_options_t where = position_options_read(p);
    position_t pos;
    if (!load_position("fen", &where, &pos))
        return EXIT_BAD_INPUT;
    char fen[FEN_MAX];
    fen_write(&pos, fen);
    printf("%s\n", fen);
    return EXIT_ALL_GOOD;
}

static const option_use_t options[] = {OPTION(opt_startpos), OPTION(opt_fen), OPTION(opt_moves), OPTIONS_END};

const command_t fen_command = {
    .name = "fen",
    .summary = "print the FEN of a position after --moves",
    .description = "Prints the FEN of the position (the start position unless --fen gives one) after\n"
                   "the --moves are played, as rperft reads it: 'rperft fen --moves \"e2e4\"'.\n",
    .options = options,
    .run = cmd_fen,
};

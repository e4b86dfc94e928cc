/* The othello subcommands, one per file. */
#ifndef RPERFT_OTHELLO_COMMANDS_H
#define RPERFT_OTHELLO_COMMANDS_H

#include "options.h"

extern const command_t othello_perft_command, othello_divide_command, othello_suite_command,
    othello_bench_command, othello_methods_command;

#endif

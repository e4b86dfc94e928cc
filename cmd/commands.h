/* Every subcommand: its option table, help prose and entry point, one per file
 * (cmd/options.h). main lists them. */
#ifndef RPERFT_COMMANDS_H
#define RPERFT_COMMANDS_H

#include "options.h"

extern const command_t perft_command, divide_command, fen_command, methods_command, suite_command, check_command,
    perftree_command, bench_command, report_command, split_command, units_command, merge_command,
    compare_command;

#endif

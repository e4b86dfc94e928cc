/* rperft: perft benchmarking and validation for chess move generators. */
#include <stdio.h>
#include <string.h>

#include "build_info.h"
#include "cli.h"
#include "commands.h"
#include "core/tables.h"

static const command_t commands[] = {
    {"perft", "count the leaf nodes of a position to a depth", cmd_perft},
    {"divide", "perft per root move, in Stockfish's format", cmd_divide},
    {"methods", "list the slider-attack methods and whether this CPU runs them", cmd_methods},
    {"suite", "check perft suite files against their known counts (CI: JUnit, CSV, budgets)", cmd_suite},
    {"check", "check an external engine's perft against suites, drilling down to each fault", cmd_check},
    {"perftree", "perft in perftree's script protocol (scripts/perftree wraps it)", cmd_perftree},
    {"bench", "time the slider methods against each other; CSV rows with the CPU's identity", cmd_bench},
    {"report", "merge bench CSVs from many CPUs into tables and an SVG chart", cmd_report},
    {"split", "cut a deep perft into work units (distinct positions a few plies down)", cmd_split},
    {"units", "compute the work units of a split (one shard of N), resumable", cmd_units},
    {"merge", "check that every unit has its result and add them up exactly", cmd_merge},
    {"othello", "Othello perft: perft, divide, suite, bench of the flip methods", cmd_othello},
};

static void print_help(void)
{
    printf("rperft %s: perft benchmarking and validation for chess move generators\n\n"
           "usage: rperft COMMAND [OPTIONS]   ('rperft COMMAND --help' for its options)\n\ncommands:\n",
           RPERFT_VERSION);
    for (size_t i = 0; i < sizeof commands / sizeof *commands; i++)
        printf("  %-10s %s\n", commands[i].name, commands[i].summary);
    printf("\nexit status: 0 all good, 1 a count mismatch, 2 bad usage or input, 130 / 143 stopped\n"
           "by SIGINT / SIGTERM (what finished is printed and written)\n");
}

int main(int argc, char **argv)
{
    tables_init();
    if (argc < 2) {
        print_help();
        return EXIT_BAD_INPUT;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "help") == 0) {
        print_help();
        return EXIT_ALL_GOOD;
    }
    if (strcmp(argv[1], "--version") == 0) {
        printf("rperft %s (commit %s, %s, %s)\n", RPERFT_VERSION, RPERFT_COMMIT, RPERFT_COMPILER, RPERFT_BUILDTYPE);
        return EXIT_ALL_GOOD;
    }
    for (size_t i = 0; i < sizeof commands / sizeof *commands; i++)
        if (strcmp(argv[1], commands[i].name) == 0)
            return commands[i].run(argc - 1, argv + 1);
    fprintf(stderr, "rperft: unknown command '%s' (see 'rperft --help')\n", argv[1]);
    return EXIT_BAD_INPUT;
}

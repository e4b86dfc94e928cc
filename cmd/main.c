/* rperft: perft benchmarking and validation for chess move generators. */
#include <stdio.h>
#include <string.h>

#include "bench/sysinfo.h"
#include "build_info.h"
#include "cli.h"
#include "commands.h"
#include "othello_options.h"
#include "core/tables.h"

static const command_t *const commands[] = {
    &perft_command, &divide_command, &fen_command,   &methods_command, &suite_command, &check_command,
    &perftree_command, &bench_command, &report_command, &split_command,  &units_command, &merge_command,
    &compare_command,
};
enum { NCOMMANDS = sizeof commands / sizeof *commands };

static void print_help(FILE *out)
{
    fprintf(out,
            "rperft %s: perft benchmarking and validation for chess move generators\n\n"
            "usage: rperft COMMAND [OPTIONS] [OPERANDS]   ('rperft help COMMAND' for its options)\n"
            "       rperft --version\n\ncommands:\n",
            RPERFT_VERSION);
    for (size_t i = 0; i < NCOMMANDS; i++)
        fprintf(out, "  %-10s %s\n", commands[i]->name, commands[i]->summary);
    fprintf(out, "  %-10s %s\n", "othello", "Othello perft: othello perft, divide, suite, bench, methods");
    fprintf(out, "\nexit status: 0 all good, 1 a count mismatch, 2 bad usage or input, 130 / 143 stopped\n"
                 "by SIGINT / SIGTERM (what finished is printed and written)\n");
}

/* The build and what it uses of this CPU (what bench's header says too). */
static int print_version(void)
{
    sysinfo_t sys;
    char name[64];
    sysinfo_read(&sys);
    const char *isa = build_isa_features();
    printf("rperft %s (commit %s, %s, %s)\n", RPERFT_VERSION, RPERFT_COMMIT, RPERFT_COMPILER, RPERFT_BUILDTYPE);
    printf("compiler flags:   %s\n", sys.build_flags[0] ? sys.build_flags : "(none: the compiler's default target)");
    printf("built to use:     %s\n", isa[0] ? isa + 1 : "no extension beyond the base instruction set");
    printf("this CPU:         %s; %s%s\n", sysinfo_cpu_name(&sys, name, sizeof name),
           sys.cpu_flags[0] ? sys.cpu_flags : "none of popcnt bmi1 bmi2 avx2 avx512f",
           sys.cpu->slow_pext ? " (slow pext)" : "");
    printf("methods:         ");
    for (int i = 0; all_methods[i]; i++) {
        const char *why = "";
        bool runs = all_methods[i]->available(&why);
        printf(" %s%s", all_methods[i]->name, runs ? "" : " (not on this CPU)");
    }
    printf("\n");
    return EXIT_ALL_GOOD;
}

static const command_t *find_command(const char *name)
{
    for (size_t i = 0; i < NCOMMANDS; i++)
        if (strcmp(name, commands[i]->name) == 0)
            return commands[i];
    fprintf(stderr, "rperft: unknown command '%s' (see 'rperft --help')\n", name);
    return NULL;
}

/* rperft help [COMMAND], rperft help othello [COMMAND] */
static int help(int argc, char **argv)
{
    if (argc < 3) {
        print_help(stdout);
        return EXIT_ALL_GOOD;
    }
    if (strcmp(argv[2], "othello") == 0 && argc <= 4) {
        const command_t *cmd = argc == 4 ? othello_find_command(argv[3]) : NULL;
        if (argc == 4 && !cmd)
            return EXIT_BAD_INPUT;
        cmd ? options_print_help(cmd, stdout) : othello_print_help(stdout);
        return EXIT_ALL_GOOD;
    }
    if (argc > 3)
        return usage_error("help", "unexpected argument '%s' after COMMAND", argv[3]);
    const command_t *cmd = find_command(argv[2]);
    if (!cmd)
        return EXIT_BAD_INPUT;
    options_print_help(cmd, stdout);
    return EXIT_ALL_GOOD;
}

static int run(const command_t *cmd, int argc, char **argv)
{
    parsed_t p;
    int rc = options_parse(cmd, argc, argv, &p);
    if (rc == OPTIONS_OK && p.help) {
        options_print_help(cmd, stdout);
        rc = EXIT_ALL_GOOD;
    } else if (rc == OPTIONS_OK) {
        rc = cmd->run(&p);
    }
    options_free(&p);
    return rc;
}

/* rperft othello COMMAND ...: the second game's subcommands, same parser. */
static int othello(int argc, char **argv)
{
    if (argc < 3 || strcmp(argv[2], "--help") == 0 || strcmp(argv[2], "-h") == 0 || strcmp(argv[2], "help") == 0) {
        othello_print_help(argc < 3 ? stderr : stdout);
        return argc < 3 ? EXIT_BAD_INPUT : EXIT_ALL_GOOD;
    }
    const command_t *cmd = othello_find_command(argv[2]);
    return cmd ? run(cmd, argc - 2, argv + 2) : EXIT_BAD_INPUT;
}

int main(int argc, char **argv)
{
    tables_init();
    if (argc < 2) {
        print_help(stderr);
        return EXIT_BAD_INPUT;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "help") == 0)
        return help(argc, argv);
    if (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "-V") == 0)
        return print_version();
    if (strcmp(argv[1], "othello") == 0)
        return othello(argc, argv);
    const command_t *cmd = find_command(argv[1]);
    return cmd ? run(cmd, argc - 1, argv + 1) : EXIT_BAD_INPUT;
}

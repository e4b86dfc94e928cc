/* The othello subcommands, one per file; argv[0] is the subcommand's name. */
#ifndef RPERFT_OTHELLO_COMMANDS_H
#define RPERFT_OTHELLO_COMMANDS_H

int cmd_othello_perft(int argc, char **argv);
int cmd_othello_divide(int argc, char **argv);
int cmd_othello_suite(int argc, char **argv);
int cmd_othello_bench(int argc, char **argv);
int cmd_othello_methods(int argc, char **argv);

#endif

/* One function per subcommand, each in its own file. argv[0] is the command name. */
#ifndef RPERFT_COMMANDS_H
#define RPERFT_COMMANDS_H

int cmd_perft(int argc, char **argv);
int cmd_divide(int argc, char **argv);
int cmd_methods(int argc, char **argv);
int cmd_suite(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_perftree(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_split(int argc, char **argv);
int cmd_units(int argc, char **argv);
int cmd_merge(int argc, char **argv);
int cmd_othello(int argc, char **argv);

#endif

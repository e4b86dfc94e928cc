/* One function per subcommand, each in its own file. argv[0] is the command name. */
#ifndef RPERFT_COMMANDS_H
#define RPERFT_COMMANDS_H

int cmd_perft(int argc, char **argv);
int cmd_divide(int argc, char **argv);
int cmd_methods(int argc, char **argv);

#endif

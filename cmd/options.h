/* The one option parser of every subcommand. A subcommand is a table entry
 * (command_t): its options (option_t, each declared once and shared by the
 * subcommands that take it), its operands, and its help prose; main parses the
 * command line with that table and hands the result to the subcommand, and the
 * help is printed from the same table, so parsing and help cannot drift.
 *
 * GNU conventions: --opt VALUE and --opt=VALUE, options anywhere among the
 * operands, "--" ends the options, "-" alone and "-1" are operands (no option
 * name starts with a digit, so a bad negative DEPTH gets DEPTH's message).
 * Every message reads "rperft COMMAND: --opt VALUE: what is wrong". */
#ifndef RPERFT_OPTIONS_H
#define RPERFT_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "core/count.h"

typedef enum option_kind {
    OPTION_FLAG,   /* no value: present or not */
    OPTION_TEXT,   /* any text, checked by the subcommand */
    OPTION_INT,    /* a whole number in [min, max] */
    OPTION_CHOICE, /* one of the '|'-separated words in choices; value.number is its index */
    OPTION_CUSTOM, /* converted by parse() */
} option_kind_t;

/* What an option or operand converts to; the field its kind fills. */
typedef struct option_value {
    const char *text; /* as given */
    long long number; /* OPTION_INT, OPTION_CHOICE; custom parsers may use it */
    count_t count;    /* custom: node counts */
    double real;      /* custom: seconds */
    int pair[2];      /* custom: I/N */
} option_value_t;

/* An option (name "fen": --fen) or an operand (name "DEPTH"). */
typedef struct option {
    const char *name;
    char short_name;  /* 'q' for -q; 0: none */
    const char *arg;  /* the value's placeholder in help ("FEN"); NULL for flags */
    const char *help; /* help lines, '\n'-separated */
    option_kind_t kind;
    long long min, max;    /* OPTION_INT */
    const char *unit;      /* OPTION_INT: "megabytes" (default "a whole number") */
    const char *choices;   /* OPTION_CHOICE: "uci|perftree" */
    const char *excludes;  /* options sharing this word exclude each other (--fen, --startpos) */
    bool repeatable;       /* may be given more than once (each use read in order) */
    /* OPTION_CUSTOM: converts text into *out; false when it is not a value, and the
     * message says "expected " + expects ("I/N with 1 <= I <= N"). */
    bool (*parse)(const char *text, option_value_t *out);
    const char *expects;
} option_t;

/* One option as a subcommand takes it: optionally required, optionally with
 * its own help lines (a default that differs, say). */
typedef struct option_use {
    const option_t *option;
    const char *help; /* NULL: the option's own */
    bool required;
} option_use_t;

/* Entries of a subcommand's option table. */
#define OPTION(o) {.option = &(o)}
#define OPTION_HELP(o, text) {.option = &(o), .help = (text)}
#define OPTION_REQUIRED(o) {.option = &(o), .required = true}
#define OPTIONS_END {.option = NULL}

typedef struct parsed parsed_t;

typedef struct command {
    const char *name;
    const char *summary;     /* one line for 'rperft --help' */
    const char *description; /* paragraphs between the usage line and the options */
    const option_use_t *options; /* ends with {0} */
    const option_t *const *operands; /* ends with NULL; the last may be repeatable */
    size_t min_operands;     /* how many operands must be given */
    const char *epilogue;    /* after the options: notes, exit status */
    int (*run)(const parsed_t *p);
} command_t;

/* One argument as given, in command-line order: an option use or an operand. */
typedef struct parsed_item {
    const option_t *option; /* the option, or the operand's declaration */
    bool is_operand;
    option_value_t value;
} parsed_item_t;

struct parsed {
    const command_t *command;
    parsed_item_t *items;
    int nitems;
    bool help; /* --help: print it and run nothing */
};

enum { OPTIONS_OK = -1 };

/* Parses argv[1..argc-1] (argv[0] is the command name). Returns OPTIONS_OK with p
 * filled (free it with options_free), or the exit code to leave with after the
 * message was printed. --help sets p->help. */
int options_parse(const command_t *cmd, int argc, char **argv, parsed_t *p);
void options_free(parsed_t *p);

/* The last use of an option, or NULL if it was not given. */
const option_value_t *options_get(const parsed_t *p, const option_t *o);
bool options_flag(const parsed_t *p, const option_t *o);
const char *options_text(const parsed_t *p, const option_t *o, const char *absent);
long long options_int(const parsed_t *p, const option_t *o, long long absent);

/* The operands in order, and how many there are. */
size_t options_operand_count(const parsed_t *p);
const option_value_t *options_operand(const parsed_t *p, size_t i);

/* "rperft CMD: --opt VALUE: MESSAGE (see 'rperft CMD --help')" on stderr for an
 * error found after parsing (a method this CPU lacks); VALUE is the option's last
 * use. Returns 2. */
int option_error(const parsed_t *p, const option_t *o, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* The same prefix for any name and value (an operand, a token inside a value). */
void value_error_prefix(const char *cmd, const char *name, bool dashes, const char *value);

void options_print_help(const command_t *cmd, FILE *out);
void options_print_usage(const command_t *cmd, FILE *out);

#endif

#include "options.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

enum { EXIT_USAGE = 2, VALUE_SHOWN = 60, HELP_COLUMN = 20, USAGE_WIDTH = 96 };

/* ---- messages ---------------------------------------------------------------- */

/* A value as messages show it: cut when long (a FEN of 100 KB is not echoed
 * whole), quoted when empty or holding spaces so its edges can be seen. */
static void print_value(FILE *out, const char *value)
{
    int len = (int)strnlen(value, VALUE_SHOWN + 1);
    bool quote = len == 0 || strpbrk(value, " \t\n") != NULL;
    fprintf(out, "%s%.*s%s%s", quote ? "'" : "", VALUE_SHOWN, value, len > VALUE_SHOWN ? "..." : "",
            quote ? "'" : "");
}

void value_error_prefix(const char *cmd, const char *name, bool dashes, const char *value)
{
    fprintf(stderr, "rperft %s: %s%s", cmd, dashes ? "--" : "", name);
    if (value) {
        fputc(' ', stderr);
        print_value(stderr, value);
    }
    fputs(": ", stderr);
}

/* "rperft CMD: NAME VALUE: message (see 'rperft CMD --help')"; returns 2. */
static int verror(const char *cmd, const char *name, bool dashes, const char *value, const char *fmt, va_list ap)
{
    value_error_prefix(cmd, name, dashes, value);
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, " (see 'rperft %s --help')\n", cmd);
    return EXIT_USAGE;
}

static int parse_error(const char *cmd, const char *name, bool dashes, const char *value, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
static int parse_error(const char *cmd, const char *name, bool dashes, const char *value, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int rc = verror(cmd, name, dashes, value, fmt, ap);
    va_end(ap);
    return rc;
}

static bool is_operand_decl(const parsed_t *p, const option_t *o)
{
    for (const option_t *const *d = p->command->operands; d && *d; d++)
        if (*d == o)
            return true;
    return false;
}

int option_error(const parsed_t *p, const option_t *o, const char *fmt, ...)
{
    const option_value_t *v = options_get(p, o);
    va_list ap;
    va_start(ap, fmt);
    int rc = verror(p->command->name, o->name, !is_operand_decl(p, o), v && o->kind != OPTION_FLAG ? v->text : NULL,
                    fmt, ap);
    va_end(ap);
    return rc;
}

/* ---- conversion ---------------------------------------------------------------- */

static bool parse_whole(const char *text, long long min, long long max, long long *out)
{
    char *end;
    errno = 0;
    long long v = strtoll(text, &end, 10);
    if (errno || end == text || *end != '\0' || isspace((unsigned char)*text) || v < min || v > max)
        return false;
    *out = v;
    return true;
}

/* The index of word in "a|b|c", or -1. */
static int choice_index(const char *choices, const char *word)
{
    size_t len = strlen(word);
    int index = 0;
    for (const char *c = choices; c; index++) {
        const char *bar = strchr(c, '|');
        size_t n = bar ? (size_t)(bar - c) : strlen(c);
        if (n == len && strncmp(c, word, n) == 0)
            return index;
        c = bar ? bar + 1 : NULL;
    }
    return -1;
}

/* Converts text by o's kind; on failure prints why (dashes: o is an option). */
static bool convert(const char *cmd, const option_t *o, bool dashes, const char *text, option_value_t *v)
{
    *v = (option_value_t){.text = text};
    switch (o->kind) {
    case OPTION_FLAG:
    case OPTION_TEXT:
        return true;
    case OPTION_INT:
        if (parse_whole(text, o->min, o->max, &v->number))
            return true;
        parse_error(cmd, o->name, dashes, text, "expected %s from %lld to %lld", o->unit ? o->unit : "a whole number",
                    o->min, o->max);
        return false;
    case OPTION_CHOICE:
        v->number = choice_index(o->choices, text);
        if (v->number >= 0)
            return true;
        parse_error(cmd, o->name, dashes, text, "expected one of: %s", o->choices);
        return false;
    case OPTION_CUSTOM:
        if (o->parse(text, v))
            return true;
        parse_error(cmd, o->name, dashes, text, "expected %s", o->expects);
        return false;
    }
    return false;
}

/* ---- parsing ------------------------------------------------------------------------ */

/* An option is "-x" or "--name..."; "-", "-1" and "-.5" are operands. */
static bool looks_like_option(const char *a)
{
    return a[0] == '-' && a[1] != '\0' && !isdigit((unsigned char)a[1]) && a[1] != '.';
}

static const option_use_t *find_long(const command_t *cmd, const char *name, size_t len)
{
    for (const option_use_t *u = cmd->options; u && u->option; u++)
        if (strlen(u->option->name) == len && strncmp(u->option->name, name, len) == 0)
            return u;
    return NULL;
}

static const option_use_t *find_short(const command_t *cmd, char c)
{
    for (const option_use_t *u = cmd->options; u && u->option; u++)
        if (u->option->short_name == c)
            return u;
    return NULL;
}

/* A second use of a one-time option, or a use that excludes an earlier one. */
static bool clashes(const parsed_t *p, const option_t *o, const char *text)
{
    const char *cmd = p->command->name;
    for (int i = 0; i < p->nitems; i++) {
        const parsed_item_t *it = &p->items[i];
        if (it->is_operand)
            continue;
        if (it->option == o && !o->repeatable && o->kind != OPTION_FLAG) {
            fprintf(stderr, "rperft %s: --%s ", cmd, o->name);
            print_value(stderr, text);
            fprintf(stderr, ": --%s was given already (", o->name);
            print_value(stderr, it->value.text);
            fprintf(stderr, "); give it once (see 'rperft %s --help')\n", cmd);
            return true;
        }
        if (it->option != o && o->excludes && it->option->excludes && strcmp(o->excludes, it->option->excludes) == 0) {
            value_error_prefix(cmd, o->name, true, o->kind == OPTION_FLAG ? NULL : text);
            fprintf(stderr, "conflicts with --%s%s", it->option->name, it->option->kind == OPTION_FLAG ? "" : " ");
            if (it->option->kind != OPTION_FLAG)
                print_value(stderr, it->value.text);
            fprintf(stderr, "; give one of them (see 'rperft %s --help')\n", cmd);
            return true;
        }
    }
    return false;
}

/* One option at argv[*i] (its value too, when given apart). */
static int parse_option(parsed_t *p, int argc, char **argv, int *i)
{
    const command_t *cmd = p->command;
    const char *a = argv[*i], *inline_value = NULL;
    const option_use_t *use;
    if (a[1] == '-') {
        const char *name = a + 2, *eq = strchr(name, '=');
        size_t len = eq ? (size_t)(eq - name) : strlen(name);
        if (len == 4 && strncmp(name, "help", 4) == 0) {
            p->help = true;
            return OPTIONS_OK;
        }
        use = find_long(cmd, name, len);
        inline_value = eq ? eq + 1 : NULL;
    } else {
        if (a[1] == 'h' && a[2] == '\0') {
            p->help = true;
            return OPTIONS_OK;
        }
        use = a[2] == '\0' ? find_short(cmd, a[1]) : NULL;
    }
    if (!use)
        return parse_error(cmd->name, a, false, NULL, "unknown option");
    const option_t *o = use->option;
    const char *text;
    if (o->kind == OPTION_FLAG) {
        if (inline_value)
            return parse_error(cmd->name, o->name, true, NULL, "takes no value, got '%s'", inline_value);
        text = "";
    } else if (inline_value) {
        text = inline_value;
    } else if (*i + 1 < argc) {
        text = argv[++*i];
    } else {
        return parse_error(cmd->name, o->name, true, NULL, "needs a value (%s)", o->arg ? o->arg : "VALUE");
    }
    if (clashes(p, o, text))
        return EXIT_USAGE;
    parsed_item_t *it = &p->items[p->nitems];
    if (!convert(cmd->name, o, true, text, &it->value))
        return EXIT_USAGE;
    it->option = o;
    p->nitems++;
    return OPTIONS_OK;
}

static size_t declared_operands(const command_t *cmd)
{
    size_t n = 0;
    while (cmd->operands && cmd->operands[n])
        n++;
    return n;
}

static int parse_operand(parsed_t *p, const char *a, size_t *count)
{
    const command_t *cmd = p->command;
    size_t declared = declared_operands(cmd);
    const option_t *decl = NULL;
    if (*count < declared)
        decl = cmd->operands[*count];
    else if (declared > 0 && cmd->operands[declared - 1]->repeatable)
        decl = cmd->operands[declared - 1];
    if (!decl) {
        fprintf(stderr, "rperft %s: unexpected argument ", cmd->name);
        print_value(stderr, a);
        if (declared > 0)
            fprintf(stderr, " after %s", cmd->operands[declared - 1]->name);
        fprintf(stderr, " (see 'rperft %s --help')\n", cmd->name);
        return EXIT_USAGE;
    }
    parsed_item_t *it = &p->items[p->nitems];
    if (!convert(cmd->name, decl, false, a, &it->value))
        return EXIT_USAGE;
    it->option = decl;
    it->is_operand = true;
    p->nitems++;
    (*count)++;
    return OPTIONS_OK;
}

static int check_complete(const parsed_t *p, size_t operands)
{
    const command_t *cmd = p->command;
    for (const option_use_t *u = cmd->options; u && u->option; u++)
        if (u->required && !options_get(p, u->option))
            return parse_error(cmd->name, u->option->name, true, NULL, "required");
    if (operands < cmd->min_operands) {
        fprintf(stderr, "rperft %s: missing %s (see 'rperft %s --help')\n", cmd->name,
                cmd->operands[operands]->name, cmd->name);
        return EXIT_USAGE;
    }
    return OPTIONS_OK;
}

int options_parse(const command_t *cmd, int argc, char **argv, parsed_t *p)
{
    *p = (parsed_t){.command = cmd, .items = calloc((size_t)argc + 1, sizeof *p->items)};
    if (!p->items) {
        perror("rperft");
        return EXIT_USAGE;
    }
    bool options_done = false;
    size_t operands = 0;
    for (int i = 1; i < argc; i++) {
        int rc;
        if (!options_done && strcmp(argv[i], "--") == 0) {
            options_done = true;
            continue;
        }
        if (!options_done && looks_like_option(argv[i]))
            rc = parse_option(p, argc, argv, &i);
        else
            rc = parse_operand(p, argv[i], &operands);
        if (rc != OPTIONS_OK || p->help)
            return rc;
    }
    return check_complete(p, operands);
}

void options_free(parsed_t *p)
{
    free(p->items);
    p->items = NULL;
    p->nitems = 0;
}

/* ---- reading ----------------------------------------------------------------------- */

const option_value_t *options_get(const parsed_t *p, const option_t *o)
{
    for (int i = p->nitems - 1; i >= 0; i--)
        if (p->items[i].option == o)
            return &p->items[i].value;
    return NULL;
}

bool options_flag(const parsed_t *p, const option_t *o) { return options_get(p, o) != NULL; }

const char *options_text(const parsed_t *p, const option_t *o, const char *absent)
{
    const option_value_t *v = options_get(p, o);
    return v ? v->text : absent;
}

long long options_int(const parsed_t *p, const option_t *o, long long absent)
{
    const option_value_t *v = options_get(p, o);
    return v ? v->number : absent;
}

size_t options_operand_count(const parsed_t *p)
{
    size_t n = 0;
    for (int i = 0; i < p->nitems; i++)
        n += p->items[i].is_operand;
    return n;
}

const option_value_t *options_operand(const parsed_t *p, size_t k)
{
    for (int i = 0; i < p->nitems; i++)
        if (p->items[i].is_operand && k-- == 0)
            return &p->items[i].value;
    return NULL;
}

/* ---- help ------------------------------------------------------------------------------ */

/* Appends a usage word, wrapping lines at USAGE_WIDTH under the first word. */
static void usage_word(FILE *out, const char *word, int *col, int indent)
{
    int len = (int)strlen(word);
    if (*col + 1 + len > USAGE_WIDTH && *col > indent) {
        fprintf(out, "\n%*s", indent, "");
        *col = indent;
    } else {
        fputc(' ', out);
        (*col)++;
    }
    fputs(word, out);
    *col += len;
}

/* "--name ARG" or "--name" into buf. */
static const char *option_synopsis(const option_t *o, char *buf, size_t len)
{
    snprintf(buf, len, "--%s%s%s", o->name, o->arg ? " " : "", o->arg ? o->arg : "");
    return buf;
}

/* The usage word of u: "[--fen FEN]", "--engine CMD", or the group "[--startpos | --fen FEN]"
 * at its first member; "" for later members of a group. */
static void usage_option(const command_t *cmd, const option_use_t *u, char *word, size_t len)
{
    const option_t *o = u->option;
    char one[96];
    word[0] = '\0';
    if (o->excludes) {
        for (const option_use_t *v = cmd->options; v < u; v++)
            if (v->option->excludes && strcmp(v->option->excludes, o->excludes) == 0)
                return; /* written with the first of its group */
        size_t n = (size_t)snprintf(word, len, "[");
        for (const option_use_t *v = u; v->option && n < len; v++)
            if (v->option->excludes && strcmp(v->option->excludes, o->excludes) == 0)
                n += (size_t)snprintf(word + n, len - n, "%s%s", n > 1 ? " | " : "",
                                      option_synopsis(v->option, one, sizeof one));
        if (n < len)
            snprintf(word + n, len - n, "]");
        return;
    }
    option_synopsis(o, one, sizeof one);
    snprintf(word, len, u->required ? "%s%s" : "[%s]%s", one, o->repeatable ? "..." : "");
}

void options_print_usage(const command_t *cmd, FILE *out)
{
    char word[256];
    int indent = fprintf(out, "usage: rperft %s", cmd->name) + 1, col = indent - 1;
    for (const option_use_t *u = cmd->options; u && u->option; u++) {
        usage_option(cmd, u, word, sizeof word);
        if (word[0])
            usage_word(out, word, &col, indent);
    }
    for (size_t i = 0; cmd->operands && cmd->operands[i]; i++) {
        const option_t *o = cmd->operands[i];
        snprintf(word, sizeof word, "%s%s%s%s", i >= cmd->min_operands ? "[" : "", o->name,
                 o->repeatable ? "..." : "", i >= cmd->min_operands ? "]" : "");
        usage_word(out, word, &col, indent);
    }
    fputc('\n', out);
}

/* "  -q, --quiet  help" with the help's later lines under its first. */
static void print_option_help(FILE *out, const option_t *o, const char *help)
{
    char left[128], syn[96];
    snprintf(left, sizeof left, "  %s%c%s%s", o->short_name ? "-" : "", o->short_name ? o->short_name : ' ',
             o->short_name ? ", " : "", option_synopsis(o, syn, sizeof syn));
    if (!o->short_name) /* no "-x, " prefix: drop the placeholder space */
        memmove(left + 2, left + 3, strlen(left + 3) + 1);
    int width = (int)strlen(left);
    fputs(left, out);
    if (width >= HELP_COLUMN - 1) {
        fputc('\n', out);
        width = 0;
    }
    for (const char *line = help; line;) {
        const char *nl = strchr(line, '\n');
        int n = nl ? (int)(nl - line) : (int)strlen(line);
        fprintf(out, "%*s%.*s\n", HELP_COLUMN - width, "", n, line);
        width = 0;
        line = nl ? nl + 1 : NULL;
    }
}

void options_print_help(const command_t *cmd, FILE *out)
{
    static const option_t help_option = {.name = "help", .short_name = 'h', .help = "print this help and exit"};
    options_print_usage(cmd, out);
    if (cmd->description)
        fprintf(out, "\n%s", cmd->description);
    fputs("\noptions:\n", out);
    for (const option_use_t *u = cmd->options; u && u->option; u++)
        print_option_help(out, u->option, u->help ? u->help : u->option->help);
    print_option_help(out, &help_option, help_option.help);
    fputs("\nAn option's value may follow it or an '=' (--opt=VALUE); options may stand among the\n"
          "operands; '--' ends the options.\n",
          out);
    if (cmd->epilogue)
        fprintf(out, "\n%s", cmd->epilogue);
}

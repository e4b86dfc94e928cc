#include "othello_options.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

bool othello_parse_pass_ply(const char *text, bool *pass_ply)
{
    if (strcmp(text, "1") != 0 && strcmp(text, "0") != 0)
        return false;
    *pass_ply = text[0] == '1';
    return true;
}

int othello_parse_options(const char *cmd, const char *help, int argc, char **argv, othello_options_t *opt)
{
    *opt = (othello_options_t){.rules = OTHELLO_DEFAULT_RULES};
    int i = 1;
    /* "-1" is a (bad) DEPTH, not an option: it gets the depth's message. */
    for (; i < argc && argv[i][0] == '-' && argv[i][1] != '\0' && !isdigit((unsigned char)argv[i][1]); i++) {
        const char *a = argv[i];
        bool has_value = i + 1 < argc;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            fputs(help, stdout);
            return EXIT_ALL_GOOD;
        } else if (strcmp(a, "--startpos") == 0) {
            opt->board = NULL;
        } else if (strcmp(a, "--board") == 0 && has_value) {
            opt->board = argv[++i];
        } else if (strcmp(a, "--moves") == 0 && has_value) {
            opt->moves = argv[++i];
        } else if (strcmp(a, "--method") == 0 && has_value) {
            opt->method = argv[++i];
        } else if (strcmp(a, "--no-bulk") == 0) {
            opt->rules.bulk = false;
        } else if (strcmp(a, "--pass-ply") == 0 && has_value) {
            if (!othello_parse_pass_ply(argv[++i], &opt->rules.pass_ply))
                return usage_error(cmd, "--pass-ply takes 1 (a pass is a ply) or 0 (a pass takes no ply), not '%s'",
                                   argv[i]);
        } else if (strcmp(a, "--board") == 0 || strcmp(a, "--moves") == 0 || strcmp(a, "--method") == 0 ||
                   strcmp(a, "--pass-ply") == 0) {
            return usage_error(cmd, "%s needs a value", a);
        } else {
            return usage_error(cmd, "unknown option '%s'", a);
        }
    }
    if (i == argc)
        return usage_error(cmd, "missing DEPTH");
    if (i + 1 < argc)
        return usage_error(cmd, "unexpected argument '%s' after DEPTH", argv[i + 1]);
    if (!parse_int(argv[i], 0, 64, &opt->depth))
        return usage_error(cmd, "DEPTH must be a whole number from 0 to 64, not '%s'", argv[i]);
    return OTHELLO_OPTIONS_OK;
}

bool othello_load_position(const char *cmd, const othello_options_t *opt, othello_position_t *pos)
{
    const char *text = opt->board ? opt->board : OTHELLO_STARTPOS;
    othello_error_t err;
    if (!othello_parse(text, pos, &err)) {
        fprintf(stderr, "rperft %s: bad board \"%.80s%s\": %s field, column %d: %s\n", cmd, text,
                strlen(text) > 80 ? "..." : "", err.field, err.column, err.message);
        return false;
    }
    if (!opt->moves)
        return true;
    char *copy = strdup(opt->moves), *save = NULL;
    bool ok = copy != NULL;
    for (char *word = ok ? strtok_r(copy, " \t,", &save) : NULL; word; word = strtok_r(NULL, " \t,", &save)) {
        const char *why;
        if (!othello_play(pos, word, othello_method_default(), &why)) {
            char now[OTHELLO_TEXT_MAX];
            fprintf(stderr, "rperft %s: --moves: '%s': %s in %s\n", cmd, word, why, othello_write(pos, now));
            ok = false;
            break;
        }
    }
    free(copy);
    return ok;
}

const othello_method_t *othello_resolve_method(const char *cmd, const char *name)
{
    const othello_method_t *m = name ? othello_method_find(name) : othello_method_default();
    if (!m) {
        fprintf(stderr, "rperft %s: unknown flip method '%s'; the methods are:", cmd, name);
        for (int i = 0; othello_methods[i]; i++)
            fprintf(stderr, " %s", othello_methods[i]->name);
        fprintf(stderr, " (or all)\n");
    }
    return m;
}

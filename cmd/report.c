/* rperft report: merges bench CSVs from any number of machines into one table per
 * kind of measurement (rows = method, columns = CPU), as text, Markdown or SVG. */
#include <errno.h>
#include <string.h>

#include "bench/report.h"
#include "cli.h"
#include "commands.h"

static const char help[] =
    "usage: rperft report [--markdown] [--svg FILE] [--cpu-label LABEL] CSV [[--cpu-label LABEL] CSV ...]\n"
    "\n"
    "Reads CSVs written by 'rperft bench --csv' on any number of machines and prints one\n"
    "table per kind of measurement: a row per method (with '(no bulk)' rows for --no-bulk\n"
    "runs), a column per CPU model name, and in each cell the geometric-mean Mnps over the\n"
    "positions (FEN and depth) that every cell of the table measured, with the method's\n"
    "rank on that CPU in brackets. Repeated measurements of a position count by their median.\n"
    "\n"
    "  --markdown         print GitHub-flavoured Markdown tables\n"
    "  --svg FILE         also write the perft table as a grouped bar chart (self-contained SVG)\n"
    "  --cpu-label LABEL  name the CPU of the rows of the next CSV LABEL instead of their CPU\n"
    "                     model name: tells two builds on one machine apart, or fakes a\n"
    "                     second machine\n"
    "\n"
    "Malformed rows are reported as FILE:LINE and skipped. Exit status 2 when a file has no\n"
    "usable rows (the others are still shown) or the tables cannot be built.\n";

typedef struct report_options {
    bool markdown;
    const char *svg;
    bool files_read; /* all arguments parsed, every file read (usable or not) */
} report_options_t;

/* Options and files in order, since --cpu-label applies to the next file. */
static int read_arguments(int argc, char **argv, report_t *r, report_options_t *o)
{
    const char *label = NULL;
    int files = 0, bad = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            fputs(help, stdout);
            return EXIT_ALL_GOOD;
        } else if (strcmp(a, "--markdown") == 0) {
            o->markdown = true;
        } else if ((strcmp(a, "--svg") == 0 || strcmp(a, "--cpu-label") == 0) && i + 1 == argc) {
            return usage_error("report", "%s needs a value", a);
        } else if (strcmp(a, "--svg") == 0) {
            o->svg = argv[++i];
        } else if (strcmp(a, "--cpu-label") == 0) {
            label = argv[++i];
        } else if (a[0] == '-' && a[1] != '\0') {
            return usage_error("report", "unknown option '%s'", a);
        } else {
            files++;
            bad += report_add_file(r, a, label, stderr) == 0;
            label = NULL;
        }
    }
    if (files == 0)
        return usage_error("report", "no CSV file given");
    if (label)
        return usage_error("report", "--cpu-label '%s' is not followed by a CSV file", label);
    o->files_read = true;
    return bad ? EXIT_BAD_INPUT : OPTIONS_OK;
}

static bool write_svg(const report_table_t *t, const char *path)
{
    FILE *out = fopen(path, "w");
    if (!out) {
        fprintf(stderr, "rperft report: %s: cannot write: %s\n", path, strerror(errno));
        return false;
    }
    report_write_svg(t, out);
    if (fclose(out) != 0) {
        fprintf(stderr, "rperft report: %s: cannot write: %s\n", path, strerror(errno));
        return false;
    }
    return true;
}

/* Prints one kind's table (and draws it if `draw`); 0 when there is none, -1 when it
 * cannot be built or drawn. */
static int print_kind(const report_t *r, const char *kind, const report_options_t *o, bool first, bool draw)
{
    report_table_t t;
    if (!report_build(r, kind, &t))
        return 0;
    int rc = 1;
    if (t.npositions == 0) {
        fprintf(stderr, "rperft report: the %s rows share no position across all methods and CPUs; "
                        "nothing to compare\n", kind);
        rc = -1;
    } else {
        if (!first)
            putchar('\n');
        if (o->markdown)
            report_print_markdown(&t, stdout);
        else
            report_print_text(&t, stdout);
        if (draw && o->svg && !write_svg(&t, o->svg))
            rc = -1;
    }
    report_table_free(&t);
    return rc;
}

int cmd_report(int argc, char **argv)
{
    report_options_t o = {0};
    report_t *r = report_new();
    if (!r)
        return EXIT_BAD_INPUT;
    int rc = read_arguments(argc, argv, r, &o);
    /* A file without usable rows fails the run, after the others are shown. */
    if (rc == OPTIONS_OK || (rc == EXIT_BAD_INPUT && o.files_read)) {
        int perft = print_kind(r, "perft", &o, true, true);
        int micro = print_kind(r, "micro", &o, perft == 0, perft == 0);
        if (perft < 0 || micro < 0 || (perft == 0 && micro == 0))
            rc = EXIT_BAD_INPUT;
        else if (rc == OPTIONS_OK)
            rc = EXIT_ALL_GOOD;
    }
    report_free(r);
    return rc;
}

/* rperft report: merges bench CSVs from any number of machines into one table per
 * kind of measurement (rows = method, columns = CPU), as text, Markdown or SVG. */
#include <errno.h>
#include <string.h>

#include "bench/report.h"
#include "cli.h"
#include "commands.h"

typedef struct report_options {
    bool markdown;
    const char *svg;
    bool files_read; /* all arguments parsed, every file read (usable or not) */
} report_options_t;

static const option_t opt_markdown = {.name = "markdown", .help = "print GitHub-flavoured Markdown tables"};
static const option_t opt_svg = {
    .name = "svg", .arg = "FILE", .kind = OPTION_TEXT,
    .help = "also write the perft table as a grouped bar chart (self-contained SVG)"};
static const option_t opt_cpu_label = {
    .name = "cpu-label", .arg = "LABEL", .kind = OPTION_TEXT, .repeatable = true,
    .help = "name the CPU of the rows of the next CSV LABEL instead of their CPU\n"
            "model name: tells two builds on one machine apart, or fakes a\n"
            "second machine"};
static const option_t operand_csv = {.name = "CSV", .kind = OPTION_TEXT, .repeatable = true, .help = "bench CSVs"};

/* The files in command-line order, since --cpu-label applies to the next one. */
static int read_files(const parsed_t *p, report_t *r, report_options_t *o)
{
    const char *label = NULL;
    int bad = 0;
    *o = (report_options_t){.markdown = options_flag(p, &opt_markdown), .svg = options_text(p, &opt_svg, NULL)};
    for (int i = 0; i < p->nitems; i++) {
        const parsed_item_t *it = &p->items[i];
        if (it->option == &opt_cpu_label) {
            if (label)
                return option_error(p, &opt_cpu_label, "follows --cpu-label '%s' with no CSV between", label);
            label = it->value.text;
        } else if (it->is_operand) {
            bad += report_add_file(r, it->value.text, label, stderr) == 0;
            label = NULL;
        }
    }
    if (label)
        return option_error(p, &opt_cpu_label, "is not followed by a CSV file");
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

static int cmd_report(const parsed_t *p)
{
    report_options_t o = {0};
    report_t *r = report_new();
    if (!r)
        return EXIT_BAD_INPUT;
    int rc = read_files(p, r, &o);
    /* A file without usable rows fails the run, after the others are shown. */
    if (rc == OPTIONS_OK || (rc == EXIT_BAD_INPUT && o.files_read)) {
        /* Chess and Othello rows are different kinds, so they never share a table; the
         * SVG draws the first table printed. */
        static const char *const kinds[] = {"perft", "micro", "othello-perft", "othello-micro"};
        int shown = 0;
        bool broken = false;
        for (size_t k = 0; k < sizeof kinds / sizeof *kinds; k++) {
            int got = print_kind(r, kinds[k], &o, shown == 0, shown == 0);
            broken |= got < 0;
            shown += got > 0;
        }
        if (broken || shown == 0)
            rc = EXIT_BAD_INPUT;
        else if (rc == OPTIONS_OK)
            rc = EXIT_ALL_GOOD;
    }
    report_free(r);
    return rc;
}

static const option_use_t options[] = {OPTION(opt_markdown), OPTION(opt_svg), OPTION(opt_cpu_label), OPTIONS_END};
static const option_t *const operands[] = {&operand_csv, NULL};

const command_t report_command = {
    .name = "report",
    .summary = "merge bench CSVs from many CPUs into tables and an SVG chart",
    .description =
        "Reads CSVs written by 'rperft bench --csv' on any number of machines and prints one\n"
        "table per kind of measurement: a row per method (with '(no bulk)' rows for --no-bulk\n"
        "runs), a column per CPU model name, and in each cell the geometric-mean Mnps over the\n"
        "positions (FEN and depth) that every cell of the table measured, with the method's\n"
        "rank on that CPU in brackets. Repeated measurements of a position count by their median.\n"
        "Othello rows ('rperft othello bench --csv') are their own kinds, othello-perft and\n"
        "othello-micro, tabled (and drawn, when there are no chess rows) apart from chess.\n"
        "--cpu-label LABEL applies to the CSV after it: 'rperft report --cpu-label gcc a.csv\n"
        "--cpu-label clang b.csv'.\n",
    .options = options,
    .operands = operands,
    .min_operands = 1,
    .epilogue =
        "Malformed rows are reported as FILE:LINE and skipped. Exit status 2 when a file has no\n"
        "usable rows (the others are still shown) or the tables cannot be built.\n",
    .run = cmd_report,
};

/* The bench CSV tables (libcsv): round trips with hostile fields, appending,
 * refusing a foreign header, line numbers of malformed rows; report aggregation on
 * the fixtures in tests/fixtures/; the bench position set. Outcomes only, never
 * timings. */
#define _POSIX_C_SOURCE 200809L /* mkdtemp, open_memstream under -std=c17 */

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bench_set.h"
#include "csv_table.h"
#include "report.h"
#include "schema.h"
#include "tables.h"

static char dir[64];

static void setup(void)
{
    tables_init();
    strcpy(dir, "/tmp/rperft-test-csv-XXXXXX");
    cr_assert(mkdtemp(dir) != NULL);
}

static void teardown(void)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    cr_assert_eq(system(cmd), 0);
}

TestSuite(csv, .init = setup, .fini = teardown);

static const char *temp_path(const char *name)
{
    static char path[128];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return path;
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    cr_assert(f != NULL, "cannot open %s", path);
    char *buf = calloc(1, 1 << 16);
    size_t n = fread(buf, 1, (1 << 16) - 1, f);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

static void spit(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    cr_assert(f != NULL);
    fputs(text, f);
    fclose(f);
}

/* Everything csv_read_file() delivered, flattened for assertions. */
enum { MAX_RECORDS = 16, MAX_FIELDS = 8 };
typedef struct collected {
    int n;
    long line[MAX_RECORDS];
    int nfields[MAX_RECORDS];
    char field[MAX_RECORDS][MAX_FIELDS][128];
    bool error[MAX_RECORDS];
} collected_t;

static bool collect(void *user, const csv_record_t *rec)
{
    collected_t *c = user;
    cr_assert_lt(c->n, MAX_RECORDS);
    c->line[c->n] = rec->line;
    c->nfields[c->n] = rec->nfields;
    c->error[c->n] = rec->error != NULL;
    for (int i = 0; i < rec->nfields && i < MAX_FIELDS; i++)
        snprintf(c->field[c->n][i], sizeof c->field[c->n][i], "%s", rec->fields[i]);
    c->n++;
    return true;
}

static collected_t read_all(const char *path)
{
    collected_t c = {0};
    char err[256];
    cr_assert(csv_read_file(path, collect, &c, err, sizeof err), "%s", err);
    return c;
}

static const char *const header3[] = {"id", "fen", "note"};

Test(csv, round_trip_of_hostile_fields)
{
    const char *path = temp_path("round.csv");
    const char *row1[] = {"1", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "plain"};
    const char *row2[] = {"two, with comma", "8/8/8/8/8/8/8/8 w - - 0 1, \"quoted\"", "say \"hi\",\nnew line"};
    const char *row3[] = {" padded ", "", "-1.5"};
    char err[256];
    csv_table_t *t = csv_table_open(path, header3, 3, err, sizeof err);
    cr_assert(t != NULL, "%s", err);
    cr_assert(csv_table_append(t, row1));
    cr_assert(csv_table_append(t, row2));
    cr_assert(csv_table_append(t, row3));
    csv_table_close(t);

    char *text = slurp(path);
    cr_assert(strstr(text, "\"8/8/8/8/8/8/8/8 w - - 0 1, \"\"quoted\"\"\"") != NULL, "quotes not doubled:\n%s", text);
    free(text);

    collected_t c = read_all(path);
    cr_assert_eq(c.n, 4);
    const char *const *rows[] = {header3, row1, row2, row3};
    for (int r = 0; r < 4; r++) {
        cr_assert_not(c.error[r]);
        cr_assert_eq(c.nfields[r], 3);
        for (int f = 0; f < 3; f++)
            cr_assert_str_eq(c.field[r][f], rows[r][f], "record %d field %d", r, f);
    }
    /* The row with a newline inside a field starts on line 3; the next on line 5. */
    cr_assert_eq(c.line[2], 3);
    cr_assert_eq(c.line[3], 5);
}

Test(csv, appending_keeps_earlier_rows_and_one_header)
{
    const char *path = temp_path("append.csv");
    const char *a[] = {"a", "fen a", "x"}, *b[] = {"b", "fen b", "y"}, *c3[] = {"c", "fen c", "z"};
    char err[256];
    csv_table_t *t = csv_table_open(path, header3, 3, err, sizeof err);
    cr_assert(t && csv_table_append(t, a) && csv_table_append(t, b));
    csv_table_close(t);
    t = csv_table_open(path, header3, 3, err, sizeof err);
    cr_assert(t != NULL, "%s", err);
    cr_assert(csv_table_append(t, c3));
    csv_table_close(t);

    collected_t c = read_all(path);
    cr_assert_eq(c.n, 4, "one header and three rows, got %d records", c.n);
    cr_assert_str_eq(c.field[0][0], "id");
    cr_assert_str_eq(c.field[1][0], "a");
    cr_assert_str_eq(c.field[2][0], "b");
    cr_assert_str_eq(c.field[3][0], "c");
}

Test(csv, foreign_header_is_refused_and_file_untouched)
{
    const char *path = temp_path("foreign.csv");
    const char *before = "id,fen,comment\n1,x,y\n";
    spit(path, before);
    char err[512] = "";
    cr_assert_null(csv_table_open(path, header3, 3, err, sizeof err));
    cr_assert(strstr(err, path) != NULL && strstr(err, "column 3") != NULL, "error does not say where: %s", err);
    char *after = slurp(path);
    cr_assert_str_eq(after, before);
    free(after);

    spit(path, "id,fen\n");
    cr_assert_null(csv_table_open(path, header3, 3, err, sizeof err));
    cr_assert(strstr(err, "2 columns") != NULL, "%s", err);
}

Test(csv, header_matching_is_after_parsing)
{
    const char *path = temp_path("quoted-header.csv");
    spit(path, "\"id\",\"fen\",note\n");
    char err[256];
    csv_table_t *t = csv_table_open(path, header3, 3, err, sizeof err);
    cr_assert(t != NULL, "a differently quoted but equal header is ours: %s", err);
    csv_table_close(t);
}

Test(csv, a_torn_last_row_stays_separate)
{
    const char *path = temp_path("torn.csv");
    spit(path, "id,fen,note\n1,half");
    const char *row[] = {"2", "whole", "row"};
    char err[256];
    csv_table_t *t = csv_table_open(path, header3, 3, err, sizeof err);
    cr_assert(t != NULL, "%s", err);
    cr_assert(csv_table_append(t, row));
    csv_table_close(t);
    collected_t c = read_all(path);
    cr_assert_eq(c.n, 3);
    cr_assert_eq(c.nfields[1], 2);
    cr_assert_str_eq(c.field[2][1], "whole");
}

/* Issue 13: the quote is still closed (or the field would swallow the new rows),
 * but no longer silently: the warning names the file and the cut row's line. */
Test(csv, a_row_cut_inside_quotes_is_named_in_a_warning)
{
    const char *path = temp_path("cut.csv");
    spit(path, "id,fen,note\n1,whole,row\n2,\"cut inside");
    const char *row[] = {"3", "next", "row"};
    char err[256];
    csv_table_t *t = csv_table_open(path, header3, 3, err, sizeof err);
    cr_assert(t != NULL, "%s", err);
    const char *warning = csv_table_warning(t);
    cr_assert(warning != NULL, "no warning for a row cut inside quotes");
    char where[160];
    snprintf(where, sizeof where, "%s:3: ", path);
    cr_assert(strncmp(warning, where, strlen(where)) == 0, "%s", warning);
    cr_assert(csv_table_append(t, row));
    csv_table_close(t);
    collected_t c = read_all(path);
    cr_assert_eq(c.n, 4);
    cr_assert_eq(c.nfields[2], 2, "the cut row stays short");
    cr_assert_str_eq(c.field[3][1], "next");

    /* A whole file opens without a warning. */
    t = csv_table_open(path, header3, 3, err, sizeof err);
    cr_assert(t != NULL, "%s", err);
    cr_assert_null(csv_table_warning(t));
    csv_table_close(t);
}

/* A path whose directory refuses new files: a 0500 directory, or for root (who
 * writes anywhere) sysfs; NULL when neither refuses here. */
static const char *unwritable_path(void)
{
    static char path[160];
    if (geteuid() != 0) {
        snprintf(path, sizeof path, "%s/read-only", dir);
        cr_assert_eq(mkdir(path, 0500), 0);
        strcat(path, "/bench.csv");
        return path;
    }
    snprintf(path, sizeof path, "/sys/rperft-test-%d.csv", (int)getpid());
    int fd = open(path, O_RDWR | O_CREAT, 0644);
    if (fd >= 0) {
        close(fd);
        unlink(path);
        return NULL;
    }
    return errno == EACCES ? path : NULL;
}

/* Issue 13: the write-only retry (for /dev/stdout) failed with ENOENT and hid the
 * real reason. */
Test(csv, an_unwritable_directory_says_permission_denied)
{
    const char *path = unwritable_path();
    if (!path)
        cr_skip_test("no directory here refuses new files");
    char err[512] = "";
    cr_assert_null(csv_table_open(path, header3, 3, err, sizeof err));
    cr_assert(strstr(err, path) && strstr(err, strerror(EACCES)), "%s", err);
}

Test(csv, malformed_records_carry_their_line)
{
    const char *path = temp_path("bad.csv");
    spit(path, "h1,h2\n1,2\n\n\"bad\"x,3\n4,5\n\"never closed,6\n");
    collected_t c = read_all(path);
    cr_assert_eq(c.n, 5);
    cr_assert_eq(c.line[1], 2);
    cr_assert(c.error[2]);
    cr_assert_eq(c.line[2], 4);
    cr_assert_not(c.error[3]);
    cr_assert_eq(c.line[3], 5);
    cr_assert_str_eq(c.field[3][1], "5");
    cr_assert(c.error[4]);
    cr_assert_eq(c.line[4], 6);
}

Test(csv, bench_rows_round_trip_with_the_schema)
{
    const char *path = temp_path("bench.csv");
    sysinfo_t sys;
    sysinfo_read(&sys);
    bench_measurement_t m = {.kind = "perft", .method = "rotated", .bitscan = "hardware", .bulk = 1,
                             .position_id = "odd, \"id\"", .fen = "8/8/8/8/8/8/8/K6k w - - 0 1", .depth = 3,
                             .nodes = "123456789012345678901234567890", .repetitions = 5, .median_s = 0.25,
                             .min_s = 0.2, .max_s = 0.3, .mnps = 812.5};
    const char *fields[BENCH_COLUMNS];
    char buf[BENCH_ROW_BUF], err[256];
    bench_row(&sys, &m, fields, buf);
    csv_table_t *t = csv_table_open(path, bench_header, BENCH_COLUMNS, err, sizeof err);
    cr_assert(t != NULL, "%s", err);
    cr_assert(csv_table_append(t, fields));
    csv_table_close(t);

    report_t *r = report_new();
    FILE *diag = fopen("/dev/null", "w");
    cr_assert_eq(report_add_file(r, path, NULL, diag), 1);
    fclose(diag);
    report_table_t tab;
    cr_assert(report_build(r, "perft", &tab));
    char cpu[64];
    cr_assert_float_eq(report_cell(&tab, "rotated", sysinfo_cpu_name(&sys, cpu, sizeof cpu)), 812.5, 1e-9);
    report_table_free(&tab);
    report_free(r);
}

/* One perft bench row of this machine, for the report tests to bend. */
static void sample_row(const char *fen, int depth, double mnps, const char **fields, char *buf)
{
    static sysinfo_t sys;
    sysinfo_read(&sys);
    bench_measurement_t m = {.kind = "perft", .method = "rotated", .bitscan = "hardware", .bulk = 1,
                             .position_id = "p", .fen = fen, .depth = depth, .nodes = "1000",
                             .repetitions = 3, .median_s = 0.5, .min_s = 0.4, .max_s = 0.6, .mnps = mnps};
    bench_row(&sys, &m, fields, buf);
}

static void write_rows(const char *path, const char *const (*rows)[BENCH_COLUMNS], int n)
{
    char err[256];
    csv_table_t *t = csv_table_open(path, bench_header, BENCH_COLUMNS, err, sizeof err);
    cr_assert(t != NULL, "%s", err);
    for (int i = 0; i < n; i++)
        cr_assert(csv_table_append(t, rows[i]));
    csv_table_close(t);
}

/* Issue 13: every numeric field is checked as mnps is (before, median_s 'abc',
 * nodes 'xyz' and depth '-3' were taken), and every message says who speaks. */
Test(csv, report_checks_every_numeric_field)
{
    static const struct { int col; const char *value, *says; } bad[] = {
        {COL_MEDIAN_S, "abc", "field 'median_s': 'abc'"},
        {COL_MIN_S, "-1", "field 'min_s': '-1'"},
        {COL_NODES, "xyz", "field 'nodes': 'xyz'"},
        {COL_DEPTH, "-3", "field 'depth': '-3'"},
        {COL_DEPTH, "", "field 'depth': ''"},
        {COL_REPETITIONS, "0", "field 'repetitions': '0'"},
        {COL_MNPS, "-5", "field 'mnps': '-5'"},
    };
    enum { NBAD = sizeof bad / sizeof *bad };
    const char *rows[NBAD + 1][BENCH_COLUMNS];
    char bufs[NBAD + 1][BENCH_ROW_BUF];
    for (int i = 0; i <= NBAD; i++) {
        sample_row("4k3/8/8/8/8/8/8/4K3 w - - 0 1", 3, 100, rows[i], bufs[i]);
        if (i < NBAD)
            rows[i][bad[i].col] = bad[i].value;
    }
    char path[160];
    snprintf(path, sizeof path, "%s", temp_path("numbers.csv"));
    write_rows(path, (const char *const (*)[BENCH_COLUMNS])rows, NBAD + 1);

    char *diag;
    size_t size;
    FILE *out = open_memstream(&diag, &size);
    report_t *r = report_new();
    cr_assert_eq(report_add_file(r, path, NULL, out), 1, "only the last row is whole");
    cr_assert_eq(report_add_file(r, temp_path("missing.csv"), NULL, out), 0);
    fclose(out);
    for (int i = 0; i < NBAD; i++) {
        char want[256];
        snprintf(want, sizeof want, "rperft report: %s:%d: %s", path, i + 2, bad[i].says);
        cr_assert(strstr(diag, want) != NULL, "lacks \"%s\":\n%s", want, diag);
    }
    cr_assert(strstr(diag, "rperft report: ") && strstr(diag, "missing.csv: cannot open"), "%s", diag);
    for (char *line = diag; *line; line = strchr(line, '\n') + 1)
        cr_assert(strncmp(line, "rperft report: ", 15) == 0, "a line without the prefix: %s", line);
    free(diag);
    report_free(r);
}

/* Issue 13: one machine benched a position at depth 5, another at depth 6; the
 * table was "nothing to compare". Now the FENs they share are compared, and the
 * caption says the depths differ. */
Test(csv, report_at_different_depths_compares_the_shared_fens)
{
    static const char fen[] = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    const char *rows[2][BENCH_COLUMNS];
    char bufs[2][BENCH_ROW_BUF];
    sample_row(fen, 5, 100, rows[0], bufs[0]);
    sample_row(fen, 6, 300, rows[1], bufs[1]);
    write_rows(temp_path("d5.csv"), (const char *const (*)[BENCH_COLUMNS])rows, 1);
    write_rows(temp_path("d6.csv"), (const char *const (*)[BENCH_COLUMNS])rows + 1, 1);
    report_t *r = report_new();
    FILE *diag = fopen("/dev/null", "w");
    cr_assert_eq(report_add_file(r, temp_path("d5.csv"), "five", diag), 1);
    cr_assert_eq(report_add_file(r, temp_path("d6.csv"), "six", diag), 1);
    fclose(diag);
    report_table_t t;
    cr_assert(report_build(r, "perft", &t));
    cr_assert_eq(t.npositions, 1);
    cr_assert(t.depths_differ);
    cr_assert_float_eq(report_cell(&t, "rotated", "five"), 100.0, 1e-9);
    cr_assert_float_eq(report_cell(&t, "rotated", "six"), 300.0, 1e-9);
    char *text;
    size_t size;
    FILE *out = open_memstream(&text, &size);
    report_print_text(&t, out);
    fclose(out);
    cr_assert(strstr(text, "matched by FEN alone") != NULL, "%s", text);
    free(text);
    report_table_free(&t);
    report_free(r);
}

/* ---- report aggregation on the fixtures ---- */

static const char *fixture(const char *name)
{
    static char path[1024];
    const char *d = getenv("RPERFT_FIXTURES_DIR");
    snprintf(path, sizeof path, "%s/%s", d ? d : "tests/fixtures", name);
    return path;
}

static report_t *load_fixtures(char **diag_text)
{
    size_t size;
    FILE *diag = open_memstream(diag_text, &size);
    report_t *r = report_new();
    cr_assert_eq(report_add_file(r, fixture("report_alpha.csv"), NULL, diag), 7);
    cr_assert_eq(report_add_file(r, fixture("report_beta.csv"), NULL, diag), 8);
    fclose(diag);
    return r;
}

Test(csv, report_geometric_means_and_ranks)
{
    char *diag;
    report_t *r = load_fixtures(&diag);
    report_table_t t;
    cr_assert(report_build(r, "perft", &t));
    cr_assert_eq(t.ncols, 2);
    cr_assert_eq(t.npositions, 2, "P3 is measured by one cell only, so it is left out");
    /* Alpha: rotated median(90, 100, 130) = 100 and 400 -> 200; magic 200, 800 -> 400. */
    cr_assert_float_eq(report_cell(&t, "rotated", "Alpha CPU"), 200.0, 1e-9);
    cr_assert_float_eq(report_cell(&t, "magic", "Alpha CPU"), 400.0, 1e-9);
    cr_assert_float_eq(report_cell(&t, "rotated", "Beta CPU"), 50.0, 1e-9);
    cr_assert_float_eq(report_cell(&t, "magic", "Beta CPU"), 40.0, 1e-9);
    cr_assert_float_eq(report_cell(&t, "rotated (no bulk)", "Beta CPU"), 20.0, 1e-9);
    cr_assert_eq(report_cell(&t, "rotated (no bulk)", "Alpha CPU"), 0);
    cr_assert_eq(report_rank(&t, "magic", "Alpha CPU"), 1);
    cr_assert_eq(report_rank(&t, "rotated", "Alpha CPU"), 2);
    cr_assert_eq(report_rank(&t, "rotated", "Beta CPU"), 1);
    cr_assert_eq(report_rank(&t, "magic", "Beta CPU"), 2);
    cr_assert_eq(report_rank(&t, "rotated (no bulk)", "Beta CPU"), 3);
    cr_assert(strstr(t.col_notes[0], "alpha1, alpha2") != NULL, "%s", t.col_notes[0]);
    report_table_free(&t);

    cr_assert(report_build(r, "micro", &t));
    cr_assert_float_eq(report_cell(&t, "magic", "Beta CPU"), 600.0, 1e-9);
    cr_assert_eq(report_rank(&t, "magic", "Beta CPU"), 1);
    report_table_free(&t);
    report_free(r);

    /* Each malformed row of the alpha fixture is named by file and line. */
    cr_assert(strstr(diag, "report_alpha.csv:5: field 'mnps': 'fast'") != NULL, "%s", diag);
    cr_assert(strstr(diag, "report_alpha.csv:6: 3 fields, but the header has 32") != NULL, "%s", diag);
    cr_assert(strstr(diag, "report_alpha.csv:7: malformed CSV") != NULL, "%s", diag);
    free(diag);
}

Test(csv, report_cpu_label_makes_a_second_column)
{
    report_t *r = report_new();
    FILE *diag = fopen("/dev/null", "w");
    cr_assert_eq(report_add_file(r, fixture("report_alpha.csv"), NULL, diag), 7);
    cr_assert_eq(report_add_file(r, fixture("report_alpha.csv"), "Gamma <&> label", diag), 7);
    fclose(diag);
    report_table_t t;
    cr_assert(report_build(r, "perft", &t));
    cr_assert_eq(t.ncols, 2);
    cr_assert_float_eq(report_cell(&t, "magic", "Gamma <&> label"), 400.0, 1e-9);

    char *svg, *text;
    size_t size;
    FILE *out = open_memstream(&svg, &size);
    report_write_svg(&t, out);
    fclose(out);
    cr_assert(strncmp(svg, "<?xml", 5) == 0 && strstr(svg, "</svg>") != NULL);
    cr_assert(strstr(svg, "Gamma &lt;&amp;&gt; label") != NULL, "labels must be escaped");
    cr_assert(strstr(svg, "Alpha CPU") != NULL && strstr(svg, ">rotated</text>") != NULL);
    free(svg);

    out = open_memstream(&text, &size);
    report_print_markdown(&t, out);
    fclose(out);
    cr_assert(strstr(text, "| magic | 400.0 (1) | 400.0 (1) |") != NULL, "%s", text);
    free(text);
    report_table_free(&t);
    report_free(r);
}

Test(csv, report_refuses_files_without_usable_rows)
{
    char *text;
    size_t size;
    FILE *diag = open_memstream(&text, &size);
    report_t *r = report_new();
    cr_assert_eq(report_add_file(r, fixture("report_empty.csv"), NULL, diag), 0);
    cr_assert_eq(report_add_file(r, fixture("report_foreign.csv"), NULL, diag), 0);
    cr_assert_eq(report_add_file(r, fixture("no_such_file.csv"), NULL, diag), 0);
    fclose(diag);
    cr_assert(strstr(text, "report_empty.csv: no usable rows") != NULL, "%s", text);
    cr_assert(strstr(text, "report_foreign.csv:1: not an rperft bench CSV") != NULL, "%s", text);
    cr_assert(strstr(text, "no_such_file.csv: cannot open") != NULL, "%s", text);
    report_table_t t;
    cr_assert_not(report_build(r, "perft", &t));
    report_table_free(&t);
    report_free(r);
    free(text);
}

/* ---- the bench position set (read by core/suite.h) ---- */

Test(csv, bench_epd_matches_the_built_in_set)
{
    const char *d = getenv("RPERFT_SUITES_DIR");
    if (!d)
        cr_skip_test("RPERFT_SUITES_DIR not set");
    char path[1024], err[512];
    snprintf(path, sizeof path, "%s/bench.epd", d);
    bench_set_t file, builtin;
    cr_assert(bench_set_load(path, &file, err, sizeof err), "%s", err);
    cr_assert(bench_set_builtin(&builtin));
    cr_assert_eq(file.n, 6);
    cr_assert_eq(builtin.n, file.n);
    for (int i = 0; i < file.n; i++) {
        const bench_position_t *a = &file.items[i], *b = &builtin.items[i];
        cr_assert_str_eq(a->id, b->id);
        cr_assert_str_eq(a->fen, b->fen);
        cr_assert_eq(a->depth, b->depth);
        cr_assert(a->expected[a->depth] == b->expected[b->depth], "%s: counts differ", a->id);
    }
    bench_set_free(&file);
    bench_set_free(&builtin);
}

Test(csv, bench_epd_errors_name_file_line_and_field)
{
    const char *path = temp_path("bad.epd");
    bench_set_t set;
    char err[512];
    spit(path, "8/8/8/8/8/8/8/K6k w - - ;D1 3\n8/8/8/8/8/8/8/K6k w - - ;D1 x\n");
    cr_assert_not(bench_set_load(path, &set, err, sizeof err));
    cr_assert(strstr(err, "bad.epd:2:") != NULL && strstr(err, "D1 count") != NULL, "%s", err);
    spit(path, "8/8/8/8/8/8/8/K6k w - - ;id \"no depth\"\n");
    cr_assert_not(bench_set_load(path, &set, err, sizeof err));
    cr_assert(strstr(err, "bad.epd:1:") != NULL && strstr(err, "no perft counts") != NULL, "%s", err);
    spit(path, "8/8/8/8/8/8/8/K6X w - - ;D1 3\n");
    cr_assert_not(bench_set_load(path, &set, err, sizeof err));
    cr_assert(strstr(err, "bad.epd:1:") != NULL && strstr(err, "FEN pieces") != NULL, "%s", err);
}

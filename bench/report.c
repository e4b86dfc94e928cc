#include "report.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "csv_table.h"
#include "schema.h"
#include "timing.h"

/* ---- small string sets (the data is tiny: a few methods, CPUs, positions) ---- */

typedef struct strset {
    char **items;
    int n;
} strset_t;

static int strset_find(const strset_t *s, const char *text)
{
    for (int i = 0; i < s->n; i++)
        if (strcmp(s->items[i], text) == 0)
            return i;
    return -1;
}

/* Index of text, added if new; -1 when out of memory. */
static int strset_add(strset_t *s, const char *text)
{
    int i = strset_find(s, text);
    if (i >= 0)
        return i;
    char **items = realloc(s->items, (size_t)(s->n + 1) * sizeof *items);
    if (!items)
        return -1;
    s->items = items;
    if (!(s->items[s->n] = strdup(text)))
        return -1;
    return s->n++;
}

static void strset_free(strset_t *s)
{
    for (int i = 0; i < s->n; i++)
        free(s->items[i]);
    free(s->items);
    *s = (strset_t){0};
}

/* ---- the report: samples, each naming its kind, row, column and position ---- */

enum { INFO_HOST, INFO_COMPILER, INFO_BUILD, INFO_COMMIT, INFO_FIELDS };

typedef struct column_info {
    strset_t seen[INFO_FIELDS];
} column_info_t;

/* pos: the position as FEN and depth; fen: as FEN alone, for CSVs that measured
 * the same positions at different depths. */
typedef struct sample {
    int kind, row, col, pos, fen;
    double mnps;
} sample_t;

struct report {
    strset_t kinds, rows, cols, positions, fens;
    column_info_t *info; /* parallel to cols */
    sample_t *samples;
    size_t nsamples, cap;
};

report_t *report_new(void) { return calloc(1, sizeof(report_t)); }

void report_free(report_t *r)
{
    if (!r)
        return;
    for (int c = 0; c < r->cols.n; c++)
        for (int f = 0; f < INFO_FIELDS; f++)
            strset_free(&r->info[c].seen[f]);
    free(r->info);
    strset_free(&r->kinds);
    strset_free(&r->rows);
    strset_free(&r->cols);
    strset_free(&r->positions);
    strset_free(&r->fens);
    free(r->samples);
    free(r);
}

/* ---- reading one file ---- */

enum field {
    F_SCHEMA, F_CPU, F_KIND, F_METHOD, F_BULK, F_POSITION_ID, F_FEN, F_DEPTH, F_MNPS,
    F_HOST, F_COMPILER, F_BUILD_TYPE, F_BUILD_FLAGS, F_COMMIT,
    F_NODES, F_REPETITIONS, F_MEDIAN_S, F_MIN_S, F_MAX_S, NFIELDS
};
static const int field_column[NFIELDS] = {
    COL_SCHEMA, COL_CPU_MODEL_NAME, COL_KIND, COL_METHOD, COL_BULK, COL_POSITION_ID, COL_FEN, COL_DEPTH, COL_MNPS,
    COL_HOST, COL_COMPILER, COL_BUILD_TYPE, COL_BUILD_FLAGS, COL_COMMIT,
    COL_NODES, COL_REPETITIONS, COL_MEDIAN_S, COL_MIN_S, COL_MAX_S,
};
/* Every message starts so: report's diagnostics go to the terminal among others'. */
#define DIAG_PREFIX "rperft report: "
enum { REQUIRED_FIELDS = F_MNPS + 1 }; /* the rest only annotate the columns */

typedef struct file_reader {
    report_t *report;
    const char *path, *cpu_label;
    FILE *diag;
    int index[NFIELDS];  /* column of each field in this file; -1: absent */
    int ncols;           /* fields in the header; 0 before it */
    long usable;
    bool bad_header, oom;
} file_reader_t;

static bool read_header(file_reader_t *fr, const csv_record_t *rec)
{
    fr->ncols = rec->nfields;
    for (int f = 0; f < NFIELDS; f++) {
        fr->index[f] = -1;
        for (int i = 0; i < rec->nfields; i++)
            if (strcmp(rec->fields[i], bench_header[field_column[f]]) == 0)
                fr->index[f] = i;
        if (f < REQUIRED_FIELDS && fr->index[f] < 0) {
            fprintf(fr->diag, DIAG_PREFIX "%s:%ld: not an rperft bench CSV: the header has no '%s' column\n", fr->path,
                    rec->line, bench_header[field_column[f]]);
            fr->bad_header = true;
            return false;
        }
    }
    return true;
}

static const char *field(const file_reader_t *fr, const csv_record_t *rec, int f)
{
    return fr->index[f] >= 0 ? rec->fields[fr->index[f]] : "";
}

/* Says why a row is skipped, as FILE:LINE: why; returns false (not usable). */
static bool skip_row(const file_reader_t *fr, const csv_record_t *rec, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static bool skip_row(const file_reader_t *fr, const csv_record_t *rec, const char *fmt, ...)
{
    va_list ap;
    fprintf(fr->diag, DIAG_PREFIX "%s:%ld: ", fr->path, rec->line);
    va_start(ap, fmt);
    vfprintf(fr->diag, fmt, ap);
    va_end(ap);
    fprintf(fr->diag, "; row skipped\n");
    return false;
}

/* A finite decimal number, greater than zero (or at least zero when zero_ok). */
static bool parse_number(const char *text, bool zero_ok, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(text, &end);
    if (errno || end == text || *end != '\0' || !isfinite(v) || !(zero_ok ? v >= 0 : v > 0))
        return false;
    *out = v;
    return true;
}

static bool all_digits(const char *s, size_t max_len)
{
    size_t n = strlen(s);
    if (n == 0 || n > max_len)
        return false;
    for (size_t i = 0; i < n; i++)
        if (s[i] < '0' || s[i] > '9')
            return false;
    return true;
}

/* The fields every row carries beside mnps, checked as strictly as mnps: a row
 * with a broken one is no measurement. Columns a file lacks are not checked. */
static bool numbers_usable(const file_reader_t *fr, const csv_record_t *rec)
{
    const char *depth = field(fr, rec, F_DEPTH);
    bool perft_row = *field(fr, rec, F_FEN) != '\0';
    if ((perft_row || *depth) && !(all_digits(depth, 2) && atoi(depth) <= 64))
        return skip_row(fr, rec, "field 'depth': '%s' is not a depth from 0 to 64", depth);
    if (fr->index[F_NODES] >= 0 && !all_digits(field(fr, rec, F_NODES), 39))
        return skip_row(fr, rec, "field 'nodes': '%s' is not a node count (a whole number)", field(fr, rec, F_NODES));
    if (fr->index[F_REPETITIONS] >= 0 &&
        !(all_digits(field(fr, rec, F_REPETITIONS), 9) && atoi(field(fr, rec, F_REPETITIONS)) > 0))
        return skip_row(fr, rec, "field 'repetitions': '%s' is not a positive whole number",
                        field(fr, rec, F_REPETITIONS));
    static const int times[] = {F_MEDIAN_S, F_MIN_S, F_MAX_S};
    for (size_t i = 0; i < sizeof times / sizeof *times; i++) {
        double seconds;
        if (fr->index[times[i]] >= 0 && !parse_number(field(fr, rec, times[i]), true, &seconds))
            return skip_row(fr, rec, "field '%s': '%s' is not a time in seconds (a number, at least 0)",
                            bench_header[field_column[times[i]]], field(fr, rec, times[i]));
    }
    return true;
}

static bool is_header_repeat(const file_reader_t *fr, const csv_record_t *rec)
{
    return rec->nfields == fr->ncols && strcmp(field(fr, rec, F_MNPS), bench_header[COL_MNPS]) == 0;
}

/* Checks a data row; false (after saying why) if it cannot be used. */
static bool row_usable(const file_reader_t *fr, const csv_record_t *rec, double *mnps)
{
    if (rec->nfields != fr->ncols)
        return skip_row(fr, rec, "%d fields, but the header has %d", rec->nfields, fr->ncols);
    if (strcmp(field(fr, rec, F_SCHEMA), BENCH_SCHEMA) != 0)
        return skip_row(fr, rec, "field 'schema': '%s' is not schema " BENCH_SCHEMA ", the one this rperft reads",
                        field(fr, rec, F_SCHEMA));
    if (!parse_number(field(fr, rec, F_MNPS), false, mnps))
        return skip_row(fr, rec, "field 'mnps': '%s' is not a positive number", field(fr, rec, F_MNPS));
    if (!numbers_usable(fr, rec))
        return false;
    static const int nonempty[] = {F_KIND, F_METHOD, F_POSITION_ID};
    for (size_t i = 0; i < sizeof nonempty / sizeof *nonempty; i++)
        if (!*field(fr, rec, nonempty[i]))
            return skip_row(fr, rec, "field '%s' is empty", bench_header[field_column[nonempty[i]]]);
    if (!fr->cpu_label && !*field(fr, rec, F_CPU))
        return skip_row(fr, rec, "field 'cpu_model_name' is empty");
    return true;
}

static bool add_sample(report_t *r, const sample_t *s)
{
    if (r->nsamples == r->cap) {
        size_t cap = r->cap ? 2 * r->cap : 256;
        sample_t *p = realloc(r->samples, cap * sizeof *p);
        if (!p)
            return false;
        r->samples = p, r->cap = cap;
    }
    r->samples[r->nsamples++] = *s;
    return true;
}

static int add_column(report_t *r, const char *name)
{
    int before = r->cols.n, c = strset_add(&r->cols, name);
    if (c >= 0 && r->cols.n > before) {
        column_info_t *info = realloc(r->info, (size_t)r->cols.n * sizeof *info);
        if (!info)
            return -1;
        r->info = info;
        r->info[c] = (column_info_t){0};
    }
    return c;
}

static bool note_column(file_reader_t *fr, const csv_record_t *rec, int col)
{
    char build[512];
    const char *flags = field(fr, rec, F_BUILD_FLAGS);
    snprintf(build, sizeof build, "%s%s%s", field(fr, rec, F_BUILD_TYPE), *flags ? " " : "", flags);
    const char *values[INFO_FIELDS] = {field(fr, rec, F_HOST), field(fr, rec, F_COMPILER), build,
                                       field(fr, rec, F_COMMIT)};
    for (int f = 0; f < INFO_FIELDS; f++)
        if (strset_add(&fr->report->info[col].seen[f], values[f]) < 0)
            return false;
    return true;
}

static bool add_row(file_reader_t *fr, const csv_record_t *rec, double mnps)
{
    report_t *r = fr->report;
    const char *kind = field(fr, rec, F_KIND), *bulk = field(fr, rec, F_BULK);
    char row[128], pos[320];
    snprintf(row, sizeof row, "%s%s", field(fr, rec, F_METHOD), strcmp(bulk, "0") == 0 ? " (no bulk)" : "");
    /* Perft positions are matched by FEN and depth (ids are only names); micro rows by lookup. */
    const char *fen = *field(fr, rec, F_FEN) ? field(fr, rec, F_FEN) : field(fr, rec, F_POSITION_ID);
    if (*field(fr, rec, F_FEN))
        snprintf(pos, sizeof pos, "%s ;D%s", field(fr, rec, F_FEN), field(fr, rec, F_DEPTH));
    else
        snprintf(pos, sizeof pos, "%s", field(fr, rec, F_POSITION_ID));
    sample_t s = {
        .kind = strset_add(&r->kinds, kind),
        .row = strset_add(&r->rows, row),
        .col = add_column(r, fr->cpu_label ? fr->cpu_label : field(fr, rec, F_CPU)),
        .pos = strset_add(&r->positions, pos),
        .fen = strset_add(&r->fens, fen),
        .mnps = mnps,
    };
    return s.kind >= 0 && s.row >= 0 && s.col >= 0 && s.pos >= 0 && s.fen >= 0 && note_column(fr, rec, s.col) && add_sample(r, &s);
}

static bool on_record(void *user, const csv_record_t *rec)
{
    file_reader_t *fr = user;
    double mnps = 0;
    if (rec->error) {
        fprintf(fr->diag, DIAG_PREFIX "%s:%ld: %s; row skipped\n", fr->path, rec->line, rec->error);
        return true;
    }
    if (fr->ncols == 0)
        return read_header(fr, rec);
    if (is_header_repeat(fr, rec) || !row_usable(fr, rec, &mnps))
        return true;
    if (!add_row(fr, rec, mnps)) {
        fr->oom = true;
        return false;
    }
    fr->usable++;
    return true;
}

long report_add_file(report_t *r, const char *path, const char *cpu_label, FILE *diag)
{
    file_reader_t fr = {.report = r, .path = path, .cpu_label = cpu_label, .diag = diag};
    char err[600];
    if (!csv_read_file(path, on_record, &fr, err, sizeof err)) {
        fprintf(diag, DIAG_PREFIX "%s\n", err);
        return 0;
    }
    if (fr.oom)
        fprintf(diag, DIAG_PREFIX "%s: out of memory\n", path);
    else if (fr.ncols == 0 && !fr.bad_header)
        fprintf(diag, DIAG_PREFIX "%s: empty: no header and no rows\n", path);
    else if (fr.usable == 0 && !fr.bad_header)
        fprintf(diag, DIAG_PREFIX "%s: no usable rows\n", path);
    return fr.oom ? 0 : fr.usable;
}

/* ---- aggregation ---- */

typedef struct bucket {
    double *v;
    int n, cap;
} bucket_t;

static bool bucket_add(bucket_t *b, double v)
{
    if (b->n == b->cap) {
        int cap = b->cap ? 2 * b->cap : 4;
        double *p = realloc(b->v, (size_t)cap * sizeof *p);
        if (!p)
            return false;
        b->v = p, b->cap = cap;
    }
    b->v[b->n++] = v;
    return true;
}

/* Dense renumbering of the rows, columns or positions one kind uses. */
typedef struct remap {
    int *to;   /* global index -> table index, -1 if unused */
    int n;
} remap_t;

enum sample_axis { AXIS_ROW, AXIS_COL, AXIS_POS, AXIS_FEN };

static int sample_axis(const sample_t *s, int axis)
{
    return axis == AXIS_ROW ? s->row : axis == AXIS_COL ? s->col : axis == AXIS_POS ? s->pos : s->fen;
}

static bool remap_build(remap_t *m, const report_t *r, int kind, int global_n, int axis)
{
    m->n = 0;
    if (!(m->to = malloc((size_t)(global_n ? global_n : 1) * sizeof *m->to)))
        return false;
    for (int i = 0; i < global_n; i++)
        m->to[i] = -1;
    for (size_t i = 0; i < r->nsamples; i++) {
        const sample_t *s = &r->samples[i];
        int g = sample_axis(s, axis);
        if (s->kind == kind && m->to[g] < 0)
            m->to[g] = m->n++;
    }
    return true;
}

static char *column_note(const column_info_t *info)
{
    static const char *const label[INFO_FIELDS] = {"host", "compiler", "build", "commit"};
    char *buf = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&buf, &size);
    if (!out)
        return NULL;
    for (int f = 0; f < INFO_FIELDS; f++) {
        fprintf(out, "%s%s%s ", f ? "; " : "", label[f], info->seen[f].n > 1 ? "s" : "");
        for (int i = 0; i < info->seen[f].n; i++)
            fprintf(out, "%s%s", i ? ", " : "", info->seen[f].items[i]);
    }
    fclose(out);
    return buf;
}

typedef struct grid {
    int nrows, ncols, npos;
    bucket_t *b; /* [(row * ncols + col) * npos + pos] */
} grid_t;

static bucket_t *grid_at(const grid_t *g, int row, int col, int pos)
{
    return &g->b[((size_t)row * (size_t)g->ncols + (size_t)col) * (size_t)g->npos + (size_t)pos];
}

static bool cell_has_data(const grid_t *g, int row, int col)
{
    for (int p = 0; p < g->npos; p++)
        if (grid_at(g, row, col, p)->n)
            return true;
    return false;
}

/* A position counts if every cell with data measured it. */
static bool position_shared(const grid_t *g, int pos)
{
    for (int row = 0; row < g->nrows; row++)
        for (int col = 0; col < g->ncols; col++)
            if (cell_has_data(g, row, col) && !grid_at(g, row, col, pos)->n)
                return false;
    return true;
}

/* Per cell: the median of repeated measurements of a position, then the geometric
 * mean over the shared positions. */
static void fill_cells(const grid_t *g, report_table_t *t)
{
    bool *shared = calloc((size_t)g->npos + 1, sizeof *shared);
    double *means = malloc(((size_t)g->npos + 1) * sizeof *means);
    t->npositions = 0;
    for (int p = 0; shared && p < g->npos; p++)
        if ((shared[p] = position_shared(g, p)))
            t->npositions++;
    for (int row = 0; means && shared && row < g->nrows; row++)
        for (int col = 0; col < g->ncols; col++) {
            int n = 0;
            for (int p = 0; p < g->npos; p++) {
                bucket_t *b = grid_at(g, row, col, p);
                if (shared[p] && b->n)
                    means[n++] = median_of(b->v, b->n);
            }
            t->cells[row * g->ncols + col] = n && n == t->npositions ? geometric_mean(means, n) : 0;
        }
    free(shared);
    free(means);
}

static void fill_ranks(report_table_t *t)
{
    for (int col = 0; col < t->ncols; col++)
        for (int row = 0; row < t->nrows; row++) {
            double v = t->cells[row * t->ncols + col];
            int rank = 1;
            for (int other = 0; other < t->nrows; other++)
                if (t->cells[other * t->ncols + col] > v)
                    rank++;
            t->ranks[row * t->ncols + col] = v > 0 ? rank : 0;
        }
}

static bool copy_names(char ***names, const strset_t *set, const remap_t *m)
{
    if (!(*names = calloc((size_t)m->n + 1, sizeof **names)))
        return false;
    for (int g = 0; g < set->n; g++)
        if (m->to[g] >= 0 && !((*names)[m->to[g]] = strdup(set->items[g])))
            return false;
    return true;
}

static bool build_grid(const report_t *r, int kind, const remap_t *rows, const remap_t *cols, const remap_t *pos,
                       int pos_axis, grid_t *g)
{
    *g = (grid_t){.nrows = rows->n, .ncols = cols->n, .npos = pos->n};
    size_t cells = (size_t)rows->n * (size_t)cols->n * (size_t)pos->n;
    if (!(g->b = calloc(cells ? cells : 1, sizeof *g->b)))
        return false;
    for (size_t i = 0; i < r->nsamples; i++) {
        const sample_t *s = &r->samples[i];
        if (s->kind == kind &&
            !bucket_add(grid_at(g, rows->to[s->row], cols->to[s->col], pos->to[sample_axis(s, pos_axis)]), s->mnps))
            return false;
    }
    return true;
}

static void grid_free(grid_t *g)
{
    size_t cells = (size_t)g->nrows * (size_t)g->ncols * (size_t)g->npos;
    for (size_t i = 0; g->b && i < cells; i++)
        free(g->b[i].v);
    free(g->b);
}

/* The table with positions told apart by pos_axis: FEN and depth, or FEN alone. */
static bool build_table(const report_t *r, int kind, int pos_axis, report_table_t *t)
{
    remap_t rows = {0}, cols = {0}, pos = {0};
    grid_t g = {0};
    const strset_t *positions = pos_axis == AXIS_POS ? &r->positions : &r->fens;
    bool ok = remap_build(&rows, r, kind, r->rows.n, AXIS_ROW) && remap_build(&cols, r, kind, r->cols.n, AXIS_COL) &&
              remap_build(&pos, r, kind, positions->n, pos_axis) &&
              build_grid(r, kind, &rows, &cols, &pos, pos_axis, &g);
    t->nrows = rows.n, t->ncols = cols.n;
    ok = ok && copy_names(&t->row_names, &r->rows, &rows) && copy_names(&t->col_names, &r->cols, &cols) &&
         (t->col_notes = calloc((size_t)cols.n + 1, sizeof *t->col_notes)) &&
         (t->cells = calloc((size_t)(rows.n * cols.n) + 1, sizeof *t->cells)) &&
         (t->ranks = calloc((size_t)(rows.n * cols.n) + 1, sizeof *t->ranks));
    for (int c = 0; ok && c < r->cols.n; c++)
        if (cols.to[c] >= 0)
            t->col_notes[cols.to[c]] = column_note(&r->info[c]);
    if (ok) {
        fill_cells(&g, t);
        fill_ranks(t);
    }
    grid_free(&g);
    free(rows.to), free(cols.to), free(pos.to);
    if (!ok)
        report_table_free(t);
    return ok;
}

bool report_build(const report_t *r, const char *kind_name, report_table_t *t)
{
    *t = (report_table_t){0};
    snprintf(t->kind, sizeof t->kind, "%s", kind_name);
    int kind = strset_find(&r->kinds, kind_name);
    if (kind < 0 || !build_table(r, kind, AXIS_POS, t))
        return false;
    if (t->npositions > 0)
        return true;
    /* Nothing shared at equal depths (one machine benched deeper): compare what
     * the CSVs do share, the positions, and say so in the caption. */
    report_table_t by_fen = {0};
    snprintf(by_fen.kind, sizeof by_fen.kind, "%s", kind_name);
    if (!build_table(r, kind, AXIS_FEN, &by_fen) || by_fen.npositions == 0) {
        report_table_free(&by_fen);
        return true;
    }
    report_table_free(t);
    *t = by_fen;
    t->depths_differ = true;
    return true;
}

static void free_names(char **names, int n)
{
    for (int i = 0; names && i < n; i++)
        free(names[i]);
    free(names);
}

void report_table_free(report_table_t *t)
{
    free_names(t->row_names, t->nrows);
    free_names(t->col_names, t->ncols);
    free_names(t->col_notes, t->ncols);
    free(t->cells);
    free(t->ranks);
    *t = (report_table_t){0};
}

static int index_of(char **names, int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (strcmp(names[i], name) == 0)
            return i;
    return -1;
}

double report_cell(const report_table_t *t, const char *row, const char *col)
{
    int i = index_of(t->row_names, t->nrows, row), j = index_of(t->col_names, t->ncols, col);
    return i < 0 || j < 0 ? 0 : t->cells[i * t->ncols + j];
}

int report_rank(const report_table_t *t, const char *row, const char *col)
{
    int i = index_of(t->row_names, t->nrows, row), j = index_of(t->col_names, t->ncols, col);
    return i < 0 || j < 0 ? 0 : t->ranks[i * t->ncols + j];
}

/* ---- text and Markdown ---- */

/* Othello's kinds (othello-perft, othello-micro) compare flip methods, not slider methods. */
static bool is_othello(const report_table_t *t) { return strncmp(t->kind, "othello-", 8) == 0; }

static const char *title_of(const report_table_t *t)
{
    return strcmp(t->kind, "micro") == 0           ? "attack lookups per second"
           : strcmp(t->kind, "othello-micro") == 0 ? "flips per second"
           : is_othello(t)                         ? "Othello perft speed"
                                                   : "perft speed";
}

static const char *unit_of(const report_table_t *t)
{
    return strcmp(t->kind, "micro") == 0           ? "million lookups/s"
           : strcmp(t->kind, "othello-micro") == 0 ? "million flips/s"
                                                   : "Mnps";
}

static void print_caption(const report_table_t *t, FILE *out)
{
    fprintf(out, "%s: geometric-mean %s over the %d %s%s every CPU and method measured; rank per CPU in brackets\n",
            t->kind, unit_of(t), t->npositions, strcmp(t->kind, "micro") == 0 ? "lookup kind" : "position",
            t->npositions == 1 ? "" : "s");
    if (t->depths_differ)
        fprintf(out, "(matched by FEN alone: no position was measured at the same depth everywhere, and deeper "
                     "runs count faster)\n");
}

void report_print_text(const report_table_t *t, FILE *out)
{
    int name_w = 6;
    for (int i = 0; i < t->nrows; i++)
        if ((int)strlen(t->row_names[i]) > name_w)
            name_w = (int)strlen(t->row_names[i]);
    print_caption(t, out);
    fprintf(out, "\n%-*s", name_w, "method");
    for (int c = 0; c < t->ncols; c++)
        fprintf(out, "  %*s", strlen(t->col_names[c]) > 14 ? (int)strlen(t->col_names[c]) : 14, t->col_names[c]);
    fputc('\n', out);
    for (int row = 0; row < t->nrows; row++) {
        fprintf(out, "%-*s", name_w, t->row_names[row]);
        for (int c = 0; c < t->ncols; c++) {
            int w = strlen(t->col_names[c]) > 14 ? (int)strlen(t->col_names[c]) : 14;
            char cell[48] = "-";
            double v = t->cells[row * t->ncols + c];
            if (v > 0)
                snprintf(cell, sizeof cell, "%.1f (%d)", v, t->ranks[row * t->ncols + c]);
            fprintf(out, "  %*s", w, cell);
        }
        fputc('\n', out);
    }
    fputc('\n', out);
    for (int c = 0; c < t->ncols; c++)
        fprintf(out, "%s: %s\n", t->col_names[c], t->col_notes[c] ? t->col_notes[c] : "");
}

/* Markdown table cells: '|' would end the cell. */
static void print_md_text(const char *s, FILE *out)
{
    for (; *s; s++) {
        if (*s == '|')
            fputc('\\', out);
        fputc(*s, out);
    }
}

void report_print_markdown(const report_table_t *t, FILE *out)
{
    print_caption(t, out);
    fputs("\n| method |", out);
    for (int c = 0; c < t->ncols; c++) {
        fputc(' ', out);
        print_md_text(t->col_names[c], out);
        fputs(" |", out);
    }
    fputs("\n|---|", out);
    for (int c = 0; c < t->ncols; c++)
        fputs("---:|", out);
    fputc('\n', out);
    for (int row = 0; row < t->nrows; row++) {
        fputs("| ", out);
        print_md_text(t->row_names[row], out);
        fputs(" |", out);
        for (int c = 0; c < t->ncols; c++) {
            double v = t->cells[row * t->ncols + c];
            if (v > 0)
                fprintf(out, " %.1f (%d) |", v, t->ranks[row * t->ncols + c]);
            else
                fputs(" n/a |", out);
        }
        fputc('\n', out);
    }
    fputc('\n', out);
    for (int c = 0; c < t->ncols; c++) {
        fputs("- **", out);
        print_md_text(t->col_names[c], out);
        fputs("**: ", out);
        print_md_text(t->col_notes[c] ? t->col_notes[c] : "", out);
        fputc('\n', out);
    }
}

/* ---- SVG ---- */

static void xml_text(const char *s, FILE *out)
{
    for (; *s; s++)
        switch (*s) {
        case '&': fputs("&amp;", out); break;
        case '<': fputs("&lt;", out); break;
        case '>': fputs("&gt;", out); break;
        case '"': fputs("&quot;", out); break;
        default: fputc(*s, out);
        }
}

/* A round axis maximum and tick step (1, 2 or 5 times a power of ten). */
static double nice_step(double max, int ticks)
{
    double raw = max / ticks, power = pow(10, floor(log10(raw))), f = raw / power;
    return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * power;
}

static const char *const palette[] = {"#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f",
                                      "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"};

typedef struct svg_layout {
    double left, top, plot_w, plot_h, group_w, bar_w, step, axis_max;
    int width, height;
} svg_layout_t;

static svg_layout_t svg_layout(const report_table_t *t)
{
    svg_layout_t l = {.left = 80, .bar_w = t->ncols > 4 ? 14 : 22};
    double max = 0;
    for (int i = 0; i < t->nrows * t->ncols; i++)
        if (t->cells[i] > max)
            max = t->cells[i];
    l.step = nice_step(max > 0 ? max : 1, 5);
    l.axis_max = ceil((max > 0 ? max : 1) * 1.08 / l.step) * l.step;
    /* Wide enough for the bars and for the method's name under them (~7 px a character). */
    size_t longest = 0;
    for (int i = 0; i < t->nrows; i++)
        if (strlen(t->row_names[i]) > longest)
            longest = strlen(t->row_names[i]);
    l.group_w = fmax(t->ncols * l.bar_w + 28, 7.0 * (double)longest + 14);
    l.plot_w = t->nrows * l.group_w;
    if (l.plot_w < 420)
        l.plot_w = 420, l.group_w = l.plot_w / (t->nrows ? t->nrows : 1);
    l.bar_w = fmin(36, (l.group_w - 24) / (t->ncols ? t->ncols : 1)); /* use the room the names made */
    l.top = 50 + 18.0 * t->ncols; /* title, then one legend line per CPU */
    l.plot_h = 300;
    l.width = (int)(l.left + l.plot_w + 30);
    l.height = (int)(l.top + l.plot_h + 70);
    return l;
}

static void svg_axes(const report_table_t *t, const svg_layout_t *l, FILE *out)
{
    double bottom = l->top + l->plot_h;
    for (double v = 0; v <= l->axis_max + l->step / 2; v += l->step) {
        double y = bottom - v / l->axis_max * l->plot_h;
        fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>\n", l->left, y,
                l->left + l->plot_w, y);
        fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\" font-size=\"11\">%g</text>\n", l->left - 6,
                y + 4, v);
    }
    fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#333\"/>\n", l->left, l->top,
            l->left, bottom);
    fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#333\"/>\n", l->left, bottom,
            l->left + l->plot_w, bottom);
    fprintf(out,
            "<text x=\"20\" y=\"%.1f\" transform=\"rotate(-90 20 %.1f)\" text-anchor=\"middle\" font-size=\"12\">"
            "%s, geometric mean over %d %s</text>\n",
            l->top + l->plot_h / 2, l->top + l->plot_h / 2, unit_of(t), t->npositions,
            strcmp(t->kind, "micro") == 0 ? "lookup kinds" : "positions");
    fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" font-size=\"12\">%s method</text>\n",
            l->left + l->plot_w / 2, bottom + 50, is_othello(t) ? "flip" : "slider");
}

static void svg_legend(const report_table_t *t, const svg_layout_t *l, FILE *out)
{
    for (int c = 0; c < t->ncols; c++) {
        double y = 40 + 18.0 * c;
        fprintf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"12\" height=\"12\" fill=\"%s\"/>\n", l->left, y,
                palette[c % (sizeof palette / sizeof *palette)]);
        fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"12\">", l->left + 18, y + 10);
        xml_text(t->col_names[c], out);
        fputs("</text>\n", out);
    }
}

static void svg_bars(const report_table_t *t, const svg_layout_t *l, FILE *out)
{
    double bottom = l->top + l->plot_h;
    for (int row = 0; row < t->nrows; row++) {
        double group_x = l->left + row * l->group_w, first = group_x + (l->group_w - t->ncols * l->bar_w) / 2;
        for (int c = 0; c < t->ncols; c++) {
            double v = t->cells[row * t->ncols + c], h = v / l->axis_max * l->plot_h, x = first + c * l->bar_w;
            if (!(v > 0))
                continue;
            fprintf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"><title>", x + 1,
                    bottom - h, l->bar_w - 2, h, palette[c % (sizeof palette / sizeof *palette)]);
            xml_text(t->row_names[row], out);
            fputs(" on ", out);
            xml_text(t->col_names[c], out);
            fprintf(out, ": %.1f %s (rank %d)</title></rect>\n", v, unit_of(t), t->ranks[row * t->ncols + c]);
            fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" font-size=\"9\">%.0f</text>\n",
                    x + l->bar_w / 2, bottom - h - 3, v);
        }
        fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" font-size=\"12\">", group_x + l->group_w / 2,
                bottom + 18);
        xml_text(t->row_names[row], out);
        fputs("</text>\n", out);
    }
}

void report_write_svg(const report_table_t *t, FILE *out)
{
    svg_layout_t l = svg_layout(t);
    fprintf(out,
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
            "font-family=\"DejaVu Sans, Arial, Helvetica, sans-serif\">\n"
            "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n"
            "<text x=\"%.1f\" y=\"24\" font-size=\"15\" font-weight=\"bold\">rperft bench (%s): %s by %s method and CPU"
            "</text>\n",
            l.width, l.height, l.width, l.height, l.left, t->kind, title_of(t), is_othello(t) ? "flip" : "slider");
    svg_legend(t, &l, out);
    svg_axes(t, &l, out);
    svg_bars(t, &l, out);
    fputs("</svg>\n", out);
}

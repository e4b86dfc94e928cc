#include "shared_options.h"

#include <limits.h>

#include "cli.h"
#include "bench/bench_set.h"
#include "suite_common.h"
#include "core/suite.h"

const option_t opt_startpos = {
    .name = "startpos", .excludes = "position", .help = "the standard start position (the default)"};
const option_t opt_fen = {
    .name = "fen", .arg = "FEN", .kind = OPTION_TEXT, .excludes = "position",
    .help = "any position: standard, Shredder-FEN or X-FEN castling; 4 or 6 fields;\n"
            "'-' reads it from standard input"};
const option_t opt_moves = {
    .name = "moves", .arg = "LIST", .kind = OPTION_TEXT,
    .help = "UCI moves played from the position first (\"e2e4 e7e5\", e7e8q or e7e8Q)"};

const option_t opt_method = {
    .name = "method", .arg = "NAME", .kind = OPTION_TEXT,
    .help = "slider-attack method (default: rotated); 'rperft methods' lists them"};
const option_t opt_no_bulk = {
    .name = "no-bulk", .help = "make every leaf move instead of counting the last plies"};
const option_t opt_threads = {
    .name = "threads", .arg = "N", .kind = OPTION_INT, .min = 1, .max = MAX_THREADS,
    .help = "threads (default 1; more than the CPUs is allowed, with a warning)"};
const option_t opt_hash = {
    .name = "hash", .arg = "MB", .kind = OPTION_INT, .min = 0, .max = MAX_HASH_MB, .unit = "megabytes",
    .help = "transposition table of MB megabytes shared by the threads (default\n"
            "none); refused before the run if the machine cannot give it"};

const option_t opt_key_seed = {
    .name = "key-seed", .arg = "N", .kind = OPTION_INT, .min = 0, .max = LLONG_MAX,
    .help = "the hash table's Zobrist keys (default 0); a run with another seed\n"
            "collides on other positions, so two seeds that agree check each other"};
const option_t opt_hash_verify = {
    .name = "hash-verify", .kind = OPTION_FLAG,
    .help = "128-bit verified hash entries: a second, independent key must match\n"
            "too (for record runs; half the entries per MB)"};

static bool parse_budget(const char *text, option_value_t *v) { return parse_node_budget(text, &v->count); }

const option_t opt_max_depth = {
    .name = "max-depth", .arg = "N", .kind = OPTION_INT, .min = 0, .max = SUITE_MAX_DEPTH,
    .help = "skip depths deeper than N"};
const option_t opt_max_nodes = {
    .name = "max-nodes", .arg = "N", .kind = OPTION_CUSTOM, .parse = parse_budget,
    .expects = "a node count below 2^128 (suffixes K M G T for powers of 1000)",
    .help = "skip depths whose expected count is above N (K M G T allowed)"};

const option_t opt_csv = {
    .name = "csv", .arg = "FILE", .kind = OPTION_TEXT,
    .help = "append one row per result to FILE (created with a header; a file\n"
            "with another header is refused with status 2)"};
const option_t opt_json = {
    .name = "json", .arg = "FILE", .kind = OPTION_TEXT,
    .help = "write a JSON report (docs/json-schema.md) to FILE, whole at the end\n"
            "(also when stopped); '-' is standard output, and the lines for\n"
            "people then go to standard error"};
const option_t opt_junit = {
    .name = "junit", .arg = "FILE", .kind = OPTION_TEXT, .help = "write a JUnit XML report"};
const option_t opt_quiet = {
    .name = "quiet", .short_name = 'q', .help = "print only failures and the totals"};
const option_t opt_verbose = {
    .name = "verbose", .short_name = 'v', .help = "also print the position searched (its FEN, after --moves) on stderr"};

const option_t operand_depth = {
    .name = "DEPTH", .kind = OPTION_INT, .min = 0, .max = 64, .help = "plies to search"};
const option_t operand_files = {
    .name = "FILE", .kind = OPTION_TEXT, .repeatable = true, .help = "input files; '-' is standard input"};

/* bench and compare: which positions, at what depth. */
/* N (1 to BENCH_MAX_DEPTH), +N or -N: pair[0] the number, pair[1] whether relative. */
static bool parse_depth(const char *text, option_value_t *v)
{
    v->pair[1] = text[0] == '+' || text[0] == '-';
    return parse_int(text + (text[0] == '+'), -BENCH_MAX_DEPTH, BENCH_MAX_DEPTH, &v->pair[0]) &&
           (v->pair[1] || v->pair[0] >= 1);
}

const option_t opt_positions = {
    .name = "positions", .arg = "FILE", .kind = OPTION_TEXT,
    .help = "a suite in any format 'rperft suite' reads, e.g. EPD lines\n"
            "'FEN ;D5 193690690 ;id \"name\"'; each position runs at its deepest\n"
            "listed depth of at most 10^9 nodes (default positions/bench.epd:\n"
            "the six CPW positions, built in when the file is not found)"};
const option_t opt_bench_depth = {
    .name = "depth", .arg = "N", .kind = OPTION_CUSTOM, .parse = parse_depth,
    .expects = "N (1 to 64), +N or -N",
    .help = "bench every position at depth N instead; +N / -N: N deeper / shallower\n"
            "(a depth without a listed count is checked against the naive method)"};

/* check and compare: how long an engine may take. */
static bool parse_seconds(const char *text, option_value_t *v)
{
    char *end;
    double seconds = strtod(text, &end);
    if (end == text || *end != '\0' || !(seconds > 0) || seconds > 1e6)
        return false;
    v->real = seconds;
    return true;
}

const option_t opt_timeout = {
    .name = "timeout", .arg = "S", .kind = OPTION_CUSTOM, .parse = parse_seconds,
    .expects = "a number of seconds above 0 (at most 1000000)",
    .help = "seconds an engine may take per query (default 60); an engine\n"
            "that is slower, dies or prints garbage is reported with what\n"
            "it printed, killed, and the check goes on"};

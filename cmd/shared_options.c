#include "shared_options.h"

#include "cli.h"
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
const option_t opt_quiet = {
    .name = "quiet", .short_name = 'q', .help = "print only failures and the totals"};
const option_t opt_verbose = {
    .name = "verbose", .short_name = 'v', .help = "also print the position searched (its FEN, after --moves) on stderr"};

const option_t operand_depth = {
    .name = "DEPTH", .kind = OPTION_INT, .min = 0, .max = 64, .help = "plies to search"};
const option_t operand_files = {
    .name = "FILE", .kind = OPTION_TEXT, .repeatable = true, .help = "input files; '-' is standard input"};

/* The options (and operands) several subcommands take, declared once: a
 * subcommand lists the ones it takes in its option table (cmd/options.h). */
#ifndef RPERFT_SHARED_OPTIONS_H
#define RPERFT_SHARED_OPTIONS_H

#include "options.h"

/* Where the position is: --startpos or --fen (they exclude each other), then --moves. */
extern const option_t opt_startpos, opt_fen, opt_moves;
/* How a perft runs. */
extern const option_t opt_method, opt_no_bulk, opt_threads, opt_hash;
/* The table's keys: --key-seed N (zobrist_init) and --hash-verify (128-bit entries). */
extern const option_t opt_key_seed, opt_hash_verify;
/* Budgets of the suite runners. */
extern const option_t opt_max_depth, opt_max_nodes;
/* Outputs and chatter. */
extern const option_t opt_csv, opt_quiet, opt_verbose;
/* --json FILE: the JSON report (cmd/json_report.h, docs/json-schema.md); --junit FILE. */
extern const option_t opt_json, opt_junit;

/* bench and compare: --positions FILE, --depth N|+N|-N (pair = {N, relative}). */
extern const option_t opt_positions, opt_bench_depth; /* --depth */
/* check and compare: --timeout S (value.real) for an external engine's query. */
extern const option_t opt_timeout;

/* Operands: DEPTH (0 to 64) and FILE... ('-' is standard input). */
extern const option_t operand_depth, operand_files;

#endif

#!/usr/bin/env bash
# suite --signature: one line matching ^Signature: ([0-9]+) ([0-9a-f]{16})$, the same
# for every method and thread count, different when the budget (the counts covered)
# changes; a wrong count still exits 1.
# Usage: tests/cli_signature.sh PATH-TO-RPERFT
set -u
source "$(dirname "$0")/cli_lib.sh"
files=("$suites/perftsuite.epd" "$suites/python-chess_tricky.perft")
re='^Signature: ([0-9]+) ([0-9a-f]{16})$'

expect_rc 0 "$rperft" suite --signature --max-nodes 10k "${files[@]}"
[[ $(wc -l <"$tmp/out") == 1 ]] || fail "more than one line: $(head -3 "$tmp/out")"
sig=$(cat "$tmp/out")
[[ $sig =~ $re ]] || fail "'$sig' does not match $re"
expect_rc 0 "$rperft" suite --signature --max-nodes 10k --method pext --threads 2 "${files[@]}"
[[ $(cat "$tmp/out") == "$sig" ]] || fail "pext, 2 threads: $(cat "$tmp/out"), rotated: $sig"
expect_rc 0 "$rperft" suite --signature --max-nodes 10k --method all "${files[@]}"
[[ $(cat "$tmp/out") == "$sig" ]] || fail "--method all: $(cat "$tmp/out"), rotated: $sig"
expect_rc 0 "$rperft" suite --signature --max-nodes 20k "${files[@]}"
[[ $(cat "$tmp/out") != "$sig" ]] || fail "another budget, the same signature"
# The nodes are the sum of the depths checked, as the totals line says.
expect_rc 0 "$rperft" suite --quiet --max-nodes 10k "${files[@]}"
nodes=$(sed -n 's/^total: .* checked, \([0-9]*\) nodes,.*/\1/p' "$tmp/out")
[[ $sig == "Signature: $nodes "* ]] || fail "signature '$sig', totals $nodes nodes"
printf 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 401\n' >"$tmp/wrong.epd"
expect_rc 1 "$rperft" suite --signature "$tmp/wrong.epd"

finish "suite --signature: $sig"

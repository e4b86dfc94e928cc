#!/usr/bin/env bash
# rperft check against the perft dialects of Debian's engines: fairy-stockfish
# ('go perft N', 'e2e4: 20' divide) and Ethereal 12 (bare 'perft N', the total
# only; 'go perft' starts a search). Both must pass a small suite with the default
# --protocol auto; a search is named at once, never after a timeout; a wrapper that
# breaks each one (tests/broken_wrapper.sh) is drilled down to the planted fault.
# Skipped (77) without both engines. Usage: tests/cli_engines.sh PATH-TO-RPERFT
set -u
source "$(dirname "$0")/cli_lib.sh"
fairy=${FAIRY_STOCKFISH:-/usr/games/fairy-stockfish}
ethereal=${ETHEREAL:-/usr/games/ethereal-chess}
if [[ ! -x $fairy || ! -x $ethereal ]]; then
    echo "no fairy-stockfish or ethereal-chess: skipped"
    exit 77
fi
cmd_timeout=60
# Without align-ep: the e.p. capture that blocks a check along the diagonal, which
# Debian's fairy-stockfish misses (Ethereal counts it right).
awk '/^id /{skip = ($2 == "align-ep")} !skip' "$suites/python-chess_tricky.perft" >"$tmp/tricky.perft"
small=("$suites/perftsuite.epd" "$tmp/tricky.perft")

# --- both dialects detected and passed ---
for engine in "$fairy" "$ethereal"; do
    expect_rc 0 "$rperft" check --quiet --timeout 10 --engine "$engine" --max-nodes 20k "${small[@]}"
    expect_grep "$tmp/out" " passed, 0 failed$"
done
expect_rc 0 "$rperft" check --protocol perft --timeout 10 --engine "$ethereal" --max-nodes 5k "$suites/perftsuite.epd"

# --- the wrong dialect named at once: well inside the 10 s timeout ---
start=$(date +%s)
expect_rc 1 "$rperft" check --protocol uci --timeout 10 --engine "$ethereal" --max-depth 2 "$suites/perftsuite.epd"
expect_grep "$tmp/out" "this engine searched instead of counting .*: try --protocol perft"
(($(date +%s) - start < 5)) || fail "the search was found by a timeout"
expect_rc 1 "$rperft" check --protocol perft --timeout 10 --engine "$fairy" --max-depth 2 "$suites/perftsuite.epd"
expect_grep "$tmp/out" "the engine does not know 'perft 1'.*try --protocol uci"

# --- the planted fault, after e2e4 e7e5 g1f3 is missing: found through both dialects ---
echo "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400 ;D3 8902" >"$tmp/start.epd"
expect_rc 1 "$rperft" check --timeout 10 --engine "$here/broken_wrapper.sh $rperft $fairy" "$tmp/start.epd"
expect_grep "$tmp/out" "^  D3: expected 8902, engine 8901$"
expect_grep "$tmp/out" "^    after e2e4 e7e5 (2 plies), depth 1:$"
expect_grep "$tmp/out" "^    missing from the engine: g1f3$"
expect_rc 1 "$rperft" check --timeout 10 --engine "$here/broken_wrapper.sh $rperft $ethereal" "$tmp/start.epd"
expect_grep "$tmp/out" "^  D3: expected 8902, engine 8901$"
expect_grep "$tmp/out" "^    after e2e4 e7e5 (2 plies), depth 1:$"
expect_grep "$tmp/out" "^    the engine prints totals only: it counts 28 moves here, rperft 29; "

finish "rperft check speaks fairy-stockfish's and Ethereal's dialects"

#!/usr/bin/env bash
# rperft check and rperft perftree without Stockfish: the drill-down finds the fault
# planted in tests/broken_engine.sh; engines that crash, hang or print garbage are
# reported and killed; perftree's protocol is exact and scripts/perftree passes.
# Usage: tests/cli_check.sh PATH-TO-RPERFT
set -u
source "$(dirname "$0")/cli_lib.sh"

start='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
echo "$start ;D1 20 ;D2 400 ;D3 8902 ;D4 197281" >"$tmp/start.epd"
broken="$here/broken_engine.sh $rperft"

# --- drill-down to the planted fault: after e2e4 e7e5, g1f3 is missing ---
expect_rc 1 "$rperft" check --engine "$broken" "$tmp/start.epd"
expect_grep "$tmp/out" "^  D3: expected 8902, engine 8901$"
expect_grep "$tmp/out" "^    after e2e4 e7e5 (2 plies), depth 1:$"
expect_grep "$tmp/out" "^    position: rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq "
expect_grep "$tmp/out" "^    missing from the engine: g1f3$"
expect_grep "$tmp/out" "^    extra in the engine: none$"
[[ $(tail -1 "$tmp/out") == "0 passed, 1 failed" ]] || fail "last line: $(tail -1 "$tmp/out")"
# The fault lies 2 plies down: depths 1 and 2 are right.
expect_rc 0 "$rperft" check --engine "$broken" --max-depth 2 "$tmp/start.epd"
# Positions without the fault pass through the same engine.
expect_rc 0 "$rperft" check --timeout 20 --engine "$broken" --max-nodes 20k "$suites/python-chess_tricky.perft"

# --- engines that crash, hang or print garbage: reported, killed, never waited for ---
BROKEN_MODE=crash expect_rc 1 "$rperft" check --engine "$broken" "$tmp/start.epd"
expect_grep "$tmp/out" "engine error: the engine exited with status 3"
expect_grep "$tmp/out" "| info string about to crash"
BROKEN_MODE=hang expect_rc 1 "$rperft" check --timeout 1 --engine "$broken" "$tmp/start.epd"
expect_grep "$tmp/out" "within 1 s (--timeout); the engine was killed"
BROKEN_MODE=garbage expect_rc 1 "$rperft" check --engine "$broken" "$tmp/start.epd"
expect_grep "$tmp/out" "unreadable count in the engine's line 'e2e4: lots'"
expect_rc 2 "$rperft" check --timeout 1 --engine "sleep 30" "$tmp/start.epd"
expect_grep "$tmp/err" "no 'uciok' within 1 s"
expect_rc 2 "$rperft" check --engine "$tmp/no-such-engine" "$tmp/start.epd"
expect_grep "$tmp/err" "exited with status 127"
expect_rc 2 "$rperft" check "$tmp/start.epd"

# --- perftree: the exact protocol, and the wrapper as a perftree engine ---
expect_rc 0 "$rperft" perftree 3 "$start"
[[ $(wc -l <"$tmp/out") == 22 ]] || fail "perftree printed $(wc -l <"$tmp/out") lines"
[[ $(sed -n 21p "$tmp/out") == "" && $(sed -n 22p "$tmp/out") == 8902 ]] || fail "perftree ending"
grep -qx 'e2e4 600' "$tmp/out" || fail "perftree: no 'e2e4 600'"
[[ -s $tmp/err ]] && fail "perftree wrote to stderr: $(cat "$tmp/err")"
expect_rc 0 "$rperft" perftree 1 "$start" "e2e4 e7e5"
[[ $(tail -1 "$tmp/out") == 29 ]] || fail "perftree with moves: $(tail -1 "$tmp/out")"
expect_rc 0 "$rperft" perftree 1 "8/P7/8/8/8/8/8/k6K w - - 0 1"
grep -qx 'a7a8q 1' "$tmp/out" || fail "perftree promotion notation"
expect_rc 0 "$rperft" perftree 1 "1n6/P7/8/8/8/8/8/k6K w - - 0 1" "a7b8Q"
expect_rc 2 "$rperft" perftree 2 "$start" "e2e5"
[[ -s $tmp/out ]] && fail "perftree printed to stdout on an error"
RPERFT=$rperft expect_rc 0 "$rperft" check --protocol perftree --engine "$here/../scripts/perftree" \
    --max-nodes 10k "$suites/python-chess_tricky.perft" "$tmp/start.epd"
expect_grep "$tmp/out" "^20 passed, 0 failed$"

finish "all rperft check / perftree checks passed"

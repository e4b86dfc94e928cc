#!/usr/bin/env bash
# rperft othello as users run it: the default method's perft, both pass conventions,
# divide's total, the shipped suite at a small budget with every method, and bad
# input exiting 2 with the field named. $1 is the rperft binary.
set -uo pipefail
. "$(dirname "$0")/cli_lib.sh"

"$rperft" othello perft 8 >"$tmp/out" 2>/dev/null
expect_grep "$tmp/out" "^Nodes searched: 390216$"
"$rperft" othello perft --pass-ply 0 9 >"$tmp/out" 2>/dev/null
expect_grep "$tmp/out" "^Nodes searched: 3005320$"
"$rperft" othello divide 9 >"$tmp/out" 2>/dev/null
expect_grep "$tmp/out" "^Nodes searched: 3005288$"
expect_grep "$tmp/out" "^d3: "
expect_rc 0 "$rperft" othello suite --method all --max-nodes 2M "$suites/othello.suite"
expect_rc 2 "$rperft" othello perft --board "---------------------------OX------XO--------------------------- W" 1
expect_rc 2 "$rperft" othello perft --board "---------------------------OX------XO---------------------------- X" 1
expect_rc 2 "$rperft" othello perft --moves "a1" 1
printf '%s\n' "---------------------------OX------XO--------------------------- X ;D1 5" >"$tmp/bad.suite"
expect_rc 1 "$rperft" othello suite "$tmp/bad.suite"
printf '%s\n' "# ok" "---------------------------OX------XO--------------------------- X ;D1 x4" >"$tmp/bad.suite"
"$rperft" othello suite "$tmp/bad.suite" 2>"$tmp/err" >/dev/null
expect_grep "$tmp/err" "bad.suite:2:.*count"
finish "othello perft, divide, suite and bad input"

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
# Bench rows (perft and micro) land in the CSV under their own kinds; report tables and draws them.
expect_rc 0 "$rperft" othello bench 5 --reps 1 --csv "$tmp/o.csv"
expect_rc 0 "$rperft" othello bench --micro --reps 1 --method loop --csv "$tmp/o.csv"
runnable=$("$rperft" othello methods | grep -vc "not on this CPU")
[[ $(grep -c '"othello-perft"' "$tmp/o.csv") == "$runnable" ]] || fail "one othello-perft row per method ($runnable) expected"
expect_rc 0 "$rperft" report --svg "$tmp/o.svg" "$tmp/o.csv"
expect_grep "$tmp/out" "^othello-perft: "
expect_grep "$tmp/out" "^othello-micro: .*million flips/s"
expect_grep "$tmp/out" "^kogge-stone "
expect_grep "$tmp/o.svg" "kogge-stone"
expect_grep "$tmp/o.svg" "Othello perft speed by flip method"
finish "othello perft, divide, suite and bad input"

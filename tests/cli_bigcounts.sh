#!/usr/bin/env bash
# Counts above 2^64 are exact. Two bare kings transpose so much that with a hash
# table rperft counts depth 24 and 28 (about 10^20 and 2 * 10^23 leaves) in a
# moment; the expected totals come from an independent count in Python (exact
# integers). perft prints them in full with every method and with threads, divide's
# lines add up to them, and a suite expecting them passes.
# Usage: tests/cli_bigcounts.sh PATH-TO-RPERFT
set -u
source "$(dirname "$0")/cli_lib.sh"

# kings DEPTH [FIRST-MOVE]: perft of white Kd1, black Kd5, white to move (after
# FIRST-MOVE, a king move in UCI, when given), counted by brute force with memo.
kings() {
    python3 - "$@" <<'PY'
import sys
from functools import lru_cache

def moves(sq, other):
    f, r = sq % 8, sq // 8
    for df in (-1, 0, 1):
        for dr in (-1, 0, 1):
            nf, nr = f + df, r + dr
            if (df or dr) and 0 <= nf < 8 and 0 <= nr < 8 and max(abs(nf - other % 8), abs(nr - other // 8)) > 1:
                yield nr * 8 + nf

@lru_cache(maxsize=None)
def perft(mover, other, depth):
    return 1 if depth == 0 else sum(perft(other, to, depth - 1) for to in moves(mover, other))

depth, white, black = int(sys.argv[1]), 3, 35  # d1, d5
if len(sys.argv) > 2:
    m = sys.argv[2]
    to = (int(m[3]) - 1) * 8 + ord(m[2]) - ord("a")
    print(perft(black, to, depth - 1))
else:
    print(perft(white, black, depth))
PY
}

fen="8/8/8/3k4/8/8/8/3K4 w - - 0 1"
d24=$(kings 24) d28=$(kings 28)
[[ $d24 == 98801146113350318118 && $d28 == 214548431227266720057555 ]] || fail "the Python reference: $d24 $d28"

for args in "" "--threads 2" "--no-bulk" "--method all"; do
    for depth in 24 28; do
        want=$([[ $depth == 24 ]] && echo "$d24" || echo "$d28")
        # A hang guard only: --method all runs eleven counts, each a few seconds
        # under the sanitizers on a loaded runner.
        got=$(timeout 300 "$rperft" perft --hash 16 $args --fen "$fen" "$depth" 2>/dev/null | tail -1)
        [[ $got == "Nodes searched: $want" ]] || fail "perft $args depth $depth: '$got', expected $want"
    done
done

timeout 20 "$rperft" divide --hash 16 --fen "$fen" 24 >"$tmp/divide" 2>/dev/null || fail "divide: exit $?"
[[ $(tail -2 "$tmp/divide" | head -1) == "Nodes searched: $d24" ]] || fail "divide total: $(tail -2 "$tmp/divide")"
while read -r move nodes; do
    [[ -z $move ]] && break
    want=$(kings 24 "${move%:}")
    [[ $nodes == "$want" ]] || fail "divide $move $nodes, expected $want"
done <"$tmp/divide"

echo "$fen ;D24 $d24 ;D28 $d28 ;id \"kings\"" >"$tmp/big.epd"
timeout 20 "$rperft" suite --hash 16 "$tmp/big.epd" >"$tmp/out" 2>"$tmp/err" || fail "suite: exit $?: $(cat "$tmp/out")"
grep -q "^1 passed, 0 failed$" "$tmp/out" || fail "suite: $(cat "$tmp/out")"
grep -q "more than 2^64" "$tmp/err" || fail "suite: no note on counts above 2^64"
echo "$fen ;D24 0$d24 ;D28 214548431227266720057556" >"$tmp/off.epd" # a leading zero; one off at 2^77
timeout 20 "$rperft" suite --hash 16 "$tmp/off.epd" >"$tmp/out" 2>/dev/null
[[ $? == 1 ]] && grep -q "D28: expected 214548431227266720057556, got 214548431227266720057555" "$tmp/out" ||
    fail "suite, one node off: $(cat "$tmp/out")"

finish "all checks of counts above 2^64 passed"

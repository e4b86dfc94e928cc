#!/usr/bin/env bash
# rperft compare as a gate: a planted slowdown (pext run three times over, by
# slow_rperft.sh) fails it (exit 1); the same method against itself passes at least 19 of 20
# short gates; a wrong count is exit 2 before any timing; UCI engines are timed
# through 'go perft'; the CSV and JSON records are whole. Timings are never
# asserted, only the gate's verdicts, whose intervals account for the noise.
# Usage: tests/cli_compare.sh PATH-TO-RPERFT
set -u
source "$(dirname "$0")/cli_lib.sh"
start='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
kiwipete='r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'
# Deep enough (pext about 0.15 s) that the process start-up, which this shared
# machine makes very noisy, does not drown the difference.
printf '%s ;D6 119060324 ;id "startpos"\n' "$start" >"$tmp/slow.epd"
printf '%s ;D4 197281 ;id "startpos"\n%s ;D3 97862 ;id "kiwipete"\n' "$start" "$kiwipete" >"$tmp/quick.epd"

# --- bad usage and wrong counts: exit 2 ---
expect_rc 2 "$rperft" compare pext
expect_rc 2 "$rperft" compare pext no-such-method
expect_grep "$tmp/err" "'no-such-method' is neither a method"
expect_rc 2 "$rperft" compare --measure cycles pext rotated
expect_rc 2 "$rperft" compare --baseline x.csv pext
printf '%s ;D4 197282 ;id "wrong"\n' "$start" >"$tmp/wrong.epd"
expect_rc 2 "$rperft" compare --positions "$tmp/wrong.epd" --rounds 2 pext rotated
expect_grep "$tmp/err" "counts 197281 on wrong D4, not 197282: a wrong count is no result"
[[ -s $tmp/out ]] && fail "compare timed although a count was wrong"
expect_rc 2 "$rperft" compare --positions "$tmp/quick.epd" --csv "$tmp/no/dir/c.csv" pext rotated
expect_grep "$tmp/err" "--csv .*no/dir/c.csv"
[[ -s $tmp/out ]] && fail "compare timed although its --csv path is unwritable"

# --- the planted slowdown: B runs the same perft three times, so costs about 3x A ---
export SLOW_RPERFT=$rperft
expect_rc 1 "$rperft" compare --positions "$tmp/slow.epd" --rounds 6 --min-time 0 --max-slowdown 5 \
    pext "$here/slow_rperft.sh@pext"
expect_grep "$tmp/out" "^gate --max-slowdown 5%: FAIL"
# --- the same method against itself: at least 19 of 20 short gates pass ---
# (Tiny depths: the run is mostly process start-up, as noisy as it gets.) The first
# gate also records its CSV and JSON.
passes=0
for i in $(seq 20); do
    records=()
    ((i == 1)) && records=(--csv "$tmp/c.csv" --json "$tmp/c.json")
    "$rperft" compare --positions "$tmp/quick.epd" --rounds 6 --min-time 0.005 --max-slowdown 5 "${records[@]}" \
        pext pext >"$tmp/self.out" 2>&1
    rc=$?
    ((rc == 0)) && passes=$((passes + 1))
    ((rc == 0 || rc == 1)) || fail "self gate exit $rc: $(tail -2 "$tmp/self.out")"
done
((passes >= 19)) || fail "pext against itself passed only $passes of 20 gates"
[[ $(wc -l <"$tmp/c.csv") == 4 ]] || fail "compare --csv: $(wc -l <"$tmp/c.csv") lines, expected a header and 3 rows"
grep -q '^[^,]*,[^,]*,[^,]*,"time","pext","pext","geomean"' "$tmp/c.csv" || fail "compare --csv geomean row"
python3 "$here/json_valid.py" "$here/../docs/rperft-report.schema.json" "$tmp/c.json" || fail "compare --json schema"

# --- a UCI engine through 'go perft' (the broken engine is right at depth 2) ---
expect_rc 0 "$rperft" compare --positions "$tmp/quick.epd" --depth 2 --rounds 2 --min-time 0 \
    "uci:$here/broken_engine.sh $rperft" rotated
expect_grep "$tmp/out" "^A: uci:"
expect_rc 2 "$rperft" compare --positions "$tmp/quick.epd" --depth 3 --rounds 2 "uci:$here/broken_engine.sh $rperft" rotated
expect_grep "$tmp/err" "counts 8901 on startpos D3, not 8902"

# --- baselines: one of another build, or not a baseline at all, is refused before any counting ---
if command -v valgrind >/dev/null || command -v perf >/dev/null; then
    printf '"position_id","fen","depth","instructions_per_leaf_parent","build"\n"startpos","%s",4,100.00,"tcc 0.9 release"\n' \
        "$start" >"$tmp/other.csv"
    expect_rc 2 "$rperft" compare --measure instructions --positions "$tmp/quick.epd" --baseline "$tmp/other.csv" pext
    expect_grep "$tmp/err" "other.csv:2: build: counted with 'tcc 0.9 release', this rperft is '"
    echo "a,b" >"$tmp/notbase.csv"
    expect_rc 2 "$rperft" compare --measure instructions --positions "$tmp/quick.epd" --baseline "$tmp/notbase.csv" pext
    expect_grep "$tmp/err" "notbase.csv:1: 2 fields, not the 5"
fi
expect_rc 2 "$rperft" compare --baseline "$tmp/other.csv" pext
expect_grep "$tmp/err" "needs --measure instructions"

finish "compare gates: planted slowdown fails, self passes $passes of 20"

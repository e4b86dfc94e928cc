#!/usr/bin/env bash
# scripts/engine-check, the script behind action.yml: against Stockfish (Debian's) it
# passes and writes a valid JUnit and JSON report; against tests/broken_engine.sh it
# exits 1 with the planted fault named in the JSON; a missing suite is exit 2.
# Usage: tests/cli_engine_check.sh PATH-TO-RPERFT
set -u
source "$(dirname "$0")/cli_lib.sh"
check=$here/../scripts/engine-check
stockfish=${STOCKFISH:-/usr/games/stockfish}
echo "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400 ;D3 8902" >"$tmp/start.epd"

if [[ -x $stockfish ]]; then
    expect_rc 0 "$check" --rperft "$rperft" --engine "$stockfish" --suites perftsuite.epd --max-nodes 20k \
        --report-dir "$tmp/sf"
    expect_grep "$tmp/out" "^engine-check: every count right$"
    python3 "$here/json_valid.py" "$here/../docs/rperft-report.schema.json" "$tmp/sf/rperft-check.json" || fail "sf JSON"
    python3 -c 'import sys, xml.dom.minidom as m; d = m.parse(sys.argv[1]).documentElement
assert d.getAttribute("failures") == "0" and int(d.getAttribute("tests")) > 100, d.toxml()[:200]' \
        "$tmp/sf/rperft-check.xml" || fail "sf JUnit"
else
    echo "no Stockfish: its part skipped"
fi

expect_rc 1 "$check" --rperft "$rperft" --engine "$here/broken_engine.sh $rperft" --suites "$tmp/start.epd" \
    --report-dir "$tmp/broken"
expect_grep "$tmp/out" "^engine-check: MISMATCH"
python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); dd = d["results"][0]["drill_down"]
assert (dd["path"], dd["missing"], d["exit_status"]) == (["e2e4", "e7e5"], ["g1f3"], 1), dd' \
    "$tmp/broken/rperft-check.json" || fail "broken engine JSON"
grep -q '<failure message="expected 8902, engine 8901"' "$tmp/broken/rperft-check.xml" || fail "broken engine JUnit"

expect_rc 2 "$check" --rperft "$rperft" --engine "$stockfish" --suites no-such-suite.epd --report-dir "$tmp/x"
expect_grep "$tmp/err" "no suite 'no-such-suite.epd'"
expect_rc 2 "$check" --rperft "$rperft"

finish "scripts/engine-check passes Stockfish and catches the broken engine"

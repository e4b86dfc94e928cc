#!/usr/bin/env bash
# rperft suite as a user and a CI job run it: a wrong count fails with expected
# and got (exit 1), a malformed line exits 2 naming file:line, --junit writes XML
# that parses, --csv appends without corrupting and refuses a foreign header,
# standard input works, and Ctrl-C reports what finished and exits 130.
# Usage: tests/cli_suite.sh PATH-TO-RPERFT
set -u
source "$(dirname "$0")/cli_lib.sh"

# --- the shipped suite passes; one changed count fails with expected and got ---
expect_rc 0 "$rperft" suite --max-nodes 10k "$suites/perftsuite.epd"
expect_grep "$tmp/out" '^126 passed, 0 failed$'
[[ $(tail -1 "$tmp/out") == "126 passed, 0 failed" ]] || fail "last line: $(tail -1 "$tmp/out")"

sed '3s/;D3 1197 /;D3 1198 /' "$suites/perftsuite.epd" >"$tmp/changed.epd"
cmp -s "$suites/perftsuite.epd" "$tmp/changed.epd" && fail "the sed did not change the copy"
expect_rc 1 "$rperft" suite --max-nodes 10k "$tmp/changed.epd"
expect_grep "$tmp/out" "changed.epd:3 #3 D1-D4 FAIL"
expect_grep "$tmp/out" "^  D3: expected 1198, got 1197$"
[[ $(tail -1 "$tmp/out") == "125 passed, 1 failed" ]] || fail "last line: $(tail -1 "$tmp/out")"
[[ $(grep -c FAIL "$tmp/out") == 1 ]] || fail "more than one FAIL line"

# --quiet prints the failure and the totals only; --fail-fast stops at it.
expect_rc 1 "$rperft" suite --quiet --max-nodes 10k "$tmp/changed.epd"
[[ $(wc -l <"$tmp/out") == 4 ]] || fail "--quiet printed $(wc -l <"$tmp/out") lines"
expect_rc 1 "$rperft" suite --fail-fast --max-nodes 10k "$tmp/changed.epd"
[[ $(tail -1 "$tmp/out") == "2 passed, 1 failed" ]] || fail "--fail-fast: $(tail -1 "$tmp/out")"

# every method: the same failure for each
expect_rc 1 "$rperft" suite --method all --max-nodes 2k "$tmp/changed.epd"
expect_grep "$tmp/out" "^  D3 rotated: expected 1198, got 1197$"
expect_grep "$tmp/out" "^  D3 naive: expected 1198, got 1197$"

# --- malformed input exits 2 with file:line:column; --keep-going goes on ---
{
    head -4 "$suites/perftsuite.epd"
    echo "4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 6x6"
    tail -n +6 "$suites/perftsuite.epd" | head -3
} >"$tmp/malformed.epd"
expect_rc 2 "$rperft" suite --max-nodes 10k "$tmp/malformed.epd"
expect_grep "$tmp/err" "malformed.epd:5:43: D2 count: '6x6' is not a node count"
[[ -s $tmp/out ]] && fail "a malformed file ran positions: $(head -2 "$tmp/out")"
expect_rc 2 "$rperft" suite --keep-going --max-nodes 10k "$tmp/malformed.epd"
expect_grep "$tmp/out" "^ERROR .*malformed.epd:5:43: D2 count"
[[ $(tail -1 "$tmp/out") == "7 passed, 0 failed, 1 malformed" ]] || fail "--keep-going: $(tail -1 "$tmp/out")"
expect_rc 1 "$rperft" suite --keep-going --max-nodes 10k "$tmp/malformed.epd" "$tmp/changed.epd"
expect_rc 2 "$rperft" suite "$tmp/does-not-exist.epd"
expect_grep "$tmp/err" "does-not-exist.epd: cannot read"
expect_rc 2 "$rperft" suite --max-nodes lots "$suites/perftsuite.epd"
expect_rc 2 "$rperft" suite --method nosuch "$suites/perftsuite.epd"
expect_rc 2 "$rperft" suite

# --- standard input, options after files, counts above 2^64 ---
expect_rc 0 "$rperft" suite - --max-nodes 10k <"$suites/perftsuite.epd"
expect_grep "$tmp/out" "^<stdin>:1 #1 D1-D3 PASS"
expect_rc 0 "$rperft" suite --max-nodes 1M "$suites/oeis_a048987_startpos.epd"
expect_grep "$tmp/out" "D14-D15 expect more than 2^64 nodes"
expect_rc 0 "$rperft" suite --max-depth 3 "$suites/python-chess_tricky.perft"
expect_grep "$tmp/out" "python-chess_tricky.perft:7 pos-2 D1-D3 PASS"

# --- JUnit: parseable XML with one testcase per position, depth (and method) ---
expect_rc 1 "$rperft" suite --max-nodes 10k --junit "$tmp/report.xml" "$tmp/changed.epd"
python3 - "$tmp/report.xml" <<'EOF' || fail "JUnit report"
import sys, xml.dom.minidom
doc = xml.dom.minidom.parse(sys.argv[1])
root = doc.documentElement
assert root.tagName == "testsuites", root.tagName
cases = doc.getElementsByTagName("testcase")
failures = doc.getElementsByTagName("failure")
skipped = doc.getElementsByTagName("skipped")
assert int(root.getAttribute("tests")) == len(cases), (root.getAttribute("tests"), len(cases))
assert int(root.getAttribute("failures")) == 1 == len(failures)
assert int(root.getAttribute("skipped")) == len(skipped) > 0
assert failures[0].getAttribute("message") == "expected 1198, got 1197", failures[0].getAttribute("message")
assert failures[0].parentNode.getAttribute("name") == "#3 D3", failures[0].parentNode.getAttribute("name")
EOF
printf '%s\n' "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;id \"<&'\\\"\x01>\"" \
    "8/8/8 w - - ;D1 1" >"$tmp/odd.epd"
expect_rc 2 "$rperft" suite --keep-going --junit "$tmp/odd.xml" "$tmp/odd.epd"
python3 -c 'import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])' "$tmp/odd.xml" ||
    fail "JUnit with odd characters does not parse"
expect_rc 2 "$rperft" suite --junit "$tmp/no/such/dir/r.xml" "$suites/perftsuite.epd"

# --- CSV: append keeps old rows, foreign header is refused and left alone ---
expect_rc 0 "$rperft" suite --max-nodes 1k --csv "$tmp/rows.csv" "$suites/cpw_perft_results.epd"
rows1=$(wc -l <"$tmp/rows.csv")
cp "$tmp/rows.csv" "$tmp/rows1.csv"
expect_rc 1 "$rperft" suite --max-nodes 2k --csv "$tmp/rows.csv" "$tmp/changed.epd"
rows2=$(wc -l <"$tmp/rows.csv")
((rows2 > rows1)) || fail "CSV did not grow: $rows1 -> $rows2"
[[ $(head -c "$(wc -c <"$tmp/rows1.csv")" "$tmp/rows.csv" | cmp - "$tmp/rows1.csv" && echo same) == same ]] ||
    fail "CSV append changed the old rows"
[[ $(grep -c '^"timestamp"' "$tmp/rows.csv") == 1 ]] || fail "CSV header written twice"
python3 - "$tmp/rows.csv" <<'EOF' || fail "CSV content"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
assert all(len(r) == 15 for r in rows)
fails = [r for r in rows if r["status"] == "fail"]
assert len(fails) == 1 and fails[0]["expected"] == "1198" and fails[0]["got"] == "1197", fails
assert {r["status"] for r in rows} == {"pass", "fail", "skip"}, {r["status"] for r in rows}
EOF
echo "a,b,c" >"$tmp/foreign.csv"
expect_rc 2 "$rperft" suite --max-nodes 1k --csv "$tmp/foreign.csv" "$suites/cpw_perft_results.epd"
[[ $(cat "$tmp/foreign.csv") == "a,b,c" ]] || fail "a foreign CSV was changed"
expect_grep "$tmp/err" "foreign.csv"

# --- Ctrl-C: finished positions reported and written, exit 130 ---
"$rperft" suite --junit "$tmp/int.xml" --csv "$tmp/int.csv" "$suites/perftsuite.epd" \
    >"$tmp/int.out" 2>"$tmp/int.err" &
pid=$!
for _ in $(seq 600); do # wait (at most 60 s) for the first finished position
    [[ -s $tmp/int.out ]] && break
    sleep 0.1
done
kill -INT "$pid"
wait "$pid"
rc=$?
[[ $rc == 130 ]] || fail "SIGINT: exit $rc, expected 130"
expect_grep "$tmp/int.err" "interrupted after"
passed=$(tail -1 "$tmp/int.out" | sed -n 's/^\([0-9]*\) passed, 0 failed$/\1/p')
[[ -n $passed && $passed -ge 1 && $passed -lt 126 ]] || fail "SIGINT summary: $(tail -1 "$tmp/int.out")"
python3 -c 'import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])' "$tmp/int.xml" ||
    fail "JUnit after SIGINT does not parse"
python3 - "$tmp/int.csv" "$passed" <<'EOF' || fail "CSV after SIGINT"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
assert len({r["line"] for r in rows}) == int(sys.argv[2]), (len(rows), sys.argv[2])
EOF

finish "all rperft suite checks passed"

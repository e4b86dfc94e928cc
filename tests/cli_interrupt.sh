#!/usr/bin/env bash
# Stopping long runs. SIGINT and SIGTERM during suite --csv --junit --json, bench --csv,
# perft and divide --json: exit 130 / 143, what finished is reported (divide: the root
# moves done, marked incomplete; perft: no count, since a perft cannot be stopped
# half way), every CSV row already written stays whole, the JUnit report is
# well-formed XML. kill -9 while a run appends to an existing CSV: the old rows
# stay byte for byte, every new row is whole, and the next run appends after them.
# Usage: tests/cli_interrupt.sh PATH-TO-RPERFT
set -u
source "$(dirname "$0")/cli_lib.sh"
pid=
trap '[[ -n $pid ]] && kill -9 "$pid" 2>/dev/null; rm -rf "$tmp"' EXIT

# start NAME CMD...: CMD in the background, output in $tmp/NAME.out and .err.
start() {
    local name=$1
    shift
    "$@" >"$tmp/$name.out" 2>"$tmp/$name.err" &
    pid=$!
}

# wait_until CMD...: polls CMD for at most 120 s (sanitizer builds are slow);
# false if it never held or the run ended first.
wait_until() {
    for _ in $(seq 2400); do
        "$@" && return 0
        kill -0 "$pid" 2>/dev/null || return 1
        sleep 0.05
    done
    return 1
}

# stop SIG: sends SIG to the run and waits for it; its exit status in $rc.
stop() {
    kill -"$1" "$pid"
    wait "$pid" 2>/dev/null
    rc=$?
    pid=
}

# stopped SIG NAME: stop SIG, and the run (output in $tmp/NAME.*) must have exited
# 128 + the signal's number (130 for INT, 143 for TERM).
stopped() {
    stop "$1"
    local want=$((128 + $(kill -l "$1")))
    [[ $rc == "$want" ]] || fail "$2 SIG$1: exit $rc, expected $want: $(tail -2 "$tmp/$2.err")"
}

rows_at_least() { [[ -f $1 ]] && (($(wc -l <"$1") >= $2)); }

# csv_whole FILE COLUMNS [PREFIX-FILE]: every record has COLUMNS fields, the file
# ends with a newline, and starts with PREFIX-FILE's bytes. Prints the row count.
csv_whole() {
    python3 - "$@" <<'PY'
import csv, sys
path, cols = sys.argv[1], int(sys.argv[2])
data = open(path, "rb").read()
assert data.endswith(b"\n"), "the last row is cut short"
if len(sys.argv) > 3:
    old = open(sys.argv[3], "rb").read()
    assert data.startswith(old), "the rows written before were changed"
rows = list(csv.reader(open(path, newline="")))
bad = [i + 1 for i, r in enumerate(rows) if len(r) != cols]
assert not bad, f"rows with other than {cols} fields: {bad[:5]}"
print(len(rows) - 1)
PY
}

xml_ok() { python3 -c 'import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])' "$1"; }

# --- suite --csv --junit: each signal after a few rows ---
for sig in INT TERM; do
    csv=$tmp/suite-$sig.csv xml=$tmp/suite-$sig.xml json=$tmp/suite-$sig.json
    start suite "$rperft" suite --threads 1 --csv "$csv" --junit "$xml" --json "$json" "$suites/perftsuite.epd"
    wait_until rows_at_least "$csv" 4 || fail "suite: no rows before the end"
    stopped $sig suite
    grep -q "interrupted after [0-9]* of 126 positions" "$tmp/suite.err" ||
        fail "suite SIG$sig: $(cat "$tmp/suite.err")"
    passed=$(tail -1 "$tmp/suite.out" | sed -n 's/^\([0-9]*\) passed, 0 failed$/\1/p')
    [[ -n $passed ]] && ((passed >= 1 && passed < 126)) || fail "suite SIG$sig summary: $(tail -1 "$tmp/suite.out")"
    rows=$(csv_whole "$csv" 15) || fail "suite SIG$sig: CSV"
    xml_ok "$xml" || fail "suite SIG$sig: the JUnit report does not parse"
    cases=$(grep -c "<testcase" "$xml")
    [[ $cases == "$rows" ]] || fail "suite SIG$sig: $cases JUnit cases, $rows CSV rows"
    # The JSON report: valid, marked incomplete with the exit status, every finished position.
    python3 "$here/json_valid.py" "$here/../docs/rperft-report.schema.json" "$json" || fail "suite SIG$sig: JSON schema"
    got=$(python3 -c 'import json, sys; d = json.load(open(sys.argv[1]))
print(d["complete"], d["exit_status"], len(d["results"]), d["totals"]["passed"])' "$json")
    [[ $got == "False $rc $passed $passed" ]] || fail "suite SIG$sig JSON: $got (exit $rc, $passed passed)"
    ls "$tmp"/*.tmp* >/dev/null 2>&1 && fail "suite SIG$sig: a temporary file was left"
done

# --- bench --csv: many quick positions, so that rows come early and the run is long ---
for i in $(seq 300); do
    echo "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D4 197281 ;id \"start$i\""
done >"$tmp/many.epd"
for sig in INT TERM; do
    csv=$tmp/bench-$sig.csv
    start bench "$rperft" bench --method rotated,magic --reps 3 --positions "$tmp/many.epd" --csv "$csv"
    wait_until rows_at_least "$csv" 3 || fail "bench: no rows before the end"
    stopped $sig bench
    grep -q "interrupted" "$tmp/bench.err" || fail "bench SIG$sig: $(tail -2 "$tmp/bench.err")"
    rows=$(csv_whole "$csv" 32) || fail "bench SIG$sig: CSV"
    [[ -n $rows ]] && ((rows >= 2 && rows < 600)) || fail "bench SIG$sig: $rows rows"
done

# --- perft: no count once stopped; with --method all, the methods finished ---
for sig in INT TERM; do
    start perft "$rperft" perft 9
    sleep 1
    stopped $sig perft
    grep -q "interrupted; no count" "$tmp/perft.err" || fail "perft SIG$sig: $(cat "$tmp/perft.err")"
    [[ ! -s $tmp/perft.out ]] || fail "perft SIG$sig printed: $(cat "$tmp/perft.out")"
done
start all "$rperft" perft --method all 6
wait_until grep -q . "$tmp/all.out" || fail "perft --method all: no method finished"
stop INT
if [[ $rc == 130 ]]; then # on a fast machine every method may finish first
    grep -q "interrupted after [0-9]* of [0-9]* methods" "$tmp/all.err" ||
        fail "perft --method all: $(cat "$tmp/all.err")"
    grep -q "Nodes searched" "$tmp/all.out" && fail "perft --method all: a total after the interrupt"
    grep -v "skipped:" "$tmp/all.out" | awk '$2 != 119060324 { exit 1 }' ||
        fail "perft --method all: $(cat "$tmp/all.out")"
fi

# --- divide: the root moves done (each right), marked incomplete ---
divide7="a2a3: 106743106 a2a4: 137077337 b1a3: 120142144 b1c3: 148527161 b2b3: 133233975 b2b4: 134087476
c2c3: 144074944 c2c4: 157756443 d2d3: 227598692 d2d4: 269605599 e2e3: 306138410 e2e4: 309478263
f2f3: 102021008 f2f4: 119614841 g1f3: 147678554 g1h3: 120669525 g2g3: 135987651 g2g4: 130293018
h2h3: 106678423 h2h4: 138495290"
# --no-bulk: about 15 s even in a -march=native build (bulk-counted, depth 7 took
# 1 s there and ended before the signal came), root moves done every second.
for sig in INT TERM; do
    start divide "$rperft" divide --no-bulk --json "$tmp/divide-$sig.json" 7
    sleep 2
    stopped $sig divide
    grep -q "Nodes searched" "$tmp/divide.out" && fail "divide SIG$sig: a total after the interrupt"
    last=$(tail -1 "$tmp/divide.out")
    [[ $last =~ ^Interrupted:\ ([0-9]+)\ of\ 20\ root\ moves,\ ([0-9]+)\ nodes\ so\ far$ ]] ||
        fail "divide SIG$sig: last line '$last'"
    done_moves=${BASH_REMATCH[1]:-x} sum=0 lines=0
    while read -r move nodes; do
        [[ -z $move ]] && break
        grep -q -- "$move $nodes" <<<"$divide7" || fail "divide SIG$sig: wrong line '$move $nodes'"
        sum=$((sum + nodes)) lines=$((lines + 1))
    done <"$tmp/divide.out"
    [[ $lines == "$done_moves" && $sum == "${BASH_REMATCH[2]:-x}" ]] ||
        fail "divide SIG$sig: $lines lines adding up to $sum, but '$last'"
    got=$(python3 -c 'import json, sys; d = json.load(open(sys.argv[1]))
print(d["complete"], d["exit_status"], len(d["moves"]), d["nodes"])' "$tmp/divide-$sig.json")
    [[ $got == "False $rc $lines $sum" ]] || fail "divide SIG$sig JSON: $got (exit $rc, $lines moves, $sum nodes)"
done

# --- kill -9 while appending to an existing CSV (and JUnit report) ---
"$rperft" suite --max-nodes 1k --csv "$tmp/append.csv" --junit "$tmp/append.xml" "$suites/standard.epd" \
    >/dev/null || fail "suite: the first run"
cp "$tmp/append.csv" "$tmp/append.before"
cp "$tmp/append.xml" "$tmp/append.xml.before"
before=$(($(wc -l <"$tmp/append.csv") + 3))
start append "$rperft" suite --threads 1 --csv "$tmp/append.csv" --junit "$tmp/append.xml" "$suites/perftsuite.epd"
wait_until rows_at_least "$tmp/append.csv" "$before" || fail "suite: no rows appended"
stop KILL
[[ $rc == 137 ]] || fail "suite kill -9: exit $rc"
csv_whole "$tmp/append.csv" 15 "$tmp/append.before" >/dev/null || fail "suite kill -9: CSV"
cmp -s "$tmp/append.xml" "$tmp/append.xml.before" || fail "suite kill -9: the previous JUnit report changed"
cp "$tmp/append.csv" "$tmp/append.killed"
"$rperft" suite --max-nodes 1k --csv "$tmp/append.csv" "$suites/standard.epd" >/dev/null ||
    fail "suite: appending after the kill"
csv_whole "$tmp/append.csv" 15 "$tmp/append.killed" >/dev/null || fail "suite: the append after the kill"

"$rperft" bench --method rotated --reps 1 --depth 3 --csv "$tmp/bench-append.csv" >/dev/null 2>&1 ||
    fail "bench: the first run"
cp "$tmp/bench-append.csv" "$tmp/bench-append.before"
before=$(($(wc -l <"$tmp/bench-append.csv") + 2))
start bench "$rperft" bench --method rotated,magic --reps 3 --positions "$tmp/many.epd" --csv "$tmp/bench-append.csv"
wait_until rows_at_least "$tmp/bench-append.csv" "$before" || fail "bench: no rows appended"
stop KILL
csv_whole "$tmp/bench-append.csv" 32 "$tmp/bench-append.before" >/dev/null || fail "bench kill -9: CSV"

finish "all interruption checks passed"

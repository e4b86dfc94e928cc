#!/usr/bin/env bash
# JSON reports (--json): every report validates against docs/rperft-report.schema.json
# (python3-jsonschema) and says what happened: suite passes and failures, check's
# drill-down path and missing move, '-' as standard output, an unwritable path
# refused before any work, and a schema that rejects a wrong report; perft, divide,
# bench and merge reports hold their counts. (Python starts
# slowly: the reports are written first, then read by two python3 runs.)
# Usage: tests/cli_json.sh PATH-TO-RPERFT
set -u
source "$(dirname "$0")/cli_lib.sh"
schema=$here/../docs/rperft-report.schema.json
start='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'

# --- the reports ---
expect_rc 0 "$rperft" suite --max-nodes 10k --json "$tmp/suite.json" "$suites/perftsuite.epd"
printf '%s ;D1 20 ;D2 401\nnot a fen ;D1 3\n%s ;D1 20 ;D5 4865609\n' "$start" "$start" >"$tmp/bad.epd"
expect_rc 1 "$rperft" suite --keep-going --max-nodes 1k --json "$tmp/bad.json" "$tmp/bad.epd"
echo "$start ;D1 20 ;D2 400 ;D3 8902" >"$tmp/start.epd"
expect_rc 1 "$rperft" check --engine "$here/broken_engine.sh $rperft" --json "$tmp/check.json" "$tmp/start.epd"
BROKEN_MODE=crash expect_rc 1 "$rperft" check --engine "$here/broken_engine.sh $rperft" --json "$tmp/crash.json" \
    "$tmp/start.epd"
"$rperft" suite --max-nodes 1k --json - "$suites/perftsuite.epd" >"$tmp/stdout.json" 2>"$tmp/err" || fail "suite --json -"
grep -q "126 passed" "$tmp/err" || fail "suite --json -: people's lines not on stderr"

expect_rc 0 "$rperft" perft --method all --json "$tmp/perft.json" 4
expect_rc 0 "$rperft" divide --fen "$start" --moves e2e4 --json "$tmp/divide.json" 3
expect_rc 0 "$rperft" bench --method rotated,pext --depth 3 --reps 1 --warmup 0 --json "$tmp/bench.json"
expect_rc 0 "$rperft" split --depth 4 --split-ply 2 --out "$tmp/units"
"$rperft" units --results "$tmp/results" "$tmp/units" >/dev/null 2>&1 || fail "units"
expect_rc 0 "$rperft" merge --json "$tmp/merge.json" "$tmp/units" "$tmp/results"
head -100 "$tmp/results" >"$tmp/part"
expect_rc 1 "$rperft" merge --json "$tmp/partial.json" "$tmp/units" "$tmp/part"

# --- an unwritable path: exit 2 before any work, no file left ---
expect_rc 2 "$rperft" suite --json "$tmp/no/such/dir/r.json" "$suites/perftsuite.epd"
expect_grep "$tmp/err" "--json .*no/such/dir/r.json: cannot write"
[[ -s $tmp/out ]] && fail "suite ran although its --json path is unwritable"

# --- valid, and saying what happened ---
python3 "$here/json_valid.py" "$schema" "$tmp"/{suite,bad,check,crash,stdout,perft,divide,bench,merge,partial}.json ||
    fail "schema"
python3 - "$tmp" <<'PY' || fail "report contents"
import json, sys
tmp = sys.argv[1]
def load(name): return json.load(open(f"{tmp}/{name}.json"))
bad = []
def want(what, got, expected):
    if got != expected: bad.append(f"{what}: {got!r}, expected {expected!r}")
s = load("suite")
want("suite totals", (s["totals"]["passed"], len(s["results"]), s["complete"], s["exit_status"]), (126, 126, True, 0))
b = load("bad")
want("statuses", [c["status"] for c in b["results"]], ["fail", "error", "pass"])
want("exit status", b["exit_status"], 1)
want("depths", [(x["depth"], x["got"], x["status"]) for x in b["results"][0]["depths"]], [(1, 20, "pass"), (2, 400, "fail")])
want("skip", b["results"][2]["depths"][1]["status"], "skip")
c = load("check")
d = c["results"][0]["drill_down"]
want("drill-down", (d["path"], d["depth"], d["missing"], d["extra"]), (["e2e4", "e7e5"], 1, ["g1f3"], []))
want("engine", (c["engine"]["protocol"], c["totals"]["failed"]), ("uci", 1))
want("engine error", load("crash")["results"][0]["depths"][0]["status"], "error")
want("stdout", load("stdout")["totals"]["passed"], 126)
p = load("perft")
want("perft", {r["nodes"] for r in p["results"] if "nodes" in r}, {197281})
dv = load("divide")
want("divide", (len(dv["moves"]), dv["nodes"], dv["moves"][0]), (20, 13160, {"move": "a7a5", "nodes": 624}))
bn = load("bench")
want("bench", sorted({(m["method"], m["nodes"]) for m in bn["measurements"] if m["position_id"] == "startpos"}),
     [("pext", "8902"), ("rotated", "8902")])
want("merge", (load("merge")["nodes"], load("merge")["missing"]), (197281, 0))
want("partial merge", (load("partial")["nodes"], load("partial")["missing"], load("partial")["exit_status"]), (None, 300, 1))
# The schema is not vacuous: a count that is no count must fail it.
s["results"][0]["depths"][0]["got"] = "20 nodes"
json.dump(s, open(f"{tmp}/wrong.json", "w"))
for b_ in bad: print("FAIL:", b_, file=sys.stderr)
sys.exit(bool(bad))
PY
python3 "$here/json_valid.py" "$schema" "$tmp/wrong.json" 2>/dev/null && fail "the schema accepted a bad count"

finish "JSON reports are valid and complete"

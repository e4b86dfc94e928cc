#!/usr/bin/env bash
# JSON reports (--json): every report validates against docs/rperft-report.schema.json
# (python3-jsonschema) and says what happened: suite passes and failures, check's
# drill-down path and missing move, '-' as standard output, an unwritable path
# refused before any work, and a schema that rejects a wrong report. (Python starts
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

# --- an unwritable path: exit 2 before any work, no file left ---
expect_rc 2 "$rperft" suite --json "$tmp/no/such/dir/r.json" "$suites/perftsuite.epd"
expect_grep "$tmp/err" "--json .*no/such/dir/r.json: cannot write"
[[ -s $tmp/out ]] && fail "suite ran although its --json path is unwritable"

# --- valid, and saying what happened ---
python3 "$here/json_valid.py" "$schema" "$tmp"/{suite,bad,check,crash,stdout}.json || fail "schema"
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
# The schema is not vacuous: a count that is no count must fail it.
s["results"][0]["depths"][0]["got"] = "20 nodes"
json.dump(s, open(f"{tmp}/wrong.json", "w"))
for b_ in bad: print("FAIL:", b_, file=sys.stderr)
sys.exit(bool(bad))
PY
python3 "$here/json_valid.py" "$schema" "$tmp/wrong.json" 2>/dev/null && fail "the schema accepted a bad count"

finish "JSON reports are valid and complete"

#!/usr/bin/env bash
# The scripts a user runs, on bad usage (issue 13): scripts/compare-stockfish,
# scripts/bench-report and scripts/parallel-perft refuse bad options with exit 2
# and a message naming them, before installing, building or computing anything,
# and leave nothing behind; scripts/lib.sh's step names a failing step. Fast:
# usage errors, fakes and depth-1 runs; no timing is asserted.
# Usage: tests/cli_scripts.sh PATH-TO-RPERFT
set -u
source "$(dirname "$0")/cli_lib.sh"
cmd_timeout=120
rperft="$(cd "$(dirname "$rperft")" && pwd)/$(basename "$rperft")" # the tests change directory
scripts=$(cd "$here/../scripts" && pwd)

# refused PATTERN CMD...: exit 2 with PATTERN (an extended regex) on stderr.
refused() {
    local pattern=$1
    shift
    expect_rc 2 "$@" || return
    grep -Eq -e "$pattern" "$tmp/err" || fail "stderr lacks /$pattern/: $* -> $(head -c 300 "$tmp/err")"
}

# --- scripts/lib.sh: a failing step says which, and shows its output ---
expect_rc 3 bash -c 'source "$1/lib.sh"; step_prefix=demo; step "the demo step" sh -c "echo why it broke; exit 3"' \
    _ "$scripts"
expect_grep "$tmp/err" 'demo: the demo step failed (exit 3)'
expect_grep "$tmp/err" 'why it broke'
expect_rc 0 bash -c 'source "$1/lib.sh"; step "a quiet step" echo chatter' _ "$scripts"
[[ ! -s $tmp/out && ! -s $tmp/err ]] || fail "a step that succeeded printed something"

# --- scripts/compare-stockfish ---
cs="$scripts/compare-stockfish"
refused "unknown option '--bogus'" "$cs" --bogus "$rperft"
refused "--reps needs a value" "$cs" --reps
refused "--reps: 'abc' is not a positive whole number" "$cs" --reps abc "$rperft"
refused "--depth needs a value" "$cs" "$rperft" --depth
refused "--depth: 'x' is not a depth" "$cs" --depth x "$rperft"
refused "--methods: bogus: .*--method bogus: unknown method" "$cs" --methods rotated,bogus "$rperft"
refused "'$tmp/none' is not an executable rperft" "$cs" "$tmp/none"
expect_rc 0 "$cs" --help
expect_grep "$tmp/out" '--depth D'
# --depth, for real when what it needs is here (scripts/test installs it): every
# position at depth 1, each count checked against Stockfish's by the script.
if (command -v stockfish || [[ -x /usr/games/stockfish ]]) >/dev/null && command -v bc >/dev/null; then
    expect_rc 0 "$cs" --depth 1 --reps 1 --methods magic "$rperft"
    expect_grep "$tmp/out" '^startpos  1 '
    expect_grep "$tmp/out" '^pos3      1 '
else
    echo "SKIP: Stockfish or bc missing, compare-stockfish --depth not run" >&2
fi

# --- scripts/bench-report, against a fake rperft that logs its arguments ---
fake="$tmp/fake-rperft"
cat >"$fake" <<'FAKE'
#!/usr/bin/env bash
echo "$*" >>"$FAKE_LOG"
if [[ $1 == bench ]]; then
    while [[ $# -gt 0 && $1 != --csv ]]; do shift; done
    touch "$2"
fi
FAKE
chmod +x "$fake"
export FAKE_LOG="$tmp/fake.log"
br="$scripts/bench-report"
expect_rc 0 "$br" --help
expect_grep "$tmp/out" 'usage: scripts/bench-report'
grep -q 'rperft bench \[' "$tmp/out" && fail "bench-report --help printed rperft bench's help"
refused "--out needs a directory" "$br" --reps 1 --out
refused "--out $tmp/none: not a directory" "$br" --out="$tmp/none"
mkdir "$tmp/csvs"
expect_rc 0 env RPERFT="$fake" "$br" --reps 1 --out "$tmp/csvs" --warmup 0
compgen -G "$tmp/csvs/bench-*.csv" >/dev/null || fail "--out after other options: no CSV in $tmp/csvs"
expect_grep "$FAKE_LOG" '^bench .*--reps 1 --warmup 0$'
grep -q -- '--out' "$FAKE_LOG" && fail "--out was passed on to rperft bench: $(cat "$FAKE_LOG")"

# --- scripts/parallel-perft: bad input leaves no work directory, exit 2 ---
if command -v parallel >/dev/null; then
    pp="$scripts/parallel-perft"
    mkdir "$tmp/work" && cd "$tmp/work" || exit 1
    refused "pieces field" "$pp" --rperft "$rperft" --fen "8/8/8 w - -" --depth 3
    refused "depth" "$pp" --rperft "$rperft" --depth 99
    refused "--method bogus: unknown method" "$pp" --rperft "$rperft" --method bogus --depth 3
    grep -q resume "$tmp/err" && fail "--method bogus advises resuming: $(cat "$tmp/err")"
    [[ -z $(ls -A) ]] || fail "a refused run left $(ls -A) behind"
    # The README's hand build (build/cmd/rperft) is found without --rperft.
    mkdir -p "$tmp/tree/scripts" "$tmp/tree/build/cmd"
    cp "$pp" "$scripts/lib.sh" "$tmp/tree/scripts/"
    ln -s "$rperft" "$tmp/tree/build/cmd/rperft"
    expect_rc 0 env -u RPERFT "$tmp/tree/scripts/parallel-perft" --depth 2 --split-ply 1 --jobs 1 --dir "$tmp/w"
    expect_grep "$tmp/out" '^Nodes searched: 400$'
    cd "$tmp" || exit 1
else
    echo "SKIP: GNU parallel not installed, scripts/parallel-perft untested" >&2
fi

finish "all script usage checks passed"

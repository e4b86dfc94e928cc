#!/usr/bin/env bash
# The one option parser (cmd/options.c) as users meet it: --opt VALUE and
# --opt=VALUE, options anywhere among the operands, '--', conflicting options,
# one message style, help from the table, move notation, --fen -, rperft fen.
# Usage: tests/cli_options.sh PATH-TO-RPERFT
set -u
source "$(dirname "$0")/cli_lib.sh"
cmd_timeout=60

kk="4k3/8/8/8/8/8/8/4K3 w - - 0 1" # 5 king moves each: perft 2 = 25
promo="2b1k3/1P6/8/8/8/8/8/4K3 w - - 0 1"

# nodes WANT CMD...: exit 0 and "Nodes searched: WANT" on stdout.
nodes() {
    local want=$1
    shift
    expect_rc 0 "$@" && grep -qx "Nodes searched: $want" "$tmp/out" ||
        fail "wanted $want nodes: $(cut -c1-150 <<<"$*") -> $(tail -1 "$tmp/out")"
}

# refused PATTERN CMD...: exit 2, nothing on stdout, stderr matching PATTERN (extended regex).
refused() {
    local pattern=$1
    shift
    expect_rc 2 "$@" || return
    grep -Eq -e "$pattern" "$tmp/err" || fail "stderr lacks /$pattern/: $(cut -c1-150 <<<"$*") -> $(head -c 300 "$tmp/err")"
    [[ ! -s $tmp/out ]] || fail "stdout not empty: $(cut -c1-150 <<<"$*") -> $(head -2 "$tmp/out")"
}

# --- where options may stand, and how values attach ---
nodes 25 "$rperft" perft 2 --fen "$kk"             # after the operand
nodes 25 "$rperft" perft --fen="$kk" 2             # --opt=VALUE
nodes 8902 "$rperft" perft --method=magic 3
nodes 8902 "$rperft" divide 3 --method magic --threads=2
nodes 400 "$rperft" perft -- 2                     # '--' ends the options
echo "$kk ;D1 5 ;D2 25" >"$tmp/kk.epd"
expect_rc 0 "$rperft" suite "$tmp/kk.epd" --max-depth=1 --quiet && grep -q "1 passed" "$tmp/out" ||
    fail "suite FILE --max-depth=1: $(tail -1 "$tmp/out")"
cp "$tmp/kk.epd" "$tmp/-kk.epd"
expect_rc 0 "$rperft" suite --quiet -- "$tmp/-kk.epd" || fail "suite -- FILE"
nodes 5 "$rperft" perft --fen "$kk" --no-bulk 1

# --- conflicts and repeats: exit 2, both named ---
refused "rperft perft: --startpos: conflicts with --fen '4k3" "$rperft" perft --fen "$kk" --startpos 1
refused "rperft divide: --fen '4k3.*: conflicts with --startpos" "$rperft" divide --startpos --fen "$kk" 1
refused "rperft perft: --fen B: --fen was given already \(A\)" "$rperft" perft --fen A --fen B 1
refused "rperft split: --fen B: --fen was given already" "$rperft" split --fen A --fen B --depth 2 --split-ply 1
refused "rperft suite: --threads 2: --threads was given already" "$rperft" suite --threads 1 --threads 2 "$tmp/kk.epd"

# --- one message style: rperft COMMAND: --opt VALUE: what is wrong ---
refused "^rperft perft: --threads 0: expected a whole number from 1 to 256 \(see 'rperft perft --help'\)$" \
    "$rperft" perft --threads 0 1
refused "^rperft perft: DEPTH -1: expected a whole number from 0 to 64" "$rperft" perft -1
refused "^rperft divide: DEPTH x: expected a whole number" "$rperft" divide x
refused "^rperft perft: unexpected argument 3 after DEPTH" "$rperft" perft 2 3
refused "^rperft perft: --no-bulk: takes no value" "$rperft" perft --no-bulk=yes 1
refused "^rperft perft: --hash: needs a value \(MB\)" "$rperft" perft 1 --hash
refused "^rperft bench: --pin x: expected a logical CPU number" "$rperft" bench --pin x
refused "^rperft bench: --depth 0: expected N \(1 to 64\), \+N or -N" "$rperft" bench --depth 0
refused "^rperft check: --protocol xboard: expected one of: auto|uci|go-perft|perft|perftree" \
    "$rperft" check --engine true --protocol xboard "$tmp/kk.epd"
refused "^rperft check: --engine: required" "$rperft" check "$tmp/kk.epd"
refused "^rperft check: --timeout 0: expected a number of seconds" "$rperft" check --engine true --timeout 0 "$tmp/kk.epd"
refused "^rperft units: --shard 3/2: expected I/N with 1 <= I <= N" "$rperft" units --shard 3/2 x
refused "^rperft suite: --max-nodes 1e9: expected a node count" "$rperft" suite --max-nodes 1e9 "$tmp/kk.epd"
refused "^rperft split: --split-ply 3: must not exceed --depth \(2\)" "$rperft" split --depth 2 --split-ply 3
refused "^rperft divide: --method all: divide takes one method" "$rperft" divide --method all 1
refused "^rperft merge: missing RESULTS" "$rperft" merge "$tmp/kk.epd"
refused "^rperft methods: unexpected argument x" "$rperft" methods x
refused "^rperft suite: --nosuch: unknown option" "$rperft" suite "$tmp/kk.epd" --nosuch
refused "^rperft perft: -x: unknown option" "$rperft" perft -x 1

# --- moves: perft --moves and perftree read the same notation ---
nodes "$("$rperft" perft --fen "$promo" --moves b7c8q 1 2>/dev/null | sed 's/.*: //')" \
    "$rperft" perft --fen "$promo" --moves b7c8Q 1
expect_rc 0 "$rperft" perftree 1 "$promo" b7c8Q || fail "perftree b7c8Q"
for token in e2 e2-e4 Nf3 e2e4x e9e4; do
    refused "^rperft perft: --moves .*: move 2 '$token' is not in UCI notation" "$rperft" perft --moves "d2d4 $token" 1
done
refused "^rperft perft: --moves .*: move 2 'e2e5' is not a legal move in " "$rperft" perft --moves "d2d4 e2e5" 1
refused "^rperft perftree: MOVES e2: move 1 'e2' is not in UCI notation" "$rperft" perftree 1 "$kk" e2
refused "^rperft perftree: MOVES e2e4: move 1 'e2e4' is not a legal move" "$rperft" perftree 1 "$kk" e2e4
grep -q -e "--moves" "$tmp/err" && fail "perftree's error mentions --moves: $(cat "$tmp/err")"
refused "^rperft perftree: FEN nonsense: side field, column 9" "$rperft" perftree 1 nonsense

# --- --fen - reads the FEN from standard input; rperft fen and --verbose show the FEN reached ---
expect_rc 0 "$rperft" perft --fen - 2 <<<"$kk" && grep -qx "Nodes searched: 25" "$tmp/out" || fail "--fen -"
expect_rc 2 "$rperft" perft --fen - 2 </dev/null && grep -q -e "--fen -: no line on standard input" "$tmp/err" ||
    fail "--fen - with empty stdin: $(cat "$tmp/err")"
expect_rc 0 "$rperft" fen --startpos --moves "e2e4 e7e5 g1f3" &&
    grep -qx "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2" "$tmp/out" ||
    fail "rperft fen: $(cat "$tmp/out")"
expect_rc 0 "$rperft" fen --fen - --moves e1e2 <<<"$kk" && grep -qx "4k3/8/8/8/8/8/4K3/8 b - - 1 1" "$tmp/out" ||
    fail "rperft fen --fen -: $(cat "$tmp/out")"
expect_rc 0 "$rperft" perft --verbose --moves "g1f3" 1 && grep -qx "fen: rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1" "$tmp/err" ||
    fail "perft --verbose: $(cat "$tmp/err")"

# --- help: bare rperft is a usage error; help COMMAND is that command's help ---
expect_rc 2 "$rperft"
[[ ! -s $tmp/out ]] && grep -q "^usage: rperft COMMAND" "$tmp/err" || fail "bare rperft: usage not on stderr"
expect_rc 0 "$rperft" help perft && grep -q "^usage: rperft perft " "$tmp/out" || fail "rperft help perft"
refused "unknown command 'nosuch'" "$rperft" help nosuch

# Every option a command's help lists is one its parser takes (help and parsing
# come from one table), and every command's help names its own usage.
commands=$("$rperft" --help | awk '/^commands:/ { on = 1; next } on && /^  [a-z]/ { print $1 }')
[[ $(wc -w <<<"$commands") -ge 12 ]] || fail "commands listed: $commands"
for cmd in $commands; do
    expect_rc 0 "$rperft" "$cmd" --help && grep -q "^usage: rperft $cmd" "$tmp/out" || fail "$cmd --help"
    cp "$tmp/out" "$tmp/help"
    for opt in $(grep -oE '^  (-[a-z], )?--[a-z-]+' "$tmp/help" | grep -oE -- '--[a-z-]+'); do
        "$rperft" "$cmd" "$opt=1" --help >/dev/null 2>"$tmp/err"
        ! grep -q "unknown option" "$tmp/err" || fail "$cmd --help lists $opt, which its parser refuses"
    done
done

# --- files named on the command line that are directories: refused before any work,
#     naming the path as given ---
mkdir "$tmp/dir"
refused "^rperft suite: --junit $tmp/dir: Is a directory" "$rperft" suite --junit "$tmp/dir" "$tmp/kk.epd"
refused "^rperft suite: --csv $tmp/dir: Is a directory" "$rperft" suite --csv "$tmp/dir" "$tmp/kk.epd"
refused "^rperft split: --out $tmp/dir: Is a directory" "$rperft" split --depth 2 --split-ply 1 --out "$tmp/dir"
grep -q "dir.tmp" "$tmp/err" && fail "split --out DIR names DIR.tmp: $(cat "$tmp/err")"
refused "^rperft units: $tmp/dir: cannot read: Is a directory" "$rperft" units "$tmp/dir"
refused "^rperft merge: $tmp/dir: cannot read: Is a directory" "$rperft" merge "$tmp/dir" "$tmp/kk.epd"
"$rperft" split --depth 2 --split-ply 1 --out "$tmp/u2" 2>/dev/null || fail "split --out u2"
refused "^rperft merge: $tmp/dir: cannot read: Is a directory" "$rperft" merge "$tmp/u2" "$tmp/dir"

# --- bench: a CPU that is not there is named with the CPUs there are; a position
#     whose only count is over the budget gets a note (its count here is wrong, so
#     the checking round stops the bench at once with exit 1) ---
if (($(nproc) < 99)); then
    refused "^rperft bench: --pin 99: no such CPU here: this machine has $(nproc) logical CPUs online" \
        "$rperft" bench --pin 99
fi
echo "$kk ;D3 2000000000 ;id \"heavy\"" >"$tmp/heavy.epd"
expect_rc 1 "$rperft" bench --reps 1 --method rotated --positions "$tmp/heavy.epd" &&
    grep -q "note: heavy: its shallowest count, D3 2000000000, is over the budget of 1000000000 nodes" "$tmp/err" ||
    fail "bench: no note for a count over the budget: $(cat "$tmp/err")"

# --- divide's stderr summary names threads and hash, as perft's does ---
expect_rc 0 "$rperft" divide --threads 2 --hash 1 3 &&
    grep -Eq "^rotated: depth 3, .*, 2 threads, hash 1 MB$" "$tmp/err" || fail "divide summary: $(cat "$tmp/err")"

# --- progress: on a terminal only (script(1) gives one); RPERFT_PROGRESS_INTERVAL
#     makes a short run long enough to show it ---
if command -v script >/dev/null; then
    on_tty() { RPERFT_PROGRESS_INTERVAL=0.001 script -qec "$*" /dev/null >"$tmp/tty" 2>&1 || fail "on a tty: $*"; }
    on_tty "$rperft" divide --no-bulk 4
    grep -q $'\r\e\[K[0-9.]* s: divide depth 4: root move [0-9]* of 20 ([a-h1-8]*)' "$tmp/tty" ||
        fail "divide: no progress line on a tty: $(head -c 300 "$tmp/tty" | od -c | head -5)"
    grep -q $'\r\e\[K\r\?\nNodes searched: 197281' "$tmp/tty" || fail "divide: progress line not cleared before the total"
    on_tty "$rperft" perft --no-bulk 5
    grep -q $'\r\e\[K[0-9.]* s: perft depth 5 (rotated)' "$tmp/tty" || fail "perft: no progress line on a tty"
    "$rperft" split --depth 5 --split-ply 1 --out "$tmp/units" 2>/dev/null
    on_tty "$rperft" units "$tmp/units" --results "$tmp/results"
    grep -q $'s: units: [0-9]* of 20 done, about [0-9.]* s left\r' "$tmp/tty" &&
        grep -q $'\r\e\[Krperft units: shard 1/1: 20 units computed' "$tmp/tty" ||
        fail "units: no done/total line cleared at the end: $(tail -c 200 "$tmp/tty" | od -c | tail -5)"
fi
RPERFT_PROGRESS_INTERVAL=0.001 expect_rc 0 "$rperft" divide --no-bulk 4
grep -q $'\e' "$tmp/err" && fail "divide: progress written to a stderr that is not a terminal"

# --- --version: the build's flags, what it is built to use, this CPU's features ---
expect_rc 0 "$rperft" --version
for field in "compiler flags" "built to use" "this CPU" "methods"; do
    grep -q "^$field: " "$tmp/out" || fail "--version lacks '$field': $(cat "$tmp/out")"
done
for flag in popcnt bmi2 avx2; do
    if grep -qw "$flag" /proc/cpuinfo; then
        grep "^this CPU: " "$tmp/out" | grep -qw "$flag" || fail "--version: this CPU has $flag: $(cat "$tmp/out")"
    fi
done

finish "all option checks passed"

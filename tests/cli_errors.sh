#!/usr/bin/env bash
# Bad input of every kind the robustness issue lists: each exits 2 with a message
# naming its source (the argument, or file:line:column) and computes nothing first.
# Also the inputs that look odd but are well defined (nine queens; 256 threads on a
# smaller machine) run.
# Usage: tests/cli_errors.sh PATH-TO-RPERFT
set -u
source "$(dirname "$0")/cli_lib.sh"
cmd_timeout=60 # a run that starts computing what it should have refused fails, not hangs

# bad PATTERN CMD...: exit 2, the message (an extended regex) on stderr, nothing
# computed (no result on stdout).
bad() {
    local pattern=$1
    shift
    expect_rc 2 "$@" || return
    local what
    what=$(cut -c1-200 <<<"$*")
    grep -Eq -e "$pattern" "$tmp/err" || fail "stderr lacks /$pattern/: $what -> $(head -c 300 "$tmp/err")"
    [[ ! -s $tmp/out ]] || fail "something was printed (computed?) before refusing: $what -> $(head -3 "$tmp/out")"
}

start=rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR
kk="4k3/8/8/8/8/8/8/4K3 w - - 0 1"
good="$suites/standard.epd"

# --- files that hold no suite: empty, only comments, binary, a directory, unreadable ---
: >"$tmp/empty.epd"
bad "empty.epd: no positions" "$rperft" suite "$tmp/empty.epd"
bad "empty.epd: no positions" "$rperft" check --engine false "$tmp/empty.epd"
bad "empty.epd: no positions" "$rperft" bench --reps 1 --positions "$tmp/empty.epd"
printf '# a comment\n\n   \n# another\n' >"$tmp/comments.epd"
bad "comments.epd: no positions" "$rperft" suite "$tmp/comments.epd"
: >"$tmp/empty.csv"
bad "empty.csv: empty" "$rperft" report "$tmp/empty.csv"

# Binary garbage (fixed bytes, so every run tests the same), with NULs and without.
python3 - "$tmp" <<'PY'
import random, sys
rng = random.Random(7)
open(f"{sys.argv[1]}/garbage.bin", "wb").write(bytes(rng.randrange(256) for _ in range(4096)))
open(f"{sys.argv[1]}/noise.epd", "wb").write(bytes(rng.choice(b"pnbrqkPNBRQK12345678/ ;-wb\n\t") for _ in range(4096)))
PY
bad "garbage.bin:[0-9]+:[0-9]+: " "$rperft" suite "$tmp/garbage.bin"
# --keep-going reports each malformed line on stdout, and still exits 2.
expect_rc 2 "$rperft" suite --keep-going "$tmp/garbage.bin"
grep -Eq "^ERROR .*garbage.bin:[0-9]+:[0-9]+: " "$tmp/out" || fail "--keep-going: no ERROR line naming file:line:column"
bad "noise.epd:[0-9]+:[0-9]+: " "$rperft" suite "$tmp/noise.epd"
bad "garbage.bin:[0-9]+: " "$rperft" report "$tmp/garbage.bin"

mkdir "$tmp/dir.epd"
bad "dir.epd: cannot read: Is a directory" "$rperft" suite "$tmp/dir.epd"
bad "dir.epd: cannot read: Is a directory" "$rperft" bench --reps 1 --positions "$tmp/dir.epd"
bad "dir.epd: cannot read: Is a directory" "$rperft" report "$tmp/dir.epd"
bad "missing.epd: cannot read: No such file or directory" "$rperft" suite "$tmp/missing.epd"
# Unreadable: root reads a chmod 000 file, so use one that nobody can read: reading
# /proc/self/mem at offset 0 fails with EIO. A chmod 000 file is tried when not root.
bad "/proc/self/mem: cannot read: " "$rperft" suite /proc/self/mem
bad "/proc/self/mem: cannot read: " "$rperft" report /proc/self/mem
if [[ $(id -u) != 0 ]]; then
    echo "$kk ;D1 5" >"$tmp/locked.epd"
    chmod 000 "$tmp/locked.epd"
    bad "locked.epd: cannot read: Permission denied" "$rperft" suite "$tmp/locked.epd"
fi

# --- a line longer than any FEN: refused at its line, and the message stays short ---
python3 -c "print('$start' + 'R' * 100000 + ' w - - 0 1 ;D1 20')" >"$tmp/long.epd"
bad "long.epd:1:[0-9]+: FEN pieces: rank 1 has" "$rperft" suite "$tmp/long.epd"
(($(wc -c <"$tmp/err") < 1000)) || fail "the message for a 100 KB line is $(wc -c <"$tmp/err") bytes"
long_fen="$(python3 -c "print('$start' + 'R' * 100000)") w - - 0 1"
bad "--fen '.*\.\.\.': pieces field, column 36: rank 1 has" "$rperft" perft --fen "$long_fen" 1
(($(wc -c <"$tmp/err") < 1000)) || fail "the message for a 100 KB FEN is $(wc -c <"$tmp/err") bytes"

# --- counts that are not numbers or do not fit 128 bits; the largest that fits runs ---
echo "$kk ;D1 abc" >"$tmp/count.epd"
bad "count.epd:1:[0-9]+: D1 count: 'abc' is not a node count" "$rperft" suite "$tmp/count.epd"
echo "$kk ;D1 5;D2 -3" >"$tmp/count.epd"
bad "count.epd:1:[0-9]+: D2 count: '-3' is not a node count" "$rperft" suite "$tmp/count.epd"
echo "$kk ;D1 340282366920938463463374607431768211456" >"$tmp/count.epd" # 2^128
bad "count.epd:1:[0-9]+: D1 count: 340282366920938463463374607431768211456 does not fit in 128 bits" \
    "$rperft" suite "$tmp/count.epd"
echo "$kk ;D1 340282366920938463463374607431768211455" >"$tmp/count.epd" # 2^128 - 1: a (wrong) count
expect_rc 1 "$rperft" suite "$tmp/count.epd" &&
    grep -q "expected 340282366920938463463374607431768211455, got 5" "$tmp/out" ||
    fail "2^128 - 1 as an expected count: $(cat "$tmp/out")"
bad "max-nodes" "$rperft" suite --max-nodes 340282366920938463463374607431768211456 "$good"
bad "max-nodes" "$rperft" suite --max-nodes 1e9 "$good"

# --- depths: negative, not a number, beyond 64 (no count deeper could ever finish) ---
for cmd in perft divide; do
    for depth in -1 x 65 2.5 99999999999999999999 ""; do
        bad "DEPTH '?$depth'?: expected a whole number from 0 to 64" "$rperft" $cmd "$depth"
    done
    bad "missing DEPTH" "$rperft" $cmd
done
echo "$kk ;D65 1" >"$tmp/depth.epd"
bad "depth.epd:1:[0-9]+: depth: '65' is not a depth from 0 to 64" "$rperft" suite "$tmp/depth.epd"
echo "$kk ;D-1 1" >"$tmp/depth.epd"
bad "depth.epd:1:[0-9]+: operation: 'D-1' is not an EPD operation" "$rperft" suite "$tmp/depth.epd"
echo "$kk ;D1x 1" >"$tmp/depth.epd"
bad "depth.epd:1:[0-9]+: operation: 'D1x' is not a perft count" "$rperft" suite "$tmp/depth.epd"
bad "--max-depth -1: expected a whole number from 0 to 64" "$rperft" suite --max-depth -1 "$good"
bad "--depth" "$rperft" bench --reps 1 --depth x

# --- unknown method ---
for cmd in "perft 1" "divide 1" "suite $good" "bench --reps 1"; do
    bad "--method nosuch: unknown method" "$rperft" ${cmd%% *} --method nosuch ${cmd#* }
done
bad "--method nosuch: unknown method" "$rperft" check --method nosuch --engine false "$good"

# --- a hash table the machine cannot give: refused before any work (depth 12 would take hours) ---
bad "--hash 1048576: .*1048576 MB" "$rperft" perft --hash 1048576 12
bad "--hash 1048576: .*1048576 MB" "$rperft" divide --hash 1048576 12
bad "--hash 1048576: .*1048576 MB" "$rperft" suite --hash 1048576 "$suites/perftsuite.epd"
bad "--hash 1048576: .*1048576 MB" "$rperft" bench --hash 1048576
bad "--hash 1048577: expected megabytes from 0 to 1048576" "$rperft" perft --hash 1048577 1
bad "--hash -1: expected megabytes from 0 to 1048576" "$rperft" perft --hash -1 1

# --- outputs that cannot be written: refused before anything is computed ---
bad "--csv /nonexistent/dir/x.csv: .*No such file or directory" \
    "$rperft" suite --csv /nonexistent/dir/x.csv "$suites/perftsuite.epd"
bad "--junit /nonexistent/dir/x.xml: .*No such file or directory" \
    "$rperft" suite --junit /nonexistent/dir/x.xml "$suites/perftsuite.epd"
bad "--csv $tmp: .*Is a directory" "$rperft" suite --csv "$tmp" "$suites/perftsuite.epd"
bad "/nonexistent/dir/x.csv: .*No such file or directory" "$rperft" bench --csv /nonexistent/dir/x.csv
bad "$tmp/dir.epd: .*Is a directory" "$rperft" bench --csv "$tmp/dir.epd"
[[ ! -e /nonexistent ]] || fail "/nonexistent was created"

# --- FENs: a king missing and pawns on the last rank are refused naming the field;
#     too many pieces of a kind is a well-defined position and runs ---
bad "--fen .*: pieces field, column 1: no black king" "$rperft" perft --fen "8/8/8/8/8/8/8/K7 w - - 0 1" 1
bad "--fen .*: pieces field, column 1: no white king" "$rperft" divide --fen "k7/8/8/8/8/8/8/8 w - - 0 1" 1
bad "--fen .*: pieces field, column 3: pawn on rank 8" "$rperft" perft --fen "k6P/8/8/8/8/8/8/K7 w - - 0 1" 1
bad "--fen .*: pieces field, column 18: pawn on rank 1" "$rperft" perft --fen "k7/8/8/8/8/8/8/K6p w - - 0 1" 1
bad "--fen .*: pieces field, column 1: two white kings" "$rperft" perft --fen "k7/8/8/8/8/8/8/K6K w - - 0 1" 1
# Issue 13: an impossible en-passant square (d5xe6 was counted), 5 fields, a castling
# right twice; and EPD operations other than perft counts are ignored.
bad "--fen .*: en passant field, column 30: .*e7 is occupied" "$rperft" divide --fen "4k3/4n3/8/3Pp3/8/8/8/4K3 w - e6 0 1" 1
bad "--fen .*: fullmove field.*4 or 6 fields" "$rperft" perft --fen "$start w KQkq - 0" 1
bad "--fen .*: castling field.*'K' is given twice" "$rperft" perft --fen "4k3/8/8/8/8/8/8/R3K2R w KK - 0 1" 1
echo "$kk ;c0 \"opposition; kings only\" ;bm Kd2 ;id \"kk\" ;acd 3 ;D1 5 ;D2 25" >"$tmp/ops.epd"
expect_rc 0 "$rperft" suite "$tmp/ops.epd"
echo "8/8/8/8/8/8/8/K7 w - - 0 1 ;D1 3" >"$tmp/king.epd"
bad "king.epd:1:1: FEN pieces: no black king" "$rperft" suite "$tmp/king.epd"
echo "k7/8/8/8/8/8/8/K6p w - - ;D1 3" >"$tmp/pawn.epd"
bad "pawn.epd:1:18: FEN pieces: pawn on rank 1" "$rperft" suite "$tmp/pawn.epd"
queens="k7/8/8/8/8/8/1QQQQQ1K/1QQQQQQ1 w - - 0 1" # eleven white queens (black is then mated or stalemated)
expect_rc 0 "$rperft" perft --method all --fen "$queens" 1 && grep -q "^Nodes searched: [1-9]" "$tmp/out" ||
    fail "eleven queens: $(tail -2 "$tmp/out")"
expect_rc 0 "$rperft" perft --fen "7k/8/8/8/8/8/NNNNNNNN/NNNNNNNK w - - 0 1" 3 # fifteen knights
expect_rc 0 "$rperft" perft --fen "k7/8/PPPPPPPP/PPPPPPPP/8/8/8/K7 w - - 0 1" 3 # sixteen pawns

# --- more threads than CPUs: allowed, with a warning ---
expect_rc 0 "$rperft" perft --threads 256 3 && grep -q "^Nodes searched: 8902$" "$tmp/out" ||
    fail "--threads 256: $(cat "$tmp/out")"
if (($(nproc) < 256)); then
    grep -q "warning: 256 threads on $(nproc) CPUs" "$tmp/err" || fail "no warning for 256 threads: $(cat "$tmp/err")"
fi

# --- unknown commands and options ---
bad "unknown command 'nosuch'" "$rperft" nosuch
bad "--nosuch: unknown option" "$rperft" perft --nosuch 1
bad "--nosuch: unknown option" "$rperft" suite --nosuch "$good"

finish "all bad-input checks passed"

#!/usr/bin/env bash
# rperft split / units / merge as a user runs them: the start position depth 6 cut
# at ply 2 and 3 adds up to 119060324 (one run, and two shards); a run killed by
# SIGINT, SIGTERM or SIGKILL resumes to the same total without recomputing; a line
# cut short is ignored and repaired; merge refuses missing and conflicting units
# (exit 1), bad lines and results of another split (exit 2, FILE:LINE); the Slurm
# script and, when GNU parallel is installed, the parallel script give the total.
# Usage: tests/cli_split.sh PATH-TO-RPERFT
set -u
source "$(dirname "$0")/cli_lib.sh"
rperft=$(cd "$(dirname "$rperft")" && pwd)/$(basename "$rperft")
cd "$tmp" || exit 1 # the units and results files are named relative to it
d6=119060324

# resum FILE >OUT: the lines of FILE with their checksums made right again, as a
# line edited on purpose (a planted wrong result) would carry them.
resum() {
    python3 -c '
import sys
def fnv(b):
    h = 0xcbf29ce484222325
    for c in b:
        h = ((h ^ c) * 0x100000001b3) & 0xffffffffffffffff
    return h
for line in open(sys.argv[1], "rb"):
    body = line.rstrip(b"\n").rsplit(b"\t", 1)[0]
    sys.stdout.write("%s\t%016x\n" % (body.decode(), fnv(body)))
' "$1"
}

expect_total() { # WANT UNITS RESULTS...
    local want=$1
    shift
    expect_rc 0 "$rperft" merge "$@"
    expect_grep out "^Nodes searched: $want\$"
}

# --- split: transpositions merged, multiplicities add up to perft(K) ---
expect_rc 0 "$rperft" split --startpos --depth 6 --split-ply 3 --out u3
expect_grep u3 '^# rperft-units v1 root="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" depth=6 split=3 paths=8902 units=5362 set='
[[ $(awk -F'\t' 'NR > 1 { s += $2 } END { print s }' u3) == 8902 ]] || fail "u3: multiplicities do not add up to 8902"
[[ $(awk -F'\t' 'NR > 1 && $3 != 3' u3 | wc -l) == 0 ]] || fail "u3: a unit whose depth is not 3"
[[ ! -e u3.tmp ]] || fail "split left u3.tmp behind"
# An en-passant square no pawn can take on is dropped (1. Nf3 Nf6 2. e4 is
# 1. e4 Nf6 2. Nf3); one a pawn can take on is kept.
expect_rc 0 "$rperft" split --depth 1 --split-ply 1 --moves "g1f3 g8f6" --out ep
expect_grep ep $'\trnbqkb1r/pppppppp/5n2/8/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 0 2$'
expect_rc 0 "$rperft" split --depth 1 --split-ply 1 --moves "e2e4 g8f6 e4e5" --out ep
expect_grep ep $'\trnbqkb1r/ppp1pppp/5n2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3$'
expect_rc 0 "$rperft" split --depth 4 --split-ply 4 --out u4
expect_grep u4 'units=72078 '
expect_rc 0 "$rperft" split --depth 6 --split-ply 2 --out u2
expect_rc 0 "$rperft" split --depth 6 --split-ply 2
cmp -s out u2 || fail "split to stdout differs from split --out"

# --- units + merge: one run, and two shards ---
expect_rc 0 "$rperft" units u3 --results r3
[[ $(wc -l <r3) == 5362 ]] || fail "r3: $(wc -l <r3) lines, expected 5362"
expect_total $d6 u3 r3
expect_rc 0 "$rperft" units u2 --shard 1/2 --results r2.1 --hash 16
expect_rc 0 "$rperft" units u2 --shard 2/2 --results r2.2 --threads 2
[[ $(wc -l <r2.1) == 200 ]] || fail "r2.1: $(wc -l <r2.1) lines, expected 200"
expect_total $d6 u2 r2.1 r2.2
expect_rc 0 "$rperft" units u2 --shard 1/2 --results r2.1
expect_grep err '0 units computed, 200 already done'
expect_rc 0 "$rperft" units u2 --shard 2/2
cmp -s <(cut -f1,2 out) <(cut -f1,2 r2.2) || fail "units to stdout differ from the results file"

# --- killed midway, resumed: same total, no unit computed twice ---
expect_rc 0 "$rperft" split --depth 6 --split-ply 1 --out u1
for sig in INT TERM KILL; do
    rm -f rk
    "$rperft" units u1 --results rk 2>/dev/null &
    pid=$!
    while [[ ! -s rk ]] && kill -0 "$pid" 2>/dev/null; do :; done # spin: units take milliseconds
    kill -"$sig" "$pid"
    { wait "$pid"; } 2>/dev/null # no "Killed" notice from the shell
    rc=$?
    want=$((128 + $(kill -l "$sig")))
    [[ $rc == "$want" ]] || fail "SIG$sig: exit $rc, expected $want"
    done_units=$(wc -l <rk)
    ((done_units >= 1 && done_units < 20)) || fail "SIG$sig: $done_units of 20 units before the kill"
    expect_rc 1 "$rperft" merge u1 rk
    expect_rc 0 "$rperft" units u1 --results rk
    expect_grep err "$((20 - done_units)) units computed, $done_units already done"
    expect_total $d6 u1 rk
done

# --- a line cut short: merge ignores it, units cuts it off and resumes ---
head -5 rk >rc
printf '17\t4865' >>rc
expect_rc 1 "$rperft" merge u1 rc
expect_grep err 'rc:6: ignoring the unfinished last line'
expect_rc 0 "$rperft" units u1 --results rc
expect_grep err 'cutting off an unfinished last line'
[[ $(wc -l <rc) == 20 ]] || fail "rc: $(wc -l <rc) lines after resuming, expected 20"
expect_total $d6 u1 rc

# --- totals past 2^64 are exact: 20 units of 2^64 each ---
awk -F'\t' -v OFS='\t' '{ $2 = "18446744073709551616"; print }' rc >big.raw
resum big.raw >big
expect_total 368934881474191032320 u1 big

# --- merge refuses missing and conflicting units (1), bad input (2) ---
grep -v $'^7\t' r3 >missing
expect_rc 1 "$rperft" merge u3 missing
expect_grep err 'unit 7 has no result'
expect_grep err '1 of 5362 units have no result'
expect_total $d6 u3 r3 r3 # identical repeats are fine
expect_grep err '5362 identical repeats'
awk -F'\t' -v OFS='\t' 'NR == 9 { $2 = $2 + 1; print }' r3 >conflict.raw
resum conflict.raw >conflict
expect_rc 1 "$rperft" merge u3 r3 conflict
expect_grep err 'conflicting results: r3:[0-9]* says [0-9]*, conflict:1 says'
{ head -3 r3; echo 'garbage'; printf '5\tx\t0.1\trotated\thost\t%s\tnone\t0\n' "$(cut -f6 r3 | head -1)"; } >bad.raw
resum bad.raw >bad
expect_rc 2 "$rperft" merge u3 bad
expect_grep err 'bad:4: expected 8 tab-separated fields'
expect_grep err 'bad:5: count: bad value'
# A digit changed on disk (399 -> 398) is refused by the checksum, line named.
awk -F'\t' -v OFS='\t' 'NR == 12 { $2 = $2 - 1 } 1' r3 >flipped
expect_rc 2 "$rperft" merge u3 flipped
expect_grep err 'flipped:12: checksum: the fields do not match'
sed '12s/\t[0-9a-f]*$/\t0123456789abcdef/' r3 >flipped
expect_rc 2 "$rperft" merge u3 flipped
expect_grep err 'flipped:12: checksum'

# --- two result sets of the same units with other keys, compared unit by unit ---
expect_rc 0 "$rperft" units u2 --hash 16 --hash-verify --key-seed 1 --results seed1
expect_grep seed1 $'\t128/1\t[0-9a-f]*$'
expect_rc 0 "$rperft" units u2 --hash 16 --key-seed 2 --threads 2 --results seed2
expect_grep seed2 $'\t64/2\t[0-9a-f]*$'
expect_rc 0 "$rperft" merge u2 seed1 --compare seed2
expect_grep out "^Nodes searched: $d6\$"
expect_grep err 'agree on all 400 units (keys 128/1 and 64/2)'
expect_rc 0 "$rperft" merge u2 seed1 --compare seed1
expect_grep err 'both sets used the hash keys 128/1: not an independent check'
# A wrong unit result planted in the second set (checksum made right) is named.
awk -F'\t' -v OFS='\t' '$1 == 7 || $1 == 300 { $2 = $2 + 2 } 1' seed2 >wrong.raw
resum wrong.raw >wrong
expect_rc 1 "$rperft" merge u2 seed1 --compare wrong
expect_grep err 'unit 7 differs: seed1:[0-9]* says [0-9]*, wrong:[0-9]* says'
expect_grep err 'unit 300 differs'
expect_grep err 'differ in 2 of 400 units'
[[ ! -s out ]] || fail "merge --compare printed a total for sets that differ"
grep -v $'^9\t' seed2 >partial
expect_rc 1 "$rperft" merge u2 seed1 --compare partial
expect_grep err 'the --compare set: unit 9 has no result'
expect_grep err 'the --compare set: 1 of 400 units have no result'
# Each set in two files, and '--compare B.*' as a shell gives it: B.2 lands
# among the RESULTS operands and, counted with B.1's keys, joins the second set.
head -200 seed1 >A.1; tail -n +201 seed1 >A.2
head -150 seed2 >B.1; tail -n +151 seed2 >B.2
expect_rc 0 "$rperft" merge u2 A.1 A.2 --compare B.1 B.2
expect_grep out "^Nodes searched: $d6\$"
expect_grep err 'B.2 taken into the --compare set: counted with its keys (64/2), not those of A.1 (128/1)'
expect_grep err 'agree on all 400 units (keys 128/1 and 64/2)'
awk -F'\t' -v OFS='\t' '$1 == 300 { $2 = $2 + 2 } 1' B.2 >B.2wrong.raw
resum B.2wrong.raw >B.2wrong
expect_rc 1 "$rperft" merge u2 A.1 A.2 --compare B.1 B.2wrong
expect_grep err 'unit 300 differs'
expect_rc 2 "$rperft" merge u2 seed1 --compare
expect_rc 2 "$rperft" merge u2 r3 # ids overlap, but the results belong to u3
expect_grep err 'r3:1: a result of another units file'
expect_rc 2 "$rperft" units u2 --results r3
awk -F'\t' -v OFS='\t' 'NR == 5 { $2 = $2 + 1 } 1' u3 >edited
expect_rc 2 "$rperft" merge edited r3
expect_grep err 'edited:1: the multiplicities add up to 8903'
awk 'NR == 5 { sub(/ [0-9]+$/, " 99") } 1' u3 >edited
expect_rc 2 "$rperft" merge edited r3
expect_grep err "edited:1: the unit lines do not match the header's set="
head -100 u3 >cut
expect_rc 2 "$rperft" merge cut r3
expect_grep err 'cut:100: 99 units, but the header says 5362'
expect_rc 2 "$rperft" merge u3 no-such-file
expect_rc 2 "$rperft" units u3 --shard 0/2
expect_rc 2 "$rperft" split --depth 3 --split-ply 4

# --- the Slurm array script, its tasks run by hand ---
for task in 1 2 3; do
    expect_rc 0 env SLURM_ARRAY_TASK_ID=$task SLURM_ARRAY_TASK_MIN=1 SLURM_ARRAY_TASK_MAX=3 SLURM_ARRAY_TASK_COUNT=3 \
        RPERFT="$rperft" RPERFT_UNITS=u2 RPERFT_HASH_MB=8 RPERFT_KEY_SEED=4 bash "$here/../scripts/slurm-perft.sbatch"
done
expect_total $d6 u2 results.1 results.2 results.3
[[ $(cut -f7 results.* | sort -u) == 64/4 ]] || fail "the Slurm script did not pass the key seed through"
expect_rc 2 env SLURM_ARRAY_TASK_ID=3 SLURM_ARRAY_TASK_MIN=3 SLURM_ARRAY_TASK_MAX=7 SLURM_ARRAY_TASK_COUNT=2 \
    RPERFT="$rperft" RPERFT_UNITS=u2 bash "$here/../scripts/slurm-perft.sbatch"

# --- the GNU parallel script on two local jobs ---
if command -v parallel >/dev/null; then
    expect_rc 0 "$here/../scripts/parallel-perft" --rperft "$rperft" --depth 6 --split-ply 2 --jobs 2 --dir par \
        --hash 8 --hash-verify --key-seed 5 --threads 2
    expect_grep out "^Nodes searched: $d6\$"
    [[ $(cut -f7 par/results.* | sort -u) == 128/5 ]] || fail "parallel-perft did not pass the hash options through"
    expect_rc 0 "$here/../scripts/parallel-perft" --rperft "$rperft" --depth 6 --split-ply 2 --jobs 2 --dir par
    expect_grep err 'resuming in par'
    expect_rc 2 "$here/../scripts/parallel-perft" --rperft "$rperft" --depth 5 --split-ply 2 --jobs 2 --dir par
else
    echo "SKIP: GNU parallel not installed, scripts/parallel-perft untested" >&2
fi

finish "all split/units/merge checks passed"

#!/usr/bin/env bash
# rperft check against Stockfish (the Debian package) on a small budget of
# standard and Chess960 positions. Skipped (exit 77) without Stockfish.
# Usage: tests/cli_stockfish.sh PATH-TO-RPERFT [STOCKFISH]
set -u
rperft=${1:?usage: cli_stockfish.sh PATH-TO-RPERFT [STOCKFISH]}
stockfish=${2:-${STOCKFISH:-/usr/games/stockfish}}
here=$(cd "$(dirname "$0")" && pwd)
suites=${RPERFT_SUITES_DIR:-$here/../positions}
if [[ ! -x $stockfish ]] && ! stockfish=$(command -v stockfish); then
    echo "no Stockfish: skipped"
    exit 77
fi
failures=0
check() { # BUDGET FILE... : every position must pass
    local out
    out=$("$rperft" check --quiet --timeout 30 --engine "$stockfish" --max-nodes "$@" 2>&1)
    local rc=$?
    if [[ $rc != 0 ]] || ! tail -1 <<<"$out" | grep -q ' passed, 0 failed'; then
        echo "FAIL: rperft check --max-nodes $* (exit $rc):" >&2
        echo "$out" | tail -20 >&2
        failures=$((failures + 1))
    fi
}
check 20k "$suites/perftsuite.epd" "$suites/cpw_perft_results.epd" "$suites/stockfish_perft_sh.epd"
check 20k "$suites/ethereal_fischer.epd" "$suites/stockfish_perft_sh_chess960.epd"
# The tricky files without two positions Stockfish 15.1 cannot count:
# ep-unrelated-check, an impossible position (in check from a pawn while the e.p.
# square names another pawn) that it miscounts, and max-legals-too-much-material
# (24 white queens), whose perft 2 it gives as 0 or 12 from run to run: more
# pieces of a kind than its fixed per-piece arrays hold, so the answer depends on
# what malloc left in memory (meson's random MALLOC_PERTURB_ reaches the engine).
awk '/^id /{skip = ($2 == "ep-unrelated-check" || $2 == "max-legals-too-much-material")} !skip' "$suites/shakmaty_tricky.perft" >"${TMPDIR:-/tmp}/sf_tricky.$$.perft"
check 20k "${TMPDIR:-/tmp}/sf_tricky.$$.perft"
rm -f "${TMPDIR:-/tmp}/sf_tricky.$$.perft"
if ((failures)); then
    exit 1
fi
echo "Stockfish passes the budgeted standard and Chess960 suites"

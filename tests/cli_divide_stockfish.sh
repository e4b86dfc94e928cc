#!/usr/bin/env bash
# rperft divide's stdout is byte-identical to Stockfish's "go perft" output once
# Stockfish's move lines (in generation order) are sorted: "move: count" lines, an
# empty line, "Nodes searched: N", an empty line. Ten positions with castling,
# en passant, promotions, moves played first, and a mate (no moves).
# Skipped (exit 77) without Stockfish.
# Usage: tests/cli_divide_stockfish.sh PATH-TO-RPERFT [STOCKFISH]
set -u
source "$(dirname "$0")/cli_lib.sh"
stockfish=${2:-${STOCKFISH:-/usr/games/stockfish}}
if [[ ! -x $stockfish ]] && ! stockfish=$(command -v stockfish); then
    echo "no Stockfish: skipped"
    exit 77
fi

# FEN|MOVES|DEPTH
positions=(
    "startpos||3"
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1||2"
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1||3"
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1||2"
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8||2"
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10||2"
    "8/8/8/2k5/2pP4/8/B7/4K3 b - d3 0 3||2"
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1||2"
    "startpos|e2e4 d7d5 e4e5 f7f5|2"
    "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3||1"
)

for entry in "${positions[@]}"; do
    IFS='|' read -r fen moves depth <<<"$entry"
    if [[ $fen == startpos ]]; then where=(--startpos) position="position startpos"; else
        where=(--fen "$fen") position="position fen $fen"; fi
    [[ -n $moves ]] && where+=(--moves "$moves") position+=" moves $moves"
    expect_rc 0 "$rperft" divide "${where[@]}" "$depth" || continue
    # Stockfish's banner line dropped; its move lines sorted, the rest kept in place.
    printf '%s\ngo perft %s\nquit\n' "$position" "$depth" | "$stockfish" | tail -n +2 |
        LC_ALL=C awk '/^[a-h][1-8][a-h][1-8][qrbn]?: / { print | "sort" ; next } { close("sort"); print }' \
            >"$tmp/sf"
    cmp -s "$tmp/out" "$tmp/sf" || fail "divide differs from Stockfish's for $entry:
$(diff "$tmp/out" "$tmp/sf" | head -8)"
done
finish "divide matches Stockfish byte for byte on ${#positions[@]} positions"

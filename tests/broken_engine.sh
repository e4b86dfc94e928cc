#!/usr/bin/env bash
# A deliberately broken UCI engine for the tests of 'rperft check'. It answers
# 'go perft N' with the divide of the real rperft given as $1, except for the
# fault chosen by $BROKEN_MODE:
#   drop (default)  in the start position after e2e4 e7e5 it never generates g1f3,
#                   so every count above that position is short by g1f3's subtree
#                   (the drill-down must find: after e2e4 e7e5, g1f3 missing)
#   crash           exits on the first 'go'
#   hang            never answers 'go'
#   garbage         answers 'go' with a line that is not a count
rperft=${1:?usage: broken_engine.sh PATH-TO-RPERFT}
mode=${BROKEN_MODE:-drop}
source "$(dirname "$0")/planted_fault.sh"
fen=
moves=()

answer() {
    local depth=$1 args=() lost target fault_at_root
    ((${#moves[@]})) && args=(--moves "${moves[*]}")
    fault_plan "$rperft" "$depth"
    local divide
    if ! divide=$("$rperft" divide --fen "$fen" "${args[@]}" "$depth" 2>/dev/null); then
        echo "info string rperft divide failed"
        exit 4 # say so at once rather than leave rperft check waiting
    fi
    while IFS= read -r line; do
        case $line in
        "Nodes searched: "*) echo "Nodes searched: $((${line#Nodes searched: } - lost))" ;;
        "$target: "*) ((fault_at_root)) || echo "$target: $((${line#*: } - lost))" ;;
        *) echo "$line" ;;
        esac
    done <<<"$divide"
}

while read -r cmd rest; do
    case $cmd in
    uci) echo "id name broken_engine ($mode)"; echo "uciok" ;;
    isready) echo "readyok" ;;
    quit) exit 0 ;;
    position) parse_position "$rest" ;;
    go)
        case $mode in
        crash) echo "info string about to crash"; exit 3 ;;
        hang) sleep 1000 ;;
        garbage) echo "e2e4: lots"; echo "Nodes searched: 12" ;;
        *) answer "${rest#perft }" ;;
        esac
        ;;
    esac
done

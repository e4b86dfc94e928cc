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
fault_root='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -'
fault_path=(e2e4 e7e5)
fault_move=g1f3
fen=
moves=()

# How many plies below the queried position the fault lies, or -1 if it is not
# in the queried subtree (the moves played so far must be a prefix of the path).
fault_distance() {
    [[ $fen == "$fault_root"* ]] || { echo -1; return; }
    ((${#moves[@]} <= ${#fault_path[@]})) || { echo -1; return; }
    for i in "${!moves[@]}"; do
        [[ ${moves[$i]} == "${fault_path[$i]}" ]] || { echo -1; return; }
    done
    echo $((${#fault_path[@]} - ${#moves[@]}))
}

answer() {
    local depth=$1 args=() lost=0 target= k
    ((${#moves[@]})) && args=(--moves "${moves[*]}")
    k=$(fault_distance)
    if ((k >= 0 && k < depth)); then
        lost=$("$rperft" perft --fen "$fen" --moves "${fault_path[*]} $fault_move" $((depth - k - 1)) 2>/dev/null |
            sed -n 's/^Nodes searched: //p')
        if ((k == 0)); then target=$fault_move; else target=${fault_path[${#moves[@]}]}; fi
    fi
    local divide
    if ! divide=$("$rperft" divide --fen "$fen" "${args[@]}" "$depth" 2>/dev/null); then
        echo "info string rperft divide failed"
        exit 4 # say so at once rather than leave rperft check waiting
    fi
    while IFS= read -r line; do
        case $line in
        "Nodes searched: "*) echo "Nodes searched: $((${line#Nodes searched: } - lost))" ;;
        "$target: "*) ((k == 0)) || echo "$target: $((${line#*: } - lost))" ;;
        *) echo "$line" ;;
        esac
    done <<<"$divide"
}

while read -r cmd rest; do
    case $cmd in
    uci) echo "id name broken_engine ($mode)"; echo "uciok" ;;
    isready) echo "readyok" ;;
    quit) exit 0 ;;
    position)
        rest=${rest#fen }
        moves=()
        if [[ $rest == *" moves "* ]]; then
            fen=${rest%% moves *}
            read -ra moves <<<"${rest#* moves }"
        else
            fen=$rest
        fi
        ;;
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

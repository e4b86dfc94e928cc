# Shared by tests/broken_engine.sh and tests/broken_wrapper.sh (source it): the one
# planted fault, "after e2e4 e7e5 from the start position, g1f3 is never generated",
# and how much a query of $fen with ${moves[@]} at some depth loses by it.
fault_root='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -'
fault_path=(e2e4 e7e5)
fault_move=g1f3

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

# fault_plan RPERFT DEPTH: sets lost (nodes the fault removes from this query) and
# target (the root move whose divide line loses them; the fault move itself when
# the fault lies at the queried position, so its line is dropped).
fault_plan() {
    local k
    lost=0 target=
    k=$(fault_distance)
    if ((k >= 0 && k < $2)); then
        lost=$("$1" perft --fen "$fen" --moves "${fault_path[*]} $fault_move" $(($2 - k - 1)) 2>/dev/null |
            sed -n 's/^Nodes searched: //p')
        if ((k == 0)); then target=$fault_move; else target=${fault_path[${#moves[@]}]}; fi
    fi
    fault_at_root=$((k == 0))
}

# parse_position "REST OF A position LINE": sets fen and moves.
parse_position() {
    local rest=${1#fen }
    moves=()
    if [[ $rest == startpos* ]]; then
        fen="$fault_root 0 1"
        rest=${rest#startpos}
        [[ $rest == " moves "* ]] && read -ra moves <<<"${rest# moves }"
    elif [[ $rest == *" moves "* ]]; then
        fen=${rest%% moves *}
        read -ra moves <<<"${rest#* moves }"
    else
        fen=$rest
    fi
}

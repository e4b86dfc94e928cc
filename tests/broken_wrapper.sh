#!/usr/bin/env bash
# A real engine made wrong: passes every command to ENGINE and its answers back,
# but removes the fault planted in tests/planted_fault.sh (after e2e4 e7e5, g1f3 is
# never generated) from every perft answer: from the total ("Nodes searched: N" or
# a bare number) and from the divide line of the move leading to the fault.
# Works for divide engines (fairy-stockfish, 'go perft') and total-only ones
# (Ethereal, 'perft'). Usage: broken_wrapper.sh PATH-TO-RPERFT ENGINE [ARGS...]
rperft=${1:?usage: broken_wrapper.sh PATH-TO-RPERFT ENGINE [ARGS...]}
shift
source "$(dirname "$0")/planted_fault.sh"
fen=
moves=()
coproc ENGINE { exec "$@"; }
exec {to}>&"${ENGINE[1]}" {from}<&"${ENGINE[0]}"

# copy_until WORD: copies the engine's lines until one that starts with WORD.
copy_until() {
    local line
    while IFS= read -r line <&"$from"; do
        echo "$line"
        [[ $line == "$1"* ]] && return
    done
    exit 3 # the engine is gone
}

# answer DEPTH: copies one perft answer, the fault taken out.
answer() {
    local lost target fault_at_root line
    fault_plan "$rperft" "$1"
    while IFS= read -r line <&"$from"; do
        case $line in
        "Nodes searched: "*) echo "Nodes searched: $((${line#Nodes searched: } - lost))"; return ;;
        "$target: "* | "$target "*)
            ((fault_at_root)) || echo "$target${line:${#target}:1} $((${line##* } - lost))" ;;
        *[!0-9]* | "") echo "$line"; [[ $line == bestmove* ]] && return ;;
        *) echo $((line - lost)); return ;;
        esac
    done
    exit 3
}

while IFS= read -r input; do
    echo "$input" >&"$to"
    read -r cmd rest <<<"$input"
    case $cmd in
    uci) copy_until uciok ;;
    isready) copy_until readyok ;;
    quit) exit 0 ;;
    position) parse_position "$rest" ;;
    go) [[ $rest == perft* ]] && answer "${rest#perft }" ;;
    perft) answer "$rest" ;;
    esac
done

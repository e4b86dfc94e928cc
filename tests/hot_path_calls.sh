#!/usr/bin/env bash
# The hot path of every method instance (perft_white/perft_black and the
# leaf-parent counters count_white/count_black) must make no indirect call or jump:
# each slider method's lookups are compiled into its own instance. Reads the
# disassembly of the binary given as $1; skipped (77) without objdump.
set -euo pipefail
binary="$1"
command -v objdump >/dev/null || { echo "objdump not found: skipped"; exit 77; }
objdump -d --no-show-raw-insn "$binary" | awk '
  /^[0-9a-f]+ <.*>:$/ { fn = $2; hot = fn ~ /^<(count_white|count_black|perft_white|perft_black)[.>]/; if (hot) functions++ }
  hot && /(call|jmp)[a-z]*[ \t]+\*/ { print "indirect: " fn " " $0; bad++ }
  END {
    if (functions < 4) { print "no hot-path functions found (" functions ")"; exit 1 }
    printf "%d hot-path function bodies, %d indirect calls or jumps\n", functions, bad
    exit bad > 0
  }'

# Sourced by the scripts in this directory, not run: one way to run a step quietly
# without hiding its failure.
#
# step NAME COMMAND...: runs COMMAND with its output in a log; says nothing when it
# succeeds, and when it fails prints NAME, the exit status and the last lines of the
# log on stderr, then returns that status (under set -e the script stops there).
# The caller names itself in $step_prefix (default: the script's name).
step() {
  local name="$1" log rc=0
  shift
  log=$(mktemp "${TMPDIR:-/tmp}/rperft-step.XXXXXX")
  "$@" >"$log" 2>&1 || rc=$?
  if [ "$rc" -ne 0 ]; then
    {
      echo "${step_prefix:-$(basename "$0")}: $name failed (exit $rc): $*"
      echo "  last lines of its output:"
      tail -n 40 "$log" | sed 's/^/    /'
    } >&2
  fi
  rm -f "$log"
  return "$rc"
}

# The clang ASan+UBSan build that scripts/test runs its second test pass in and
# scripts/fuzz fuzzes from (one build, so the method files compile under UBSan
# once): meson setup options, after CC=clang.
sanitize_fuzz_options=(--buildtype=debugoptimized -Dwerror=true -Db_sanitize=address,undefined
  -Db_lundef=false -Dfuzz=true -Dc_args=-fno-sanitize-recover=all)

# Shared by the tests/cli_*.sh scripts: source it after `set -u`, with the rperft
# binary as $1. Sets rperft, here (tests/), suites (the shipped positions), a
# scratch dir tmp removed on exit, and the checks below; end with `finish MESSAGE`.
rperft=${1:?usage: $(basename "$0") PATH-TO-RPERFT}
here=$(cd "$(dirname "$0")" && pwd)
suites=${RPERFT_SUITES_DIR:-$here/../positions}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
# Seconds a command run by expect_rc may take (0: no limit); a test of refusals
# sets it so that a run which starts computing fails instead of hanging.
cmd_timeout=0

fail() {
    echo "FAIL: $*" >&2
    failures=$((failures + 1))
}

# expect_rc WANT CMD...: runs CMD with stdout in $tmp/out, stderr in $tmp/err;
# false (after a failure naming both) when its exit status is not WANT.
expect_rc() {
    local want=$1
    shift
    if ((cmd_timeout)); then
        timeout "$cmd_timeout" "$@" >"$tmp/out" 2>"$tmp/err"
    else
        "$@" >"$tmp/out" 2>"$tmp/err"
    fi
    local rc=$?
    if [[ $rc != "$want" ]]; then
        fail "exit $rc, expected $want: $(cut -c1-200 <<<"$*")"
        sed 's/^/    out: /' "$tmp/out" | tail -8 >&2
        sed 's/^/    err: /' "$tmp/err" | tail -5 >&2
        return 1
    fi
}

expect_grep() { # FILE PATTERN
    grep -q -e "$2" "$1" || fail "no '$2' in $1: $(tail -3 "$1")"
}

# finish MESSAGE: exit 1 with the number of failures, or print MESSAGE.
finish() {
    if ((failures)); then
        echo "$failures check(s) failed" >&2
        exit 1
    fi
    echo "$1"
}

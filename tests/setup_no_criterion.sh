#!/usr/bin/env bash
# The release build needs only what the binary needs (issue 13: meson.build asked
# for Criterion in every build, so scripts/run failed on a Debian without it).
# Configures this source tree with Criterion hidden from pkg-config: -Dtests=auto
# and -Dtests=disabled must configure (auto leaving the C unit tests out, loudly),
# -Dtests=enabled must fail naming Criterion.
# Usage: tests/setup_no_criterion.sh SOURCE-ROOT
set -u
root=${1:?usage: $0 SOURCE-ROOT}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }

# Criterion is found through pkg-config (or cmake's package files, which it lacks
# on Debian): a pkg-config path holding every package but Criterion hides it while
# the binary's own dependencies (jansson) are still found.
mkdir "$tmp/no-pc"
for dir in $(pkg-config --variable pc_path pkg-config | tr ':' ' '); do
    for pc in "$dir"/*.pc; do
        [ -e "$pc" ] && [ "$(basename "$pc")" != criterion.pc ] && ln -sf "$pc" "$tmp/no-pc/"
    done
done
export PKG_CONFIG_LIBDIR="$tmp/no-pc" PKG_CONFIG_PATH=""
setup() { meson setup "$tmp/$1" "$root" -Dtests="$1" >"$tmp/$1.log" 2>&1; }

setup disabled || fail "-Dtests=disabled does not configure without Criterion: $(tail -3 "$tmp/disabled.log")"
setup auto || fail "-Dtests=auto does not configure without Criterion: $(tail -3 "$tmp/auto.log")"
grep -q "Criterion (libcriterion-dev) not found" "$tmp/auto.log" ||
    fail "-Dtests=auto does not say the C unit tests are left out"
if setup enabled; then
    fail "-Dtests=enabled configured without Criterion"
else
    grep -q 'Dependency "criterion" not found' "$tmp/enabled.log" ||
        fail "-Dtests=enabled failed without naming Criterion: $(tail -3 "$tmp/enabled.log")"
fi
if ((failures)); then
    exit 1
fi
echo "the build configures without Criterion; -Dtests=enabled requires it"

#!/usr/bin/env bash
# A planted slowdown for the tests of 'rperft compare': runs the rperft named by
# $SLOW_RPERFT three times with the same arguments and keeps the last run's
# output. It costs three times that rperft whatever its methods cost, so no later
# speed-up of a method can erase the difference the gate must catch (naive
# against pext did: two-ply counting left naive within noise of pext).
rperft=${SLOW_RPERFT:?SLOW_RPERFT names the rperft to run three times}
"$rperft" "$@" >/dev/null 2>&1 || exit
"$rperft" "$@" >/dev/null 2>&1 || exit
exec "$rperft" "$@"

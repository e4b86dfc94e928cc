#!/usr/bin/env bash
# Every shipped suite (positions/) passes with every method, with and without a
# hash table, with one and with two threads, under a node budget that keeps CI
# fast. $1 is the rperft binary; RPERFT_SUITES_DIR the positions folder.
set -uo pipefail
rperft="$1"
suites="${RPERFT_SUITES_DIR:?}"
budget="${RPERFT_SHIPPED_BUDGET:-50k}"
status=0
for variant in "--threads 1" "--threads 2" "--threads 1 --hash 1" "--threads 2 --hash 1"; do
  # shellcheck disable=SC2086
  # The summary is the last line of stdout; stderr (the hash table's set-up line,
  # printed at the end) is kept apart and shown only on failure.
  err=$(mktemp)
  out=$("$rperft" suite --quiet --method all --max-nodes "$budget" $variant "$suites"/*.epd "$suites"/*.perft 2>"$err")
  rc=$?
  last=$(printf '%s\n' "$out" | tail -1)
  echo "$variant: exit $rc: $last"
  if [ "$rc" -ne 0 ] || ! [[ "$last" =~ ^[1-9][0-9]*\ passed,\ 0\ failed ]]; then
    printf '%s\n' "$out" | grep -v PASS | head -20
    head -20 "$err"
    status=1
  fi
  rm -f "$err"
done
exit "$status"

#!/usr/bin/env bash
# One bounded libFuzzer run, as CTest (tests/fuzz/CMakeLists.txt) and run-long.sh use it:
#   run-fuzz.sh FUZZER SECONDS WORKDIR SEED_DIR...
# New inputs go to WORKDIR/corpus, crashes to WORKDIR/crashes; the seed dirs (the corpus and
# the regressions, which must never crash again) are only read. Ends with one summary line:
#   fuzz_session: 123456 executions in 30 s, 0 crashes
# and the fuzzer's status (non-zero on a crash, a leak, a timeout or memory over the limit).
# A run of fewer than $FUZZ_MIN_EXECUTIONS (default 1000) executions fails too: a fuzzer that
# could not start, or barely ran, has tested nothing.
set -uo pipefail
fuzzer=$1 seconds=$2 work=$3
shift 3
name=$(basename "$fuzzer")
mkdir -p "$work/corpus" "$work/crashes"
log="$work/last-run.log"
touch "$work/.started"
# -timeout: an input taking 10 s is a hang; -rss_limit_mb: memory must stay bounded;
# -max_len: inputs up to 8 KB, a few whole exchanges.
"$fuzzer" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=8192 -print_final_stats=1 \
  -artifact_prefix="$work/crashes/" "$work/corpus" "$@" >"$log" 2>&1
status=$?
runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
crashes=$(find "$work/crashes" -type f -newer "$work/.started" | wc -l)
if [ "$status" -ne 0 ]; then
  tail -n 40 "$log"
  echo "$name: FAILED with status $status; inputs that fail are in $work/crashes (add them to tests/fuzz/regressions/)"
fi
echo "$name: ${runs:-0} executions in $seconds s, $crashes crashes"
minimum=${FUZZ_MIN_EXECUTIONS:-1000}
if [ "$status" -eq 0 ] && [ "${runs:-0}" -lt "$minimum" ]; then
  tail -n 20 "$log"
  echo "$name: FAILED: only ${runs:-0} executions, fewer than the $minimum a run needs to mean anything"
  exit 1
fi
exit "$status"

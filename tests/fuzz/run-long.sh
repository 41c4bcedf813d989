#!/usr/bin/env bash
# The long fuzz run: each target for SECONDS (default 1800), keeping what it learns in
# build-asan/tests/fuzz/*/corpus between runs. Builds build-asan first if needed (clang).
#   tests/fuzz/run-long.sh [SECONDS]
# A crash leaves its input in build-asan/tests/fuzz/*/crashes/: copy it into
# tests/fuzz/regressions/<session|schema>/, fix the bug, and add a test that says what it was.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-1800}
build=${OFFICE_ASAN_BUILD_DIR:-build-asan}
if [ ! -f "$build/build.ninja" ]; then
  cmake -S . -B "$build" -G Ninja -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        -DOFFICE_FUZZ=ON -DCMAKE_DISABLE_FIND_PACKAGE_Qt6=ON >&2
fi
cmake --build "$build" --target fuzz_session fuzz_schema_validator >&2
status=0
for pair in session:fuzz_session schema:fuzz_schema_validator; do
  corpus=${pair%%:*} target=${pair##*:}
  tests/fuzz/run-fuzz.sh "$build/tests/fuzz/$target" "$seconds" "$build/tests/fuzz/$corpus" \
    "tests/fuzz/corpus/$corpus" "tests/fuzz/regressions/$corpus" || status=1
done
exit $status

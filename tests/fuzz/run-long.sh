#!/usr/bin/env bash
# The long fuzz run: every target for SECONDS each (default 1800), keeping what it learns in
# build-asan/tests/fuzz/*/corpus between runs. Builds build-asan first if needed (clang).
#   tests/fuzz/run-long.sh [SECONDS] [TARGET...]     (TARGET: session, schema, http, jwt, csv, office, person; default all)
# A crash leaves its input in build-asan/tests/fuzz/*/crashes/: copy it into
# tests/fuzz/regressions/<session|schema|http|jwt|csv|office|person>/, fix the bug, and add a test that says what it
# was. To keep what a run learned as seeds: tests/fuzz/merge-corpus.sh.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-1800}
[ $# -gt 0 ] && shift
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(session schema http jwt csv office person)
build=${OFFICE_ASAN_BUILD_DIR:-build-asan}
if [ ! -f "$build/build.ninja" ]; then
  cmake -S . -B "$build" -G Ninja -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1" -DOFFICE_FUZZ=ON -DCMAKE_DISABLE_FIND_PACKAGE_Qt6=ON >&2
fi
fuzzer() {
  case $1 in
    session) echo fuzz_session ;;
    schema) echo fuzz_schema_validator ;;
    http) echo fuzz_http_endpoint ;;
    jwt) echo fuzz_jwt ;;
    csv) echo fuzz_customer_csv ;;
    office) echo fuzz_office_file ;;
    person) echo fuzz_person_text ;;
    *) echo "run-long.sh: unknown target '$1' (session, schema, http, jwt, csv, office, person)" >&2; exit 2 ;;
  esac
}
names=()
for t in "${targets[@]}"; do names+=("$(fuzzer "$t")"); done
cmake --build "$build" --target "${names[@]}" >&2
status=0
for t in "${targets[@]}"; do
  tests/fuzz/run-fuzz.sh "$build/tests/fuzz/$(fuzzer "$t")" "$seconds" "$build/tests/fuzz/$t" \
    "tests/fuzz/corpus/$t" "tests/fuzz/regressions/$t" || status=1
done
exit $status

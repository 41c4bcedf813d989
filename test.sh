#!/usr/bin/env bash
# Sets everything up and runs every test: unit, end-to-end (the real binary over pipes),
# schema conformance of every message, interop with the official MCP SDK clients, and the
# desktop app under the offscreen platform; then the same unit, end-to-end and conformance
# suites again on an AddressSanitizer + UndefinedBehaviorSanitizer build (clang), and a
# bounded libFuzzer run of the line handler and the schema validator (tests/fuzz).
# Arguments go to every ctest run (e.g. ./test.sh -R refund).
set -euo pipefail
cd "$(dirname "$0")"
# clang and its runtime libraries (sanitizers, libFuzzer) are needed by the tests only, and so is
# strace (the durability tests check the order of the server's writes and syncs with it).
OFFICE_SETUP_EXTRA="${OFFICE_SETUP_EXTRA:-} clang libclang-rt-dev strace" ./setup.sh
build="${OFFICE_BUILD_DIR:-build}"
asan="${OFFICE_ASAN_BUILD_DIR:-build-asan}"
# The interop tests need the SDK clients from npm, pinned by tests/interop/package-lock.json.
if [ ! -d tests/interop/node_modules ] || [ tests/interop/package-lock.json -nt tests/interop/node_modules ]; then
  npm ci --prefix tests/interop --no-audit --no-fund >&2
  cmake "$build" >/dev/null  # re-run configure so CTest sees the interop tests
  [ -f "$asan/build.ninja" ] && cmake "$asan" >/dev/null
fi
if [ ! -f "$asan/build.ninja" ]; then
  # -O1 -g1: quick to build, fast enough to run, and sanitizer reports name file and line.
  cmake -S . -B "$asan" -G Ninja -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1" -DOFFICE_FUZZ=ON -DCMAKE_DISABLE_FIND_PACKAGE_Qt6=ON >&2
fi
cmake --build "$asan" --target office-mcp office_tests fuzz_session fuzz_schema_validator >&2

# The figures the hardening tests print (fuzz executions, kill -9 rounds, races, bad inputs).
figures() { grep -hE '^(fuzz_[a-z_]+|durability|races|burst|hostile input|full database|corrupted database): ' "$1/Testing/Temporary/LastTest.log" || true; }

echo "== tests ($build)"
(cd "$build" && ctest --output-on-failure -j"$(nproc)" "$@")
figures "$build"
echo "== the same under AddressSanitizer + UndefinedBehaviorSanitizer ($asan)"
(cd "$asan" && ctest --output-on-failure -j"$(nproc)" -LE fuzz "$@")
figures "$asan"
echo "== bounded fuzz run ($asan; the long one is tests/fuzz/run-long.sh)"
(cd "$asan" && ctest --output-on-failure -j"$(nproc)" -L fuzz "$@")
figures "$asan"

#!/usr/bin/env bash
# Sets everything up and runs every test: unit, end-to-end (the real binary over pipes),
# schema conformance of every message, interop with the official MCP SDK clients, and the
# desktop app under the offscreen platform, and the packages (.deb, tarball, MCPB bundle) built,
# unpacked, linted and run; then the same unit, end-to-end and conformance
# suites again on an AddressSanitizer + UndefinedBehaviorSanitizer build (clang), and a
# bounded libFuzzer run of the line handler and the schema validator (tests/fuzz).
# Arguments go to every ctest run (e.g. ./test.sh -R refund).
set -euo pipefail
cd "$(dirname "$0")"
# The tests alone need: clang and its runtime libraries (sanitizers, libFuzzer); strace (the
# durability tests check the order of the server's writes and syncs with it); the tools that
# build, lint and unpack the .debs, the tarball and the MCPB bundle; and npm, which fetches a
# Node.js 20+ for the interop tests when the system has none (Debian 12's nodejs is 18); and the
# PostgreSQL server the postgres.* tests start themselves (tests/postgres/start.sh); and systemd,
# whose systemd-analyze verifies the service unit the .deb ships; and Prometheus (promtool and a
# real server that scrapes /metrics, tests/replicas/metrics.test.mjs); openssl, whose command line
# makes the test CAs of the TLS and OAuth tests; wrk and nginx, the load generator and the HTTP
# floor that office-bench --http measures beside its own (tests/bench/wrk_nginx.h); chromium, the
# real browser of tests/browser (its CORS, and the MCP Inspector's web UI), with its driver; curl,
# whose Expect: 100-continue the HTTP server tests check; python3-icalendar and khal, the real readers
# of the calendar export (tests/e2e/test_calendar_export.cpp).
# wine, wine64: the windows suites run office-mcp.exe under Wine (tests/windows); packaging/windows/build.sh
# installs the MinGW-w64 cross compiler itself.
# libreoffice-calc-nogui: a real spreadsheet opens the office's CSV exports (tests/e2e/test_csv_formulas.cpp).
extra="wine wine64 libreoffice-calc-nogui openssl clang libclang-rt-dev strace prometheus dpkg-dev fakeroot lintian appstream groff man-db file librsvg2-bin postgresql json-schema-test-suite systemd wrk nginx-light chromium chromium-driver curl python3-icalendar khal"
command -v npm >/dev/null 2>&1 || extra+=" npm"
OFFICE_SETUP_EXTRA="${OFFICE_SETUP_EXTRA:-} $extra" ./setup.sh
PATH="$(tests/interop/ensure-node.sh):$PATH"
export PATH
build="${OFFICE_BUILD_DIR:-build}"
asan="${OFFICE_ASAN_BUILD_DIR:-build-asan}"
# The interop tests need the SDK clients from npm, pinned by tests/interop/package-lock.json.
if [ ! -d tests/interop/node_modules ] || [ tests/interop/package-lock.json -nt tests/interop/node_modules ]; then
  npm ci --prefix tests/interop --no-audit --no-fund >&2
fi
# The OAuth tests (tests/oauth, and the desk's sign-in, tests/desktop/tst_signin) need a real
# authorization server (oidc-provider), the SDK client and mcp-remote, pinned by tests/oauth/package-lock.json.
if [ ! -d tests/oauth/node_modules ] || [ tests/oauth/package-lock.json -nt tests/oauth/node_modules ]; then
  npm ci --prefix tests/oauth --no-audit --no-fund >&2
fi
# The packaging tests check the bundle with the official MCPB packer, pinned by tests/packaging/package-lock.json.
if [ ! -d tests/packaging/node_modules ] || [ tests/packaging/package-lock.json -nt tests/packaging/node_modules ]; then
  npm ci --prefix tests/packaging --no-audit --no-fund >&2
fi
# The browser tests need playwright-core, esbuild, the SDK client and the MCP Inspector, pinned by tests/browser/package-lock.json.
if [ ! -d tests/browser/node_modules ] || [ tests/browser/package-lock.json -nt tests/browser/node_modules ]; then
  npm ci --prefix tests/browser --no-audit --no-fund >&2
fi
# office-mcp.exe for the windows suites (tests/windows), cross-built with MinGW-w64; its SQLite and
# OpenSSL are built once into ~/.cache/office-mcp-windows. OFFICE_SKIP_WINDOWS=1 leaves the suites
# out, and the summary says so.
windows_filter=()
if [ "${OFFICE_SKIP_WINDOWS:-0}" = 1 ]; then
  windows_filter=(-LE windows)
else
  OFFICE_WINDOWS_BUILD_DIR="$PWD/build-windows" packaging/windows/build.sh build-windows/out
fi
if [ ! -f "$asan/build.ninja" ]; then
  # -O1 -g1: quick to build, fast enough to run, and sanitizer reports name file and line.
  cmake -S . -B "$asan" -G Ninja -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1" -DOFFICE_FUZZ=ON -DCMAKE_DISABLE_FIND_PACKAGE_Qt6=ON >&2
fi
cmake --build "$asan" --target office-mcp office-mcp-pg office-replicas office_tests fuzz_session fuzz_schema_validator fuzz_http_endpoint fuzz_jwt fuzz_customer_csv fuzz_office_file fuzz_person_text >&2

# The figures the hardening tests print (fuzz executions, kill -9 rounds, races, bad inputs).
figures() { grep -hE '^(fuzz_[a-z_]+|durability|backup|races|burst|hostile input|full database|corrupted database|json schema test suite|drain): ' "$1/Testing/Temporary/LastTest.log" || true; }

echo "== tests ($build)"
# A run that selects no test is an error: a suite that vanished must not pass. (With a filter
# given on the command line, a stage it does not touch may rightly select nothing.)
none=error; [ $# -gt 0 ] && none=ignore
(cd "$build" && ctest --output-on-failure --no-tests=$none -j"$(nproc)" ${windows_filter[@]+"${windows_filter[@]}"} "$@")
figures "$build"
echo "== the same under AddressSanitizer + UndefinedBehaviorSanitizer ($asan)"
(cd "$asan" && ctest --output-on-failure --no-tests=$none -j"$(nproc)" -LE fuzz "$@")
figures "$asan"
echo "== bounded fuzz run ($asan; the long one is tests/fuzz/run-long.sh)"
(cd "$asan" && ctest --output-on-failure --no-tests=$none -j"$(nproc)" -L fuzz "$@")
figures "$asan"
if [ "${OFFICE_SKIP_WINDOWS:-0}" = 1 ]; then
  echo "!! ===================================================================================== !!"
  echo "!! OFFICE_SKIP_WINDOWS=1: office-mcp.exe was NOT built and the windows suites did NOT run !!"
  echo "!! ===================================================================================== !!"
fi

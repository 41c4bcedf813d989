#!/usr/bin/env bash
# Keeps what long fuzz runs learned: the inputs of build-asan/tests/fuzz/TARGET/corpus that add
# coverage to the committed seeds go into tests/fuzz/corpus/TARGET/learned/ (libFuzzer reads
# seed directories recursively, so every run after starts from them).
#   tests/fuzz/merge-corpus.sh TARGET...     (session, schema, http, csv)
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${OFFICE_ASAN_BUILD_DIR:-build-asan}
for t in "$@"; do
  case $t in session) f=fuzz_session ;; schema) f=fuzz_schema_validator ;; http) f=fuzz_http_endpoint ;;
    csv) f=fuzz_customer_csv ;;
    *) echo "merge-corpus.sh: unknown target '$t' (session, schema, http, csv)" >&2; exit 2 ;; esac
  mkdir -p "tests/fuzz/corpus/$t/learned"
  "$build/tests/fuzz/$f" -merge=1 -max_len=8192 "tests/fuzz/corpus/$t/learned" "$build/tests/fuzz/$t/corpus" 2>&1 | tail -1
done

#!/usr/bin/env bash
# Installs what office-mcp needs on Debian/Ubuntu (only what is missing), then configures
# and builds it in ./build. Idempotent: a second run only rebuilds what changed.
# Used by run.sh and test.sh; usable alone.
set -euo pipefail
cd "$(dirname "$0")"

# libpq-dev: office-mcp-pg, the dynamically linked build that also serves PostgreSQL offices.
packages=(build-essential cmake ninja-build pkg-config nlohmann-json3-dev libsqlite3-dev libssl-dev libboost-dev libpq-dev
          catch2 qt6-base-dev xvfb xauth python3 python3-jsonschema)

[ "${OFFICE_SETUP_EXTRA:-}" ] && read -r -a extra <<<"$OFFICE_SETUP_EXTRA" && packages+=("${extra[@]}")
# haproxy: the replica tests run office-mcp behind a real one (tests/replicas).
packages+=(haproxy)
# openssl (the command): the TLS tests make their certificates with it (tests/http/make-test-certs.sh).
packages+=(openssl)
# The desk's translations: qt6-tools-dev (qt_add_translations) and qt6-l10n-tools (lupdate,
# lrelease); qt6-translations-l10n: Qt's own qtbase_*.qm for the standard dialogs;
# fonts-noto-cjk: Chinese glyphs on the desk's screen; qt6-charts-dev: the desk's Activity chart
# (its CMake package needs Qt6OpenGL, libqt6opengl6-dev, which Debian does not pull in);
# qt6-networkauth-dev: the desk's OAuth sign-in to a remote office (QOAuth2AuthorizationCodeFlow).
packages+=(qt6-tools-dev qt6-l10n-tools qt6-translations-l10n fonts-noto-cjk qt6-charts-dev libqt6opengl6-dev qt6-networkauth-dev)

packaging/install-missing.sh setup "${packages[@]}"

build="${OFFICE_BUILD_DIR:-build}"
if [ ! -f "$build/build.ninja" ]; then
  cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release >&2
fi
cmake --build "$build" >&2

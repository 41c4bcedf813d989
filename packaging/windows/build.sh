#!/usr/bin/env bash
# packaging/windows/build.sh OUT: cross-compiles office-mcp.exe on Debian with MinGW-w64 and
# leaves it in OUT. One static PE32+ x86-64 file that needs only Windows' own DLLs (no
# libstdc++, libgcc or libwinpthread beside it), for Claude Desktop's users on Windows. Beside
# it, the packages people install: office-mcp-VERSION-windows-x86_64.zip (the .exe, the README,
# the licence, the man page as text) and office-mcp-VERSION-linux-windows-x86_64.mcpb, the MCPB
# bundle for Claude Desktop on both systems, made by the Linux build ($OFFICE_BUILD_DIR, default
# build/, configured and built here when it is not yet) from its own office-mcp and this .exe.
#
# It installs what it needs (the cross compiler; Wine only for the tests), builds the static
# SQLite and OpenSSL once into a cache outside the source tree (deps.sh, ~/.cache/office-mcp-windows
# or $OFFICE_WINDOWS_CACHE), then configures and builds office-mcp in $OFFICE_WINDOWS_BUILD_DIR
# (default build-windows). The long steps say what they do and log to OUT/build-windows.log.
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: packaging/windows/build.sh OUT" >&2; exit 2; }
here="$(cd "$(dirname "$0")" && pwd)"
source_dir="$(cd "$here/../.." && pwd)"
mkdir -p "$1"
out="$(cd "$1" && pwd)"
log="$out/build-windows.log"
: > "$log"
build="${OFFICE_WINDOWS_BUILD_DIR:-$source_dir/build-windows}"

# The cross compiler (the posix thread model: std::thread and std::mutex), and the headers and
# source packages the build takes from Debian: the same versions as the Linux build's; gcc, make
# and tcl make SQLite's amalgamation natively (deps.sh).
# librsvg2-bin and groff-base: the bundle's icon and the zip's man page as text.
packages=(g++-mingw-w64-x86-64-posix gcc-mingw-w64-x86-64-posix binutils-mingw-w64-x86-64 cmake ninja-build
          dpkg-dev libboost-dev nlohmann-json3-dev libsqlite3-dev libssl-dev tzdata gcc g++ make tcl pkg-config
          librsvg2-bin groff-base)
"$source_dir/packaging/install-missing.sh" build.sh "${packages[@]}"

step() { echo "build.sh: $1 (log: $log)" >&2; }

step "static SQLite and OpenSSL for Windows (once; about 10 minutes the first time)"
prefix=$("$here/deps.sh" 2>>"$log")

# Boost (header-only Asio and Beast) and nlohmann_json from this machine, in a folder of their
# own so that /usr/include, with glibc's headers, never reaches the cross compiler.
headers="$build/host-headers"
mkdir -p "$headers"
ln -sfn /usr/include/boost "$headers/boost"
ln -sfn /usr/include/nlohmann "$headers/nlohmann"

step "configuring office-mcp.exe in $build"
cmake -S "$source_dir" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_TOOLCHAIN_FILE="$here/mingw-toolchain.cmake" \
      -DOFFICE_WINDOWS_PREFIX="$prefix" -DOFFICE_WINDOWS_HEADERS="$headers" \
      -DBUILD_TESTING=OFF -DCMAKE_DISABLE_FIND_PACKAGE_Qt6=ON >>"$log" 2>&1 ||
  { tail -30 "$log" >&2; exit 1; }
step "compiling office-mcp.exe"
cmake --build "$build" --target office-mcp -- -k 0 >>"$log" 2>&1 || { grep -E "error|FAILED" "$log" | head -30 >&2; exit 1; }
cp "$build/stdio_server/office-mcp.exe" "$out/office-mcp.exe"

# Only Windows' own DLLs: anything else would have to be shipped beside the .exe.
"$here/check-imports.sh" "$out/office-mcp.exe" >&2
echo "build.sh: $out/office-mcp.exe ($(stat -c %s "$out/office-mcp.exe") bytes)" >&2

linux="${OFFICE_BUILD_DIR:-$source_dir/build}"
case $linux in /*) ;; *) linux="$source_dir/$linux" ;; esac
step "the zip and the two-platform bundle, with the Linux office-mcp of $linux"
if [ ! -f "$linux/build.ninja" ]; then
  cmake -S "$source_dir" -B "$linux" -G Ninja -DCMAKE_BUILD_TYPE=Release >>"$log" 2>&1 || { tail -30 "$log" >&2; exit 1; }
fi
cmake -DOFFICE_WINDOWS_EXE="$out/office-mcp.exe" "$linux" >>"$log" 2>&1 || { tail -30 "$log" >&2; exit 1; }
cmake --build "$linux" --target windows_packages >>"$log" 2>&1 || { grep -E "error|FAILED|Error" "$log" | tail -30 >&2; exit 1; }
version=$(sed -n 's/^CMAKE_PROJECT_VERSION:STATIC=//p' "$linux/CMakeCache.txt")
for package in "office-mcp-$version-windows-x86_64.zip" "office-mcp-$version-linux-windows-x86_64.mcpb"; do
  cp "$linux/packages/$package" "$out/$package"
  echo "build.sh: $out/$package ($(stat -c %s "$out/$package") bytes)" >&2
done

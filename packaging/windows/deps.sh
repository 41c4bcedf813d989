#!/usr/bin/env bash
# Cross-compiles, once, the static SQLite and OpenSSL that office-mcp.exe links: from Debian's
# own source packages, the same versions the Linux build links (libsqlite3-dev, libssl-dev).
# Prints the prefix (include/, lib/) on stdout. The cache is keyed by those versions:
#   ${OFFICE_WINDOWS_CACHE:-~/.cache/office-mcp-windows}/sqlite-V_openssl-V
# Sources come through a private apt list (-o Dir::Etc::SourceList): the machine's own apt
# sources are left as they are.
set -euo pipefail
host=x86_64-w64-mingw32
version_of() { dpkg-query -W -f='${Version}' "$1"; }
sqlite_v=$(version_of libsqlite3-dev)
openssl_v=$(version_of libssl-dev)
cache="${OFFICE_WINDOWS_CACHE:-$HOME/.cache/office-mcp-windows}"
prefix="$cache/sqlite-${sqlite_v}_openssl-${openssl_v}"
if [ -f "$prefix/.done" ]; then echo "$prefix"; exit 0; fi
jobs=$(nproc)
work="$cache/work"
rm -rf "$work" "$prefix"
mkdir -p "$work/lists/partial" "$prefix"
# deb-src lines for the archives this machine installs its packages from.
{
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
    [ -f "$f" ] && sed -n 's/^deb \(.*debian.*\)$/deb-src \1/p' "$f"
  done
  for f in /etc/apt/sources.list.d/*.sources; do
    [ -f "$f" ] || continue
    awk 'BEGIN{RS=""} /debian/ && /Types: *deb/ {
           u=""; s=""; c="";
           n=split($0, l, "\n"); for (i=1;i<=n;i++) {
             if (l[i] ~ /^URIs:/) { sub(/^URIs: */, "", l[i]); u=l[i] }
             if (l[i] ~ /^Suites:/) { sub(/^Suites: */, "", l[i]); s=l[i] }
             if (l[i] ~ /^Components:/) { sub(/^Components: */, "", l[i]); c=l[i] } }
           m=split(s, ss, " "); for (j=1;j<=m;j++) print "deb-src [trusted=yes] " u " " ss[j] " " c }' "$f"
  done
} | sort -u > "$work/sources.list"
[ -s "$work/sources.list" ] || { echo "deps.sh: no Debian archive in /etc/apt to fetch sources from" >&2; exit 1; }
apt_private=(-o Dir::Etc::SourceList="$work/sources.list" -o Dir::Etc::SourceParts=/dev/null
             -o Dir::State::Lists="$work/lists" -o APT::Get::List-Cleanup=0)
echo "deps.sh: fetching the sources of sqlite3 $sqlite_v and openssl $openssl_v" >&2
apt-get "${apt_private[@]}" update -qq >&2
# The installed version's source when the archive still has it; else the newest source the
# archive can still hand out (a security update not installed here yet, or the point release),
# said here and written to $prefix/SOURCES.
fetch_source() {  # package installed-version
  local v
  for v in "$2" $(apt-cache "${apt_private[@]}" showsrc "$1" 2>/dev/null |
                  sed -n 's/^Version: //p' | sort -u -V -r); do
    rm -rf "$work/fetch" && mkdir "$work/fetch"
    if (cd "$work/fetch" && apt-get "${apt_private[@]}" source --download-only "$1=$v" >/dev/null 2>&1); then
      mv "$work/fetch"/* "$work/"
      [ "$v" = "$2" ] || echo "deps.sh: the archive no longer has $1 $2 (installed); built from $v" >&2
      echo "$1 $v (installed $2)" >> "$prefix/SOURCES"
      return 0
    fi
  done
  echo "deps.sh: no downloadable source of $1 in $work/sources.list" >&2
  return 1
}
fetch_source sqlite3 "$sqlite_v"
fetch_source openssl "$openssl_v"
rm -rf "$work/fetch"
(cd "$work" && for d in *.dsc; do dpkg-source --no-check -x "$d" >&2; done)

# SQLite: the amalgamation (sqlite3.c, made by a native configure with tclsh, as upstream
# ships it), compiled for $host with the options Debian's libsqlite3 is built with that matter
# here, and archived as a static library.
sqlite_src=$(ls -d "$work"/sqlite3-*/)
echo "deps.sh: building SQLite for $host" >&2
mkdir -p "$work/sqlite-build" "$prefix/include" "$prefix/lib"
(cd "$work/sqlite-build" &&
  "$sqlite_src/configure" --disable-tcl --disable-readline --disable-editline >&2 &&
  make sqlite3.c sqlite3.h >&2 &&
  $host-gcc -O2 -DSQLITE_THREADSAFE=1 -DSQLITE_ENABLE_FTS5 -DSQLITE_ENABLE_JSON1 \
     -DSQLITE_ENABLE_MATH_FUNCTIONS -DSQLITE_DEFAULT_FOREIGN_KEYS=0 -DSQLITE_OMIT_LOAD_EXTENSION \
     -c sqlite3.c -o sqlite3.o >&2 &&
  $host-ar rcs "$prefix/lib/libsqlite3.a" sqlite3.o &&
  cp sqlite3.h sqlite3ext.h "$prefix/include/")

# OpenSSL: the libraries only (no apps, tests or docs), static, for mingw64, without the
# protocols and ciphers office-mcp never uses (it serves TLS 1.2/1.3 and checks RSA, ECDSA and
# Ed25519 signatures): that halves the build.
openssl_src=$(ls -d "$work"/openssl-*/)
echo "deps.sh: building OpenSSL for $host (the long part: about 15 minutes on 2 cores)" >&2
(cd "$openssl_src" &&
  ./Configure mingw64 no-shared no-tests no-module no-legacy no-engine no-dso no-ssl3 \
     no-dtls no-srp no-sctp no-comp no-camellia no-idea no-seed no-mdc2 no-rc2 no-rc4 no-rc5 \
     no-md4 no-whirlpool no-bf no-cast no-aria no-sm2 no-sm3 no-sm4 no-gost no-cms no-ts \
     no-ocsp no-srtp no-psk --cross-compile-prefix=$host- \
     --prefix="$prefix" --libdir=lib >&2 &&
  make -j"$jobs" build_libs >&2 && make install_dev >&2)
rm -rf "$work"
touch "$prefix/.done"
echo "$prefix"

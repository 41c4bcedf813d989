#!/usr/bin/env bash
# install-missing.sh WHO PACKAGE...: installs with apt-get those of the Debian packages that are
# not installed yet (sudo when not root), saying so as WHO; nothing at all when every one is.
# Used by setup.sh and packaging/windows/build.sh.
set -euo pipefail
who=$1
shift
missing=()
for p in "$@"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -gt 0 ] || exit 0
echo "$who: installing ${missing[*]}" >&2
sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2

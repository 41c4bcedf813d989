#!/usr/bin/env bash
# check-imports.sh FILE.exe: prints the DLLs the .exe imports and fails when one of them is not
# Windows' own: a libstdc++-6.dll, libgcc_s_seh-1.dll, libwinpthread-1.dll, libssl or
# libsqlite DLL would have to be shipped beside it, and a person who copies the .exe alone would
# get "the code execution cannot proceed".
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: check-imports.sh FILE.exe" >&2; exit 2; }
# The system's DLLs an office-mcp.exe may import: the kernel and user APIs, the C runtime that
# ships with every Windows, sockets, crypto, security and the shell's known folders.
allowed='^(kernel32|user32|advapi32|shell32|ole32|ws2_32|mswsock|crypt32|bcrypt|msvcrt|gdi32|secur32|ntdll|api-ms-win-[a-z0-9-]+)\.dll$'
dlls=$(x86_64-w64-mingw32-objdump -p "$1" | sed -n 's/^[[:space:]]*DLL Name: //p' | tr 'A-Z' 'a-z' | sort -u)
[ -n "$dlls" ] || { echo "check-imports.sh: $1 imports no DLL: not a PE file objdump can read" >&2; exit 1; }
foreign=$(grep -Ev "$allowed" <<<"$dlls" || true)
echo "imports: $(tr '\n' ' ' <<<"$dlls")"
if [ -n "$foreign" ]; then
  echo "check-imports.sh: $1 needs DLLs that are not Windows' own: $(tr '\n' ' ' <<<"$foreign")" >&2
  exit 1
fi

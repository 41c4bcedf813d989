#!/usr/bin/env bash
# trust-ca.sh CA.pem: puts the CA certificate in the trusted root store of the suite's Wine
# ($OFFICE_WINE_PREFIX), where Windows keeps it: the registry key
# HKLM\Software\Microsoft\SystemCertificates\Root\Certificates\<SHA-1 thumbprint>, whose Blob is
# the certificate as a serialized store element (property 0x20, CERT_CERT_PROP_ID: the DER). What
# `certutil -addstore Root CA.pem` does on Windows. office-mcp.exe then trusts what the CA signed
# through the Windows store alone (platform::system_root_certificates): the oauth tests run it as
# OFFICE_OAUTH_TRUST_COMMAND and leave SSL_CERT_FILE unset.
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: trust-ca.sh CA.pem" >&2; exit 2; }
: "${OFFICE_WINE_PREFIX:?trust-ca.sh needs OFFICE_WINE_PREFIX, the Wine prefix of the suite}"
reg=$(mktemp --suffix=.reg)
trap 'rm -f "$reg"' EXIT
python3 - "$1" "$reg" <<'PY'
import hashlib, ssl, struct, sys
der = ssl.PEM_cert_to_DER_cert(open(sys.argv[1]).read())
blob = struct.pack('<III', 0x20, 1, len(der)) + der
key = r'HKEY_LOCAL_MACHINE\Software\Microsoft\SystemCertificates\Root\Certificates' + '\\' + hashlib.sha1(der).hexdigest().upper()
with open(sys.argv[2], 'w', newline='\r\n') as f:
    f.write('Windows Registry Editor Version 5.00\n\n[%s]\n"Blob"=hex:%s\n' % (key, ','.join('%02x' % b for b in blob)))
PY
WINEPREFIX="$OFFICE_WINE_PREFIX" WINEDEBUG=-all wine reg import "$reg" </dev/null >/dev/null 2>&1 ||
  { echo "trust-ca.sh: wine reg import of $1 failed" >&2; exit 1; }

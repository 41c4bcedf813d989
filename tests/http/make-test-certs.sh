#!/bin/sh
# make-test-certs.sh DIR: a throwaway PKI for the TLS tests (tests/http/test_http_tls.cpp,
# tests/interop/client2-https.test.mjs), made with the openssl command at test time:
#   ca.pem                  the root CA clients trust (nothing else is trusted)
#   one.pem, one.key        server certificate "office-mcp test server one" for 127.0.0.1 and
#                           localhost (subjectAltName), serial 1001, issued by an intermediate
#                           CA: one.pem holds the certificate and then the intermediate, like
#                           Let's Encrypt's fullchain.pem, so a server that sends only the
#                           first certificate fails verification
#   two.pem, two.key        the same for "office-mcp test server two", serial 1002: the renewal
#   one.encrypted.key       one.key under a passphrase (which office-mcp refuses)
# EC P-256 keys (fast to make), valid for 30 days from now. A missing openssl is a failure.
set -eu
[ $# -eq 1 ] || { echo "usage: $0 DIR" >&2; exit 2; }
command -v openssl >/dev/null 2>&1 || { echo "$0: the openssl command is needed (apt-get install openssl)" >&2; exit 1; }
cd "$1"

key() { openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$1" 2>/dev/null; }
printf 'basicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign,cRLSign\n' > ca.ext
printf 'basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=serverAuth\nsubjectAltName=IP:127.0.0.1,DNS:localhost\n' > server.ext

key ca.key
openssl req -x509 -new -key ca.key -subj "/CN=office-mcp test root CA" -days 30 -sha256 \
  -addext basicConstraints=critical,CA:TRUE -addext keyUsage=critical,keyCertSign,cRLSign -out ca.pem
key intermediate.key
openssl req -new -key intermediate.key -subj "/CN=office-mcp test intermediate CA" -out intermediate.csr
openssl x509 -req -in intermediate.csr -CA ca.pem -CAkey ca.key -set_serial 100 -days 30 -sha256 \
  -extfile ca.ext -out intermediate.pem 2>/dev/null

for name in one two; do
  serial=$([ "$name" = one ] && echo 4097 || echo 4098)  # 0x1001, 0x1002
  key "$name.key"
  openssl req -new -key "$name.key" -subj "/CN=office-mcp test server $name" -out "$name.csr"
  openssl x509 -req -in "$name.csr" -CA intermediate.pem -CAkey intermediate.key -set_serial "$serial" -days 30 -sha256 \
    -extfile server.ext -out "$name.leaf.pem" 2>/dev/null
  cat "$name.leaf.pem" intermediate.pem > "$name.pem"
  chmod 600 "$name.key"
done
openssl pkey -in one.key -aes256 -passout pass:secret -out one.encrypted.key
openssl verify -CAfile ca.pem -untrusted intermediate.pem one.leaf.pem two.leaf.pem >/dev/null

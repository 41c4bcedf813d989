// A throwaway test certificate authority, made with the `openssl` command line, and server
// certificates it signs for 127.0.0.1 and localhost. The authorization server of these tests
// serves HTTPS with one; office-mcp's own TLS tests reuse makeTestCa/issueCert (a second
// issueCert gives the certificate to swap in). Clients trust the CA through a file:
// NODE_EXTRA_CA_CERTS for a Node child process, SSL_CERT_FILE for office-mcp (OpenSSL), and
// trustCa() for this very process. Not a test file.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import tls from 'node:tls';
import { undici } from './deps.mjs';

/** Runs openssl, or throws one clear sentence when it is not installed. */
function openssl(args, cwd) {
  try {
    return execFileSync('openssl', args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    if (error.code === 'ENOENT') {
      throw new Error('The OAuth tests need the `openssl` command line to make their test CA: apt-get install openssl');
    }
    throw new Error(`openssl ${args.join(' ')} failed: ${error.stderr?.toString() ?? error.message}`);
  }
}

/**
 * Makes a CA in `dir` (created if missing): ca.key and ca.pem (EC P-256, valid one day).
 * Returns { dir, key, cert }, the paths; `cert` is the file to trust.
 */
export function makeTestCa(dir) {
  fs.mkdirSync(dir, { recursive: true });
  const ca = { dir, key: path.join(dir, 'ca.key'), cert: path.join(dir, 'ca.pem') };
  openssl(['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes',
    '-keyout', ca.key, '-out', ca.cert, '-days', '1', '-subj', '/CN=office-mcp test CA',
    '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign']);
  return ca;
}

let serial = 0;

/**
 * Issues a server certificate signed by `ca` for `names` (default 127.0.0.1 and localhost; an
 * IP address becomes an IP SAN, anything else a DNS SAN). `basename` names the files, so that a
 * second call (e.g. 'server2') gives another certificate to swap in. Returns { key, cert, chain }
 * paths: `cert` is the leaf alone, `chain` the leaf followed by the CA certificate.
 */
export function issueCert(ca, names = ['127.0.0.1', 'localhost'], { basename = 'server' } = {}) {
  const file = (ext) => path.join(ca.dir, `${basename}.${ext}`);
  const san = names.map((name) => (/^[0-9.]+$|:/.test(name) ? `IP:${name}` : `DNS:${name}`)).join(',');
  fs.writeFileSync(file('ext'), [
    'basicConstraints=critical,CA:FALSE',
    'keyUsage=critical,digitalSignature,keyEncipherment',
    'extendedKeyUsage=serverAuth',
    `subjectAltName=${san}`,
  ].join('\n') + '\n');
  openssl(['req', '-new', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes',
    '-keyout', file('key'), '-out', file('csr'), '-subj', `/CN=${names[0]}`]);
  openssl(['x509', '-req', '-in', file('csr'), '-CA', ca.cert, '-CAkey', ca.key,
    '-set_serial', String(Date.now() * 1000 + (serial++ % 1000)), '-days', '1', '-sha256',
    '-extfile', file('ext'), '-out', file('pem')]);
  fs.writeFileSync(file('chain.pem'), fs.readFileSync(file('pem'), 'utf8') + fs.readFileSync(ca.cert, 'utf8'));
  return { key: file('key'), cert: file('pem'), chain: file('chain.pem') };
}

const trusted = new Set();

/**
 * Makes this process's fetch (Node's global fetch, so the SDK clients, jose's remote JWKS and
 * browser.mjs) trust the CA in `caFile` as well as the system roots. NODE_EXTRA_CA_CERTS cannot
 * do it: Node reads that only at start-up, before any test CA exists. Where Node has
 * tls.setDefaultCACertificates (22.19+, 24.5+) that does it; on Node 20 an undici Agent trusting
 * the CA becomes the global dispatcher (npm undici pinned to the version Node 20.20 bundles).
 * CAs add up.
 */
export function trustCa(caFile) {
  trusted.add(fs.readFileSync(caFile, 'utf8'));
  if (typeof tls.setDefaultCACertificates === 'function') {
    tls.setDefaultCACertificates([...tls.getCACertificates('default'), ...trusted]);
  } else {
    undici.setGlobalDispatcher(new undici.Agent({ connect: { ca: [...tls.rootCertificates, ...trusted] } }));
  }
}

// The MCP server the OAuth tests talk to, chosen by OFFICE_OAUTH_SERVER:
//   reference (default)  reference-server.mjs, the SDK's own pieces (proves the harness)
//   office               the office-mcp binary in $OFFICE_MCP, as an OAuth resource server
// Both are started after the authorization server, given its issuer, and expose
// { url, stderr(), close(), clockSkewSeconds, jwksRefetchSeconds }; url is the MCP endpoint
// http://127.0.0.1:PORT/mcp, which is also the resource (RFC 8707 / RFC 9728) tokens must be
// issued for. The two numbers are the server's tolerances that tests must wait out: how long
// after exp it still accepts a token, and how long after one JWKS fetch it refuses to fetch
// again (so how long until a token signed with a new key may be refused). office-mcp's also
// has db and command() (its database, and `office-mcp ARGS --db DB`: audit, approvals, tokens).
// Not a test file.
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startReferenceServer } from './reference-server.mjs';

export const SERVER_KIND = process.env.OFFICE_OAUTH_SERVER ?? 'reference';
assert.ok(['reference', 'office'].includes(SERVER_KIND),
  `OFFICE_OAUTH_SERVER=${SERVER_KIND}: expected "reference" or "office"`);

/** Starts the server under test for the authorization server `provider` (from startProvider). */
export async function startServerUnderTest(provider) {
  if (SERVER_KIND === 'office') return startOffice({ issuer: provider.issuer, caFile: provider.caFile });
  return { ...(await startReferenceServer({ issuer: provider.issuer })), clockSkewSeconds: 0, jwksRefetchSeconds: 0 };
}

// ------------------------------------------------------------------------------------------------
// >>> office-mcp as the resource server: TO BE FINISHED BY THE LEAD when office-mcp speaks OAuth.
// The pattern is tests/interop/helpers.mjs startHttpServer (copied, not imported: that file needs
// tests/interop's own node_modules). What office-mcp is expected to accept:
//   office-mcp --http 127.0.0.1:0 --oauth-issuer <issuer> --db <tmp>/office.db
//   environment SSL_CERT_FILE=<CA PEM>  (the test CA; office-mcp fetches the issuer's metadata
//                                        and JWKS over HTTPS and must trust it)
// and to print "office-mcp: serving MCP at http://127.0.0.1:PORT/mcp" on stderr; that URL is the
// resource its tokens' aud must equal.

const SERVING = /^office-mcp: serving MCP at (http:\/\/\S+)$/m;

/**
 * Starts office-mcp (the binary in $OFFICE_MCP) on a fresh database in a temp dir, trusting
 * `caFile` (as SSL_CERT_FILE; or, when $OFFICE_OAUTH_TRUST_COMMAND is set, through that command
 * run with the CA file once before the start: tests/windows/trust-ca.sh puts it in the Wine
 * prefix's ROOT certificate store, so office-mcp.exe trusts the provider through the Windows
 * store alone; caFile null trusts nothing but what extraArgs say). Options beyond the issuer:
 *   leeway, refetch  --oauth-leeway and --oauth-refetch (default 0 and 1: no clock leeway and a
 *                    refetch at most every second, so expiry and rotation need no long waits);
 *                    null leaves the flag out, so office-mcp's own default applies (the flood of
 *                    unknown kids in office-refusals.test.mjs is tested that way)
 *   extraArgs        more flags
 * Returns { url, db, stderr(), command(), close(), clockSkewSeconds, jwksRefetchSeconds }:
 * command(...args) runs `office-mcp ARGS --db DB` on the same database (token add, audit,
 * approvals list) and returns its stdout.
 */
export async function startOffice({ issuer, caFile, leeway = 0, refetch = 1, extraArgs = [], startupMs = 10_000 }) {
  const bin = process.env.OFFICE_MCP;
  assert.ok(bin, 'OFFICE_OAUTH_SERVER=office needs OFFICE_MCP, the office-mcp binary: ' +
    'OFFICE_MCP=$PWD/build/stdio_server/office-mcp OFFICE_OAUTH_SERVER=office node --test tests/oauth/');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'office-mcp-oauth-'));
  const db = path.join(dir, 'office.db');
  const env = { PATH: process.env.PATH, HOME: process.env.HOME };
  const trustCommand = process.env.OFFICE_OAUTH_TRUST_COMMAND;
  if (caFile && trustCommand) execFileSync(trustCommand, [caFile], { stdio: ['ignore', 'ignore', 'inherit'] });
  else if (caFile) env.SSL_CERT_FILE = caFile;
  const tolerances = [...(leeway === null ? [] : ['--oauth-leeway', String(leeway)]),
    ...(refetch === null ? [] : ['--oauth-refetch', String(refetch)])];
  const args = ['--http', '127.0.0.1:0', '--oauth-issuer', issuer, '--db', db, '--drain-delay', '0',
    ...tolerances, ...extraArgs];
  const child = spawn(path.resolve(bin), args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => { stderr += chunk; });
  child.stdout.resume();
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const url = await new Promise((resolve, reject) => {
    const fail = (why) => { clearTimeout(timer); reject(new Error(`office-mcp ${args.join(' ')} ${why}; stderr:\n${stderr}`)); };
    const timer = setTimeout(() => fail(`did not say where it serves within ${startupMs} ms`), startupMs);
    child.stderr.on('data', () => {
      const found = SERVING.exec(stderr);
      if (found) { clearTimeout(timer); resolve(found[1]); }
    });
    child.once('error', (error) => fail(`could not start: ${error.message}`));
    exited.then((exit) => fail(`exited (${exit.signal ?? `status ${exit.code}`}) before serving`));
  }).catch((error) => {
    child.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  });
  return {
    url,
    db,
    stderr: () => stderr,
    command: (...command) => execFileSync(path.resolve(bin), [...command, '--db', db],
      { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }),
    // office-mcp's OAuthSettings defaults (core/http/oauth.h: skew_seconds 60, refetch_seconds
    // 30) unless lowered with the flags office-mcp offers, as they are by default here.
    clockSkewSeconds: leeway ?? 60,
    jwksRefetchSeconds: refetch ?? 30,
    async close() {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
// <<< office-mcp

// office-mcp --http --tls-cert/--tls-key driven by the official v2 TypeScript SDK client
// (@modelcontextprotocol/client, pinned to 2026-07-28) over https://, with no proxy in between.
// The certificates come from tests/http/make-test-certs.sh (a root CA, an intermediate, a
// server certificate for 127.0.0.1 whose file holds the chain). The client trusts the root the
// way a deployment trusts a private CA, through NODE_EXTRA_CA_CERTS, which node reads only at
// its start: so the client runs in a child node process (https-client.mjs). Covered: the tools
// listed and order_lunch called over TLS, the server's log of those calls, and, as the control,
// the same client refusing the server when it does not trust the CA.
//
//   OFFICE_MCP=build/stdio_server/office-mcp node --test tests/interop/client2-https.test.mjs
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { after, before, describe } from 'node:test';
import { promisify } from 'node:util';
import {
  TOOL_NAMES, assertToolCatalogue, freshDatabase, makeTestCerts, minimalEnvironment, officeMcpBinary, startHttpServer,
  testShowingLogs, textOf,
} from './helpers.mjs';

officeMcpBinary(); // fail the whole file at once, with the reason, when $OFFICE_MCP is unusable

const run = promisify(execFile);
const CLIENT = path.join(path.dirname(new URL(import.meta.url).pathname), 'https-client.mjs');

/** https-client.mjs against `url`: { status, out, err }; `ca` is given as NODE_EXTRA_CA_CERTS. */
async function runClient(url, ca) {
  const env = minimalEnvironment();
  if (ca) env.NODE_EXTRA_CA_CERTS = ca;
  try {
    const { stdout, stderr } = await run(process.execPath, [CLIENT, url], { env, timeout: 30_000 });
    return { status: 0, out: stdout, err: stderr };
  } catch (error) {
    return { status: error.code, out: error.stdout, err: error.stderr };
  }
}

describe('the v2 SDK client over https:// against office-mcp --tls-cert', { timeout: 90_000 }, () => {
  let certs;
  let database;
  let server;
  const test = testShowingLogs(() => ({ 'office-mcp --tls-cert': server }));
  before(async () => {
    certs = makeTestCerts();
    database = freshDatabase();
    server = await startHttpServer({ db: database.db, tls: { cert: certs.cert, key: certs.key } });
  });
  after(async () => {
    await server?.stop();
    database?.remove();
    certs?.remove();
  });

  test('the server announces an https:// URL and logs that it serves TLS with the test certificate', async () => {
    assert.match(server.url, /^https:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const start = server.stderr().split('\n').map((line) => { try { return JSON.parse(line); } catch { return null; } })
      .find((event) => event?.event === 'start');
    assert.equal(start?.tls, true, server.stderr());
    assert.equal(start.certificate.subject, 'CN=office-mcp test server one');
  });

  test('trusting the test CA (NODE_EXTRA_CA_CERTS), the client lists the tools and orders lunch over TLS', async () => {
    const { status, out, err } = await runClient(server.url, certs.ca);
    assert.equal(status, 0, err);
    const seen = JSON.parse(out);
    assert.equal(seen.version, '2026-07-28');
    assert.deepEqual(seen.tools.map((tool) => tool.name).sort(), [...TOOL_NAMES].sort());
    assertToolCatalogue(seen.tools);
    assert.notEqual(seen.lunch.isError, true, textOf(seen.lunch));
    assert.match(textOf(seen.lunch), /tortilla/);
    const calls = server.requests().filter((event) => event.method === 'tools/call' && event.tool === 'order_lunch');
    assert.equal(calls.length, 1, server.stderr());
  });

  test('not trusting the test CA, the same client refuses the server: the certificate is checked', async () => {
    const { status, err } = await runClient(server.url, null);
    assert.notEqual(status, 0);
    assert.match(err, /UNABLE_TO_GET_ISSUER_CERT_LOCALLY|SELF_SIGNED_CERT_IN_CHAIN|unable to get local issuer certificate/, err);
  });
});

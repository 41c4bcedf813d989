// npm mcp-remote (pinned in package.json), the stdio-to-HTTP proxy that desktop hosts run for
// OAuth-protected MCP servers, against the server under test (servers.mjs: OFFICE_OAUTH_SERVER=
// reference, the default, or office) and the real authorization server (provider.mjs). The SDK
// client drives mcp-remote over stdio, as a host would. Headless: mcp-remote "opens a browser"
// with the npm `open` package, whose bundled xdg-open, with no desktop, runs $BROWSER <url>;
// BROWSER here is a sh script running browser-cli.mjs, which signs in (browser.mjs) and GETs
// mcp-remote's loopback callback, so mcp-remote gets the code exactly as from a real browser.
// Covered: the first run (401, discovery, dynamic registration, sign-in through the "browser",
// code on the loopback callback, token exchange), tools listed and called as the user through the
// proxy; a second run reusing the stored tokens without any browser; nothing left running.
//
//   cd tests/oauth && node --test mcp-remote.test.mjs
import assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { Client, StdioClientTransport } from './deps.mjs';
import { startProvider } from './provider.mjs';
import { SERVER_KIND, startServerUnderTest } from './servers.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const PROXY = path.join(here, 'node_modules', 'mcp-remote', 'dist', 'proxy.js');
assert.ok(fs.existsSync(PROXY), `mcp-remote is not installed (${PROXY} is missing): npm ci --prefix tests/oauth`);
const SUITE = { timeout: 90_000 };
const USER = 'carmen';

/** A TCP port that was free a moment ago: mcp-remote's OAuth callback port, given explicitly. */
async function freePort() {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const alive = (pid) => { try { process.kill(pid, 0); return true; } catch { return false; } };

async function waitUntil(condition, ms, what) {
  const deadline = Date.now() + ms;
  while (!condition()) {
    assert.ok(Date.now() < deadline, `timed out after ${ms} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe(`mcp-remote signs in headlessly and proxies tools (server: ${SERVER_KIND})`, SUITE, () => {
  let provider;
  let server;
  let dir;
  let callbackPort;
  const runs = [];  // { client, transport, pid, stderr() }, one per mcp-remote process
  const browserLog = () => (fs.existsSync(path.join(dir, 'browser.log'))
    ? fs.readFileSync(path.join(dir, 'browser.log'), 'utf8').trim().split('\n').filter(Boolean).map((line) => JSON.parse(line))
    : []);

  before(async () => {
    provider = await startProvider();
    server = await startServerUnderTest(provider);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'office-mcp-oauth-mcp-remote-'));
    fs.mkdirSync(path.join(dir, 'home'));
    fs.writeFileSync(path.join(dir, 'browser.sh'),
      `#!/bin/sh\nexec '${process.execPath}' '${path.join(here, 'browser-cli.mjs')}' "$@"\n`, { mode: 0o755 });
    callbackPort = await freePort();
  });

  after(async () => {
    for (const run of runs) await run.client.close().catch(() => {});
    await server?.close();
    await provider?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Starts mcp-remote for the server under test, with its config in the temp dir, and connects the SDK client to it. */
  async function connectThroughMcpRemote() {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [PROXY, server.url, String(callbackPort), '--transport', 'http-only', '--auth-timeout', '30'],
      env: {
        PATH: process.env.PATH,
        HOME: path.join(dir, 'home'),
        MCP_REMOTE_CONFIG_DIR: path.join(dir, 'mcp-auth'),
        BROWSER: path.join(dir, 'browser.sh'),
        NODE_EXTRA_CA_CERTS: provider.caFile,
        OAUTH_TEST_USER: USER,
        OAUTH_BROWSER_LOG: path.join(dir, 'browser.log'),
      },
      stderr: 'pipe',
    });
    const chunks = [];
    transport.stderr.on('data', (chunk) => chunks.push(chunk));
    const client = new Client({ name: 'office-mcp-oauth-mcp-remote-host', version: '1.0.0' });
    const run = { client, transport, stderr: () => Buffer.concat(chunks).toString('utf8') };
    runs.push(run);
    try {
      await client.connect(transport);
    } catch (error) {
      error.message += `\nmcp-remote stderr:\n${run.stderr()}\nbrowser log: ${JSON.stringify(browserLog())}`;
      throw error;
    }
    run.pid = transport.pid;
    return run;
  }

  /** Closes the run's client and checks that mcp-remote, and any browser it started, exited. */
  async function closeRun(run) {
    await run.client.close();
    await waitUntil(() => !alive(run.pid), 10_000, `mcp-remote (pid ${run.pid}) to exit`);
    for (const entry of browserLog()) await waitUntil(() => !alive(entry.pid), 10_000, `the browser (pid ${entry.pid}) to exit`);
  }

  const probe = SERVER_KIND === 'reference'
    ? { tool: 'whoami', arguments: {}, check: (result) => assert.equal(result.structuredContent.sub, USER) }
    : { tool: 'find_customer', arguments: { query: 'Maria' }, check: (result) => assert.notEqual(result.isError, true) };

  test('first run: 401, registration, the "browser" signs in and delivers the code to the loopback callback; tools work', async () => {
    const run = await connectThroughMcpRemote();
    const log = browserLog();
    assert.equal(log.length, 1, `the browser ran once: ${JSON.stringify(log)}\n${run.stderr()}`);
    assert.equal(log[0].failure, undefined, log[0].failure);
    assert.equal(log[0].code, true);
    assert.equal(log[0].iss, provider.issuer);
    assert.equal(log[0].callbackStatus, 200, 'mcp-remote accepted the callback');
    assert.equal(new URL(log[0].callbackUrl).port, String(callbackPort));
    assert.equal(new URL(log[0].url).searchParams.get('resource'), server.url);
    assert.match(run.stderr(), /Browser opened automatically/, 'mcp-remote opened $BROWSER through `open`');

    const { tools } = await run.client.listTools();
    assert.ok(tools.some((tool) => tool.name === probe.tool), tools.map((tool) => tool.name).join(', '));
    probe.check(await run.client.callTool({ name: probe.tool, arguments: probe.arguments }));
    await closeRun(run);
  });

  test('second run with the same config dir: the stored tokens are used, no browser', async () => {
    const run = await connectThroughMcpRemote();
    probe.check(await run.client.callTool({ name: probe.tool, arguments: probe.arguments }));
    assert.equal(browserLog().length, 1, 'no second browser run');
    await closeRun(run);
  });
});

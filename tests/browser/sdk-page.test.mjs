// A page of an allowed origin calls office-mcp with the official SDK client's Streamable HTTP
// transport (@modelcontextprotocol/sdk, its browser side bundled by esbuild), in real headless
// Chromium, so every CORS rule is the browser's own: the preflight of a POST carrying
// Authorization and MCP-Protocol-Version, Access-Control-Allow-Origin on each response, and
// Mcp-Session-Id readable only because it is exposed. The same page from an origin the office
// does not allow is refused by the browser itself, and the office logs the refused preflight.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import esbuild from 'esbuild';
import { launchChromium, recordConsole, startOffice, startPages } from './harness.mjs';

let office;
let pages;
let browser;
let allowed;    // http://desk.example.org:PORT, the office's --allow-origin
let elsewhere;  // http://elsewhere.example.org:PORT, the same page server, an origin not allowed

before(async () => {
  const bundle = await esbuild.build({
    entryPoints: [new URL('./sdk-entry.mjs', import.meta.url).pathname],
    bundle: true, format: 'iife', platform: 'browser', write: false, logLevel: 'warning',
  });
  pages = await startPages({
    '/': ['text/html', '<!doctype html><title>desk</title><script src="/sdk.js"></script>'],
    '/sdk.js': ['text/javascript', bundle.outputFiles[0].text],
  });
  allowed = `http://desk.example.org:${pages.port}`;
  elsewhere = `http://elsewhere.example.org:${pages.port}`;
  office = await startOffice(['--allow-origin', allowed]);
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await pages?.close();
  await office?.close();
});

// What the page does: connect (a 2025 session), list the tools, call one, end the session.
async function callFrom(origin) {
  const page = await browser.newPage();
  const console = recordConsole(page);
  await page.goto(`${origin}/`);
  const outcome = await page.evaluate(async ({ url, token }) => {
    const { Client, StreamableHTTPClientTransport } = window.mcp;
    const transport = new StreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    });
    const client = new Client({ name: 'desk-page', version: '1.0.0' });
    try {
      await client.connect(transport);
      const sessionId = transport.sessionId;
      const version = transport.protocolVersion;
      const tools = (await client.listTools()).tools.map((tool) => tool.name);
      const found = await client.callTool({ name: 'find_customer', arguments: { query: 'maria' } });
      await transport.terminateSession();
      await client.close();
      return { sessionId, version, tools, found: found.content.map((part) => part.text).join('\n') };
    } catch (error) {
      return { error: `${error.name}: ${error.message}` };
    }
  }, { url: office.url, token: office.token });
  await page.close();
  return { ...outcome, console };
}

test('a page of an allowed origin lists and calls the tools with the SDK client, and reads its session id', async () => {
  const outcome = await callFrom(allowed);
  assert.equal(outcome.error, undefined, `the page failed: ${outcome.error}\nconsole:\n${outcome.console.join('\n')}`);
  assert.match(outcome.sessionId ?? '', /^[0-9a-f]{32}$/, 'the page could not read Mcp-Session-Id');
  assert.match(outcome.version, /^2025-/);
  assert.deepEqual(outcome.tools.sort(),
    ['add_customer', 'book_slot', 'cancel_booking', 'find_customer', 'issue_refund', 'list_availability', 'move_booking', 'open_invoices', 'order_lunch']);
  assert.match(outcome.found, /Maria Alvarez/);
  assert.doesNotMatch(outcome.console.join('\n'), /CORS/);
  // Nothing the page sent was refused.
  assert.doesNotMatch(office.stderr(), /"refused".*desk\.example\.org/);
});

test('the same page from an origin not allowed is blocked by the browser, and the office logs the refusal', async () => {
  const outcome = await callFrom(elsewhere);
  assert.equal(outcome.tools, undefined, 'a page of an origin not allowed reached the tools');
  assert.match(outcome.error ?? '', /Failed to fetch/);
  const said = outcome.console.join('\n');
  assert.match(said, new RegExp(`from origin '${elsewhere}' has been blocked by CORS policy`), said);
  assert.match(office.stderr(), new RegExp(
    `"event":"refused","status":403,"reason":"Forbidden: Origin ${elsewhere} is not allowed","http_method":"OPTIONS"`));
});

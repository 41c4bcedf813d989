// The MCP Inspector's web UI (@modelcontextprotocol/inspector, pinned by package-lock.json; its
// web client, @modelcontextprotocol/inspector-client, served by its own bin/client.js) connects
// from headless Chromium straight to office-mcp, in its "Direct" connection type (no Inspector
// proxy: the browser's fetch, so the office's CORS), with a bearer token, lists the tools, and
// fills a prompt as a person would (its customer completed as it is typed).
// The page's console is printed, for the record of what the Inspector saw. (Inspector v2, the
// npm "latest", has no direct connection: its browser goes through its own Node backend, and it
// needs Node.js 22.19. The pinned 1.0.3 is the v1 line, which still gets security fixes.)
import assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { after, before, test } from 'node:test';
import { launchChromium, recordConsole, startOffice, startScript } from './harness.mjs';

const require = createRequire(import.meta.url);
// The list shows each tool by its title (core/office/tools_*.cpp).
const TITLES = ['Find customer', 'List free slots', 'Book a slot', 'Customer invoices', 'Refund an invoice', 'Order lunch', 'Add a customer'];

let office;
let inspector;
let browser;
let origin;

// bin/client.js takes its port from CLIENT_PORT and prints it back: a port that was free a moment ago.
const freePort = () => new Promise((resolve) => {
  const probe = net.createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address();
    probe.close(() => resolve(port));
  });
});

before(async () => {
  const port = await freePort();
  origin = `http://inspector.example.org:${port}`;
  inspector = await startScript(require.resolve('@modelcontextprotocol/inspector-client/bin/client.js'),
    { CLIENT_PORT: String(port), HOST: '127.0.0.1', MCP_AUTO_OPEN_ENABLED: 'false' },
    /MCP Inspector is up and running at/, 'the Inspector web UI');
  office = await startOffice(['--allow-origin', origin]);
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await inspector?.close();
  await office?.close();
});

/** A page of the Inspector connected straight to the office; `console` collects what it logs. */
async function connectedPage() {
  const page = await browser.newPage();
  const console = recordConsole(page);
  // What the Inspector remembers between visits (its localStorage): a direct Streamable HTTP
  // connection with an Authorization header.
  await page.addInitScript(({ url, token }) => {
    localStorage.setItem('lastConnectionType', 'direct');
    localStorage.setItem('lastTransportType', 'streamable-http');
    localStorage.setItem('lastSseUrl', url);
    localStorage.setItem('lastCustomHeaders', JSON.stringify([{ name: 'Authorization', value: `Bearer ${token}`, enabled: true }]));
  }, { url: office.url, token: office.token });
  await page.goto(`${origin}/?transport=streamable-http&serverUrl=${encodeURIComponent(office.url)}`);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await page.getByText('Connected', { exact: true }).waitFor({ timeout: 20_000 });
  return { page, console };
}

/** Runs `steps` on a connected page; a failure says what the page logged and what the office wrote. */
async function withInspector(steps) {
  let session;
  try {
    session = await connectedPage();
    await steps(session.page);
  } catch (error) {
    throw new Error(`${error.message}\npage console:\n${session?.console.join('\n')}\noffice stderr:\n${office.stderr()}`);
  } finally {
    const lines = session?.console ?? [];
    process.stdout.write(`# Inspector page console (${lines.length} lines):\n${lines.map((line) => `#   ${line}`).join('\n')}\n`);
  }
  assert.doesNotMatch(session.console.join('\n'), /blocked by CORS policy/);
  await session.page.close();
}

test('the MCP Inspector web UI connects directly to the office from an allowed origin and lists its tools', async () => {
  await withInspector(async (page) => {
    await page.getByRole('tab', { name: 'Tools' }).click();
    await page.getByRole('button', { name: 'List Tools' }).click();
    for (const title of TITLES) await page.getByText(title, { exact: true }).first().waitFor({ timeout: 20_000 });
    await page.getByText('office-mcp', { exact: true }).first().waitFor();  // the server's name, from initialize
  });
  assert.match(office.stderr(), /"method":"tools\/list"/);
  assert.doesNotMatch(office.stderr(), /"event":"refused"/);
});

// A slash command as a person fills it in: the Inspector's Prompts tab lists the office's
// prompts, completes the customer as it is typed (completion/complete) and gets the prompt. Its
// screenshot goes to $OFFICE_SCREENSHOTS (docs/ to refresh the README's), else a temporary directory.
test('the Inspector lists the prompts, completes a customer as it is typed and gets the prompt', async () => {
  await withInspector(async (page) => {
    await page.getByRole('tab', { name: 'Prompts' }).click();
    await page.getByRole('button', { name: 'List Prompts' }).click();
    for (const name of ['book-appointment', 'refund-invoice', 'order-lunch', 'customer-summary'])
      await page.getByText(name, { exact: true }).first().waitFor({ timeout: 20_000 });
    await page.getByText('book-appointment', { exact: true }).first().click();
    await page.locator('[role="combobox"][aria-controls="customer"]').click();
    await page.locator('[cmdk-input]').fill('ma');
    await page.getByRole('option', { name: 'Maria Alvarez' }).waitFor({ timeout: 20_000 });
    await page.getByRole('option', { name: 'Tomas Reis' }).waitFor();  // holds "ma", after the one that starts with it
    const shots = process.env.OFFICE_SCREENSHOTS ?? fs.mkdtempSync(path.join(os.tmpdir(), 'office-inspector-'));
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: path.join(shots, 'inspector-prompt-completion.png') });
    await page.getByRole('option', { name: 'Maria Alvarez' }).click();
    await page.getByRole('button', { name: 'Get Prompt' }).click();
    // The result as the Inspector shows it, its one message's content folded (what the message
    // says is the SDK clients' and test_prompts.cpp's to check).
    await page.getByText('messages:', { exact: true }).first().waitFor({ timeout: 20_000 });
    await page.getByText('"user"', { exact: true }).first().waitFor();
  });
  assert.match(office.stderr(), /"method":"completion\/complete"/);
  assert.match(office.stderr(), /"method":"prompts\/get"/);
});

// MCP Apps with a real host: ext-apps' AppBridge (@modelcontextprotocol/ext-apps, pinned by
// package-lock.json; bundled for the page by esbuild with the official SDK client) in headless
// Chromium connects to the real office-mcp --http as a client that declares
// io.modelcontextprotocol/ui, calls a tool as a model would, reads the tool's ui:// view and
// renders it in a sandboxed iframe under the extension's default CSP. The test then drives each
// view as a person would and checks through the office what changed: the availability view
// books a slot, the invoices view queues a refund for a caller without the approver right, the
// lunch view orders. Screenshots of the three views, light and dark, go to $OFFICE_SCREENSHOTS
// (docs/ when refreshing the ones the README shows), else to a temporary directory.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import esbuild from 'esbuild';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { launchChromium, recordConsole, startOffice, startPages } from './harness.mjs';

const DOCS = (process.env.OFFICE_SCREENSHOTS ?? fs.mkdtempSync(path.join(os.tmpdir(), 'office-apps-shots-'))) + '/';
const CSP_VIOLATION = /Content Security Policy|Refused to/;

let office;
let pages;
let browser;
let origin;
let clerk;  // a billing token without the approver right: its refunds are queued
let boss;   // a billing token with the approver right: the host shows it the refund form

before(async () => {
  const bundle = await esbuild.build({
    entryPoints: [new URL('./apps-host-entry.mjs', import.meta.url).pathname],
    bundle: true, format: 'iife', platform: 'browser', write: false, logLevel: 'warning',
  });
  pages = await startPages({
    '/': ['text/html', `<!doctype html><title>apps host</title><style>
      body { margin: 0; padding: 16px; background: #f5f4ef; width: 760px; }
      body[data-theme="dark"] { background: #1f1e1d; }
      iframe { display: block; width: 760px; height: 200px; border: 1px solid #c8c6bd; border-radius: 8px; background: transparent; }
      body[data-theme="dark"] iframe { border-color: #4a4a46; }
    </style><script src="/host.js"></script>`],
    '/host.js': ['text/javascript', bundle.outputFiles[0].text],
    '/favicon.ico': ['image/x-icon', ''],  // else the console has the browser's 404 for it
  });
  origin = `http://desk.example.org:${pages.port}`;
  office = await startOffice(['--allow-origin', origin]);
  const bin = process.env.OFFICE_MCP;
  const run = (...args) => execFileSync(bin, [...args, '--db', office.db], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
  // The demo office has no opening hours (its six slots are in September 2026): open every day.
  run('hours', 'set', 'mon-sun', '09:00-12:00,14:00-17:00', '--slot', '60');
  clerk = run('token', 'add', 'clerk', '--profile', 'billing');
  boss = run('token', 'add', 'boss', '--profile', 'billing', '--approver');
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await pages?.close();
  await office?.close();
});

// The office as it is now, read by another client (not the page's): a table's rows.
async function rowsOf(table, token = office.token) {
  const client = new Client({ name: 'apps-test-check', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(office.url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
  try {
    const rows = [];
    for (let uri = `office://${table}?limit=500`; uri;) {
      const page = JSON.parse((await client.readResource({ uri })).contents[0].text);
      rows.push(...page.rows);
      uri = page.next;
    }
    return rows;
  } finally {
    await client.close();
  }
}

// A fresh page of the host showing `tool`'s view; returns { page, view (the iframe's frame), console }.
async function host(tool, args, { token = office.token, theme = 'light', locale = 'en-US', approve } = {}) {
  const page = await browser.newPage({ viewport: { width: 800, height: 900 } });
  const console = recordConsole(page);
  await page.goto(`${origin}/`);
  const shown = await page.evaluate((options) => window.apps.showView(options).then(({ uri }) => ({ uri }), (e) => ({ error: e.message })),
    { url: office.url, token, tool, args, theme, locale, approve });
  assert.equal(shown.error, undefined, `the host failed: ${shown.error}\n${console.join('\n')}`);
  const view = page.frameLocator('#view');
  return { page, view, console, uri: shown.uri };
}

async function screenshot(page, name) {
  await page.waitForTimeout(150);  // the iframe takes the height the view reported
  await page.locator('#view').screenshot({ path: `${DOCS}mcp-apps-${name}.png` });
}

// The view's status line once it says `expected` (a string or a pattern); else a failure quoting what it says.
async function statusSays(view, expected) {
  const status = view.locator('#status');
  try {
    await status.filter({ hasText: expected }).waitFor({ timeout: 15_000 });
  } catch {
    assert.fail(`the view's status line says ${JSON.stringify(await status.innerText())}, not ${expected}`);
  }
  return status.innerText();
}

function noViolation(console) {
  const said = console.join('\n');
  assert.doesNotMatch(said, CSP_VIOLATION, said);
  if (process.env.OFFICE_APPS_CONSOLE) process.stderr.write(`${said}\n`);  // the bridge's debug lines, to see a view's messages
  assert.doesNotMatch(said, /pageerror|Uncaught/, said);
  assert.doesNotMatch(said, /Blocked /, said);  // what the iframe's sandbox refused (a form, a popup)
  assert.doesNotMatch(said, /\[ext-apps\]/, said);  // the AppBridge's warnings: a view that broke the handshake
}

test('the availability view renders the week of free slots, and a click books the slot for the chosen customer', async () => {
  const { page, view, console, uri } = await host('list_availability', {});
  assert.equal(uri, 'ui://office/availability');
  // The week: a column per day, the first one today, and free slots to click.
  await view.locator('#grid button').first().waitFor();
  assert.equal(await view.locator('#grid thead th').count(), 8);
  assert.match(await view.locator('#zone').innerText(), /^Times are the office's, in .+; today is \d{4}-\d{2}-\d{2}\.$/);
  assert.ok(await view.locator('#grid button').count() >= 6, 'a week of six slots a day shows at least a day of them');
  await view.locator('#status:empty').waitFor({ timeout: 5_000 });  // "Loading…" gone once the week is there
  await screenshot(page, 'availability-light');
  await page.evaluate(() => window.apps.changeContext({ theme: 'dark' }));
  await view.locator('html[data-theme="dark"]').waitFor();
  await screenshot(page, 'availability-dark');
  // The host's language: Spanish, then Chinese, then back.
  await page.evaluate(() => window.apps.changeContext({ locale: 'es-ES' }));
  await view.getByRole('heading', { name: 'Citas libres' }).waitFor();
  await page.evaluate(() => window.apps.changeContext({ locale: 'zh-CN' }));
  await view.getByRole('heading', { name: '可预约时段' }).waitFor();
  await page.evaluate(() => window.apps.changeContext({ theme: 'light', locale: 'en-US' }));

  // A slot clicked before a customer is chosen books nothing and says why.
  const slot = view.locator('#grid button').first();
  const slotId = Number(await slot.getAttribute('data-slot'));
  await slot.click();
  await view.getByText('Choose the customer first.').waitFor();
  // The customer, completed from find_customer through the host, with the keyboard.
  await view.locator('#who').fill('maria');
  await view.getByRole('button', { name: 'Maria Alvarez <maria@example.com>' }).waitFor();
  await view.locator('#who').press('Enter');
  await view.getByText('Booking for Maria Alvarez (#1)').waitFor();
  await view.locator(`#grid button[data-slot="${slotId}"]`).click();
  await statusSays(view, /^Booked slot \d+ \(.+\) for Maria Alvarez\.$/);
  // The view asked again: the slot is no longer offered. And the office has it booked.
  await view.locator('#grid button').first().waitFor();
  assert.equal(await view.locator(`#grid button[data-slot="${slotId}"]`).count(), 0);
  const booked = (await rowsOf('slots')).find((row) => row.id === slotId);
  assert.equal(booked?.customer_id, 1, JSON.stringify(booked));
  assert.match(booked.booked_by, /apps-test-host/);
  noViolation(console);
  await page.close();
});

test('the invoices view shows exact amounts, and its refund is queued for a caller without the approver right', async () => {
  const { page, view, console, uri } = await host('open_invoices', { customer_id: 1 }, { token: clerk });
  assert.equal(uri, 'ui://office/invoices');
  await view.getByRole('heading', { name: 'Invoices of Maria Alvarez' }).waitFor();
  const cells = await view.locator('#invoices tbody tr').evaluateAll((rows) => rows.map((row) => [...row.cells].slice(0, 5).map((c) => c.textContent)));
  assert.deepEqual(cells, [['#1', '240.00', 'paid', '0.00', '240.00'], ['#2', '80.00', 'open', '0.00', '80.00']]);
  await view.locator('#status:empty').waitFor({ timeout: 5_000 });  // the tool-input's "Loading…" gone with its result
  await screenshot(page, 'invoices-light');
  await page.evaluate(() => window.apps.changeContext({ theme: 'dark' }));
  await view.locator('html[data-theme="dark"]').waitFor();
  await screenshot(page, 'invoices-dark');
  // Spanish digits: the decimal comma, the cents exact.
  await page.evaluate(() => window.apps.changeContext({ theme: 'light', locale: 'es-ES' }));
  await view.getByRole('cell', { name: '240,00' }).first().waitFor();
  await page.evaluate(() => window.apps.changeContext({ locale: 'en-US' }));

  await view.getByRole('button', { name: 'Refund… invoice 2' }).click();
  const said = await statusSays(view, 'Queued for a person at the office');
  assert.match(said, /this caller may not approve refunds/, said);
  // Nothing was refunded; the request waits in the office's queue, made by the clerk.
  const [request] = (await rowsOf('approval_requests', clerk)).filter((row) => row.invoice_id === 2);
  assert.equal(request?.status, 'pending', JSON.stringify(request));
  assert.match(request.client, /clerk/);
  assert.deepEqual(await rowsOf('refunds', clerk), []);
  noViolation(console);
  await page.close();
});

test('for a caller with the approver right the view\'s refund is the form the host shows, and refunds the cents the person gave', async () => {
  const { page, view, console } = await host('open_invoices', { customer_id: 3 }, { token: boss, approve: { amount: 100.05, reason: 'Charged twice' } });
  await view.getByRole('heading', { name: 'Invoices of Priya Nair' }).waitFor();
  await view.getByRole('button', { name: 'Refund… invoice 4' }).click();
  await statusSays(view, /^Refunded 100\.05 of invoice 4 /);
  // The form came to the host's person (elicitation through the host's client), once.
  const asked = await page.evaluate(() => window.asked);
  assert.equal(asked.length, 1, JSON.stringify(asked));
  assert.match(asked[0], /410\.00/);
  // The view read the invoice again: exact cents, in the table and in the office.
  const cells = await view.locator('#invoices tbody tr').evaluateAll((rows) => rows.map((row) => [...row.cells].slice(0, 5).map((c) => c.textContent)));
  assert.deepEqual(cells, [['#4', '410.00', 'open', '100.05', '309.95']]);
  const refunds = (await rowsOf('refunds', boss)).filter((row) => row.invoice_id === 4);
  assert.deepEqual(refunds.map((row) => [row.amount_cents, row.reason]), [[10005, 'Charged twice']]);
  noViolation(console);
  await page.close();
});

test('the lunch view shows the menu and today\'s orders, and orders from the view', async () => {
  const { page, view, console, uri } = await host('order_lunch', { item: 'tortilla', quantity: 1 });
  assert.equal(uri, 'ui://office/lunch');
  // The host's own call (as the model made it) is in today's orders, under the menu.
  await statusSays(view, 'Ordered 1 tortilla.');
  await view.getByRole('cell', { name: 'tortilla' }).waitFor();
  assert.deepEqual(await view.locator('#item option').allInnerTexts(), ['bocadillo', 'tortilla', 'ensalada']);
  await view.locator('#item').selectOption('ensalada');
  await view.locator('#quantity').fill('2');
  await view.locator('#note').fill('sin cebolla');
  await screenshot(page, 'lunch-light');
  await view.getByRole('button', { name: 'Order' }).click();
  await statusSays(view, 'Ordered 2 ensaladas (note: sin cebolla).');
  await view.getByRole('cell', { name: 'ensalada' }).waitFor();
  const orders = await rowsOf('lunch_orders');
  const last = orders[orders.length - 1];
  assert.deepEqual([last.item, last.quantity, last.note], ['ensalada', 2, 'sin cebolla']);
  await page.evaluate(() => window.apps.changeContext({ theme: 'dark' }));
  await view.locator('html[data-theme="dark"]').waitFor();
  await screenshot(page, 'lunch-dark');
  noViolation(console);
  await page.close();
});

test('a view reaching outside its CSP is seen in the console, so a silent console means none did', async () => {
  // The control for noViolation: the same sandbox and CSP, a document that breaks it.
  const page = await browser.newPage();
  const console = recordConsole(page);
  await page.goto(`${origin}/`);
  await page.evaluate(() => {
    const csp = "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'none'";
    const iframe = document.createElement('iframe');
    iframe.setAttribute('sandbox', 'allow-scripts');
    iframe.srcdoc = `<head><meta http-equiv="Content-Security-Policy" content="${csp}"></head>` +
      '<img src="https://example.org/x.png"><script>fetch("http://127.0.0.1:9/").catch(() => {})</script>';
    document.body.append(iframe);
  });
  await page.waitForTimeout(500);
  assert.match(console.join('\n'), CSP_VIOLATION, console.join('\n'));
  await page.close();
});

// What the browser tests share: office-mcp --http on a fresh database with a bearer token, a page
// server on loopback, and headless Chromium (Debian's chromium, driven by playwright-core) whose
// host resolver maps made-up origins to 127.0.0.1, so a page can come from an origin the office
// allows (desk.example.org) or from one it does not (elsewhere.example.org) without any network.
// Not a test file.
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

export const CHROMIUM = process.env.OFFICE_CHROMIUM ?? '/usr/bin/chromium';
const SERVING = /^office-mcp: serving MCP at (http:\/\/\S+)$/m;

/** Resolves with the match once `stream` of `child` has printed `pattern`; rejects when it exits or takes too long. */
function waitFor(child, stream, pattern, what, ms = 15_000) {
  let text = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not start within ${ms} ms:\n${text}`)), ms);
    stream.on('data', (chunk) => {
      text += chunk;
      const found = pattern.exec(text);
      if (found) { clearTimeout(timer); resolve(found); }
    });
    child.once('exit', (code, signal) => { clearTimeout(timer); reject(new Error(`${what} exited (${signal ?? code}):\n${text}`)); });
  });
}

/**
 * office-mcp ($OFFICE_MCP) on 127.0.0.1, a fresh database and one bearer token (profile all).
 * Returns { url, token, db, stderr(), close() }; close() checks that stdout stayed empty
 * (it is the protocol's, and --http writes nothing there).
 */
export async function startOffice(extraArgs = []) {
  const bin = process.env.OFFICE_MCP;
  assert.ok(bin && fs.existsSync(bin), `OFFICE_MCP ('${bin}') is not the office-mcp binary`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'office-mcp-browser-'));
  const db = path.join(dir, 'office.db');
  const env = { PATH: process.env.PATH, HOME: process.env.HOME };
  const token = execFileSync(bin, ['token', 'add', 'browser', '--db', db], { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
  assert.match(token, /^omcp_/, 'office-mcp token add printed no token');
  const child = spawn(bin, ['--http', '127.0.0.1:0', '--db', db, '--drain-delay', '0', ...extraArgs],
    { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  let stdout = '';
  child.stderr.on('data', (chunk) => { stderr += chunk; });
  child.stdout.on('data', (chunk) => { stdout += chunk; });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const [, url] = await waitFor(child, child.stderr, SERVING, `office-mcp ${extraArgs.join(' ')}`);
  return {
    url, token, db, stderr: () => stderr,
    async close() {
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
      assert.equal(stdout, '', 'office-mcp --http wrote on stdout');
    },
  };
}

/** A page server on 127.0.0.1: `routes` maps a path to [content type, body]. Returns { port, close() }. */
export async function startPages(routes) {
  const server = http.createServer((request, response) => {
    const route = routes[new URL(request.url, 'http://x').pathname];
    if (!route) { response.writeHead(404).end(); return; }
    response.writeHead(200, { 'Content-Type': route[0], 'Cache-Control': 'no-store' }).end(route[1]);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: server.address().port, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** Starts a node script that prints `pattern` once listening; returns { match, close() }. */
export async function startScript(script, env, pattern, what) {
  const child = spawn(process.execPath, [script], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr.on('data', (chunk) => { err += chunk; });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const match = await waitFor(child, child.stdout, pattern, what).catch((error) => { throw new Error(`${error.message}\n${err}`); });
  return { match, async close() { child.kill('SIGTERM'); await exited; } };
}

/**
 * Headless Chromium with desk.example.org, elsewhere.example.org and inspector.example.org all
 * resolving to 127.0.0.1. Returns the playwright Browser.
 */
export async function launchChromium() {
  assert.ok(fs.existsSync(CHROMIUM), `${CHROMIUM} is missing: apt-get install chromium (./test.sh installs it)`);
  // playwright gives every launch a fresh --user-data-dir of its own (and refuses one in args).
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync',
      '--host-resolver-rules=MAP desk.example.org 127.0.0.1, MAP elsewhere.example.org 127.0.0.1, MAP inspector.example.org 127.0.0.1'],
  });
}

/** The page's console, kept as "type: text" lines, and its uncaught errors. */
export function recordConsole(page) {
  const lines = [];
  page.on('console', (message) => lines.push(`${message.type()}: ${message.text()}`));
  page.on('pageerror', (error) => lines.push(`pageerror: ${error.message}`));
  return lines;
}

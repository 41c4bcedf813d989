// The MCPB bundle as a desktop host uses it: unpacked and configured with the official MCPB
// library's own host-side code (unpackExtension, getMcpConfigForManifest: variable substitution,
// user_config defaults), then the server started exactly as mcp_config says and asked for its
// tools. $OFFICE_MCPB names the bundle (ctest sets it; the packaging.build test writes it).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';

const AGENT_TOOLS = ['add_customer', 'book_slot', 'cancel_booking', 'find_customer', 'issue_refund', 'list_availability', 'move_booking', 'open_invoices', 'order_lunch'];

// Imported here, not at the top, so a missing install says what to do.
async function mcpbLibrary() {
  try {
    return await import('@anthropic-ai/mcpb');
  } catch (error) {
    throw new Error(`@anthropic-ai/mcpb is not installed in tests/packaging: run \`npm ci --prefix tests/packaging\`, ` +
                    `then re-run cmake (${error.message})`);
  }
}

function bundlePath() {
  const bundle = process.env.OFFICE_MCPB;
  assert.ok(bundle, 'OFFICE_MCPB is not set (ctest sets it to build/packages/office-mcp-<version>-linux-<arch>.mcpb)');
  assert.ok(fs.existsSync(bundle), `${bundle} does not exist: build it with cmake --build build --target mcpb`);
  return bundle;
}

// One JSON-RPC conversation over the child's stdin/stdout, a line per message.
function converse(child) {
  let buffer = '';
  const waiting = new Map();
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk) => {
    buffer += chunk;
    let newline;
    while ((newline = buffer.indexOf('\n')) >= 0) {
      const message = JSON.parse(buffer.slice(0, newline));
      buffer = buffer.slice(newline + 1);
      waiting.get(message.id)?.(message);
      waiting.delete(message.id);
    }
  });
  let next = 1;
  return {
    request(method, params) {
      const id = next++;
      child.stdin.write(JSON.stringify({ jsonrpc: '2.0', id, method, params }) + '\n');
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no answer to ${method} within 10 s`)), 10_000);
        waiting.set(id, (message) => { clearTimeout(timer); resolve(message); });
      });
    },
    notify(method) {
      child.stdin.write(JSON.stringify({ jsonrpc: '2.0', method }) + '\n');
    },
  };
}

// Starts the server the way the host would (command, args, env from the resolved mcp_config, on
// top of the host's environment, here with a scratch HOME) and lists the tools after the
// handshake Claude Desktop makes; then books nothing but looks up a customer, which creates the
// database where the configuration put it.
async function runServer(config, home) {
  const env = { PATH: process.env.PATH, HOME: home, ...config.env };
  const child = spawn(config.command, config.args ?? [], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => { stderr += chunk; });
  const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  try {
    const rpc = converse(child);
    const init = await rpc.request('initialize', {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'claude-ai', version: '0.1.0' },
    });
    assert.equal(init.result?.serverInfo?.name, 'office-mcp', JSON.stringify(init));
    rpc.notify('notifications/initialized');
    const list = await rpc.request('tools/list', {});
    const found = await rpc.request('tools/call', { name: 'find_customer', arguments: { query: 'Maria' } });
    child.stdin.end();
    assert.equal(await exited, 0, `the server did not exit cleanly: ${stderr}`);
    return { init: init.result, tools: list.result.tools, found: found.result };
  } finally {
    child.kill();
  }
}

let mcpb;
let scratch;
let extensionPath;
let manifest;
before(async () => {
  mcpb = await mcpbLibrary();
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'office-mcpb-'));
  extensionPath = path.join(scratch, 'Claude Extensions', 'office-mcp');
  assert.equal(await mcpb.unpackExtension({ mcpbPath: bundlePath(), outputDir: extensionPath, silent: true }), true);
  manifest = JSON.parse(fs.readFileSync(path.join(extensionPath, 'manifest.json'), 'utf8'));
});
after(() => scratch && fs.rmSync(scratch, { recursive: true, force: true }));

function systemDirs(home) {
  return { HOME: home, DESKTOP: path.join(home, 'Desktop'), DOCUMENTS: path.join(home, 'Documents'),
           DOWNLOADS: path.join(home, 'Downloads') };
}

async function hostConfig(home, userConfig) {
  return mcpb.getMcpConfigForManifest({ manifest, extensionPath, systemDirs: systemDirs(home), userConfig,
                                        pathSeparator: '/' });
}

test('the unpacked server is the entry point, executable, and mcp_config starts it through ${__dirname}', async () => {
  const entry = path.join(extensionPath, manifest.server.entry_point);
  assert.equal(manifest.server.type, 'binary');
  assert.equal(manifest.server.mcp_config.command, '${__dirname}/' + manifest.server.entry_point);
  assert.ok(fs.statSync(entry).mode & 0o100, `${entry} lost its executable bit in the bundle`);
  const config = await hostConfig(path.join(scratch, 'home-a'), {});
  assert.equal(config.command, entry);
});

test('with the default settings the server lists the agent tools and keeps the office in ~/.local/share', async () => {
  const home = path.join(scratch, 'home-default');
  fs.mkdirSync(home);
  const config = await hostConfig(home, {});
  assert.ok(!JSON.stringify(config).includes('${'), `a variable was left unsubstituted: ${JSON.stringify(config)}`);
  const { init, tools, found } = await runServer(config, home);
  assert.deepEqual(tools.map((t) => t.name).sort(), AGENT_TOOLS);
  assert.deepEqual(manifest.tools.map((t) => t.name).sort(), AGENT_TOOLS);
  assert.equal(init.serverInfo.version, manifest.version);
  assert.match(found.content[0].text, /Maria Alvarez/);
  assert.ok(fs.existsSync(path.join(home, '.local/share/office-mcp/office.db')), 'the database is not in ~/.local/share/office-mcp');
});

test('a database chosen in the settings is where the server keeps the office', async () => {
  const home = path.join(scratch, 'home-chosen');
  fs.mkdirSync(home);
  const chosen = path.join(scratch, 'chosen', 'office.db');
  const config = await hostConfig(home, { database: chosen });
  const { tools } = await runServer(config, home);
  assert.equal(tools.length, AGENT_TOOLS.length);
  assert.ok(fs.existsSync(chosen), `the database is not at ${chosen}`);
  assert.ok(!fs.existsSync(path.join(home, '.local/share/office-mcp/office.db')), 'the default database was created too');
});

test('the manifest lists each tool with the description the server gives it', async () => {
  const home = path.join(scratch, 'home-descriptions');
  fs.mkdirSync(home);
  const { tools } = await runServer(await hostConfig(home, {}), home);
  for (const tool of tools) {
    assert.deepEqual(manifest.tools.find((t) => t.name === tool.name), { name: tool.name, description: tool.description });
  }
});

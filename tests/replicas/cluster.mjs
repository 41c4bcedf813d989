// The replica tests' plumbing: an office database on the chosen backend, tokens shared by every
// replica, N `office-mcp --http` replicas behind HAProxy (started by the office-replicas driver,
// office_replicas.cpp), 2026-07-28 stateless calls through the balancer, and the database read
// back through `office-mcp audit` / `approvals list` (commands that work on every backend).
// Not a test file (node --test skips it).
//
// The backend is one parameter: OFFICE_REPLICAS_BACKEND (default sqlite) picks an entry of
// BACKENDS, which says which binary serves the office and how a fresh database is named.
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

function executable(variable, hint) {
  const file = process.env[variable];
  if (!file) throw new Error(`${variable} is not set (${hint}); ctest sets it: ctest --test-dir build -R replicas`);
  try {
    fs.accessSync(file, fs.constants.X_OK);
  } catch {
    throw new Error(`${variable}=${file} is not an executable file; build it first (cmake --build build)`);
  }
  return path.resolve(file);
}

/**
 * Where the office lives. `fresh(dir)` makes a new, empty database for one test and returns
 * { db: what --db takes, remove() } (`office-mcp db init` then creates and seeds it).
 */
export const BACKENDS = {
  sqlite: {
    name: 'SQLite (one file shared by the replicas)',
    binary: () => executable('OFFICE_MCP', 'the office-mcp binary'),
    fresh: (dir) => ({ db: path.join(dir, 'office.db'), remove() {} }),
  },
  // The test server of the ctest fixture `postgres` (tests/postgres/start.sh): its Unix socket
  // is in OFFICE_TEST_POSTGRES; each test gets a database of its own, dropped at the end.
  postgresql: {
    name: 'PostgreSQL',
    binary: () => executable('OFFICE_MCP_PG', 'the office-mcp-pg binary'),
    fresh: () => {
      const socket = process.env.OFFICE_TEST_POSTGRES;
      if (!socket) throw new Error('OFFICE_TEST_POSTGRES (the test server\'s socket directory) is not set; ctest sets it');
      const uri = (database) => `postgresql:///${database}?host=${encodeURIComponent(socket)}&user=postgres`;
      const admin = (sql) => execFileSync('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', uri('postgres'), '-c', sql],
        { env: minimalEnvironment(), stdio: ['ignore', 'ignore', 'pipe'] });
      const name = `replicas_${process.pid}_${randomBytes(4).toString('hex')}`;
      admin(`CREATE DATABASE ${name}`);
      return { db: uri(name), remove: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
    },
  },
};

export function backend() {
  const key = process.env.OFFICE_REPLICAS_BACKEND ?? 'sqlite';
  const found = BACKENDS[key];
  if (!found) throw new Error(`OFFICE_REPLICAS_BACKEND=${key}: no such backend (${Object.keys(BACKENDS).join(', ')})`);
  return found;
}

/** What a client says about itself in a 2026-07-28 request's _meta. */
export function meta(client, capabilities) {
  return {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientCapabilities': capabilities,
    'io.modelcontextprotocol/clientInfo': { name: client, version: '1.0' },
  };
}

const SERVING = /^office-replicas: serving MCP at (http:\/\/\S+)$/m;
const REPLICA = /^office-replicas: replica (\d+) pid (\d+) serves (\S+), log (\S+)$/gm;

function minimalEnvironment() {
  const env = {};
  for (const key of ['HOME', 'PATH', 'LANG', 'TMPDIR', 'USER', 'LOGNAME', 'HAPROXY']) {
    if (process.env[key] !== undefined) env[key] = process.env[key];
  }
  return env;
}

/**
 * A fresh office (database and tokens file in a new temp dir, one token per name in `callers`)
 * served by `replicas` replicas behind HAProxy (`database`: { db, remove() } instead of the
 * backend's fresh one; `serverArgs`: more options for every replica; `frontendRules`: a file of lines
 * for HAProxy's frontend, office-replicas --frontend-rules). Returns:
 *   url                the balancer's MCP endpoint
 *   tokens             { caller name: bearer token }
 *   replicas           [{ index, pid, url, log, requests() }]: requests() = the replica's "request" log events
 *   haproxyLog()       HAProxy's log (one line per request, naming the replica that served it)
 *   office(...args)    runs `office-mcp ARGS --db DB` to completion, returns its stdout
 *   roll()             a rolling restart (office-replicas' SIGUSR1): resolves with what the driver said of
 *                      each replica once it is done, rejects when it failed
 *   stop()             stops HAProxy and the replicas; asserts every replica still running stopped cleanly;
 *                      removes the temp dir unless OFFICE_REPLICAS_KEEP is set (then it names it)
 */
export async function startOffice({ replicas = 3, callers = ['alice'], startupMs = 60_000, serverArgs = [], database: given,
  frontendRules } = {}) {
  const store = backend();
  const binary = store.binary();
  const driver = executable('OFFICE_REPLICAS', 'the office-replicas driver');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'office-mcp-replicas-'));
  const database = given ?? store.fresh(dir);
  const db = database.db;
  const tokensFile = path.join(dir, 'office.tokens');
  // (maxBuffer: the audit of a load test runs to megabytes.)
  const office = (...args) => execFileSync(binary, [...args, '--db', db],
    { env: minimalEnvironment(), encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 30 });
  const removeDir = () => {
    if (process.env.OFFICE_REPLICAS_KEEP) {
      console.error(`office-mcp-replicas: kept ${dir} and the database ${db}`);
      return;
    }
    fs.rmSync(dir, { recursive: true, force: true });
    database.remove();
  };
  const tokens = {};
  try {
    office('db', 'init');
    for (const name of callers) {
      // Approvers: these callers are the person in the loop, answering the refund forms they get
      // (office-mcp hands the form to an approver only; anyone else's refund is queued).
      tokens[name] = execFileSync(binary, ['token', 'add', name, '--approver', '--tokens', tokensFile],
        { env: minimalEnvironment(), encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
      assert.match(tokens[name], /^omcp_/, `token add ${name} printed ${tokens[name]}`);
    }
  } catch (error) {
    removeDir();
    throw error;
  }

  const args = ['--replicas', String(replicas), '--dir', path.join(dir, 'run'),
    ...(frontendRules ? ['--frontend-rules', frontendRules] : []), '--',
    binary, '--http', '127.0.0.1:0', '--db', db, '--tokens', tokensFile, ...serverArgs];
  const child = spawn(driver, args, { env: minimalEnvironment(), stdio: ['ignore', 'ignore', 'pipe'] });
  let said = '';
  child.stderr.on('data', (chunk) => { said += chunk; });
  let exit = null;
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => { exit = { code, signal }; resolve(exit); }));
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`office-replicas did not serve within ${startupMs} ms; it said:\n${said}`));
    }, startupMs);
    child.stderr.on('data', () => {
      const found = SERVING.exec(said);
      if (found) { clearTimeout(timer); resolve(found[1]); }
    });
    exited.then(() => { clearTimeout(timer); reject(new Error(`office-replicas exited (${exit.signal ?? exit.code}) before serving:\n${said}`)); });
  }).catch(async (error) => {
    await exited;
    removeDir();
    throw error;
  });
  const readEvents = (log) => fs.readFileSync(log, 'utf8').split('\n').flatMap((line) => {
    try {
      const event = JSON.parse(line);
      return event?.event === 'request' ? [event] : [];
    } catch {
      return [];
    }
  });
  const started = [...said.matchAll(REPLICA)].map(([, index, pid, replicaUrl, log]) => ({
    index: Number(index), pid: Number(pid), url: replicaUrl, log, requests: () => readEvents(log),
  }));
  assert.equal(started.length, replicas, said);

  return {
    url, tokens, replicas: started, db, dir,
    office,
    said: () => said,
    haproxyLog: () => fs.readFileSync(path.join(dir, 'run', 'haproxy.log'), 'utf8'),
    logs() {
      return started.map((replica) => `--- replica ${replica.index} (pid ${replica.pid}), last lines:\n` +
        fs.readFileSync(replica.log, 'utf8').trimEnd().split('\n').slice(-15).join('\n')).join('\n');
    },
    async roll({ timeoutMs = 120_000 } = {}) {
      const from = said.length;
      child.kill('SIGUSR1');
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const since = said.slice(from);
        if (/^office-replicas: rolling restart done$/m.test(since)) return [...since.matchAll(/^office-replicas: rolled .*$/gm)].map((m) => m[0]);
        if (exit !== null) throw new Error(`office-replicas exited (${exit.signal ?? exit.code}) during the rolling restart:\n${since}`);
        if (Date.now() > deadline) throw new Error(`no rolling restart within ${timeoutMs} ms:\n${since}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async stop() {
      if (exit === null) child.kill('SIGTERM');
      await exited;
      try {
        assert.equal(exit.code, 0, `office-replicas exited ${exit.signal ?? exit.code} when stopped; it said:\n${said}`);
      } finally {
        removeDir();
      }
    },
  };
}

/**
 * A 2026-07-28 client calling through the balancer: every call one stateless POST, with the
 * headers the spec wants mirrored, its bearer token and `elicitation` declared when `canElicit`.
 * `call` returns { status, body, text, headers } (body: the parsed JSON-RPC reply, or null;
 * headers: by lowercased name); it throws when the
 * connection fails (a reset, a refused connect), as fetch does.
 */
export function statelessClient(url, { name, token, canElicit = false }) {
  let id = 0;
  const capabilities = canElicit ? { elicitation: { form: {} } } : {};
  return {
    name,
    async call(tool, args, extra = {}, headers = {}) {
      const body = {
        jsonrpc: '2.0', id: ++id, method: 'tools/call',
        params: { name: tool, arguments: args, ...extra, _meta: meta(name, capabilities) },
      };
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
          'MCP-Protocol-Version': '2026-07-28',
          'Mcp-Method': 'tools/call',
          'Mcp-Name': tool,
          Authorization: `Bearer ${token}`,
          ...headers,
        },
        body: JSON.stringify(body),
      });
      const text = await response.text();
      let reply = null;
      try {
        reply = JSON.parse(text);
      } catch {
        reply = null;
      }
      return { status: response.status, body: reply, text, headers: Object.fromEntries(response.headers) };
    },
  };
}

/**
 * A 2025-11-25 client through the balancer: `initialize` opens a session in one replica (HAProxy
 * sticks its Mcp-Session-Id there), then every call names it. `call` returns { status, body, text }
 * like statelessClient's (a JSON reply; this client declares no elicitation, so nothing streams);
 * `open()` (again) starts a new session, as a client must after a 404 for its session.
 */
export function sessionClient(url, { name, token }) {
  let id = 0;
  let session = null;
  const post = async (message, withSession = true) => {
    const headers = {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      Authorization: `Bearer ${token}`,
    };
    if (withSession && session) {
      headers['Mcp-Session-Id'] = session;
      headers['MCP-Protocol-Version'] = '2025-11-25';
    }
    const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(message) });
    const text = await response.text();
    let body = null;
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
    return { status: response.status, body, text, session: response.headers.get('mcp-session-id') };
  };
  return {
    name,
    async open() {
      session = null;
      const opened = await post({
        jsonrpc: '2.0', id: ++id, method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name, version: '1.0' } },
      }, false);
      assert.equal(opened.status, 200, `initialize: HTTP ${opened.status}: ${opened.text}`);
      session = opened.session;
      const initialized = await post({ jsonrpc: '2.0', method: 'notifications/initialized' });
      assert.equal(initialized.status, 202, `notifications/initialized: HTTP ${initialized.status}: ${initialized.text}`);
    },
    call(tool, args) {
      return post({ jsonrpc: '2.0', id: ++id, method: 'tools/call', params: { name: tool, arguments: args } });
    },
  };
}

/** A call's tool result, asserting the call was a 200 with a JSON-RPC result. */
export function resultOf(answer, what) {
  assert.equal(answer.status, 200, `${what}: HTTP ${answer.status}: ${answer.text}`);
  assert.ok(answer.body?.result, `${what}: no result: ${answer.text}`);
  return answer.body.result;
}

export function textOf(result) {
  return (result.content ?? []).filter((block) => block.type === 'text').map((block) => block.text).join('\n');
}

/**
 * A table the office-mcp commands print (columns padded to their widest cell, a header row
 * naming them) as objects keyed by the lowercased column names; [] for `empty`.
 */
function tableRows(text, columns, empty) {
  const lines = text.split('\n').filter((line) => line.length > 0);
  if (lines.length === 0 || lines[0] === empty) return [];
  const header = lines[0];
  const starts = columns.map((column) => header.indexOf(column));
  assert.ok(starts.every((at, i) => at >= 0 && (i === 0 || at > starts[i - 1])), `header: ${header}`);
  return lines.slice(1).map((line) => Object.fromEntries(columns.map((column, i) =>
    [column.toLowerCase(), line.slice(starts[i], i + 1 < starts.length ? starts[i + 1] : undefined).trim()])));
}

/** `office-mcp audit` as rows: { time, client, era, action, subject: 'invoice', id: 4, detail, trace }. */
export function auditRows(office) {
  return tableRows(office('audit'), ['TIME', 'CLIENT', 'ERA', 'ACTION', 'SUBJECT', 'DETAIL', 'TRACE'], 'No audit entries.')
    .map((row) => {
      const [subject, id] = row.subject.split(' ');
      return { ...row, subject, id: Number(id) };
    });
}

/** `office-mcp approvals list` as rows: { id: 1, invoice: 4, status, client, created, resolved_by }. */
export function approvalRows(office) {
  return tableRows(office('approvals', 'list'), ['ID', 'INVOICE', 'STATUS', 'CLIENT', 'CREATED', 'RESOLVED_BY'],
    'No approval requests.')
    .map((row) => ({ ...row, id: Number(row.id.replace('#', '')), invoice: Number(row.invoice.replace('invoice ', '')) }));
}

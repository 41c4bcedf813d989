// Shared plumbing for the interop tests: where the office-mcp binary is, a fresh database per
// server process, a tap that records every JSON-RPC message on the wire, and the facts about the
// seeded office that both SDK clients must observe. Not a test file (node --test skips it).
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/client/validators/ajv';

/** The office-mcp executable under test, from $OFFICE_MCP. Throws a clear error when it is missing. */
export function officeMcpBinary() {
  const bin = process.env.OFFICE_MCP;
  if (!bin) {
    throw new Error(
      'OFFICE_MCP is not set. Point it at the office-mcp binary, e.g.\n' +
        '  OFFICE_MCP=$PWD/build/stdio_server/office-mcp node --test tests/interop/\n' +
        '(ctest sets it for you: ctest --test-dir build -R interop)');
  }
  try {
    fs.accessSync(bin, fs.constants.X_OK);
  } catch {
    throw new Error(`OFFICE_MCP=${bin} is not an executable file. Build it first: cmake --build build --target office-mcp`);
  }
  return path.resolve(bin);
}

/** A new temporary folder holding nothing yet; `db` is the database path to pass with --db. */
export function freshDatabase() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'office-mcp-interop-'));
  return {
    dir,
    db: path.join(dir, 'office.db'),
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * Parameters for the SDKs' StdioClientTransport: the real binary on a fresh database, stderr piped
 * (kept for diagnostics, not shown) and only a minimal environment, so that a developer's
 * OFFICE_MCP_DB or OFFICE_MCP_STATE_KEYS cannot leak into the run.
 */
export function serverParameters(db, extraArgs = []) {
  return { command: officeMcpBinary(), args: ['--db', db, ...extraArgs], env: minimalEnvironment(), stderr: 'pipe' };
}

export function minimalEnvironment() {
  const env = {};
  for (const key of ['HOME', 'PATH', 'LANG', 'TMPDIR', 'USER', 'LOGNAME', 'SHELL', 'TERM']) {
    if (process.env[key] !== undefined) env[key] = process.env[key];
  }
  return env;
}

// ------------------------------------------------------------------------------------------------
// office-mcp --http: a server process per call, on a port the kernel picks.

/** A fresh OFFICE_MCP_STATE_KEYS value (one 32-byte key, hex): share it between replicas. */
export function freshStateKeys() {
  return randomBytes(32).toString('hex');
}

const SERVING = /^office-mcp: serving MCP at (https?:\/\/\S+)$/m;

/**
 * A throwaway PKI made by tests/http/make-test-certs.sh (the openssl command) in a new temporary
 * folder: `ca` the root to trust, `cert`/`key` the server's (127.0.0.1 and localhost; the cert
 * file holds the chain). Throws, saying why, when openssl is missing.
 */
export function makeTestCerts() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'office-mcp-interop-certs-'));
  const script = path.join(path.dirname(new URL(import.meta.url).pathname), '..', 'http', 'make-test-certs.sh');
  execFileSync(script, [dir], { stdio: ['ignore', 'ignore', 'pipe'] });
  return {
    ca: path.join(dir, 'ca.pem'),
    cert: path.join(dir, 'one.pem'),
    key: path.join(dir, 'one.key'),
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * Starts `office-mcp --http 127.0.0.1:0 --db DB --log-file LOG` and waits for the one line on
 * stderr that names its URL. `stateKeys` sets OFFICE_MCP_STATE_KEYS (replicas must share it);
 * `tls` ({ cert, key }, e.g. from makeTestCerts) serves https with --tls-cert and --tls-key.
 * The log goes to a file, not to the stderr pipe: the server writes a request's line before its
 * reply leaves, so once a client has a reply the file holds its line, whereas a pipe's data may
 * reach this process after the reply's (the two are separate descriptors). Returns:
 *   url          the MCP endpoint, http://127.0.0.1:PORT/mcp (https:// with `tls`)
 *   stderr()     everything the server wrote so far: its stderr, then its log
 *   requests()   the log's "request" events (one JSON object per line), to see who served what
 *   stop()       SIGTERM, then checks that the server exited by itself (status 0, or the signal
 *                it was sent), never wrote a byte on stdout, and never died before it was asked to
 */
export async function startHttpServer({ db, stateKeys, extraArgs = [], startupMs = 10_000, tls }) {
  const env = minimalEnvironment();
  if (stateKeys) env.OFFICE_MCP_STATE_KEYS = stateKeys;
  // No drain delay (tests/replicas/roll.test.mjs tests the drain): stop() ends it at once.
  const log = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'office-mcp-interop-log-')), 'office-mcp.log');
  const args = ['--http', '127.0.0.1:0', '--db', db, '--drain-delay', '0', '--log-file', log,
    ...(tls ? ['--tls-cert', tls.cert, '--tls-key', tls.key] : []), ...extraArgs];
  const child = spawn(officeMcpBinary(), args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const stderrChunks = [];
  let stdout = '';
  child.stderr.on('data', (chunk) => stderrChunks.push(chunk));
  child.stdout.on('data', (chunk) => { stdout += chunk; });
  const readLog = () => (fs.existsSync(log) ? fs.readFileSync(log, 'utf8') : '');
  const stderr = () => Buffer.concat(stderrChunks).toString('utf8') + readLog();
  let exit = null;
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => { exit = { code, signal }; resolve(exit); }));
  const describeExit = () => `office-mcp ${args.join(' ')} exited (${exit.signal ?? `status ${exit.code}`})`;

  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`office-mcp ${args.join(' ')} did not say where it serves within ${startupMs} ms; stderr:\n${stderr()}`));
    }, startupMs);
    const look = () => {
      const found = SERVING.exec(stderr());
      if (found) { clearTimeout(timer); resolve(found[1]); }
    };
    child.stderr.on('data', look);
    child.on('error', (error) => { clearTimeout(timer); reject(error); });
    exited.then(() => { clearTimeout(timer); reject(new Error(`${describeExit()} before serving; stderr:\n${stderr()}`)); });
  });
  assert.match(url, tls ? /^https:\/\/127\.0\.0\.1:[1-9][0-9]*\/mcp$/ : /^http:\/\/127\.0\.0\.1:[1-9][0-9]*\/mcp$/,
    'the announced URL');

  return {
    url,
    stderr,
    requests: () => readLog().split('\n').flatMap((line) => {
      try {
        const event = JSON.parse(line);
        return event?.event === 'request' ? [event] : [];
      } catch {
        return [];
      }
    }),
    async stop() {
      assert.equal(exit, null, `${exit && describeExit()} before the test stopped it; stderr:\n${stderr()}`);
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
      assert.ok(exit.code === 0 || exit.signal === 'SIGTERM',
        `${describeExit()} when sent SIGTERM; expected status 0; stderr:\n${stderr()}`);
      assert.equal(stdout, '', 'stdout of office-mcp --http must stay empty');
      fs.rmSync(path.dirname(log), { recursive: true, force: true });  // kept when a check above failed
    },
  };
}

/**
 * A `test` that adds the last lines of the servers' stderr to the report when it fails, so
 * that a failure over HTTP comes with what the server logged.
 */
export function testShowingLogs(servers) {
  return (name, options, fn) => {
    if (typeof options === 'function') [options, fn] = [{}, options];
    return test(name, options, async (t) => {
      try {
        await fn(t);
      } catch (error) {
        for (const [label, server] of Object.entries(servers())) {
          t.diagnostic(`stderr of ${label} (last 40 lines):`);
          for (const line of (server?.stderr() ?? '').trimEnd().split('\n').slice(-40)) t.diagnostic(line);
        }
        throw error;
      }
    });
  };
}

/**
 * A fetch for the SDK transports that sends each request to one of several servers: `route`
 * gets the request (its parsed JSON body, or null) and returns the index of the URL to use. It
 * counts what each server received, in `routed` (index, method, tool name, requestState present).
 */
export function routingFetch(urls, route) {
  const routed = [];
  const fetchLike = (input, init = {}) => {
    let body = null;
    try {
      body = typeof init.body === 'string' ? JSON.parse(init.body) : null;
    } catch {
      body = null;
    }
    const to = route(body, init);
    routed.push({
      to, httpMethod: init.method ?? 'GET', method: body?.method, tool: body?.params?.name,
      withState: body?.params?.requestState !== undefined,
    });
    const target = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    const chosen = new URL(urls[to]);
    target.host = chosen.host;
    return fetch(target, init);
  };
  return { fetch: fetchLike, routed };
}

/**
 * Records every message the client sends and receives on `transport`. Both SDKs chain an
 * onmessage handler that was set before connect(), so nothing about the client changes.
 */
export function tapTransport(transport) {
  const wire = [];
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    wire.push({ dir: 'out', message: structuredClone(message) });
    return send(message, options);
  };
  transport.onmessage = (message) => {
    wire.push({ dir: 'in', message: structuredClone(message) });
  };
  return wire;
}

/** Collects the server's stderr (useful when a test fails: pass it to t.diagnostic). */
export function collectStderr(transport) {
  const chunks = [];
  transport.stderr?.on('data', (chunk) => chunks.push(chunk));
  return () => Buffer.concat(chunks).toString('utf8');
}

/** The text blocks of a CallToolResult, joined with newlines. */
export function textOf(result) {
  return (result.content ?? [])
    .filter((block) => block.type === 'text')
    .map((block) => block.text)
    .join('\n');
}

/** Books `slotId` for customer 1 through `client` on `transport` (another office-mcp process on
 *  the same database), then disconnects it: the change a resource watcher hears about, or not. */
export async function bookSlotElsewhere(client, transport, slotId = 5) {
  await client.connect(transport);
  try {
    const booked = await client.callTool({ name: 'book_slot', arguments: { slot_id: slotId, customer_id: 1 } });
    assert.notEqual(booked.isError, true, textOf(booked));
  } finally {
    await client.close();
  }
}

/** Waits up to 5 s for the first entry of `updates`, then 1.2 s more: a second change poll
 *  (every 500 ms) must not repeat it. */
export async function settledUpdates(updates) {
  const deadline = Date.now() + 5000;
  while (updates.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  await new Promise((r) => setTimeout(r, 1200));
  return updates;
}

/** The response line the server sent for the request `id` that the client sent, from a tap. */
export function responseTo(wire, request) {
  const found = wire.find(
    (entry) => entry.dir === 'in' && entry.message.id === request.id && !('method' in entry.message));
  assert.ok(found, `no response on the wire to request ${JSON.stringify(request.id)}`);
  return found.message;
}

/** The client's outgoing requests for `method`, in order, from a tap. */
export function sentRequests(wire, method) {
  return wire.filter((entry) => entry.dir === 'out' && entry.message.method === method).map((entry) => entry.message);
}

// ------------------------------------------------------------------------------------------------
// What the seeded office looks like (docs/design.md section 5) and what the server promises.

export const TOOL_NAMES = [
  'find_customer', 'list_availability', 'book_slot', 'open_invoices', 'issue_refund', 'order_lunch', 'add_customer',
  'cancel_booking', 'move_booking',
];

export const BAD_LUNCH_ARGUMENTS = { item: 'sopa', quantity: 9, colour: 'rojo' };
export const BAD_LUNCH_SENTENCE =
  'order_lunch was not run: item: must be one of bocadillo, tortilla, ensalada; ' +
  'quantity: must be between 1 and 5; colour: is not an allowed argument';

export const REFUND_ANSWER = { amount: 80, reason: 'Double charge' };

/** The approval form the server must show for refunding invoice 2 (the brief, "issue_refund"). */
export function assertRefundQuestionForInvoice2(params) {
  assert.ok(params.mode === undefined || params.mode === 'form', `mode should be "form", got ${params.mode}`);
  assert.ok(params.message.startsWith('Refund invoice 2 (Maria Alvarez, open, 80.00)?'),
    `unexpected message: ${params.message}`);
  const schema = params.requestedSchema;
  assert.equal(schema.type, 'object');
  assert.deepEqual([...schema.required].sort(), ['amount', 'reason']);
  assert.equal(schema.properties.amount.type, 'number');
  assert.equal(schema.properties.amount.minimum, 0.01);
  assert.equal(schema.properties.amount.maximum, 80);
  assert.equal(schema.properties.reason.type, 'string');
  assert.equal(schema.properties.reason.minLength, 3);
  assert.equal(schema.properties.reason.maxLength, 200);
  for (const field of ['amount', 'reason']) {
    assert.equal(typeof schema.properties[field].title, 'string', `${field} should have a title`);
    assert.equal(typeof schema.properties[field].description, 'string', `${field} should have a description`);
  }
}

/**
 * The tool list: the six tools, their argument schemas (docs/design.md section 5) and their hints:
 * read-only tools say so; book_slot and order_lunch write but destroy nothing; issue_refund is
 * destructive (explicitly, or by the spec's default destructiveHint=true).
 */
export function assertToolCatalogue(tools) {
  assert.deepEqual(tools.map((tool) => tool.name).sort(), [...TOOL_NAMES].sort());
  const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));

  const expectedArguments = {
    find_customer: { required: ['query'], properties: { query: { type: 'string', minLength: 1, maxLength: 100 } } },
    list_availability: { required: [], properties: { day: { type: 'string' }, from: { type: 'string' }, to: { type: 'string' } } },
    book_slot: {
      required: ['customer_id', 'slot_id'],
      properties: { slot_id: { type: 'integer', minimum: 1 }, customer_id: { type: 'integer', minimum: 1 } },
    },
    open_invoices: { required: ['customer_id'], properties: { customer_id: { type: 'integer', minimum: 1 } } },
    issue_refund: { required: ['invoice_id'], properties: { invoice_id: { type: 'integer', minimum: 1 } } },
    cancel_booking: { required: ['slot_id'], properties: { slot_id: { type: 'integer', minimum: 1 } } },
    move_booking: {
      required: ['slot_id', 'to_slot_id'],
      properties: { slot_id: { type: 'integer', minimum: 1 }, to_slot_id: { type: 'integer', minimum: 1 } },
    },
    add_customer: {
      required: ['email', 'name'],
      properties: { name: { type: 'string', minLength: 1, maxLength: 100 }, email: { type: 'string', minLength: 3, maxLength: 254 } },
    },
    order_lunch: {
      required: ['item', 'quantity'],
      properties: {
        item: { enum: ['bocadillo', 'tortilla', 'ensalada'] },
        quantity: { type: 'integer', minimum: 1, maximum: 5 },
        note: { type: 'string', maxLength: 20 },
      },
    },
  };
  for (const [name, expected] of Object.entries(expectedArguments)) {
    const schema = byName[name].inputSchema;
    assert.equal(schema.type, 'object', `${name}: inputSchema.type`);
    if (schema.$schema !== undefined) {
      assert.equal(schema.$schema, 'https://json-schema.org/draft/2020-12/schema', `${name}: inputSchema.$schema`);
    }
    assert.deepEqual(Object.keys(schema.properties).sort(), Object.keys(expected.properties).sort(),
      `${name}: argument names`);
    assert.deepEqual([...(schema.required ?? [])].sort(), expected.required, `${name}: required arguments`);
    for (const [argument, keywords] of Object.entries(expected.properties)) {
      for (const [keyword, value] of Object.entries(keywords)) {
        assert.deepEqual(schema.properties[argument][keyword], value, `${name}.${argument}: ${keyword}`);
      }
    }
    assert.equal(typeof byName[name].description, 'string', `${name}: description`);
    assert.ok(byName[name].description.length > 20, `${name}: the description should tell a model what it does`);
  }
  assert.equal(byName.order_lunch.inputSchema.additionalProperties, false,
    'order_lunch: the schema should say that no other arguments are allowed');
  assert.ok(['string', undefined].includes(byName.order_lunch.inputSchema.properties.item.type));

  for (const name of ['find_customer', 'list_availability', 'open_invoices']) {
    assert.equal(byName[name].annotations?.readOnlyHint, true, `${name}: readOnlyHint`);
  }
  for (const name of ['book_slot', 'order_lunch']) {
    assert.notEqual(byName[name].annotations?.readOnlyHint, true, `${name}: readOnlyHint`);
    assert.equal(byName[name].annotations?.destructiveHint, false, `${name}: destructiveHint`);
  }
  assert.ok(byName.issue_refund.annotations, 'issue_refund: annotations');
  assert.notEqual(byName.issue_refund.annotations.readOnlyHint, true, 'issue_refund: readOnlyHint');
  assert.notEqual(byName.issue_refund.annotations.destructiveHint, false, 'issue_refund: destructiveHint');
}

const schemaValidator = new AjvJsonSchemaValidator();

/**
 * A result's structuredContent must conform to the tool's outputSchema, error results included:
 * the spec (2025-06-18 and later, server/tools "Output Schema") says servers MUST, with no
 * exception for isError. The v1 SDK client enforces it itself; the v2 client skips error results.
 */
export function assertStructuredContentConforms(tool, result) {
  if (!tool?.outputSchema || result.structuredContent === undefined) return;
  const verdict = schemaValidator.getValidator(tool.outputSchema)(result.structuredContent);
  assert.ok(verdict.valid,
    `${tool.name}: structuredContent ${JSON.stringify(result.structuredContent)} does not conform to its ` +
    `outputSchema (${verdict.errorMessage})${result.isError ? ' (on an isError result)' : ''}`);
}

/** Compiles every input and output schema with a JSON Schema 2020-12 validator. */
export function assertSchemasCompile(tools) {
  for (const tool of tools) {
    for (const key of ['inputSchema', 'outputSchema']) {
      if (tool[key] === undefined) continue;
      assert.doesNotThrow(() => schemaValidator.getValidator(tool[key]), `${tool.name}.${key} does not compile`);
    }
  }
}

/** Text of a "was not run" result for `tool`, with its problems listed in order of `argumentsInOrder`. */
export function assertNotRun(result, tool, argumentsInOrder) {
  assert.equal(result.isError, true, `${tool}: expected an isError result, got ${JSON.stringify(result)}`);
  const text = textOf(result);
  assert.ok(text.startsWith(`${tool} was not run: `), `unexpected text: ${text}`);
  let from = 0;
  for (const argument of argumentsInOrder) {
    const at = text.indexOf(`${argument}: `, from);
    assert.ok(at >= from, `"${text}" should name ${argument} (after position ${from})`);
    from = at + argument.length;
  }
  return text;
}

/** The invoices of open_invoices' structured content, keyed by invoice id. */
export function invoicesById(result) {
  assert.notEqual(result.isError, true, textOf(result));
  const structured = result.structuredContent;
  assert.ok(structured && Array.isArray(structured.invoices), `no structured invoices: ${JSON.stringify(result)}`);
  return Object.fromEntries(structured.invoices.map((invoice) => [invoice.invoice_id, invoice]));
}

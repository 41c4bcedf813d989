// What the office-only OAuth tests (office-refusals.test.mjs, office-approver.test.mjs, and the
// audit check in sdk-oauth.test.mjs) send to office-mcp and read back, raw, so that every status,
// header and log line is seen exactly as office-mcp wrote it:
//   - post(): one POST to /mcp with a bearer token, the answer as { status, headers, text, body }
//     (body: the JSON-RPC message, parsed also from a one-event SSE stream)
//   - modern(): one stateless 2026-07-28 request (the _meta envelope, and the MCP-Protocol-Version,
//     Mcp-Method and Mcp-Name headers mirrored from it)
//   - openSession(): a 2025-11-25 session (initialize, notifications/initialized) and requests in it
//   - challengeFor(): the exact WWW-Authenticate office-mcp owes (core/http/http_auth.cpp challenge)
//   - assertRefused(): status, WWW-Authenticate, body, the "refused" log line, and no token in the log
//   - table(): the rows of `office-mcp audit` and `office-mcp approvals list` (core/support/text_table.h)
// Not a test file.
import assert from 'node:assert/strict';

export const MODERN = '2026-07-28';
export const LEGACY = '2025-11-25';
export const OFFICE_TOOLS = ['find_customer', 'list_availability', 'book_slot', 'open_invoices', 'issue_refund', 'order_lunch', 'add_customer', 'cancel_booking', 'move_booking'];

/** The RFC 9728 metadata URL office-mcp names for the MCP endpoint `url` (http://127.0.0.1:PORT/mcp). */
export const resourceMetadataUrl = (url) => `${new URL(url).origin}/.well-known/oauth-protected-resource/mcp`;

/**
 * The WWW-Authenticate office-mcp sends: resource_metadata and scope always (office:all unless a
 * tool needs a narrower one), then error and error_description when a token was refused.
 */
export function challengeFor(url, { scope = 'office:all', error, description } = {}) {
  let text = `Bearer resource_metadata="${resourceMetadataUrl(url)}", scope="${scope}"`;
  if (error) text += `, error="${error}"`;
  if (description) text += `, error_description="${description}"`;
  return text;
}

/** The JSON-RPC message of a reply: the JSON body, or the last `data:` of an SSE stream. */
function messageOf(text, contentType) {
  if ((contentType ?? '').startsWith('text/event-stream')) {
    const data = text.split('\n').filter((line) => line.startsWith('data:')).map((line) => line.slice(5).trim());
    return data.length ? JSON.parse(data.at(-1)) : null;
  }
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** POSTs `message` to `url` with `token` (none when undefined) and `headers`. */
export async function post(url, { token, message, headers = {} } = {}) {
  const all = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers };
  if (token !== undefined) all.authorization = `Bearer ${token}`;
  const response = await fetch(url, { method: 'POST', headers: all, body: JSON.stringify(message) });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, body: messageOf(text, response.headers.get('content-type')) };
}

export const initializeMessage = (capabilities = {}, clientInfo = { name: 'office-mcp-oauth-raw', version: '1.0.0' }) => ({
  jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: LEGACY, capabilities, clientInfo },
});

let nextId = 100;

/**
 * One 2026-07-28 request: `method` with `params`, the envelope in params._meta (protocol version,
 * client capabilities: form elicitation when `forms`, client info), and the headers it mirrors.
 */
export function modern(url, token, method, params = {}, { forms = false, client = { name: 'office-mcp-oauth-raw', version: '1.0' } } = {}) {
  const headers = { 'MCP-Protocol-Version': MODERN, 'Mcp-Method': method };
  if (method === 'tools/call') headers['Mcp-Name'] = params.name;
  return post(url, {
    token,
    headers,
    message: {
      jsonrpc: '2.0', id: nextId++, method,
      params: {
        ...params,
        _meta: {
          'io.modelcontextprotocol/protocolVersion': MODERN,
          'io.modelcontextprotocol/clientCapabilities': forms ? { elicitation: { form: {} } } : {},
          'io.modelcontextprotocol/clientInfo': client,
        },
      },
    },
  });
}

/** A 2026-07-28 tools/call of `tool` with `args`; `extra` joins the params (requestState, inputResponses). */
export const callModern = (url, token, tool, args, { extra = {}, ...options } = {}) =>
  modern(url, token, 'tools/call', { name: tool, arguments: args, ...extra }, options);

/** Opens a 2025-11-25 session with `token`; returns { id, request(method, params) } (request: post()'s answer). */
export async function openSession(url, token, capabilities = {}) {
  const opened = await post(url, { token, message: initializeMessage(capabilities) });
  assert.equal(opened.status, 200, `initialize: HTTP ${opened.status}: ${opened.text}`);
  const id = opened.headers.get('mcp-session-id');
  assert.ok(id, 'initialize answered an Mcp-Session-Id');
  const headers = { 'mcp-session-id': id, 'mcp-protocol-version': LEGACY };
  const initialized = await post(url, { token, headers, message: { jsonrpc: '2.0', method: 'notifications/initialized' } });
  assert.equal(initialized.status, 202, `notifications/initialized: HTTP ${initialized.status}: ${initialized.text}`);
  return {
    id,
    request: (method, params = {}) => post(url, { token, headers, message: { jsonrpc: '2.0', id: nextId++, method, params } }),
  };
}

/** The parsed JSON lines of a log (office-mcp's stderr), from byte `from` on. */
export function logLines(text, from = 0) {
  return text.slice(from).split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line));
}

/**
 * Sends a request with `send()` against `server` (servers.mjs startOffice) and asserts that
 * office-mcp refused it exactly: `status`, the whole WWW-Authenticate `challenge` (null: none),
 * the body's error.message `message`, and, in its log (stderr), a new line "event":"refused" with
 * that status, that reason and the caller's address; the log never holds `token` (nor its signature).
 * Returns the log line.
 */
export async function assertRefused(server, send, { status, challenge, message, token, what }) {
  const from = server.stderr().length;
  const answer = await send();
  assert.equal(answer.status, status, `${what}: expected HTTP ${status}, got ${answer.status}: ${answer.text}`);
  assert.equal(answer.headers.get('www-authenticate'), challenge, `${what}: WWW-Authenticate`);
  assert.equal(answer.body?.error?.message, message, `${what}: the body's error.message (${answer.text})`);
  // The log line is written before the answer is sent, but reaches this process through a pipe.
  const deadline = Date.now() + 3000;
  let line;
  for (;;) {
    line = logLines(server.stderr(), from).find((entry) => entry.event === 'refused' && entry.status === status && entry.reason === message);
    if (line || Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  assert.ok(line, `${what}: no "event":"refused" line with status ${status} and reason ${JSON.stringify(message)} ` +
    `in the log:\n${server.stderr().slice(from)}`);
  assert.equal(typeof line.remote, 'string', `${what}: the log line names the caller's address`);
  if (token) {
    assert.ok(!server.stderr().includes(token), `${what}: the token is in the log`);
    const signature = token.split('.')[2];
    if (signature) assert.ok(!server.stderr().includes(signature), `${what}: the token's signature is in the log`);
  }
  return line;
}

/**
 * The rows of a table printed by office-mcp (audit, approvals list): objects keyed by the header's
 * column names. Columns are cut where the header's names start (columns are padded to the widest
 * cell, in bytes), so a cell may hold spaces.
 */
export function table(text) {
  const [header, ...rows] = text.split('\n').filter(Boolean).map((line) => Buffer.from(line));
  const names = header.toString().split(/\s{2,}/);
  const starts = [];
  for (const name of names) starts.push(header.indexOf(name, starts.length ? starts.at(-1) + 1 : 0));
  return rows.map((row) => Object.fromEntries(names.map((name, i) => [name,
    row.subarray(starts[i], i + 1 < names.length ? starts[i + 1] : row.length).toString().trim()])));
}

/** A tool result's text (its text contents, joined). */
export const textOf = (result) => (result?.content ?? []).filter((c) => c.type === 'text').map((c) => c.text).join('\n');

// office-mcp --http driven by the official v1 TypeScript SDK client (@modelcontextprotocol/sdk,
// pinned in package.json) over its own StreamableHTTPClientTransport, on protocol 2025-11-25:
// the initialize handshake creates a session (Mcp-Session-Id), every tool is listed and callable,
// a refund is approved through the server's elicitation/create (sent on the POST's SSE stream, the
// answer coming back as a POST), a client without forms gets the approval queue, and DELETE ends
// the session. Each describe() starts `office-mcp --http 127.0.0.1:0` on a fresh database.
//
//   OFFICE_MCP=build/stdio_server/office-mcp node --test tests/interop/sdk1-http.test.mjs
import assert from 'node:assert/strict';
import { after, before, describe } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema, McpError, ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import {
  REFUND_ANSWER, assertRefundQuestionForInvoice2, bookSlotElsewhere, freshDatabase, freshStateKeys, invoicesById,
  officeMcpBinary, responseTo, sentRequests, serverParameters, settledUpdates, startHttpServer, tapTransport, testShowingLogs, textOf,
} from './helpers.mjs';
import { toolCoverageTests } from './tool-coverage.mjs';

officeMcpBinary(); // fail the whole file at once, with the reason, when $OFFICE_MCP is unusable

const SUITE = { timeout: 60_000 };

/**
 * Starts office-mcp --http on a fresh database and connects a v1 client to it over Streamable
 * HTTP. `answers` (when given) makes the client declare the elicitation capability and answer
 * each elicitation/create with the next entry.
 */
async function startSession({ answers } = {}) {
  const database = freshDatabase();
  let server;
  try {
    server = await startHttpServer({ db: database.db, stateKeys: freshStateKeys() });
    const transport = new StreamableHTTPClientTransport(new URL(server.url));
    const wire = tapTransport(transport);
    const capabilities = answers ? { elicitation: { form: {} } } : {};
    const client = new Client({ name: 'office-mcp-interop-sdk1-http', version: '1.0.0' }, { capabilities });
    const elicitations = [];
    if (answers) {
      client.setRequestHandler(ElicitRequestSchema, async (request) => {
        elicitations.push(request.params);
        const answer = answers.shift();
        assert.ok(answer, `unexpected extra elicitation: ${JSON.stringify(request.params)}`);
        return answer;
      });
    }
    await client.connect(transport);
    return {
      client, transport, wire, server, elicitations,
      async close() {
        try {
          await client.close();
          await server.stop();
        } finally {
          database.remove();
        }
      },
    };
  } catch (error) {
    await server?.stop().catch(() => {});
    database.remove();
    throw error;
  }
}

const REQUEST_NUMBER_1 = /#\s*1\b|\brequest\b\D{0,20}\b1\b/i;

describe('the v1 SDK client over Streamable HTTP on protocol 2025-11-25', () => {
  describe('with a fresh database and no client capabilities', SUITE, () => {
    let session;
    const test = testShowingLogs(() => ({ 'office-mcp --http': session?.server }));
    before(async () => { session = await startSession(); });
    after(async () => { await session?.close(); });

    test('initialize agrees on 2025-11-25 and the server gives the session an Mcp-Session-Id', async () => {
      const [initialize] = sentRequests(session.wire, 'initialize');
      assert.equal(initialize.params.protocolVersion, '2025-11-25');
      const response = responseTo(session.wire, initialize);
      assert.equal(response.result.protocolVersion, '2025-11-25');
      assert.equal(typeof response.result.capabilities.tools, 'object');
      assert.equal(typeof session.transport.sessionId, 'string');
      // Visible ASCII only (spec: 0x21 to 0x7E), and long enough to be unguessable.
      assert.match(session.transport.sessionId, /^[\x21-\x7E]{16,}$/);
    });

    test('ping is answered with an empty result', async () => {
      assert.deepEqual(await session.client.ping(), {});
    });

    toolCoverageTests(() => session.client, McpError);
  });

  describe('a refund approved through the server\'s elicitation/create on the POST\'s SSE stream', SUITE, () => {
    let session;
    const test = testShowingLogs(() => ({ 'office-mcp --http': session?.server }));
    before(async () => { session = await startSession({ answers: [{ action: 'accept', content: REFUND_ANSWER }] }); });
    after(async () => { await session?.close(); });

    test('issue_refund({invoice_id:2}) asks the person with a form and completes once they accept', async () => {
      // The result must come on the tools/call's own SSE stream after the answer; wait 20 s, not forever.
      const result = await session.client.callTool({ name: 'issue_refund', arguments: { invoice_id: 2 } }, undefined,
        { timeout: 20_000 });
      assert.notEqual(result.isError, true, textOf(result));
      assert.equal(session.elicitations.length, 1);
      assertRefundQuestionForInvoice2(session.elicitations[0]);

      // On the wire: tools/call out, elicitation/create in (a request with its own id), our answer
      // out, and only then the tools/call result.
      const [call] = sentRequests(session.wire, 'tools/call').filter((m) => m.params.name === 'issue_refund');
      const callAt = session.wire.findIndex((e) => e.dir === 'out' && e.message === call);
      const askAt = session.wire.findIndex((e) => e.dir === 'in' && e.message.method === 'elicitation/create');
      assert.ok(askAt > callAt, 'the server should send elicitation/create after the tools/call');
      const ask = session.wire[askAt].message;
      const answerAt = session.wire.findIndex((e) => e.dir === 'out' && e.message.id === ask.id && 'result' in e.message);
      const resultAt = session.wire.findIndex((e) => e.dir === 'in' && e.message.id === call.id && !('method' in e.message));
      assert.ok(answerAt > askAt && resultAt > answerAt, 'the tools/call should be answered after the person answered');
    });

    test('open_invoices(1) then shows invoice 2 as refunded and invoice 1 still paid', async () => {
      const invoices = invoicesById(await session.client.callTool({ name: 'open_invoices', arguments: { customer_id: 1 } }));
      assert.equal(invoices[2].status, 'refunded');
      assert.equal(invoices[1].status, 'paid');
    });

    test('the server logged the refund with the client\'s name', async () => {
      const refunds = session.server.requests().filter((event) => event.tool === 'issue_refund');
      assert.ok(refunds.length >= 1, session.server.stderr());
      for (const event of refunds) assert.equal(event.client?.name, 'office-mcp-interop-sdk1-http', JSON.stringify(event));
    });
  });

  describe('a refund asked for by a client that declares no elicitation capability', SUITE, () => {
    let session;
    const test = testShowingLogs(() => ({ 'office-mcp --http': session?.server }));
    before(async () => { session = await startSession(); });
    after(async () => { await session?.close(); });

    test('issue_refund({invoice_id:2}) queues an approval request at once and names its number', async () => {
      const result = await session.client.callTool({ name: 'issue_refund', arguments: { invoice_id: 2 } });
      assert.notEqual(result.isError, true, textOf(result));
      assert.match(textOf(result), REQUEST_NUMBER_1);
      assert.match(textOf(result), /queue|approv|review/i);
      assert.ok(!session.wire.some((e) => e.dir === 'in' && e.message.method === 'elicitation/create'),
        'no elicitation/create may go to a client that did not declare elicitation');
    });

    test('the queued refund has not touched invoice 2 yet', async () => {
      const invoices = invoicesById(await session.client.callTool({ name: 'open_invoices', arguments: { customer_id: 1 } }));
      assert.equal(invoices[2].status, 'open');
    });

    test('DELETE with the session id ends the session: the same id then gets 404 Not Found', async () => {
      const sessionId = session.transport.sessionId;
      await session.transport.terminateSession();
      const response = await fetch(session.server.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
          'Mcp-Session-Id': sessionId,
          'MCP-Protocol-Version': '2025-11-25',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 99, method: 'ping' }),
      });
      await response.body?.cancel();
      assert.equal(response.status, 404);
    });
  });

  describe('resources over HTTP: the session\'s GET stream carries the update for another process\'s booking', SUITE, () => {
    let database;
    let server;
    let watcher;
    const updates = [];
    const test = testShowingLogs(() => ({ 'office-mcp --http': server }));
    before(async () => {
      database = freshDatabase();
      server = await startHttpServer({ db: database.db, stateKeys: freshStateKeys() });
      watcher = new Client({ name: 'office-mcp-interop-sdk1-http-watcher', version: '1.0.0' });
      watcher.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => { updates.push(n.params.uri); });
      await watcher.connect(new StreamableHTTPClientTransport(new URL(server.url)));
    });
    after(async () => {
      await watcher?.close();
      await server?.stop();
      database?.remove();
    });

    test('readResource over HTTP pages a table', async () => {
      const page = JSON.parse((await watcher.readResource({ uri: 'office://slots?limit=2' })).contents[0].text);
      assert.equal(page.rows.length, 2);
      assert.equal(page.next, 'office://slots?after=2&limit=2');
    });

    test('subscribeResource, a booking by a stdio office-mcp on the same database: one update on the GET stream', async () => {
      await watcher.subscribeResource({ uri: 'office://slots' });
      await watcher.subscribeResource({ uri: 'office://invoices' });
      await bookSlotElsewhere(new Client({ name: 'office-mcp-interop-sdk1-other', version: '1.0.0' }), new StdioClientTransport(serverParameters(database.db)));
      await settledUpdates(updates);
      assert.deepEqual(updates, ['office://slots']);
    });
  });
});

// office-mcp driven by the official v1 TypeScript SDK client (@modelcontextprotocol/sdk, pinned in
// package.json): the initialize handshake on protocol 2025-11-25, every tool with good and bad
// arguments, and the three ways a refund reaches a person on that era (the server's own
// elicitation/create request, accepted or declined, and the approval queue for a client that
// cannot show forms). Each describe() starts the real binary on a fresh database.
//
//   OFFICE_MCP=build/stdio_server/office-mcp node --test tests/interop/sdk1.test.mjs
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import {
  ElicitRequestSchema, LATEST_PROTOCOL_VERSION, McpError, ResourceUpdatedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import {
  REFUND_ANSWER, assertRefundQuestionForInvoice2, bookSlotElsewhere, collectStderr, freshDatabase, invoicesById,
  officeMcpBinary, responseTo, sentRequests, serverParameters, settledUpdates, tapTransport, textOf,
} from './helpers.mjs';
import { toolCoverageTests } from './tool-coverage.mjs';

officeMcpBinary(); // fail the whole file at once, with the reason, when $OFFICE_MCP is unusable

const SUITE = { timeout: 60_000 };

/**
 * Starts office-mcp on a fresh database and connects a v1 client to it. `answers` (when given)
 * makes the client declare the elicitation capability and answer each elicitation/create with
 * the next entry.
 */
async function startSession({ answers } = {}) {
  const database = freshDatabase();
  const transport = new StdioClientTransport(serverParameters(database.db));
  const wire = tapTransport(transport);
  const stderr = collectStderr(transport);
  const capabilities = answers ? { elicitation: {} } : {};
  const client = new Client({ name: 'office-mcp-interop-sdk1', version: '1.0.0' }, { capabilities });
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
    client, wire, stderr, elicitations,
    async close() {
      await client.close();
      database.remove();
    },
  };
}

const REQUEST_NUMBER_1 = /#\s*1\b|\brequest\b\D{0,20}\b1\b/i;
const STILL_PENDING = /pending|still waiting|not (yet )?been (reviewed|approved)/i;

describe('the v1 SDK client on protocol 2025-11-25', () => {
  test('the pinned SDK offers 2025-11-25 as its latest protocol version', () => {
    assert.equal(LATEST_PROTOCOL_VERSION, '2025-11-25');
  });

  describe('with a fresh database and no client capabilities', SUITE, () => {
    let session;
    before(async () => { session = await startSession(); });
    after(async () => { await session?.close(); });

    test('initialize agrees on 2025-11-25, the server names itself and offers tools', async () => {
      const [initialize] = sentRequests(session.wire, 'initialize');
      assert.equal(initialize.params.protocolVersion, '2025-11-25');
      const response = responseTo(session.wire, initialize);
      assert.equal(response.result.protocolVersion, '2025-11-25');
      assert.equal(typeof response.result.serverInfo.name, 'string');
      assert.equal(typeof response.result.serverInfo.version, 'string');
      assert.equal(typeof response.result.capabilities.tools, 'object');
      assert.deepEqual(session.client.getServerVersion(), response.result.serverInfo);
      assert.ok(session.wire.some((entry) => entry.dir === 'out' && entry.message.method === 'notifications/initialized'));
    });

    test('ping is answered with an empty result', async () => {
      assert.deepEqual(await session.client.ping(), {});
    });

    toolCoverageTests(() => session.client, McpError);

    test('prompts are listed and rendered, their arguments completed, and the server and its tools carry icons', async () => {
      const { prompts } = await session.client.listPrompts();
      assert.deepEqual(prompts.map((p) => p.name), ['book-appointment', 'refund-invoice', 'order-lunch', 'customer-summary']);
      const got = await session.client.getPrompt({ name: 'customer-summary', arguments: { customer: 'Priya' } });
      assert.match(got.messages[0].content.text, /Call open_invoices with \{"customer_id": 3\}/);
      const items = await session.client.complete({ ref: { type: 'ref/prompt', name: 'order-lunch' }, argument: { name: 'item', value: 'TOR' } });
      assert.deepEqual(items.completion, { values: ['tortilla'], total: 1 });
      assert.deepEqual(session.client.getServerCapabilities().completions, {});
      assert.equal(session.client.getServerVersion().icons.length, 3);
      const { tools } = await session.client.listTools();
      assert.ok(tools.every((t) => t.icons?.[0]?.mimeType === 'image/png'));
    });

    test('a booking links to its slot and its customer, and each link reads', async () => {
      const booked = await session.client.callTool({ name: 'book_slot', arguments: { slot_id: 2, customer_id: 3 } });
      const links = booked.content.filter((c) => c.type === 'resource_link').map((c) => c.uri);
      assert.deepEqual(links, ['office://slots/2', 'office://customers/3']);
      const slot = await session.client.readResource({ uri: links[0] });
      assert.equal(JSON.parse(slot.contents[0].text).row.customer_id, 3);
    });
  });

  describe('a refund approved through the server\'s elicitation/create request', SUITE, () => {
    let session;
    before(async () => { session = await startSession({ answers: [{ action: 'accept', content: REFUND_ANSWER }] }); });
    after(async () => { await session?.close(); });

    test('issue_refund({invoice_id:2}) asks the person with a form and completes once they accept', async () => {
      const result = await session.client.callTool({ name: 'issue_refund', arguments: { invoice_id: 2 } });
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
      assert.ok(typeof ask.id === 'string' || Number.isInteger(ask.id), 'elicitation/create must be a request');
      const answerAt = session.wire.findIndex((e) => e.dir === 'out' && e.message.id === ask.id && 'result' in e.message);
      const resultAt = session.wire.findIndex((e) => e.dir === 'in' && e.message.id === call.id && !('method' in e.message));
      assert.ok(answerAt > askAt && resultAt > answerAt, 'the tools/call should be answered after the person answered');
    });

    test('open_invoices(1) then shows invoice 2 as refunded and invoice 1 still paid', async () => {
      const invoices = invoicesById(await session.client.callTool({ name: 'open_invoices', arguments: { customer_id: 1 } }));
      assert.equal(invoices[2].status, 'refunded');
      assert.equal(invoices[1].status, 'paid');
    });

    test('issue_refund({invoice_id:2}) once more is refused with an error result and asks nobody', async () => {
      const result = await session.client.callTool({ name: 'issue_refund', arguments: { invoice_id: 2 } });
      assert.equal(result.isError, true, JSON.stringify(result));
      assert.equal(session.elicitations.length, 1);
    });
  });

  describe('a refund answer that breaks the rules, through elicitation/create', SUITE, () => {
    let session;
    before(async () => {
      session = await startSession({ answers: [
        { action: 'accept', content: { amount: 500, reason: 'Double charge' } },
        { action: 'accept', content: REFUND_ANSWER },
      ] });
    });
    after(async () => { await session?.close(); });

    test('approving 500.00 of the 80.00 invoice gets the same form again with the problem stated, then a good answer completes', async () => {
      const result = await session.client.callTool({ name: 'issue_refund', arguments: { invoice_id: 2 } });
      assert.equal(session.elicitations.length, 2);
      const [first, second] = session.elicitations;
      assert.deepEqual(second.requestedSchema, first.requestedSchema);
      assert.notEqual(second.message, first.message);
      assert.match(second.message, /amount/i);
      assert.notEqual(result.isError, true, textOf(result));
      const invoices = invoicesById(await session.client.callTool({ name: 'open_invoices', arguments: { customer_id: 1 } }));
      assert.equal(invoices[2].status, 'refunded');
    });
  });

  describe('a refund the person declines or cancels through elicitation/create', SUITE, () => {
    let session;
    before(async () => { session = await startSession({ answers: [{ action: 'decline' }, { action: 'cancel' }] }); });
    after(async () => { await session?.close(); });

    test('issue_refund({invoice_id:2}) says that nothing changed when the person declines', async () => {
      const result = await session.client.callTool({ name: 'issue_refund', arguments: { invoice_id: 2 } });
      assert.equal(session.elicitations.length, 1);
      assertRefundQuestionForInvoice2(session.elicitations[0]);
      assert.match(textOf(result), /declin/i);
    });

    test('open_invoices(1) still shows invoice 2 open after the decline', async () => {
      const invoices = invoicesById(await session.client.callTool({ name: 'open_invoices', arguments: { customer_id: 1 } }));
      assert.equal(invoices[2].status, 'open');
    });

    test('issue_refund({invoice_id:2}) asks again, and a cancel also leaves invoice 2 open', async () => {
      const result = await session.client.callTool({ name: 'issue_refund', arguments: { invoice_id: 2 } });
      assert.equal(session.elicitations.length, 2);
      assert.match(textOf(result), /cancel/i);
      const invoices = invoicesById(await session.client.callTool({ name: 'open_invoices', arguments: { customer_id: 1 } }));
      assert.equal(invoices[2].status, 'open');
    });
  });

  describe('a refund asked for by a client that declares no elicitation capability', SUITE, () => {
    let session;
    before(async () => { session = await startSession(); });
    after(async () => { await session?.close(); });

    test('issue_refund({invoice_id:2}) queues an approval request at once and names its number', async () => {
      const result = await session.client.callTool({ name: 'issue_refund', arguments: { invoice_id: 2 } });
      assert.notEqual(result.isError, true, textOf(result));
      assert.match(textOf(result), REQUEST_NUMBER_1);
      assert.ok(!session.wire.some((e) => e.dir === 'in' && e.message.method === 'elicitation/create'),
        'no elicitation/create may go to a client that did not declare elicitation');
    });

    test('the queued refund has not touched invoice 2 yet', async () => {
      const invoices = invoicesById(await session.client.callTool({ name: 'open_invoices', arguments: { customer_id: 1 } }));
      assert.equal(invoices[2].status, 'open');
    });

    test('issue_refund({invoice_id:2}) again reports that request 1 is still pending', async () => {
      const result = await session.client.callTool({ name: 'issue_refund', arguments: { invoice_id: 2 } });
      const text = textOf(result);
      assert.match(text, STILL_PENDING);
      assert.match(text, REQUEST_NUMBER_1);
    });
  });

  describe('the office as resources: list, read pages, subscribe and hear of another process\'s booking', SUITE, () => {
    let database;
    let watcher;
    const updates = [];
    before(async () => {
      database = freshDatabase();
      watcher = new Client({ name: 'office-mcp-interop-sdk1-watcher', version: '1.0.0' });
      watcher.setNotificationHandler(ResourceUpdatedNotificationSchema, (notification) => {
        updates.push(notification.params.uri);
      });
      await watcher.connect(new StdioClientTransport(serverParameters(database.db)));
    });
    after(async () => {
      await watcher?.close();
      database?.remove();
    });

    test('initialize declares resources with subscriptions', () => {
      assert.deepEqual(watcher.getServerCapabilities().resources, { subscribe: true, listChanged: false });
    });

    test('listResources lists the eight tables and the calendar as office:// resources of JSON', async () => {
      const { resources } = await watcher.listResources();
      assert.deepEqual(resources.map((r) => r.uri), [
        'office://customers', 'office://slots', 'office://invoices', 'office://refunds',
        'office://lunch_orders', 'office://approval_requests', 'office://audit', 'office://menu', 'office://calendar',
      ]);
      assert.ok(resources.every((r) => r.mimeType === 'application/json'));
      const { resourceTemplates } = await watcher.listResourceTemplates();
      assert.equal(resourceTemplates[0].uriTemplate, 'office://{table}{?after,limit}');
    });

    test('readResource pages a table and names the next page', async () => {
      const first = await watcher.readResource({ uri: 'office://customers?limit=2' });
      const page = JSON.parse(first.contents[0].text);
      assert.deepEqual(page.columns, ['id', 'name', 'email']);
      assert.deepEqual(page.rows.map((r) => r.name), ['Maria Alvarez', 'Tomas Reis']);
      assert.equal(page.next, 'office://customers?after=2&limit=2');
      const last = JSON.parse((await watcher.readResource({ uri: page.next })).contents[0].text);
      assert.deepEqual(last.rows.map((r) => r.name), ['Priya Nair']);
      assert.equal(last.next, undefined);
    });

    test('an unknown resource is the 2025 resource-not-found error', async () => {
      await assert.rejects(watcher.readResource({ uri: 'office://nothing' }),
        (e) => e instanceof McpError && e.code === -32002);
    });

    test('subscribeResource, then a booking by another office-mcp process: one update for slots, none for invoices', async () => {
      await watcher.subscribeResource({ uri: 'office://slots' });
      await watcher.subscribeResource({ uri: 'office://invoices' });
      await bookSlotElsewhere(new Client({ name: 'office-mcp-interop-sdk1-other', version: '1.0.0' }), new StdioClientTransport(serverParameters(database.db)));
      await settledUpdates(updates);
      assert.deepEqual(updates, ['office://slots']);
      const slots = JSON.parse((await watcher.readResource({ uri: 'office://slots?after=4&limit=1' })).contents[0].text);
      assert.equal(slots.rows[0].customer_id, 1);
    });

    test('unsubscribeResource stops the updates', async () => {
      updates.length = 0;
      await watcher.unsubscribeResource({ uri: 'office://slots' });
      await bookSlotElsewhere(new Client({ name: 'office-mcp-interop-sdk1-other', version: '1.0.0' }), new StdioClientTransport(serverParameters(database.db)), 6);
      await new Promise((r) => setTimeout(r, 1500));
      assert.deepEqual(updates, []);
    });
  });
});

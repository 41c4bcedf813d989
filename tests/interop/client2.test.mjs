// office-mcp driven by the official v2 TypeScript SDK client (@modelcontextprotocol/client, pinned
// in package.json) in its 2026-07-28 mode: `versionNegotiation: { mode: { pin: '2026-07-28' } }`.
// On stdio the pinned client first probes a throw-away sibling process with server/discover, then
// starts the real session and sends every request statelessly with the _meta envelope. Covered:
// every tool with good and bad arguments, the refund through input_required (accepted, declined),
// the approval queue for a client without elicitation, and that a client cannot approve a refund
// with answers the server never asked for. Each describe() starts the binary on a fresh database.
//
//   OFFICE_MCP=build/stdio_server/office-mcp node --test tests/interop/client2.test.mjs
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { Client, ProtocolError } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import {
  REFUND_ANSWER, assertRefundQuestionForInvoice2, bookSlotElsewhere, collectStderr, freshDatabase, invoicesById,
  officeMcpBinary, responseTo, sentRequests, serverParameters, settledUpdates, tapTransport, textOf,
} from './helpers.mjs';
import { toolCoverageTests } from './tool-coverage.mjs';

officeMcpBinary(); // fail the whole file at once, with the reason, when $OFFICE_MCP is unusable

const MODERN = '2026-07-28';
const SUITE = { timeout: 60_000 };
const PROTOCOL_VERSION_KEY = 'io.modelcontextprotocol/protocolVersion';
const CLIENT_CAPABILITIES_KEY = 'io.modelcontextprotocol/clientCapabilities';
const SERVER_INFO_KEY = 'io.modelcontextprotocol/serverInfo';

/**
 * Starts office-mcp on a fresh database and connects a v2 client pinned to 2026-07-28.
 * `answers` (when given) makes the client declare elicitation and answer each elicitation/create
 * (embedded in an input_required result) with the next entry; `manual` turns off the client's
 * automatic input_required handling.
 */
async function startSession({ answers, manual = false } = {}) {
  const database = freshDatabase();
  const transport = new StdioClientTransport(serverParameters(database.db));
  const wire = tapTransport(transport);
  const stderr = collectStderr(transport);
  const client = new Client({ name: 'office-mcp-interop-client2', version: '1.0.0' }, {
    capabilities: answers || manual ? { elicitation: {} } : {},
    versionNegotiation: { mode: { pin: MODERN } },
    inputRequired: { autoFulfill: !manual },
  });
  const elicitations = [];
  if (answers) {
    client.setRequestHandler('elicitation/create', async (request) => {
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

/** The tools/call requests for issue_refund on the wire, each with the server's response. */
function refundRounds(wire) {
  return sentRequests(wire, 'tools/call')
    .filter((request) => request.params.name === 'issue_refund')
    .map((request) => ({ request, response: responseTo(wire, request) }));
}

describe('the v2 SDK client pinned to protocol 2026-07-28', () => {
  describe('with a fresh database and no client capabilities', SUITE, () => {
    let session;
    before(async () => { session = await startSession(); });
    after(async () => { await session?.close(); });

    test('connect settles on 2026-07-28 through server/discover, with no initialize on the session', async () => {
      assert.equal(session.client.getProtocolEra(), 'modern');
      assert.equal(session.client.getNegotiatedProtocolVersion(), MODERN);
      const discover = session.client.getDiscoverResult();
      assert.ok(discover.supportedVersions.includes(MODERN), JSON.stringify(discover));
      assert.equal(typeof discover.capabilities.tools, 'object');
      assert.ok(Number.isInteger(discover.ttlMs) && discover.ttlMs >= 0, `ttlMs: ${discover.ttlMs}`);
      assert.ok(['public', 'private'].includes(discover.cacheScope), `cacheScope: ${discover.cacheScope}`);
      assert.equal(typeof discover._meta?.[SERVER_INFO_KEY]?.name, 'string', 'serverInfo in _meta');
      assert.equal(typeof discover._meta[SERVER_INFO_KEY].version, 'string');
      assert.deepEqual(sentRequests(session.wire, 'initialize'), []);
    });

    toolCoverageTests(() => session.client, ProtocolError);

    test('listPrompts offers the office\'s four prompts and getPrompt renders one with the customer resolved', async () => {
      const { prompts } = await session.client.listPrompts();
      assert.deepEqual(prompts.map((p) => p.name), ['book-appointment', 'refund-invoice', 'order-lunch', 'customer-summary']);
      assert.deepEqual(prompts[0].arguments.map((a) => [a.name, a.required]), [['customer', true], ['day', false]]);
      const got = await session.client.getPrompt({ name: 'book-appointment', arguments: { customer: 'Maria', day: '2026-09-04' } });
      assert.equal(got.messages.length, 1);
      assert.equal(got.messages[0].role, 'user');
      assert.match(got.messages[0].content.text, /use customer_id 1\./);
      assert.match(got.messages[0].content.text, /call book_slot with \{"slot_id": <the slot I chose>, "customer_id": 1\}/);
      await assert.rejects(session.client.getPrompt({ name: 'book-appointment', arguments: {} }),
        (e) => e instanceof ProtocolError && e.code === -32602 && /missing required argument "customer"/.test(e.message));
    });

    test('complete fills a prompt\'s customer and the invoice of the customer given, and the template\'s table', async () => {
      const customers = await session.client.complete({ ref: { type: 'ref/prompt', name: 'book-appointment' }, argument: { name: 'customer', value: 'ma' } });
      assert.deepEqual(customers.completion, { values: ['Maria Alvarez', 'Tomas Reis'], total: 2 });
      const invoices = await session.client.complete({ ref: { type: 'ref/prompt', name: 'refund-invoice' }, argument: { name: 'invoice', value: '' },
        context: { arguments: { customer: 'Maria Alvarez' } } });
      assert.deepEqual(invoices.completion.values, ['1', '2']);
      const tables = await session.client.complete({ ref: { type: 'ref/resource', uri: 'office://{table}{?after,limit}' }, argument: { name: 'table', value: 'in' } });
      assert.deepEqual(tables.completion.values, ['invoices']);
      await assert.rejects(session.client.complete({ ref: { type: 'ref/prompt', name: 'nothing' }, argument: { name: 'x', value: '' } }),
        (e) => e instanceof ProtocolError && e.code === -32602);
    });

    test('icons mark the server (in server/discover), every tool and every prompt, and a result links the rows it names', async () => {
      const discover = session.client.getDiscoverResult();
      const icons = discover._meta[SERVER_INFO_KEY].icons;
      assert.deepEqual(icons.map((i) => [i.mimeType, i.sizes[0]]), [['image/svg+xml', 'any'], ['image/png', '48x48'], ['image/png', '96x96']]);
      const { tools } = await session.client.listTools();
      for (const tool of tools) assert.match(tool.icons?.[0]?.src ?? '', /^data:image\/png;base64,iVBORw0KGgo/, tool.name);
      const { prompts } = await session.client.listPrompts();
      for (const prompt of prompts) assert.equal(prompt.icons?.length, 1, prompt.name);
      const found = await session.client.callTool({ name: 'find_customer', arguments: { query: 'Priya' } });
      const link = found.content.find((c) => c.type === 'resource_link');
      assert.deepEqual(link, { type: 'resource_link', uri: 'office://customers/3', name: 'customers/3', title: 'Priya Nair', mimeType: 'application/json' });
      const read = await session.client.readResource({ uri: link.uri });
      assert.equal(JSON.parse(read.contents[0].text).row.name, 'Priya Nair');
    });

    test('tools/list is cacheable for everyone: an integer ttlMs and cacheScope "public"', async () => {
      const [list] = sentRequests(session.wire, 'tools/list');
      const { result } = responseTo(session.wire, list);
      assert.ok(Number.isInteger(result.ttlMs) && result.ttlMs > 0, `ttlMs: ${result.ttlMs}`);
      assert.equal(result.cacheScope, 'public');
    });

    test('every request carried the _meta envelope and every result carried resultType and serverInfo', async () => {
      const requests = session.wire.filter((e) => e.dir === 'out' && 'method' in e.message && 'id' in e.message);
      assert.ok(requests.length > 20);
      for (const { message } of requests) {
        assert.equal(message.params?._meta?.[PROTOCOL_VERSION_KEY], MODERN, JSON.stringify(message));
        assert.equal(typeof message.params._meta[CLIENT_CAPABILITIES_KEY], 'object', JSON.stringify(message));
      }
      for (const { message } of session.wire.filter((e) => e.dir === 'in' && 'result' in e.message)) {
        assert.ok(['complete', 'input_required'].includes(message.result.resultType), JSON.stringify(message));
        assert.equal(typeof message.result._meta?.[SERVER_INFO_KEY]?.name, 'string', JSON.stringify(message));
      }
    });

    test('the server sent no JSON-RPC request of its own on stdout', async () => {
      const serverRequests = session.wire.filter((e) => e.dir === 'in' && 'method' in e.message && 'id' in e.message);
      assert.deepEqual(serverRequests.map((e) => e.message), []);
    });
  });

  describe('a refund approved through input_required', SUITE, () => {
    let session;
    before(async () => { session = await startSession({ answers: [{ action: 'accept', content: REFUND_ANSWER }] }); });
    after(async () => { await session?.close(); });

    test('issue_refund({invoice_id:2}) comes back input_required, the client asks the person, retries, and the refund completes', async () => {
      const result = await session.client.callTool({ name: 'issue_refund', arguments: { invoice_id: 2 } });
      assert.notEqual(result.isError, true, textOf(result));
      assert.equal(session.elicitations.length, 1);
      assertRefundQuestionForInvoice2(session.elicitations[0]);

      const rounds = refundRounds(session.wire);
      assert.equal(rounds.length, 2);
      const [first, retry] = rounds;
      const asked = first.response.result;
      assert.equal(asked.resultType, 'input_required');
      assert.deepEqual(Object.keys(asked.inputRequests), ['approve_refund']);
      assert.equal(asked.inputRequests.approve_refund.method, 'elicitation/create');
      assertRefundQuestionForInvoice2(asked.inputRequests.approve_refund.params);
      assert.equal(typeof asked.requestState, 'string');
      assert.ok(asked.requestState.startsWith('v1.'), `requestState: ${asked.requestState}`);
      assert.equal(asked.ttlMs, undefined, 'an input_required result is not cacheable');
      assert.equal(asked.cacheScope, undefined, 'an input_required result is not cacheable');

      assert.notEqual(retry.request.id, first.request.id);
      assert.deepEqual(retry.request.params.arguments, { invoice_id: 2 });
      assert.deepEqual(retry.request.params.inputResponses, {
        approve_refund: { action: 'accept', content: REFUND_ANSWER },
      });
      assert.equal(retry.request.params.requestState, asked.requestState);
      assert.equal(retry.response.result.resultType, 'complete');
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

  describe('a refund answer that breaks the rules, through input_required', SUITE, () => {
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
      const rounds = refundRounds(session.wire);
      assert.deepEqual(rounds.map((round) => round.response.result.resultType), ['input_required', 'input_required', 'complete']);
      assert.equal(rounds[2].request.params.requestState, rounds[1].response.result.requestState,
        'the last retry echoes the requestState of the second question');
      const invoices = invoicesById(await session.client.callTool({ name: 'open_invoices', arguments: { customer_id: 1 } }));
      assert.equal(invoices[2].status, 'refunded');
    });
  });

  describe('a refund the person declines through input_required', SUITE, () => {
    let session;
    before(async () => { session = await startSession({ answers: [{ action: 'decline' }] }); });
    after(async () => { await session?.close(); });

    test('issue_refund({invoice_id:2}) says that nothing changed when the person declines', async () => {
      const result = await session.client.callTool({ name: 'issue_refund', arguments: { invoice_id: 2 } });
      assert.equal(session.elicitations.length, 1);
      assertRefundQuestionForInvoice2(session.elicitations[0]);
      assert.match(textOf(result), /declin/i);
      const [, retry] = refundRounds(session.wire);
      assert.deepEqual(retry.request.params.inputResponses, { approve_refund: { action: 'decline' } });
      assert.equal(retry.response.result.resultType, 'complete');
    });

    test('open_invoices(1) still shows invoice 2 open after the decline', async () => {
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
      const [only] = refundRounds(session.wire);
      assert.equal(only.response.result.resultType, 'complete', 'no input_required for a client without elicitation');
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

  describe('a client cannot approve a refund with answers the server did not ask for', SUITE, () => {
    let session;
    before(async () => { session = await startSession({ manual: true }); });
    after(async () => { await session?.close(); });

    const accept = { approve_refund: { action: 'accept', content: REFUND_ANSWER } };
    const refund = (invoiceId, extra = {}) => session.client.callTool(
      { name: 'issue_refund', arguments: { invoice_id: invoiceId }, ...extra }, { allowInputRequired: true });
    const invoiceStatus = async (customerId, invoiceId) =>
      invoicesById(await session.client.callTool({ name: 'open_invoices', arguments: { customer_id: customerId } }))[invoiceId].status;

    test('inputResponses without any requestState do not refund invoice 2', async () => {
      let outcome;
      try {
        outcome = await refund(2, { inputResponses: accept });
      } catch (error) {
        assert.ok(error instanceof ProtocolError, String(error));
        assert.equal(error.code, -32602);
      }
      if (outcome) assert.equal(outcome.resultType, 'input_required', `the server should ask, got ${JSON.stringify(outcome)}`);
      assert.equal(await invoiceStatus(1, 2), 'open');
    });

    test('a forged requestState is rejected with -32602 "Invalid or expired requestState"', async () => {
      await assert.rejects(refund(2, { inputResponses: accept, requestState: 'v1.forged' }), (error) => {
        assert.ok(error instanceof ProtocolError, String(error));
        assert.equal(error.code, -32602);
        assert.match(error.message, /Invalid or expired requestState/);
        assert.equal(error.data?.reason, 'invalid_request_state');
        return true;
      });
      assert.equal(await invoiceStatus(1, 2), 'open');
    });

    test('a requestState issued for invoice 2 does not approve a refund of invoice 4', async () => {
      const asked = await refund(2);
      assert.equal(asked.resultType, 'input_required', JSON.stringify(asked));
      await assert.rejects(refund(4, {
        inputResponses: { approve_refund: { action: 'accept', content: { amount: 80, reason: 'Double charge' } } },
        requestState: asked.requestState,
      }), (error) => ProtocolError.isInstance(error) && error.code === -32602);
      assert.equal(await invoiceStatus(3, 4), 'open');
    });

    test('the requestState issued for invoice 2 still completes the refund of invoice 2', async () => {
      const asked = await refund(2);
      const done = await refund(2, { inputResponses: accept, requestState: asked.requestState });
      assert.notEqual(done.isError, true, JSON.stringify(done));
      assert.equal(await invoiceStatus(1, 2), 'refunded');
    });
  });

  test('the server/discover probe alone creates no database', { timeout: 20_000 }, async () => {
    const database = freshDatabase();
    try {
      const { command, args, env } = serverParameters(database.db);
      const child = spawn(command, args, { env, stdio: ['pipe', 'pipe', 'ignore'] });
      let stdout = '';
      child.stdout.on('data', (chunk) => { stdout += chunk; });
      const exited = new Promise((resolve) => child.on('exit', resolve));
      child.stdin.end(JSON.stringify({
        jsonrpc: '2.0', id: 'probe', method: 'server/discover',
        params: { _meta: { [PROTOCOL_VERSION_KEY]: MODERN, [CLIENT_CAPABILITIES_KEY]: {} } },
      }) + '\n');
      await exited;
      const reply = JSON.parse(stdout.trim().split('\n')[0]);
      assert.ok(reply.result.supportedVersions.includes(MODERN), stdout);
      assert.deepEqual(fs.readdirSync(database.dir), []);
    } finally {
      database.remove();
    }
  });

  describe('the office as resources: read, listen and hear of another process\'s booking', SUITE, () => {
    let database;
    let watcher;
    let subscription;
    const updates = [];
    const newClient = (name) => new Client({ name, version: '1.0.0' }, { versionNegotiation: { mode: { pin: MODERN } } });
    before(async () => {
      database = freshDatabase();
      watcher = newClient('office-mcp-interop-client2-watcher');
      watcher.setNotificationHandler('notifications/resources/updated', (notification) => {
        updates.push({ uri: notification.params.uri, id: notification.params._meta?.['io.modelcontextprotocol/subscriptionId'] });
      });
      await watcher.connect(new StdioClientTransport(serverParameters(database.db)));
    });
    after(async () => {
      await subscription?.close();
      await watcher?.close();
      database?.remove();
    });

    test('listResources and readResource on 2026-07-28', async () => {
      const { resources } = await watcher.listResources();
      assert.equal(resources.length, 9);  // eight tables and the calendar
      const calendar = JSON.parse((await watcher.readResource({ uri: 'office://calendar' })).contents[0].text);
      assert.deepEqual(calendar.hours, []);  // the demo office has no opening hours
      assert.equal(calendar.horizon_days, 90);
      const read = await watcher.readResource({ uri: 'office://invoices?after=3' });
      const page = JSON.parse(read.contents[0].text);
      assert.deepEqual(page.rows, [{
        id: 4, customer_id: 3, customer: 'Priya Nair', amount_cents: 41000, status: 'open', refunded_cents: 0, left_cents: 41000,
      }]);
    });

    test('an unknown resource is -32602 on 2026-07-28', async () => {
      await assert.rejects(watcher.readResource({ uri: 'office://nothing' }),
        (e) => e instanceof ProtocolError && e.code === -32602);
    });

    test('listen is acknowledged with the honoured subset, and a booking elsewhere reaches the handler once', async () => {
      subscription = await watcher.listen({ resourceSubscriptions: ['office://slots', 'office://invoices', 'office://nothing'] });
      assert.deepEqual(subscription.honoredFilter, { resourceSubscriptions: ['office://slots', 'office://invoices'] });
      await bookSlotElsewhere(newClient('office-mcp-interop-client2-other'), new StdioClientTransport(serverParameters(database.db)));
      await settledUpdates(updates);
      assert.equal(updates.length, 1, JSON.stringify(updates));
      assert.equal(updates[0].uri, 'office://slots');
      assert.equal(typeof updates[0].id, 'string'); // the listen request's id
    });

    test('closing the subscription stops the updates', async () => {
      updates.length = 0;
      await subscription.close();
      assert.equal(await subscription.closed, 'local');
      await bookSlotElsewhere(newClient('office-mcp-interop-client2-other'), new StdioClientTransport(serverParameters(database.db)), 6);
      await new Promise((r) => setTimeout(r, 1500));
      assert.deepEqual(updates, []);
    });
  });
});

// office-mcp --http driven by the official v2 TypeScript SDK client (@modelcontextprotocol/client,
// pinned in package.json) pinned to protocol 2026-07-28, over the SDK's own Streamable HTTP
// transport. 2026-07-28 is stateless, so any replica may answer any request: each describe()
// starts TWO `office-mcp --http` processes on one fresh database with one OFFICE_MCP_STATE_KEYS,
// and the transport's fetch sends each request to one of them. Covered: every tool listed and
// callable with the requests alternating between the replicas, and a refund through
// input_required whose first round lands on replica A and whose retry (with requestState and the
// person's answer) lands on replica B, proven by what each replica received and logged. And an
// office with a bearer token (office-mcp token add): refused without it, served with it.
//
//   OFFICE_MCP=build/stdio_server/office-mcp node --test tests/interop/client2-http.test.mjs
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { after, before, describe } from 'node:test';
import { Client, ProtocolError, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import {
  REFUND_ANSWER, assertRefundQuestionForInvoice2, freshDatabase, freshStateKeys, invoicesById,
  minimalEnvironment, officeMcpBinary, responseTo, routingFetch, sentRequests, settledUpdates, startHttpServer, tapTransport, testShowingLogs,
  textOf,
} from './helpers.mjs';
import { toolCoverageTests } from './tool-coverage.mjs';

officeMcpBinary(); // fail the whole file at once, with the reason, when $OFFICE_MCP is unusable

const MODERN = '2026-07-28';
const SUITE = { timeout: 60_000 };
const A = 0;
const B = 1;

/**
 * Two replicas (A and B) on one fresh database sharing one fresh state key, and a v2 client
 * pinned to 2026-07-28 whose transport sends each request where `route(body)` says (A or B).
 * `answers` (when given) makes the client declare elicitation and answer each elicitation/create
 * embedded in an input_required result with the next entry.
 */
async function startReplicas({ route, answers }) {
  const database = freshDatabase();
  const stateKeys = freshStateKeys();
  const replicas = [];
  try {
    replicas.push(await startHttpServer({ db: database.db, stateKeys }));
    replicas.push(await startHttpServer({ db: database.db, stateKeys }));
    const router = routingFetch(replicas.map((replica) => replica.url), route);
    const transport = new StreamableHTTPClientTransport(new URL(replicas[A].url), { fetch: router.fetch });
    const wire = tapTransport(transport);
    const client = new Client({ name: 'office-mcp-interop-client2-http', version: '1.0.0' }, {
      capabilities: answers ? { elicitation: { form: {} } } : {},
      versionNegotiation: { mode: { pin: MODERN } },
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
      client, wire, replicas, routed: router.routed, elicitations,
      async close() {
        try {
          await client.close();
          for (const replica of replicas) await replica.stop();
        } finally {
          database.remove();
        }
      },
    };
  } catch (error) {
    for (const replica of replicas) await replica.stop().catch(() => {});
    database.remove();
    throw error;
  }
}

/** Alternates A, B, A, B … request by request: any replica must be able to answer anything. */
function roundRobin() {
  let next = 0;
  return () => {
    const to = next;
    next = 1 - next;
    return to;
  };
}

/** The first round of a refund (no requestState yet) to A, the retry carrying requestState to B, the rest to A. */
function refundRoundsOnTwoReplicas(body) {
  if (body?.method === 'tools/call' && body.params?.name === 'issue_refund') {
    return body.params.requestState === undefined ? A : B;
  }
  return A;
}

const replicaLogs = (session) => () => ({ 'replica A': session?.replicas[A], 'replica B': session?.replicas[B] });

describe('the v2 SDK client pinned to 2026-07-28 over Streamable HTTP, against two replicas', () => {
  describe('every tool, with the requests alternating between replicas A and B', SUITE, () => {
    let session;
    const test = testShowingLogs(() => replicaLogs(session)());
    before(async () => { session = await startReplicas({ route: roundRobin() }); });
    after(async () => { await session?.close(); });

    test('connect settles on 2026-07-28 through server/discover, with no initialize', async () => {
      assert.equal(session.client.getProtocolEra(), 'modern');
      assert.equal(session.client.getNegotiatedProtocolVersion(), MODERN);
      assert.ok(session.client.getDiscoverResult().supportedVersions.includes(MODERN));
      assert.deepEqual(sentRequests(session.wire, 'initialize'), []);
    });

    toolCoverageTests(() => session.client, ProtocolError);

    test('both replicas answered tools/call requests: each logged at least five', async () => {
      for (const [label, replica] of [['A', session.replicas[A]], ['B', session.replicas[B]]]) {
        const calls = replica.requests().filter((event) => event.method === 'tools/call');
        assert.ok(calls.length >= 5, `replica ${label} logged ${calls.length} tools/call requests`);
      }
      const sentTo = (index) => session.routed.filter((entry) => entry.to === index && entry.method === 'tools/call').length;
      assert.ok(sentTo(A) >= 5 && sentTo(B) >= 5, JSON.stringify(session.routed));
    });
  });

  describe('a refund through input_required, round 1 on replica A and round 2 on replica B', SUITE, () => {
    let session;
    const test = testShowingLogs(() => replicaLogs(session)());
    before(async () => {
      session = await startReplicas({ route: refundRoundsOnTwoReplicas, answers: [{ action: 'accept', content: REFUND_ANSWER }] });
    });
    after(async () => { await session?.close(); });

    test('issue_refund({invoice_id:2}) comes back input_required from A, the person accepts, and B completes the refund', async () => {
      const result = await session.client.callTool({ name: 'issue_refund', arguments: { invoice_id: 2 } });
      assert.notEqual(result.isError, true, textOf(result));
      assert.equal(session.elicitations.length, 1);
      assertRefundQuestionForInvoice2(session.elicitations[0]);

      const rounds = sentRequests(session.wire, 'tools/call')
        .filter((request) => request.params.name === 'issue_refund')
        .map((request) => ({ request, response: responseTo(session.wire, request) }));
      assert.equal(rounds.length, 2);
      const [first, retry] = rounds;
      assert.equal(first.response.result.resultType, 'input_required');
      assert.equal(typeof first.response.result.requestState, 'string');
      assert.equal(retry.request.params.requestState, first.response.result.requestState);
      assert.deepEqual(retry.request.params.inputResponses, { approve_refund: { action: 'accept', content: REFUND_ANSWER } });
      assert.equal(retry.response.result.resultType, 'complete');
    });

    test('what each replica received: the first round went to A only, the retry with requestState to B only', async () => {
      const refundPosts = session.routed.filter((entry) => entry.tool === 'issue_refund');
      assert.deepEqual(refundPosts.map(({ to, withState }) => ({ to, withState })),
        [{ to: A, withState: false }, { to: B, withState: true }]);
    });

    test('what each replica logged: one issue_refund request each', async () => {
      const refundsLoggedBy = (replica) => replica.requests().filter((event) => event.tool === 'issue_refund');
      assert.equal(refundsLoggedBy(session.replicas[A]).length, 1, session.replicas[A].stderr());
      assert.equal(refundsLoggedBy(session.replicas[B]).length, 1, session.replicas[B].stderr());
    });

    test('open_invoices(1), answered by A, shows invoice 2 refunded: both replicas share the database', async () => {
      const invoices = invoicesById(await session.client.callTool({ name: 'open_invoices', arguments: { customer_id: 1 } }));
      assert.equal(invoices[2].status, 'refunded');
      assert.equal(invoices[1].status, 'paid');
      assert.equal(session.routed.at(-1).to, A);
    });
  });

  describe('a refund asked for by a client without elicitation, against two replicas', SUITE, () => {
    let session;
    const test = testShowingLogs(() => replicaLogs(session)());
    before(async () => { session = await startReplicas({ route: roundRobin() }); });
    after(async () => { await session?.close(); });

    test('issue_refund({invoice_id:2}) queues an approval request at once and names its number', async () => {
      const result = await session.client.callTool({ name: 'issue_refund', arguments: { invoice_id: 2 } });
      assert.notEqual(result.isError, true, textOf(result));
      assert.match(textOf(result), /#\s*1\b|\brequest\b\D{0,20}\b1\b/i);
      const invoices = invoicesById(await session.client.callTool({ name: 'open_invoices', arguments: { customer_id: 1 } }));
      assert.equal(invoices[2].status, 'open');
    });
  });

  describe('resources: a listen stream held by replica A hears of a booking made on replica B', SUITE, () => {
    let session;
    let subscription;
    const updates = [];
    const test = testShowingLogs(() => replicaLogs(session)());
    before(async () => {
      session = await startReplicas({ route: (body) => (body?.method === 'subscriptions/listen' ? A : B) });
      session.client.setNotificationHandler('notifications/resources/updated', (n) => { updates.push(n.params.uri); });
    });
    after(async () => {
      await subscription?.close();
      await session?.close();
    });

    test('readResource on replica B', async () => {
      const page = JSON.parse((await session.client.readResource({ uri: 'office://customers?limit=1' })).contents[0].text);
      assert.deepEqual(page.rows, [{ id: 1, name: 'Maria Alvarez', email: 'maria@example.com' }]);
      assert.equal(session.routed.at(-1).to, B);
    });

    test('listen on A is acknowledged; book_slot on B; A\'s stream carries one update for slots', async () => {
      subscription = await session.client.listen({ resourceSubscriptions: ['office://slots', 'office://invoices'] });
      assert.deepEqual(subscription.honoredFilter, { resourceSubscriptions: ['office://slots', 'office://invoices'] });
      const booked = await session.client.callTool({ name: 'book_slot', arguments: { slot_id: 5, customer_id: 1 } });
      assert.notEqual(booked.isError, true, textOf(booked));
      assert.equal(session.routed.at(-1).to, B);
      await settledUpdates(updates);
      assert.deepEqual(updates, ['office://slots']);
    });

    test('closing the subscription closes the stream: no more updates', async () => {
      updates.length = 0;
      await subscription.close();
      await session.client.callTool({ name: 'book_slot', arguments: { slot_id: 6, customer_id: 1 } });
      await new Promise((r) => setTimeout(r, 1500));
      assert.deepEqual(updates, []);
    });
  });

  describe('with a bearer token (office-mcp token add): refused without it, every call answered with it', SUITE, () => {
    let database;
    let server;
    let token;
    const test = testShowingLogs(() => ({ server }));
    before(async () => {
      database = freshDatabase();
      token = execFileSync(officeMcpBinary(), ['token', 'add', 'interop', '--db', database.db],
        { env: minimalEnvironment(), encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
      server = await startHttpServer({ db: database.db });
    });
    after(async () => {
      await server?.stop();
      database?.remove();
    });

    const connect = async (headers) => {
      const client = new Client({ name: 'office-mcp-interop-client2-token', version: '1.0.0' },
        { versionNegotiation: { mode: { pin: MODERN } } });
      await client.connect(new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers } }));
      return client;
    };

    test('without a token, or with a wrong one, the client is refused with 401', async () => {
      for (const headers of [{}, { Authorization: `Bearer ${token}x` }]) {
        await assert.rejects(async () => {
          const client = await connect(headers);
          try {
            await client.listTools();
          } finally {
            await client.close();
          }
        }, (error) => /401|Unauthorized/.test(String(error?.message ?? error)), JSON.stringify(headers));
      }
    });

    test('with the token the tools are listed and order_lunch is called', async () => {
      const client = await connect({ Authorization: `Bearer ${token}` });
      try {
        assert.ok((await client.listTools()).tools.some((tool) => tool.name === 'order_lunch'));
        const ordered = await client.callTool({ name: 'order_lunch', arguments: { item: 'tortilla', quantity: 1 } });
        assert.notEqual(ordered.isError, true, textOf(ordered));
      } finally {
        await client.close();
      }
      assert.match(server.stderr(), /"principal":"interop"/);
    });
  });
});

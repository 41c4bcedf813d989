// The official v2 TypeScript SDK client (@modelcontextprotocol/client, pinned to 2026-07-28)
// through a real HAProxy (round-robin) in front of three `office-mcp --http` replicas on one
// database (tests/replicas/cluster.mjs; the backend is OFFICE_REPLICAS_BACKEND). Unlike
// client2-http.test.mjs, nothing in the client chooses the replica: the balancer does, and the
// test proves from the replicas' own logs that a refund's two rounds were served by two of them.
//
//   OFFICE_MCP=build/stdio_server/office-mcp OFFICE_REPLICAS=build/tests/replicas/office-replicas \
//     node --test tests/interop/client2-haproxy.test.mjs
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { REFUND_ANSWER, assertRefundQuestionForInvoice2, invoicesById, responseTo, sentRequests, tapTransport, textOf } from './helpers.mjs';
import { backend, startOffice } from '../replicas/cluster.mjs';

const MODERN = '2026-07-28';

describe(`the v2 SDK client through HAProxy, three replicas on ${backend().name}`, { timeout: 120_000 }, () => {
  let office;
  let client;
  let wire;
  const elicitations = [];
  const failing = (t) => t.diagnostic(office ? `${office.said()}\n${office.logs()}\n--- haproxy:\n${office.haproxyLog()}` : 'no office');

  before(async () => {
    office = await startOffice({ replicas: 3, callers: ['alice'] });
    const transport = new StreamableHTTPClientTransport(new URL(office.url), {
      requestInit: { headers: { Authorization: `Bearer ${office.tokens.alice}` } },
    });
    wire = tapTransport(transport);
    client = new Client({ name: 'office-mcp-interop-client2-haproxy', version: '1.0.0' }, {
      capabilities: { elicitation: { form: {} } },
      versionNegotiation: { mode: { pin: MODERN } },
    });
    client.setRequestHandler('elicitation/create', async (request) => {
      elicitations.push(request.params);
      return { action: 'accept', content: REFUND_ANSWER };
    });
    await client.connect(transport);
  });
  after(async () => {
    await client?.close();
    await office?.stop();
  });

  test('issue_refund({invoice_id:2}) asks the person once and completes', async (t) => {
    try {
      assert.equal(client.getNegotiatedProtocolVersion(), MODERN);
      const result = await client.callTool({ name: 'issue_refund', arguments: { invoice_id: 2 } });
      assert.notEqual(result.isError, true, textOf(result));
      assert.equal(elicitations.length, 1);
      assertRefundQuestionForInvoice2(elicitations[0]);
      const rounds = sentRequests(wire, 'tools/call').filter((request) => request.params.name === 'issue_refund');
      assert.equal(rounds.length, 2);
      assert.equal(responseTo(wire, rounds[0]).result.resultType, 'input_required');
      assert.equal(rounds[1].params.requestState, responseTo(wire, rounds[0]).result.requestState);
      assert.equal(responseTo(wire, rounds[1]).result.resultType, 'complete');
    } catch (error) {
      failing(t);
      throw error;
    }
  });

  test('the two rounds were served by two different replicas, each logging one issue_refund by alice', async (t) => {
    const served = office.replicas.map((replica) => ({
      replica: replica.index,
      refunds: replica.requests().filter((event) => event.tool === 'issue_refund'),
    })).filter((entry) => entry.refunds.length > 0);
    try {
      assert.equal(served.length, 2, JSON.stringify(served));
      for (const entry of served) {
        assert.equal(entry.refunds.length, 1, JSON.stringify(entry));
        assert.equal(entry.refunds[0].principal, 'alice');
        assert.equal(entry.refunds[0].version, MODERN);
      }
    } catch (error) {
      failing(t);
      throw error;
    }
  });

  test('open_invoices(1), through the balancer, shows invoice 2 refunded: the replicas share one database', async () => {
    const invoices = invoicesById(await client.callTool({ name: 'open_invoices', arguments: { customer_id: 1 } }));
    assert.equal(invoices[2].status, 'refunded');
    assert.equal(invoices[1].status, 'paid');
  });

  test('HAProxy logged every request as served by a replica with a 200, and used all three', async () => {
    // HAProxy writes a request's line once it has sent the response, so the client can read the
    // last reply a moment before its line is in the log: wait for it (up to 5 s), then judge.
    const posts = () => office.haproxyLog().split('\n').filter((line) => line.includes('"POST /mcp'));
    for (let waited = 0; posts().length < 4 && waited < 5000; waited += 50) await new Promise((r) => setTimeout(r, 50));
    const lines = posts();
    assert.ok(lines.length >= 4, office.haproxyLog());
    for (const line of lines) assert.match(line, / replicas\/replica[123] \S+ 200 /);
    const used = new Set(lines.map((line) => / replicas\/(replica[123]) /.exec(line)[1]));
    assert.equal(used.size, 3, office.haproxyLog());
  });
});

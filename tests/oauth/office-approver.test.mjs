// The approver right over OAuth: answering office-mcp's refund form *is* approving a refund, so
// over HTTP only a token with office:approve is handed the form (2026-07-28: an input_required
// result with a requestState; 2025-11-25: an elicitation/create request on the POST's SSE
// stream), even though every caller here declares form elicitation. Anyone else's refund is
// queued as an approval request, which a non-approver cannot settle by asking again (nor with an
// approver's requestState) and an approver settles by answering the form for that invoice.
// `office-mcp approvals list` and `office-mcp audit` (run on the office's database while it
// serves) must say who asked and who approved. Both eras, each on a fresh office with the seeded
// invoices (resources/seed.sql), with tokens from the real authorization server's code flow:
// bob (office:billing) and carol (office:billing office:approve). 2026-07-28 is spoken raw
// (office-calls.mjs), 2025-11-25 through the SDK v1 client with an elicitation handler.
//
// office-mcp only: with OFFICE_OAUTH_SERVER=reference (the default) this file registers nothing,
// since the refund tools, the approval queue and the audit are office-mcp's (CI runs it with
// office). With OFFICE_OAUTH_SERVER=office and no OFFICE_MCP it registers one failing test saying so.
//
//   OFFICE_MCP=$PWD/build/stdio_server/office-mcp OFFICE_OAUTH_SERVER=office node --test tests/oauth/office-approver.test.mjs
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { Client, ElicitRequestSchema, StreamableHTTPClientTransport } from './deps.mjs';
import { LEGACY, MODERN, callModern, table, textOf } from './office-calls.mjs';
import { startProvider } from './provider.mjs';
import { SERVER_KIND, startOffice } from './servers.mjs';

const OFFICE = SERVER_KIND === 'office';
if (OFFICE && !process.env.OFFICE_MCP) {
  test('office-approver.test.mjs needs OFFICE_MCP, the office-mcp binary', () => {
    assert.fail('OFFICE_OAUTH_SERVER=office needs OFFICE_MCP=/path/to/office-mcp, e.g. ' +
      'OFFICE_MCP=$PWD/build/stdio_server/office-mcp OFFICE_OAUTH_SERVER=office node --test tests/oauth/');
  });
}
const RUN = OFFICE && Boolean(process.env.OFFICE_MCP);

const SUITE = { timeout: 120_000 };
const REASON = 'Charged twice for the same visit';
const accept = (amount) => ({ action: 'accept', content: { amount, reason: REASON } });

/**
 * A caller speaking 2026-07-28 with `token`, declaring form elicitation on every request.
 * refund(invoice, answer) plays issue_refund as a client does: when the result is input_required
 * it keeps the form and retries with the requestState and `answer` (cancel when none is given).
 */
function modernCaller(url, token) {
  const client = { name: 'office-approver-raw', version: '1.0' };
  const send = async (tool, args, extra) => {
    const answer = await callModern(url, token, tool, args, { forms: true, client, extra });
    assert.equal(answer.status, 200, answer.text);
    return answer.body;
  };
  const call = async (tool, args, extra) => {
    const body = await send(tool, args, extra);
    assert.ok(body.result, `${tool}: ${JSON.stringify(body)}`);
    return body.result;
  };
  return {
    client: `${client.name}/${client.version}`,
    era: `modern ${MODERN}`,
    send,
    call,
    async refund(invoiceId, answer) {
      const forms = [];
      const first = await call('issue_refund', { invoice_id: invoiceId });
      if (first.resultType !== 'input_required') return { result: first, forms, first };
      assert.equal(first.inputRequests.approve_refund.method, 'elicitation/create');
      forms.push(first.inputRequests.approve_refund.params);
      const result = await call('issue_refund', { invoice_id: invoiceId }, {
        requestState: first.requestState, inputResponses: { approve_refund: answer ?? { action: 'cancel' } },
      });
      return { result, forms, first };
    },
    close() {},
  };
}

/**
 * A caller speaking 2025-11-25 through the SDK v1 client with `token`, declaring form
 * elicitation; its elicitation/create handler keeps each form and answers `answer` (cancel when
 * none is given) during refund(invoice, answer), which also returns `streams`: the SSE text of
 * each issue_refund POST's answer (where office-mcp must send the form).
 */
async function legacyCaller(url, token) {
  const client = new Client({ name: 'office-approver-sdk', version: '1.0.0' }, { capabilities: { elicitation: { form: {} } } });
  const forms = [];
  let answer = null;
  client.setRequestHandler(ElicitRequestSchema, async (request) => {
    forms.push(request.params);
    return answer ?? { action: 'cancel' };
  });
  const streams = [];  // promises of the SSE text answering each issue_refund POST
  const tap = async (input, init) => {
    const response = await fetch(input, init);
    const refund = init?.method === 'POST' && String(init.body).includes('"issue_refund"');
    if (refund && (response.headers.get('content-type') ?? '').startsWith('text/event-stream')) streams.push(response.clone().text());
    return response;
  };
  await client.connect(new StreamableHTTPClientTransport(new URL(url), {
    fetch: tap, requestInit: { headers: { authorization: `Bearer ${token}` } },
  }));
  assert.equal(client.transport.protocolVersion, LEGACY);
  const call = (tool, args) => client.callTool({ name: tool, arguments: args });
  return {
    client: 'office-approver-sdk/1.0.0',
    era: `legacy ${LEGACY}`,
    call,
    async refund(invoiceId, given) {
      const [seenForms, seenStreams] = [forms.length, streams.length];
      answer = given;
      try {
        const result = await call('issue_refund', { invoice_id: invoiceId });
        return { result, forms: forms.slice(seenForms), streams: await Promise.all(streams.slice(seenStreams)) };
      } finally {
        answer = null;
      }
    },
    close: () => client.close(),
  };
}

/** The office's approval requests (office-mcp approvals list), keyed by their number. */
const approvals = (office) => Object.fromEntries(table(office.command('approvals', 'list')).map((row) => [row.ID, row]));

/** The audit rows (office-mcp audit) of `action` about invoice `id`. */
const auditRows = (office, action, id) => table(office.command('audit'))
  .filter((row) => row.ACTION === action && row.SUBJECT === `invoice ${id}`);

/** An invoice as open_invoices shows it now, through `caller`. */
async function invoiceNow(caller, customerId, invoiceId) {
  const result = await caller.call('open_invoices', { customer_id: customerId });
  return result.structuredContent.invoices.find((invoice) => invoice.invoice_id === invoiceId);
}

function describeApprover(eraName, connect) {
  describe(`the approver right over OAuth, ${eraName}: only office:approve is handed the refund form`, SUITE, () => {
    let provider;
    let office;
    let bob;    // office:billing
    let carol;  // office:billing office:approve
    const seeded = {};  // { maria: { customer, invoice }, priya: ... }: the open invoices, found by bob
    before(async () => {
      provider = await startProvider();
      office = await startOffice({ issuer: provider.issuer, caFile: provider.caFile });
      provider.defaultResource = office.url;
      const { access_token: bobToken } = await provider.mintToken({ user: 'bob', scopes: ['office:billing'] });
      const { access_token: carolToken } = await provider.mintToken({ user: 'carol', scopes: ['office:billing', 'office:approve'] });
      bob = await connect(office.url, bobToken);
      carol = await connect(office.url, carolToken);
    });
    after(async () => {
      await bob?.close();
      await carol?.close();
      await office?.close();
      await provider?.close();
    });

    test('bob (office:billing) finds Maria\'s and Priya\'s open invoices with find_customer and open_invoices', async () => {
      for (const [key, query, amount] of [['maria', 'Maria', 80], ['priya', 'Priya', 410]]) {
        const found = await bob.call('find_customer', { query });
        assert.equal(found.structuredContent.customers.length, 1, textOf(found));
        const customer = found.structuredContent.customers[0].id;
        const open = (await bob.call('open_invoices', { customer_id: customer })).structuredContent.invoices
          .filter((invoice) => invoice.status === 'open');
        assert.equal(open.length, 1, JSON.stringify(open));
        assert.equal(open[0].amount, amount);
        seeded[key] = { customer, invoice: open[0].invoice_id, amount };
      }
    });

    test('bob, declaring form elicitation, asks to refund Maria\'s invoice: queued as approval request #1 (pending), no form', async () => {
      const { result, forms, first, streams } = await bob.refund(seeded.maria.invoice, accept(80));
      assert.equal(forms.length, 0, `a form reached a caller without office:approve: ${JSON.stringify(forms)}`);
      for (const events of streams ?? []) assert.doesNotMatch(events, /elicitation\/create/);
      if (first) assert.equal(first.resultType, 'complete');
      assert.notEqual(result.isError, true, textOf(result));
      assert.match(textOf(result), /approval request #1\b/i);
      assert.deepEqual(result.structuredContent, { invoice_id: seeded.maria.invoice, approval_request_id: 1, status: 'pending' });
      const requests = approvals(office);
      assert.deepEqual(Object.keys(requests), ['#1']);
      assert.deepEqual([requests['#1'].INVOICE, requests['#1'].STATUS, requests['#1'].CLIENT, requests['#1'].RESOLVED_BY],
        [`invoice ${seeded.maria.invoice}`, 'pending', `bob (${bob.client})`, '-']);
      assert.equal((await invoiceNow(bob, seeded.maria.customer, seeded.maria.invoice)).refunded, 0);
    });

    test('carol (office:billing office:approve) asks to refund Priya\'s invoice: the form arrives (at most 410), and accepting 100 refunds 100.00', async () => {
      const { result, forms, first, streams } = await carol.refund(seeded.priya.invoice, accept(100));
      assert.equal(forms.length, 1, 'one form');
      if (first) assert.equal(first.resultType, 'input_required');
      if (streams) {
        assert.equal(streams.length, 1, 'the issue_refund POST was answered with an SSE stream');
        assert.match(streams[0], /"method":"elicitation\/create"/, 'the form came on the POST\'s own stream');
      }
      assert.equal(forms[0].mode ?? 'form', 'form');
      assert.deepEqual(forms[0].requestedSchema.required, ['amount', 'reason']);
      assert.equal(forms[0].requestedSchema.properties.amount.maximum, 410);
      assert.notEqual(result.isError, true, textOf(result));
      assert.match(textOf(result), new RegExp(`^Refunded 100\\.00 of invoice ${seeded.priya.invoice}\\b`));
      const { refund_id: refundId, ...refunded } = result.structuredContent;
      assert.equal(typeof refundId, 'number');
      assert.deepEqual(refunded, { invoice_id: seeded.priya.invoice, status: 'refunded', amount: 100, refunded: 100, left: 310 });
      assert.equal((await invoiceNow(carol, seeded.priya.customer, seeded.priya.invoice)).refunded, 100);
      assert.deepEqual(Object.keys(approvals(office)), ['#1'], 'a refund the approver made at once queues nothing');
    });

    test('bob asks again for Maria\'s invoice: request #1 is still pending, no form, nothing refunded', async () => {
      const { result, forms } = await bob.refund(seeded.maria.invoice, accept(80));
      assert.equal(forms.length, 0);
      assert.match(textOf(result), /Approval request #1 for invoice \d+ is still waiting/);
      assert.deepEqual(result.structuredContent, { invoice_id: seeded.maria.invoice, approval_request_id: 1, status: 'pending' });
      assert.deepEqual([approvals(office)['#1'].STATUS, approvals(office)['#1'].RESOLVED_BY], ['pending', '-']);
      assert.equal((await invoiceNow(bob, seeded.maria.customer, seeded.maria.invoice)).refunded, 0);
    });

    if (eraName.includes(MODERN)) {
      test('bob replaying a requestState handed to carol, with an accept answer: request #1 stays pending, nothing refunded', async () => {
        const asked = await carol.call('issue_refund', { invoice_id: seeded.maria.invoice });
        assert.equal(asked.resultType, 'input_required');
        const replay = await bob.send('issue_refund', { invoice_id: seeded.maria.invoice },
          { requestState: asked.requestState, inputResponses: { approve_refund: accept(80) } });
        // Refused outright (an error) or answered with the queue's status: never a refund.
        if (replay.result) assert.equal(replay.result.structuredContent?.status, 'pending', JSON.stringify(replay.result));
        else assert.ok(replay.error, JSON.stringify(replay));
        assert.deepEqual([approvals(office)['#1'].STATUS, approvals(office)['#1'].RESOLVED_BY], ['pending', '-']);
        assert.equal((await invoiceNow(bob, seeded.maria.customer, seeded.maria.invoice)).refunded, 0);
      });
    }

    test('carol settles request #1: the form for Maria\'s invoice (at most 80), accept 80: refunded, request #1 approved by carol', async () => {
      const { result, forms } = await carol.refund(seeded.maria.invoice, accept(80));
      assert.equal(forms.length, 1);
      assert.equal(forms[0].requestedSchema.properties.amount.maximum, 80);
      assert.notEqual(result.isError, true, textOf(result));
      const { refund_id: refundId, ...refunded } = result.structuredContent;
      assert.equal(typeof refundId, 'number');
      assert.deepEqual(refunded, { invoice_id: seeded.maria.invoice, status: 'refunded', amount: 80, refunded: 80, left: 0 });
      const settled = approvals(office)['#1'];
      assert.deepEqual([settled.STATUS, settled.CLIENT, settled.RESOLVED_BY], ['approved', `bob (${bob.client})`, `carol (${carol.client})`]);
      assert.equal((await invoiceNow(bob, seeded.maria.customer, seeded.maria.invoice)).status, 'refunded');
    });

    test('bob asks once more and is told request #1 was approved: 80.00 refunded', async () => {
      const { result, forms } = await bob.refund(seeded.maria.invoice);
      assert.equal(forms.length, 0);
      assert.match(textOf(result), /Approval request #1 for invoice \d+ was approved by a person: 80\.00 refunded/);
      assert.equal(result.structuredContent.status, 'approved');
    });

    test('office-mcp audit: refund_queued by bob; refund_issued by carol for both invoices, Maria\'s naming bob\'s request #1', async () => {
      const [queued, ...moreQueued] = auditRows(office, 'refund_queued', seeded.maria.invoice);
      assert.equal(moreQueued.length, 0, 'one refund_queued row');
      assert.deepEqual([queued.CLIENT, queued.ERA], [`bob (${bob.client})`, bob.era]);
      const [priya] = auditRows(office, 'refund_issued', seeded.priya.invoice);
      assert.deepEqual([priya.CLIENT, priya.ERA], [`carol (${carol.client})`, carol.era]);
      assert.match(priya.DETAIL, /^Refunded 100\.00 of invoice/);
      const [maria, ...moreIssued] = auditRows(office, 'refund_issued', seeded.maria.invoice);
      assert.equal(moreIssued.length, 0, 'one refund_issued row for Maria\'s invoice');
      assert.equal(maria.CLIENT, `carol (${carol.client})`);
      assert.ok(maria.DETAIL.includes(`asked by bob (${bob.client}) in approval request #1, approved by carol (${carol.client})`), maria.DETAIL);
    });
  });
}

if (RUN) {
  describeApprover(`2026-07-28 (stateless, raw requests)`, async (url, token) => modernCaller(url, token));
  describeApprover(`2025-11-25 (a session, the SDK v1 client)`, legacyCaller);

  describe('an OAuth user whose sub is an opaque id: the audit keeps the sub as principal, the approval texts name preferred_username', SUITE, () => {
    const erin = { sub: `u-${randomUUID()}`, name: 'erin', scope: 'office:billing' };
    const dana = { sub: `u-${randomUUID()}`, name: 'dana', scope: 'office:billing office:approve' };
    let provider;
    let office;
    const callers = {};
    before(async () => {
      provider = await startProvider();
      office = await startOffice({ issuer: provider.issuer, caFile: provider.caFile });
      const now = Math.floor(Date.now() / 1000);
      for (const user of [erin, dana]) {
        // What an identity provider with opaque subjects issues; signed with the real current key.
        const token = await provider.signToken({
          iss: provider.issuer, aud: office.url, sub: user.sub, preferred_username: user.name, scope: user.scope,
          client_id: 'office-approver-test', iat: now, exp: now + 600, jti: randomUUID(),
        });
        callers[user.name] = modernCaller(office.url, token);
      }
    });
    after(async () => {
      await office?.close();
      await provider?.close();
    });

    test('erin queues invoice 4, dana settles it through the form: approvals list names erin and dana, the audit rows their subs and the detail their names', async () => {
      const queued = await callers.erin.refund(4, accept(410));
      assert.equal(queued.forms.length, 0);
      assert.equal(queued.result.structuredContent.status, 'pending');
      const settled = await callers.dana.refund(4, accept(410));
      assert.equal(settled.forms.length, 1);
      assert.equal(settled.result.structuredContent.status, 'refunded');
      const client = callers.erin.client;
      const request = approvals(office)['#1'];
      assert.deepEqual([request.STATUS, request.CLIENT, request.RESOLVED_BY], ['approved', `erin (${client})`, `dana (${client})`]);
      assert.equal(auditRows(office, 'refund_queued', 4)[0].CLIENT, `${erin.sub} (${client})`);
      const [issued] = auditRows(office, 'refund_issued', 4);
      assert.equal(issued.CLIENT, `${dana.sub} (${client})`);
      assert.ok(issued.DETAIL.includes(`asked by erin (${client}) in approval request #1, approved by dana (${client})`), issued.DETAIL);
    });
  });
}

// Four clients racing through HAProxy in front of three office-mcp replicas on one database
// (2026-07-28 stateless POSTs, round-robin, so a client's consecutive calls land on different
// replicas and the four clients' calls interleave on all three). Each race is judged twice:
// by what the clients were told, and by the database afterwards (`office-mcp audit` and
// `approvals list`, which read the store the replicas wrote, on any backend).
//
//   OFFICE_MCP=build/stdio_server/office-mcp OFFICE_REPLICAS=build/tests/replicas/office-replicas \
//     node --test tests/replicas/races.test.mjs
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { approvalRows, auditRows, backend, resultOf, startOffice, statelessClient, textOf } from './cluster.mjs';

const RACERS = ['racer1', 'racer2', 'racer3', 'racer4'];
const FREE_SLOTS = [1, 2, 4, 5, 6];  // the seed: slot 3 is booked, invoices 1 (240.00) 2 (80.00) 3 (150.00) 4 (410.00)

const sum = (values) => values.reduce((a, b) => a + b, 0);

describe(`four clients racing through HAProxy, three replicas on ${backend().name}`, { timeout: 180_000 }, () => {
  let office;
  let asking;    // clients that can show the refund form (elicitation declared)
  let queueing;  // the same callers without it: their refunds are queued for a person
  before(async () => {
    office = await startOffice({ replicas: 3, callers: RACERS });
    asking = RACERS.map((name) => statelessClient(office.url, { name, token: office.tokens[name], canElicit: true }));
    queueing = RACERS.map((name) => statelessClient(office.url, { name, token: office.tokens[name] }));
  });
  after(async () => { await office?.stop(); });
  const explained = (fn) => async (t) => {
    try {
      await fn(t);
    } catch (error) {
      t.diagnostic(office.logs());
      throw error;
    }
  };

  test('every client books every slot at once: each free slot is booked exactly once, slot 3 never', explained(async () => {
    const won = await Promise.all(asking.map(async (client, i) => {
      const mine = [];
      for (const slot of [1, 2, 3, 4, 5, 6]) {
        const result = resultOf(await client.call('book_slot', { customer_id: (i % 3) + 1, slot_id: slot }), `book ${slot}`);
        if (result.isError) assert.match(textOf(result), /^Slot \d \(.*\) is already booked; /);
        else mine.push(slot);
      }
      return mine;
    }));
    assert.deepEqual(won.flat().sort(), FREE_SLOTS, `what each client was told it booked: ${JSON.stringify(won)}`);
    const booked = auditRows(office.office).filter((row) => row.action === 'slot_booked');
    assert.deepEqual(booked.map((row) => row.id).sort(), FREE_SLOTS, 'slot_booked rows in the audit trail');
  }));

  test('every client asks to refund invoice 4 without a form, three times at once: one approval request is queued',
    explained(async () => {
      const told = await Promise.all(queueing.flatMap((client) => [1, 2, 3].map(async () =>
        resultOf(await client.call('issue_refund', { invoice_id: 4 }), 'queue').structuredContent)));
      assert.equal(told.length, 12);
      for (const answer of told) assert.equal(answer.status, 'pending', JSON.stringify(answer));
      const ids = new Set(told.map((answer) => answer.approval_request_id));
      assert.deepEqual([...ids], [1], 'the approval request each client was told about');
      const queued = auditRows(office.office).filter((row) => row.action === 'refund_queued');
      assert.equal(queued.length, 1, JSON.stringify(queued));
      const requests = approvalRows(office.office);
      assert.deepEqual(requests.map(({ id, invoice, status }) => ({ id, invoice, status })),
        [{ id: 1, invoice: 4, status: 'pending' }]);
    }));

  test('four people approve that request at once (round 2 with the whole 410.00): it is refunded once',
    explained(async () => {
      const firstRounds = await Promise.all(asking.map(async (client) =>
        resultOf(await client.call('issue_refund', { invoice_id: 4 }), 'round 1')));
      for (const result of firstRounds) assert.equal(result.resultType, 'input_required', JSON.stringify(result));
      const answers = await Promise.all(asking.map(async (client, i) => resultOf(await client.call('issue_refund',
        { invoice_id: 4 }, {
          requestState: firstRounds[i].requestState,
          inputResponses: { approve_refund: { action: 'accept', content: { amount: 410, reason: `Approved by ${client.name}` } } },
        }), 'round 2')));
      const refunded = answers.filter((result) => result.structuredContent?.status === 'refunded');
      assert.equal(refunded.length, 1, JSON.stringify(answers));
      for (const result of answers.filter((r) => r !== refunded[0]))
        assert.equal(textOf(result), 'Invoice 4 was already refunded; nothing changed.');

      const issued = auditRows(office.office).filter((row) => row.action === 'refund_issued' && row.id === 4);
      assert.equal(issued.length, 1, JSON.stringify(issued));
      assert.match(issued[0].detail, /^Refunded 410\.00 of invoice 4 .* in approval request #1, approved by racer\d/);
      const requests = approvalRows(office.office);
      assert.equal(requests.length, 1, JSON.stringify(requests));
      assert.equal(requests[0].status, 'approved');
    }));

  test('four clients refund invoice 1 by 10.00 until nothing is left, each replaying every answered round 2: ' +
       '24 refunds of 10.00, none twice', explained(async () => {
    const perClient = await Promise.all(asking.map(async (client) => {
      const mine = { refunds: [], replays: [] };
      for (;;) {
        const ask = resultOf(await client.call('issue_refund', { invoice_id: 1 }), 'round 1');
        if (ask.resultType !== 'input_required') {
          assert.equal(textOf(ask), 'Invoice 1 was already refunded; nothing changed.');
          return mine;
        }
        const round2 = {
          requestState: ask.requestState,
          inputResponses: { approve_refund: { action: 'accept', content: { amount: 10, reason: `Split by ${client.name}` } } },
        };
        const answer = resultOf(await client.call('issue_refund', { invoice_id: 1 }, round2), 'round 2');
        if (answer.structuredContent?.status === 'refunded') mine.refunds.push(answer.structuredContent);
        else assert.equal(textOf(answer), 'Invoice 1 was already refunded; nothing changed.');
        // The same round 2 again (a retry, a replay): the request state is single use.
        const replay = await client.call('issue_refund', { invoice_id: 1 }, round2);
        mine.replays.push(replay.body);
      }
    }));
    const refunds = perClient.flatMap((mine) => mine.refunds);
    assert.equal(refunds.length, 24, JSON.stringify(perClient.map((mine) => mine.refunds.length)));
    assert.ok(refunds.every((refund) => refund.amount === 10));
    assert.equal(new Set(refunds.map((refund) => refund.refund_id)).size, 24, 'refund ids');
    const replays = perClient.flatMap((mine) => mine.replays);
    assert.ok(replays.length >= 24);
    for (const reply of replays) assert.equal(reply?.error?.data?.reason, 'invalid_request_state', JSON.stringify(reply));

    const issued = auditRows(office.office).filter((row) => row.action === 'refund_issued' && row.id === 1);
    assert.equal(issued.length, 24);
    assert.equal(sum(issued.map((row) => Number(/^Refunded (\d+)\.00 of invoice 1 /.exec(row.detail)[1]))), 240);
    const invoices = resultOf(await asking[0].call('open_invoices', { customer_id: 1 }), 'open_invoices').structuredContent.invoices;
    const one = invoices.find((invoice) => invoice.invoice_id === 1);
    assert.equal(one.refunded, 240);
    assert.equal(one.left, 0);
  }));

  test('all three replicas served the races', () => {
    for (const replica of office.replicas) {
      const calls = replica.requests().filter((event) => event.method === 'tools/call');
      assert.ok(calls.length >= 20, `replica ${replica.index} logged ${calls.length} tools/call requests`);
    }
  });
});

// kill -9 of one replica in the middle of a burst of writes through HAProxy. Four clients order
// lunch as fast as they can (each order carries a note naming it: r2-17 is client 2's 17th), and
// on any failure (a reset connection, a 502 or 503 from the balancer) send the same order again
// until it is acknowledged. One of the three replicas is killed with SIGKILL once it has served
// ten orders; the burst goes on for two seconds after.
// Then the database (the audit trail, written in the same transaction as each order) must hold
// every order a client was told was placed, under the id it was told; every order must in the
// end have been acknowledged (the retries succeeded on the surviving replicas). Each order is
// sent with an Idempotency-Key (its note), so an order whose reply was lost when the replica
// died, but which had been placed, is answered on its retry with the first placement
// (_meta office-mcp/replayed) instead of being placed again: every order is in the database
// exactly once (issue 28; without a key such a retry would be a second order).
//
//   OFFICE_MCP=build/stdio_server/office-mcp OFFICE_REPLICAS=build/tests/replicas/office-replicas \
//     node --test tests/replicas/kill.test.mjs
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { auditRows, backend, startOffice, statelessClient } from './cluster.mjs';

const CLIENTS = 4;
const KILL_AFTER_ORDERS = 10;  // the victim has answered this many orders when it is killed
const AFTER_KILL_MS = 2000;    // the burst goes on this long after the kill
const MAX_ATTEMPTS = 20;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

describe(`kill -9 of a replica mid-burst, three replicas behind HAProxy on ${backend().name}`, { timeout: 180_000 }, () => {
  let office;
  let victim;
  let orders;  // per order: { note, client, attempts, failures: [what went wrong], order_id }
  let killedAt;
  before(async () => {
    const callers = Array.from({ length: CLIENTS }, (_, i) => `r${i + 1}`);
    office = await startOffice({ replicas: 3, callers });
    victim = office.replicas[1];
    const clients = callers.map((name) => statelessClient(office.url, { name, token: office.tokens[name] }));
    // Killed once it has served a few orders (so that it is in the rotation and busy), and
    // within 30 s whatever happens.
    const start = Date.now();
    const killer = (async () => {
      while (victim.requests().filter((event) => event.tool === 'order_lunch').length < KILL_AFTER_ORDERS &&
             Date.now() - start < 30_000) await sleep(10);
      // Its log line comes when a request is done; a moment later it is likely in the middle of
      // the next one, whose client must then see the failure and retry.
      await sleep(2 + Math.random() * 20);
      process.kill(victim.pid, 'SIGKILL');
      killedAt = Date.now();
    })();
    const bursting = () => killedAt === undefined || Date.now() - killedAt < AFTER_KILL_MS;
    const perClient = await Promise.all(clients.map(async (client) => {
      const mine = [];
      for (let n = 1; bursting(); ++n) {
        const order = { note: `${client.name}-${n}`, client: client.name, attempts: 0, failures: [] };
        mine.push(order);
        while (order.order_id === undefined && order.attempts < MAX_ATTEMPTS) {
          ++order.attempts;
          try {
            const answer = await client.call('order_lunch', { item: 'tortilla', quantity: 1, note: order.note }, {},
              { 'Idempotency-Key': order.note });
            if (answer.status === 200 && answer.body?.result && !answer.body.result.isError) {
              order.order_id = answer.body.result.structuredContent.order_id;
              order.replayed = answer.body.result._meta?.['office-mcp/replayed'] === true;
            } else {
              order.failures.push(`HTTP ${answer.status}: ${answer.text.slice(0, 200)}`);
            }
          } catch (error) {
            order.failures.push(`${error.message}${error.cause ? ` (${error.cause.code ?? error.cause.message})` : ''}`);
          }
          if (order.order_id === undefined) await sleep(50);
        }
      }
      return mine;
    }));
    await killer;
    orders = perClient.flat();
  });
  after(async () => { await office?.stop(); });

  test('the killed replica had served orders before it died, and the other two served orders after it', (t) => {
    const served = office.replicas.map((replica) => replica.requests().filter((event) => event.tool === 'order_lunch'));
    t.diagnostic(`orders served per replica: ${served.map((events) => events.length).join(', ')} (replica 2 killed)`);
    assert.ok(served[1].length >= KILL_AFTER_ORDERS, `replica 2 served ${served[1].length} orders before it was killed`);
    for (const index of [0, 2]) {
      const late = served[index].filter((event) => Date.parse(event.time) > killedAt);
      assert.ok(late.length > 0, `replica ${index + 1} served no order after the kill`);
    }
  });

  test('every order was acknowledged in the end: the retries succeeded on the surviving replicas', (t) => {
    const failed = orders.filter((order) => order.failures.length > 0);
    t.diagnostic(`${orders.length} orders, ${failed.length} saw a failure and were sent again ` +
                 `(${failed.reduce((n, order) => n + order.failures.length, 0)} failed attempts): ` +
                 JSON.stringify(failed.map(({ note, failures }) => ({ note, failures }))));
    const unacknowledged = orders.filter((order) => order.order_id === undefined);
    assert.deepEqual(unacknowledged, [], 'orders never acknowledged');
    assert.ok(orders.length >= 20, `only ${orders.length} orders`);
  });

  test('every acknowledged order is in the database exactly once, under the id its client was told', (t) => {
    const rows = auditRows(office.office).filter((row) => row.action === 'lunch_ordered');
    const noteOf = (row) => /\(note: (r\d+-\d+)\)\.$/.exec(row.detail)?.[1];
    const byId = new Map(rows.map((row) => [row.id, noteOf(row)]));
    for (const order of orders) assert.equal(byId.get(order.order_id), order.note, `order ${order.note} (#${order.order_id})`);

    // Placed once each: a retry of an order that had been placed was answered with that placement.
    const placed = new Map();
    for (const row of rows) placed.set(noteOf(row), (placed.get(noteOf(row)) ?? 0) + 1);
    const twice = orders.filter((order) => placed.get(order.note) > 1);
    const replayed = orders.filter((order) => order.replayed);
    t.diagnostic(`kill -9 with idempotency keys: ${orders.length} orders, ${rows.length} in the database, ` +
                 `${replayed.length} retries answered with their first placement, ${twice.length} placed twice`);
    assert.deepEqual(twice.map(({ note }) => note), [], 'orders placed more than once');
    for (const order of replayed) assert.ok(order.failures.length > 0, `${order.note} was replayed, its client had not retried`);
    assert.equal(rows.length, orders.length, 'every order in the database is one the clients sent, once');
  });

  test('office-replicas says the killed replica had died by signal 9, and stopped the others cleanly', async () => {
    const stopped = office;
    office = undefined;
    await stopped.stop();
    assert.match(stopped.said(), new RegExp(`replica 2 \\(pid ${victim.pid}\\) had already ended: killed by signal 9`));
  });
});

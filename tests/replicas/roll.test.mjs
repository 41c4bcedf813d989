// A rolling restart under load (issue 26): three replicas behind HAProxy, which checks
// GET /readyz; four 2026-07-28 clients and two 2025 clients holding sessions order lunch as fast
// as they can, each order numbered (s2-17 is stateless client 2's 17th). Meanwhile every replica
// in turn gets SIGTERM, drains (/readyz 503 at once, served 1.5 s more with Connection: close,
// then closes), exits 0 and is started again on its port (office-replicas' SIGUSR1).
// Then: no stateless call failed at all; a 2025 client whose session lived in a restarted replica
// was told 404 for it (nothing done) and opened a new one, and nothing else failed; every order
// a client was told was placed is in the database exactly once, and nothing else is.
//
//   OFFICE_MCP=build/stdio_server/office-mcp OFFICE_REPLICAS=build/tests/replicas/office-replicas \
//     node --test tests/replicas/roll.test.mjs
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { auditRows, backend, sessionClient, startOffice, statelessClient } from './cluster.mjs';

const STATELESS = 4;
const SESSIONS = 2;
const BEFORE_MS = 1500;  // load before the rolling restart begins, and after it ends
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

describe(`a rolling restart of three replicas behind HAProxy under load, on ${backend().name}`, { timeout: 240_000 }, () => {
  let office;
  let rolled;
  let orders;  // per order: { note, client, attempts, failures: [what went wrong], sessionLost, order_id }
  before(async () => {
    const stateless = Array.from({ length: STATELESS }, (_, i) => `s${i + 1}`);
    const legacy = Array.from({ length: SESSIONS }, (_, i) => `l${i + 1}`);
    office = await startOffice({ replicas: 3, callers: [...stateless, ...legacy], serverArgs: ['--drain-delay', '1.5'] });
    let done = false;
    const order = async (client, note, place) => {
      const o = { note, client: client.name, attempts: 0, failures: [], sessionLost: 0 };
      while (o.order_id === undefined && o.attempts < 20) {
        ++o.attempts;
        try {
          const answer = await place();
          if (answer.status === 200 && answer.body?.result && !answer.body.result.isError) {
            o.order_id = answer.body.result.structuredContent.order_id;
          } else if (answer.status === 404 && client.open) {
            // Its session lived in a replica that restarted: nothing was done; a new session.
            ++o.sessionLost;
            await client.open();
          } else {
            o.failures.push(`HTTP ${answer.status}: ${answer.text.slice(0, 200)}`);
          }
        } catch (error) {
          o.failures.push(`${error.message}${error.cause ? ` (${error.cause.code ?? error.cause.message})` : ''}`);
        }
      }
      return o;
    };
    const load = async (client) => {
      const mine = [];
      for (let n = 1; !done; ++n) {
        const note = `${client.name}-${n}`;
        mine.push(await order(client, note, () => client.call('order_lunch', { item: 'tortilla', quantity: 1, note })));
      }
      return mine;
    };
    const clients = [
      ...stateless.map((name) => statelessClient(office.url, { name, token: office.tokens[name] })),
      ...legacy.map((name) => sessionClient(office.url, { name, token: office.tokens[name] })),
    ];
    for (const client of clients) if (client.open) await client.open();
    const loads = Promise.all(clients.map(load));
    await sleep(BEFORE_MS);
    try {
      rolled = await office.roll();
      await sleep(BEFORE_MS);
    } finally {
      done = true;
      orders = (await loads).flat();
    }
  });
  after(async () => { await office?.stop(); });

  test('every replica drained, exited 0 and was started again on its port', (t) => {
    t.diagnostic(rolled.join('\n'));
    assert.equal(rolled.length, 3);
    for (const line of rolled) assert.match(line, /^office-replicas: rolled replica \d: pid \d+ exited with status 0, pid \d+ serves http:\/\/127\.0\.0\.1:\d+\/mcp$/);
  });

  test('no call failed: the stateless clients saw nothing, the 2025 clients a 404 for a session that had gone', (t) => {
    const failed = orders.filter((o) => o.failures.length > 0);
    const lost = orders.filter((o) => o.sessionLost > 0);
    t.diagnostic(`rolling restart: ${orders.length} orders, ${failed.length} failed calls, ` +
                 `${lost.reduce((n, o) => n + o.sessionLost, 0)} session 404s (2025 clients, opened again)`);
    assert.deepEqual(failed.map(({ note, failures }) => ({ note, failures })), [], 'calls that failed');
    assert.deepEqual(orders.filter((o) => o.order_id === undefined), [], 'orders never acknowledged');
    assert.ok(orders.length >= 50, `only ${orders.length} orders`);
    for (const o of lost) assert.match(o.client, /^l/, `${o.note}: a stateless client was told 404`);
  });

  test('every acknowledged order is in the database exactly once, under the id its client was told, and nothing else', () => {
    const rows = auditRows(office.office).filter((row) => row.action === 'lunch_ordered');
    const noteOf = (row) => /\(note: ([sl]\d+-\d+)\)\.$/.exec(row.detail)?.[1];
    const byId = new Map(rows.map((row) => [row.id, noteOf(row)]));
    for (const o of orders) assert.equal(byId.get(o.order_id), o.note, `order ${o.note} (#${o.order_id})`);
    assert.equal(rows.length, orders.length, 'orders in the database');
    assert.equal(new Set(rows.map(noteOf)).size, rows.length, 'an order placed twice');
  });
});

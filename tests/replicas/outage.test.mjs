// A database outage under load (issue 26). Four 2026-07-28 clients order lunch from a replica as
// fast as they can, each order numbered and sent again until it is acknowledged, while the
// office's database goes away for 3 s and comes back:
//   PostgreSQL: a server of this test's own (tests/postgres/start.sh), stopped (pg_ctl stop -m
//               fast: every connection is cut) and started again;
//   SQLite:     the file can no longer grow (the replica's file size limit set to 1 byte with
//               prlimit, as a full disk would), then can again.
// Then: calls during the outage were answered 503 with Retry-After and the JSON-RPC error, never
// 200 with an error; /readyz said so on PostgreSQL (503, then 200 again); the office recovered by
// itself; every acknowledged order is in the database under the id its client was told, and an
// order placed twice is only one whose client was told its write may not have been committed.
//
//   OFFICE_MCP=build/stdio_server/office-mcp OFFICE_REPLICAS=build/tests/replicas/office-replicas \
//     node --test tests/replicas/outage.test.mjs
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { auditRows, startOffice, statelessClient } from './cluster.mjs';

const CLIENTS = 4;
const OUTAGE_MS = 3000;
const AROUND_MS = 1500;  // load before the outage and after the database is back
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const here = path.dirname(fileURLToPath(import.meta.url));
const key = process.env.OFFICE_REPLICAS_BACKEND ?? 'sqlite';

// A PostgreSQL server of this test's own: stopping the suites' shared one would fail other tests.
function ownPostgres() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'office-mcp-outage-pg-'));
  const socket = path.join(dir, 'run');
  execFileSync(path.join(here, '..', 'postgres', 'start.sh'), [socket], { stdio: ['ignore', 'ignore', 'inherit'] });
  const run = fs.realpathSync(socket);
  const bin = fs.readFileSync(path.join(run, 'bin'), 'utf8').trim();
  const as = process.getuid() === 0 ? ['setpriv', '--reuid=nobody', '--regid=nogroup', '--clear-groups', '--'] : [];
  const pgCtl = (...args) => {
    const argv = [...as, path.join(bin, 'pg_ctl'), '-D', path.join(run, 'data'), '-w', '-t', '60', ...args];
    execFileSync(argv[0], argv.slice(1), { stdio: ['ignore', 'ignore', 'inherit'] });
  };
  const uri = (database) => `postgresql:///${database}?host=${encodeURIComponent(run)}&user=postgres`;
  execFileSync('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', uri('postgres'), '-c', 'CREATE DATABASE outage'],
    { stdio: ['ignore', 'ignore', 'inherit'] });
  return {
    database: { db: uri('outage'), remove() {} },
    down: () => pgCtl('-m', 'fast', 'stop'),
    up: () => pgCtl('-l', path.join(run, 'server.log'), '-o', `-c listen_addresses='' -k ${run} -c fsync=off`, 'start'),
    remove: () => {
      execFileSync(path.join(here, '..', 'postgres', 'stop.sh'), [socket], { stdio: 'ignore' });
      fs.rmSync(dir, { recursive: true, force: true });
    },
    readyzSaysDown: true,
  };
}

// The replica's file size limit: 1 byte makes every write past the first byte of any file
// fail (EFBIG, SQLite's "database or disk is full"); reads still work, so /readyz stays 200.
function sqliteFull() {
  let pid;
  const limit = (value) => execFileSync('prlimit', ['--pid', String(pid), `--fsize=${value}`], { stdio: ['ignore', 'ignore', 'inherit'] });
  return {
    database: undefined,
    serving: (replica) => { pid = replica.pid; },
    down: () => limit('1:'),  // the soft limit only: raising a hard one again needs CAP_SYS_RESOURCE
    up: () => limit('unlimited:'),
    remove: () => {},
    readyzSaysDown: false,
  };
}

describe(`the office's database gone for ${OUTAGE_MS / 1000} s under load (${key})`, { timeout: 180_000 }, () => {
  let office;
  let outage;
  let orders;  // per order: { note, attempts, answers: [{ status, retryAfter, error }], order_id }
  const readiness = [];  // { at, status } of /readyz, every 100 ms
  let downAt;
  let upAt;
  before(async () => {
    outage = key === 'postgresql' ? ownPostgres() : sqliteFull();
    const callers = Array.from({ length: CLIENTS }, (_, i) => `o${i + 1}`);
    office = await startOffice({ replicas: 1, callers, database: outage.database });
    const replica = office.replicas[0];
    outage.serving?.(replica);
    let done = false;
    const probe = (async () => {
      while (!done) {
        try {
          const response = await fetch(replica.url.replace(/\/mcp$/, '/readyz'));
          readiness.push({ at: Date.now(), status: response.status, body: await response.text() });
        } catch (error) {
          readiness.push({ at: Date.now(), status: 0, body: error.message });
        }
        await sleep(100);
      }
    })();
    const load = async (client) => {
      const mine = [];
      for (let n = 1; !done; ++n) {
        const order = { note: `${client.name}-${n}`, attempts: 0, answers: [] };
        mine.push(order);
        while (order.order_id === undefined && order.attempts < 500) {
          ++order.attempts;
          const answer = await client.call('order_lunch', { item: 'bocadillo', quantity: 1, note: order.note });
          if (answer.status === 200 && answer.body?.result && !answer.body.result.isError) {
            order.order_id = answer.body.result.structuredContent.order_id;
          } else {
            order.answers.push({ status: answer.status, retryAfter: answer.headers?.['retry-after'],
              error: answer.body?.error, text: answer.text.slice(0, 300) });
            await sleep(50);
          }
        }
      }
      return mine;
    };
    const clients = callers.map((name) => statelessClient(replica.url, { name, token: office.tokens[name] }));
    const loads = Promise.all(clients.map(load));
    try {
      await sleep(AROUND_MS);
      downAt = Date.now();
      outage.down();
      await sleep(OUTAGE_MS);
      outage.up();
      upAt = Date.now();
      await sleep(AROUND_MS);
    } finally {
      done = true;
      orders = (await loads).flat();
      await probe;
    }
  });
  after(async () => {
    await office?.stop();
    outage?.remove();
  });

  test('calls during the outage were 503 with Retry-After and the JSON-RPC error, never a 200', (t) => {
    const refused = orders.flatMap((o) => o.answers);
    const statuses = {};
    for (const a of refused) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
    t.diagnostic(`outage: ${orders.length} orders, ${refused.length} refused attempts by status ${JSON.stringify(statuses)}`);
    assert.ok(refused.length > 0, 'no call was refused during the outage');
    for (const a of refused) {
      assert.equal(a.status, 503, a.text);
      assert.equal(a.retryAfter, '1', a.text);
      assert.equal(a.error?.code, -32603, a.text);
    }
  });

  test('/readyz said the database was down, and ready again once it was back', (t) => {
    const during = readiness.filter((r) => r.at > downAt + 500 && r.at < upAt);
    const last = readiness.at(-1);
    t.diagnostic(`/readyz during the outage: ${JSON.stringify([...new Set(during.map((r) => `${r.status} ${r.body.trim()}`))])}; at the end: ${last.status}`);
    if (outage.readyzSaysDown) {
      assert.ok(during.some((r) => r.status === 503 && r.body.includes('database unavailable')), 'no 503 from /readyz while down');
    }
    assert.equal(last.status, 200, last.body);
    assert.ok(readiness.every((r) => r.status === 200 || r.status === 503), 'a /readyz that was not answered');
  });

  test('the office recovered by itself, and no acknowledged order was lost', (t) => {
    assert.deepEqual(orders.filter((o) => o.order_id === undefined).map((o) => o.note), [],
      'orders never acknowledged');
    const rows = auditRows(office.office).filter((row) => row.action === 'lunch_ordered');
    const noteOf = (row) => /\(note: (o\d+-\d+)\)\.$/.exec(row.detail)?.[1];
    const byId = new Map(rows.map((row) => [row.id, noteOf(row)]));
    const acknowledged = orders.filter((o) => o.order_id !== undefined);
    for (const o of acknowledged) assert.equal(byId.get(o.order_id), o.note, `order ${o.note} (#${o.order_id})`);
    const placed = new Map();
    for (const row of rows) placed.set(noteOf(row), (placed.get(noteOf(row)) ?? 0) + 1);
    const twice = acknowledged.filter((o) => placed.get(o.note) > 1);
    t.diagnostic(`orders placed twice (a write whose commit was cut, then sent again): ${twice.length}`);
    for (const o of twice) {
      assert.ok(o.answers.some((a) => /may not have been committed/.test(a.error?.message ?? '')),
        `${o.note} was placed twice, and its client was never told a write may not have been committed`);
    }
  });
});

// The edge recipe (packaging/haproxy/office-mcp-edge.cfg, docs/operating.md "Limits per caller,
// and at the edge") in the real HAProxy in front of two replicas: the rules read only the Mcp-Method and
// Mcp-Name headers, and office-mcp refuses a request whose headers disagree with its body, so
// the recipe cannot be walked around. issue_refund is refused at the edge and never reaches a
// replica; its name in the base64 header form is refused too; order_lunch is limited per client
// address (5 per 10 s, then 429 with Retry-After); a request that lies in its headers about its
// tool gets past the edge and is refused by office-mcp (400, -32020), writing nothing.
//
//   OFFICE_MCP=build/stdio_server/office-mcp OFFICE_REPLICAS=build/tests/replicas/office-replicas \
//     node --test tests/replicas/edge.test.mjs
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { approvalRows, backend, startOffice, statelessClient } from './cluster.mjs';

const recipe = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'packaging', 'haproxy', 'office-mcp-edge.cfg');

describe(`the HAProxy edge recipe in front of two replicas on ${backend().name}`, { timeout: 120_000 }, () => {
  let office;
  let client;
  const servedTools = () => office.replicas.flatMap((replica) => replica.requests()).map((event) => event.tool).filter(Boolean);
  before(async () => {
    office = await startOffice({ replicas: 2, callers: ['agent'], frontendRules: recipe });
    client = statelessClient(office.url, { name: 'edge-client', token: office.tokens.agent });
  });
  after(async () => { await office?.stop(); });

  test('issue_refund is refused at the edge (403), in plain and in base64 header form, and no replica sees it', async () => {
    const plain = await client.call('issue_refund', { invoice_id: 2 });
    assert.equal(plain.status, 403, plain.text);
    const encoded = await client.call('issue_refund', { invoice_id: 2 }, {}, { 'Mcp-Name': `=?base64?${Buffer.from('issue_refund').toString('base64')}?=` });
    assert.equal(encoded.status, 400, encoded.text);
    assert.equal(servedTools().includes('issue_refund'), false, JSON.stringify(servedTools()));
    assert.deepEqual(approvalRows(office.office), []);
  });

  test('a request that lies in its headers about its tool passes the edge and is refused by office-mcp, writing nothing', async () => {
    const lying = await client.call('issue_refund', { invoice_id: 2 }, {}, { 'Mcp-Name': 'find_customer' });
    assert.equal(lying.status, 400, lying.text);
    assert.equal(lying.body?.error?.code, -32020, lying.text);
    assert.match(lying.body.error.message, /Mcp-Name header value 'find_customer' does not match body value 'issue_refund'/);
    assert.deepEqual(approvalRows(office.office), []);
    // Omitting the header is the same: refused by office-mcp.
    const bare = await client.call('issue_refund', { invoice_id: 2 }, {}, { 'Mcp-Name': '' });
    assert.equal(bare.status, 400, bare.text);
    assert.deepEqual(approvalRows(office.office), []);
  });

  test('order_lunch: 5 per 10 s from one address, then 429 with Retry-After from the edge; other tools still pass', async () => {
    const answers = [];
    for (let i = 0; i < 8; ++i) answers.push(await client.call('order_lunch', { item: 'tortilla', quantity: 1, note: `edge-${i}` }));
    const statuses = answers.map((a) => a.status);
    assert.deepEqual(statuses, [200, 200, 200, 200, 200, 429, 429, 429], JSON.stringify(statuses));
    assert.equal(answers[5].headers['retry-after'], '10');
    assert.equal(answers[5].body.error.code, -32000);
    const placed = office.office('audit').split('\n').filter((line) => line.includes('lunch_ordered')).length;
    assert.equal(placed, 5);
    assert.equal(servedTools().filter((tool) => tool === 'order_lunch').length, 5);
    const found = await client.call('find_customer', { query: 'Maria' });
    assert.equal(found.status, 200, found.text);
  });
});

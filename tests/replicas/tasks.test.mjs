// Approvals as tasks across replicas (issue 28, core/office/tasks.h), with a task-aware client
// written against the extension's text (../shared/reference/mcp-spec/docs/extensions/tasks/): it
// declares io.modelcontextprotocol/tasks in every request's capabilities, takes a CreateTaskResult
// for a refund that waits for the desk, follows the task with tasks/get (Mcp-Name = the taskId)
// waiting the pollIntervalMs it is given, listens for notifications/tasks, and cancels. The
// person is a client with forms (office-desk's own route) on another replica. Each request goes
// to a replica of the test's choosing (their own URLs), so that "any replica" is shown, not assumed.
//
//   OFFICE_MCP=build/stdio_server/office-mcp OFFICE_REPLICAS=build/tests/replicas/office-replicas \
//     node --test tests/replicas/tasks.test.mjs
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { approvalRows, auditRows, backend, meta, resultOf, startOffice, statelessClient, textOf } from './cluster.mjs';

const TASKS = 'io.modelcontextprotocol/tasks';
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A client that knows tasks: every request a stateless POST with the headers the extension asks for. */
function taskClient(name, token) {
  let id = 0;
  const capabilities = { extensions: { [TASKS]: {} } };
  const headersFor = (method, params) => ({
    'Content-Type': 'application/json',
    Accept: 'application/json, text/event-stream',
    'MCP-Protocol-Version': '2026-07-28',
    'Mcp-Method': method,
    ...(method === 'tools/call' ? { 'Mcp-Name': params.name } : {}),
    ...(method.startsWith('tasks/') ? { 'Mcp-Name': params.taskId } : {}),
    Authorization: `Bearer ${token}`,
  });
  return {
    async request(url, method, params) {
      const body = { jsonrpc: '2.0', id: ++id, method, params: { ...params, _meta: meta(name, capabilities) } };
      const response = await fetch(url, { method: 'POST', headers: headersFor(method, params), body: JSON.stringify(body) });
      const text = await response.text();
      let reply = null;
      try { reply = JSON.parse(text); } catch { reply = null; }
      return { status: response.status, body: reply, text };
    },
    // subscriptions/listen: an SSE stream; resolves with { events, close } once it is acknowledged.
    async listen(url, notifications) {
      const body = { jsonrpc: '2.0', id: ++id, method: 'subscriptions/listen', params: { notifications, _meta: meta(name, capabilities) } };
      const controller = new AbortController();
      const response = await fetch(url, { method: 'POST', headers: headersFor('subscriptions/listen', {}), body: JSON.stringify(body), signal: controller.signal });
      assert.equal(response.status, 200);
      assert.match(response.headers.get('content-type') ?? '', /text\/event-stream/);
      const events = [];
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      (async () => {
        try {
          for (;;) {
            const { value, done } = await reader.read();
            if (done) return;
            buffer += decoder.decode(value, { stream: true });
            let at;
            while ((at = buffer.indexOf('\n\n')) >= 0) {
              const event = buffer.slice(0, at);
              buffer = buffer.slice(at + 2);
              for (const line of event.split('\n')) if (line.startsWith('data: ')) events.push(JSON.parse(line.slice(6)));
            }
          }
        } catch { /* aborted */ }
      })();
      const deadline = Date.now() + 10_000;
      while (!events.some((e) => e.method === 'notifications/subscriptions/acknowledged')) {
        assert.ok(Date.now() < deadline, 'no acknowledgment on the listen stream');
        await sleep(20);
      }
      return { events, close: () => controller.abort() };
    },
  };
}

/** The person at the desk: a client with forms refunds `invoice` (`answer`: the form's answer). */
async function deskDecides(url, token, invoice, answer) {
  const desk = statelessClient(url, { name: 'office-desk', token, canElicit: true });
  const asked = resultOf(await desk.call('issue_refund', { invoice_id: invoice }), 'the desk opens the form');
  assert.equal(asked.resultType, 'input_required', JSON.stringify(asked));
  return resultOf(await desk.call('issue_refund', { invoice_id: invoice },
    { inputResponses: { approve_refund: answer }, requestState: asked.requestState }), 'the desk answers');
}

function result(answer, what) {
  assert.equal(answer.status, 200, `${what}: HTTP ${answer.status}: ${answer.text}`);
  assert.ok(answer.body?.result, `${what}: no result: ${answer.text}`);
  return answer.body.result;
}

describe(`refunds followed as tasks across two replicas on ${backend().name}`, { timeout: 120_000 }, () => {
  let office;
  let agent;
  let A;
  let B;
  before(async () => {
    office = await startOffice({ replicas: 2, callers: ['agent', 'desk', 'stranger'] });
    [A, B] = office.replicas.map((replica) => replica.url);
    agent = taskClient('task-agent', office.tokens.agent);
  });
  after(async () => { await office?.stop(); });

  test('created on A, followed on B, decided at the desk on A: B hears it and tasks/get has the refund', async () => {
    const created = result(await agent.request(A, 'tools/call', { name: 'issue_refund', arguments: { invoice_id: 2 } }), 'tools/call');
    assert.equal(created.resultType, 'task');
    assert.equal(created.status, 'working');
    assert.match(created.taskId, /^[0-9a-f]{32}$/);
    assert.ok(Number.isInteger(created.ttlMs) && created.ttlMs > 0 && Number.isInteger(created.pollIntervalMs), JSON.stringify(created));
    assert.equal('content' in created || 'requestState' in created, false);
    // Durable before the reply: the other replica finds it at once.
    const polled = result(await agent.request(B, 'tasks/get', { taskId: created.taskId }), 'tasks/get on B');
    assert.equal(polled.status, 'working');
    assert.equal(polled.resultType, 'complete');
    assert.match(polled.statusMessage, /waits for a person in office-desk; nothing has been refunded yet/);

    const stream = await agent.listen(B, { taskIds: [created.taskId] });
    const ack = stream.events.find((e) => e.method === 'notifications/subscriptions/acknowledged');
    assert.deepEqual(ack.params.notifications.taskIds, [created.taskId]);
    const desk = await deskDecides(A, office.tokens.desk, 2, { action: 'accept', content: { amount: 30, reason: 'Charged twice' } });
    assert.match(textOf(desk), /^Refunded 30\.00 of invoice 2/);
    const deadline = Date.now() + 10_000;
    let note;
    while (!(note = stream.events.find((e) => e.method === 'notifications/tasks'))) {
      assert.ok(Date.now() < deadline, `no notifications/tasks on B's stream; it had ${JSON.stringify(stream.events)}`);
      await sleep(50);
    }
    stream.close();
    assert.equal(note.params.taskId, created.taskId);
    assert.equal(note.params.status, 'completed');

    const done = result(await agent.request(B, 'tasks/get', { taskId: created.taskId }), 'tasks/get after the decision');
    assert.equal(done.status, 'completed');
    assert.deepEqual(done.result, note.params.result);
    assert.deepEqual(done.result.structuredContent,
      { invoice_id: 2, approval_request_id: 1, status: 'approved', amount: 30, refunded: 30, left: 50 });
    assert.match(textOf(done.result), /^Approval request #1 for invoice 2 was approved by a person \(desk \(office-desk\/1\.0\)\): 30\.00 refunded, 50\.00 left\./);

    // Cancel after the decision: acknowledged, and nothing changes (cancellation is cooperative).
    const late = result(await agent.request(A, 'tasks/cancel', { taskId: created.taskId }), 'a late tasks/cancel');
    assert.deepEqual(Object.keys(late).filter((key) => key !== '_meta'), ['resultType']);
    assert.equal(result(await agent.request(B, 'tasks/get', { taskId: created.taskId }), 'tasks/get').status, 'completed');
    assert.equal(approvalRows(office.office).find((row) => row.id === 1).status, 'approved');
  });

  test('cancelled before anybody decided, after one poll interval: the request is withdrawn and nothing is refunded', async () => {
    const created = result(await agent.request(A, 'tools/call', { name: 'issue_refund', arguments: { invoice_id: 4 } }), 'tools/call');
    await sleep(created.pollIntervalMs);  // as the extension asks
    assert.equal(result(await agent.request(B, 'tasks/get', { taskId: created.taskId }), 'tasks/get').status, 'working');
    const ack = result(await agent.request(B, 'tasks/cancel', { taskId: created.taskId }), 'tasks/cancel');
    assert.equal(ack.resultType, 'complete');
    const after = result(await agent.request(A, 'tasks/get', { taskId: created.taskId }), 'tasks/get after cancel');
    assert.equal(after.status, 'cancelled');
    assert.equal('result' in after, false);
    const request = approvalRows(office.office).find((row) => row.invoice === 4);
    assert.equal(request.status, 'withdrawn');
    assert.equal(request.resolved_by, 'agent (task-agent/1.0)');
    assert.ok(auditRows(office.office).some((row) => row.action === 'refund_withdrawn' && row.id === 4));
  });

  test('a task is its caller\'s: another token gets "not found", and a wrong Mcp-Name is refused', async () => {
    const created = result(await agent.request(A, 'tools/call', { name: 'issue_refund', arguments: { invoice_id: 1 } }), 'tools/call');
    const stranger = taskClient('task-agent', office.tokens.stranger);  // the same client name, another token
    const refused = await stranger.request(B, 'tasks/get', { taskId: created.taskId });
    assert.equal(refused.body?.error?.code, -32602, refused.text);
    assert.equal(refused.body.error.message, `Failed to retrieve task: task ${created.taskId} not found`);
    const mismatched = await fetch(B, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'MCP-Protocol-Version': '2026-07-28',
        'Mcp-Method': 'tasks/get', 'Mcp-Name': 'some-other-task', Authorization: `Bearer ${office.tokens.agent}` },
      body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tasks/get',
        params: { taskId: created.taskId, _meta: meta('task-agent', { extensions: { [TASKS]: {} } }) } }),
    });
    assert.equal(mismatched.status, 400);
    assert.equal((await mismatched.json()).error.code, -32020);
  });
});

describe(`a task past its ttlMs on ${backend().name}`, { timeout: 60_000 }, () => {
  let office;
  before(async () => { office = await startOffice({ replicas: 1, callers: ['agent'], serverArgs: ['--task-ttl', '1'] }); });
  after(async () => { await office?.stop(); });

  test('is gone ("has expired"); its request still waits for a person in office-desk', async () => {
    const agent = taskClient('task-agent', office.tokens.agent);
    const url = office.replicas[0].url;
    const created = result(await agent.request(url, 'tools/call', { name: 'issue_refund', arguments: { invoice_id: 2 } }), 'tools/call');
    assert.equal(created.ttlMs, 1000);
    assert.equal(result(await agent.request(url, 'tasks/get', { taskId: created.taskId }), 'tasks/get').status, 'working');
    await sleep(2100);  // past createdAt + ttlMs, whole seconds being the office's clock
    const expired = await agent.request(url, 'tasks/get', { taskId: created.taskId });
    assert.equal(expired.body?.error?.code, -32602, expired.text);
    assert.equal(expired.body.error.message, `Failed to retrieve task: task ${created.taskId} has expired`);
    assert.equal(approvalRows(office.office)[0].status, 'pending');
  });
});

// GET /metrics (core/support/metrics.h) of two replicas behind HAProxy, read three ways: the
// counters after a scripted mix of calls equal what was sent, by tool and outcome; the text
// passes `promtool check metrics`; and a real Prometheus (Debian's, started here on loopback,
// scraping both replicas every second with a bearer token) answers histogram_quantile(0.95, …)
// by tool and a request rate that matches the load sent.
//
//   OFFICE_MCP=build/stdio_server/office-mcp OFFICE_REPLICAS=build/tests/replicas/office-replicas \
//     node --test tests/replicas/metrics.test.mjs
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, test } from 'node:test';
import { backend, startOffice, statelessClient } from './cluster.mjs';

function tool(name) {
  for (const dir of (process.env.PATH ?? '').split(':')) {
    const file = path.join(dir, name);
    if (fs.existsSync(file)) return file;
  }
  throw new Error(`${name} is not installed (Debian package prometheus); ./test.sh installs it`);
}

async function scrape(replica, token) {
  const response = await fetch(replica.url.replace(/\/mcp$/, '/metrics'), { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  return { status: response.status, text: await response.text() };
}

/** "name{labels}" → value, for every sample line. */
function samples(text) {
  const out = new Map();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const space = line.lastIndexOf(' ');
    out.set(line.slice(0, space), Number(line.slice(space + 1)));
  }
  return out;
}

async function freePort() {
  const server = net.createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe(`/metrics of two replicas on ${backend().name}, and a real Prometheus scraping them`, { timeout: 240_000 }, () => {
  let office;
  let client;
  let prometheus;
  let prometheusUrl;
  let prometheusLog = '';
  let dir;
  const sum = async (name) => {
    let total = 0;
    for (const replica of office.replicas) total += samples((await scrape(replica, office.tokens.agent)).text).get(name) ?? 0;
    return total;
  };
  const query = async (expression, time) => {
    const url = new URL('/api/v1/query', prometheusUrl);
    url.searchParams.set('query', expression);
    if (time) url.searchParams.set('time', String(time));
    const answer = await (await fetch(url)).json();
    assert.equal(answer.status, 'success', JSON.stringify(answer));
    return answer.data.result;
  };

  before(async () => {
    office = await startOffice({ replicas: 2, callers: ['agent'] });
    client = statelessClient(office.url, { name: 'metrics-client', token: office.tokens.agent });
  });
  after(async () => {
    prometheus?.kill('SIGTERM');
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    await office?.stop();
  });

  test('behind the office\'s token: 401 without it, 200 with it', async () => {
    assert.equal((await scrape(office.replicas[0])).status, 401);
    const scraped = await scrape(office.replicas[0], office.tokens.agent);
    assert.equal(scraped.status, 200);
    assert.match(scraped.text, /^# HELP /);
  });

  test('after a scripted mix, the counters equal what was sent, by tool and outcome', async () => {
    const sent = { found: 0, notRun: 0, ordered: 0, unknown: 0 };
    for (let i = 0; i < 12; ++i) {
      assert.equal((await client.call('find_customer', { query: 'Maria' })).status, 200);
      ++sent.found;
      if (i % 3 === 0) {
        assert.equal((await client.call('find_customer', {})).body.result.isError, true);
        ++sent.notRun;
      }
      if (i % 2 === 0) {
        assert.equal((await client.call('order_lunch', { item: 'tortilla', quantity: 1 })).body.result.isError, undefined);
        ++sent.ordered;
      }
    }
    const unknown = await client.call('no_such_tool', {});
    assert.equal(unknown.body.error.code, -32602);
    ++sent.unknown;

    const calls = 'mcp_method_name="tools/call",gen_ai_tool_name=';
    const count = (labels) => sum(`mcp_server_operation_duration_seconds_count{${calls}${labels}}`);
    assert.equal(await count('"find_customer",outcome="ok"'), sent.found);
    assert.equal(await count('"find_customer",outcome="tool_error",error_type="tool_error"'), sent.notRun);
    assert.equal(await count('"order_lunch",outcome="ok"'), sent.ordered);
    assert.equal(await count('"other",outcome="protocol_error",error_type="-32602"'), sent.unknown);
    assert.equal(await sum(`mcp_server_requests_total{${calls}"find_customer"}`), sent.found + sent.notRun);
    assert.equal(await sum(`mcp_server_errors_total{${calls}"find_customer",error_type="tool_error"}`), sent.notRun);
    // Both replicas served a share: the balancer spreads, and each counts only its own.
    for (const replica of office.replicas) {
      const own = samples((await scrape(replica, office.tokens.agent)).text);
      assert.ok((own.get(`mcp_server_requests_total{${calls}"find_customer"}`) ?? 0) > 0, `replica ${replica.index} served none`);
    }
  });

  test('promtool check metrics passes on what each replica serves', async () => {
    const promtool = tool('promtool');
    for (const replica of office.replicas) {
      const { text } = await scrape(replica, office.tokens.agent);
      execFileSync(promtool, ['check', 'metrics'], { input: text, stdio: ['pipe', 'pipe', 'pipe'] });  // throws with its findings
    }
  });

  test('a real Prometheus scrapes both replicas under load: P95 by tool, and the request rate of the load', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'office-mcp-prometheus-'));
    const tokenFile = path.join(dir, 'token');
    fs.writeFileSync(tokenFile, office.tokens.agent, { mode: 0o600 });
    const targets = office.replicas.map((replica) => new URL(replica.url).host);
    fs.writeFileSync(path.join(dir, 'prometheus.yml'), [
      'global:', '  scrape_interval: 1s', '  scrape_timeout: 1s',
      'scrape_configs:', '  - job_name: office-mcp',
      '    authorization:', `      credentials_file: ${tokenFile}`,
      '    static_configs:', `      - targets: [${targets.map((t) => `'${t}'`).join(', ')}]`, ''].join('\n'));
    const port = await freePort();
    prometheusUrl = `http://127.0.0.1:${port}`;
    prometheus = spawn(tool('prometheus'), [`--config.file=${path.join(dir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${path.join(dir, 'data')}`, `--web.listen-address=127.0.0.1:${port}`],
    { stdio: ['ignore', 'ignore', 'pipe'] });
    prometheus.stderr.on('data', (chunk) => { prometheusLog += chunk; });
    for (let ready = false, tries = 0; !ready; ++tries) {
      assert.ok(tries < 100, `Prometheus did not become ready within 20 s:\n${prometheusLog}`);
      ready = await fetch(`${prometheusUrl}/-/ready`).then((r) => r.ok, () => false);
      if (!ready) await sleep(200);
    }
    const up = async () => (await query('up{job="office-mcp"}')).filter((s) => s.value[1] === '1').length;
    for (let tries = 0; (await up()) < 2; ++tries) {
      assert.ok(tries < 50, `Prometheus does not see both replicas up: ${JSON.stringify(await query('up'))}\n${prometheusLog}`);
      await sleep(200);
    }

    const calls = 'mcp_server_requests_total{mcp_method_name="tools/call"}';
    const before = Number((await query(`sum(${calls})`))[0]?.value[1] ?? 0);
    // Steady load: 40 calls a second for 10 s, find_customer and order_lunch in turn.
    const rate = 40;
    const seconds = 10;
    const started = Date.now();
    let sent = 0;
    const answeredAt = [];
    while (sent < rate * seconds) {
      const due = started + (sent * 1000) / rate;
      if (due > Date.now()) await sleep(due - Date.now());
      const answer = sent % 2 === 0 ? await client.call('find_customer', { query: 'Tomas' })
        : await client.call('order_lunch', { item: 'bocadillo', quantity: 1 });
      assert.equal(answer.status, 200, answer.text);
      answeredAt.push(Date.now());
      ++sent;
    }
    const ended = Date.now();

    // Every call is seen once the last scrape after the load is in.
    let seen = 0;
    for (let tries = 0; seen < before + sent; ++tries) {
      assert.ok(tries < 50, `Prometheus counted ${seen - before} calls, ${sent} were sent`);
      await sleep(200);
      seen = Number((await query(`sum(${calls})`))[0]?.value[1] ?? 0);
    }
    assert.equal(seen, before + sent);

    // The rate over the load's middle 6 s matches what was answered in those 6 s (whatever the
    // pacing managed on a busy machine; one scrape a second: within 25 %).
    const middle = (started + ended) / 2000;
    const measured = Number((await query(`sum(rate(${calls}[6s]))`, middle))[0].value[1]);
    const answered = answeredAt.filter((t) => t > (middle - 6) * 1000 && t <= middle * 1000).length / 6;
    assert.ok(Math.abs(measured - answered) <= answered * 0.25,
      `Prometheus measured ${measured} calls/s; ${answered} a second were answered then`);

    const p95 = await query('histogram_quantile(0.95, sum by (le, gen_ai_tool_name) ' +
      '(rate(mcp_server_operation_duration_seconds_bucket{mcp_method_name="tools/call",outcome="ok"}[6s])))', middle);
    const byTool = Object.fromEntries(p95.map((s) => [s.metric.gen_ai_tool_name, Number(s.value[1])]));
    for (const name of ['find_customer', 'order_lunch']) {
      assert.ok(Number.isFinite(byTool[name]) && byTool[name] > 0 && byTool[name] < 60,
        `P95 of ${name}: ${JSON.stringify(p95)}`);
    }
  });
});

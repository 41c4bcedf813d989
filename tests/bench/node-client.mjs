// office-bench's Node client (issue 16): the official TypeScript SDK v1 Client over
// StdioClientTransport — which writes every message with its own write(), as real clients
// do — keeping INFLIGHT order_lunch calls outstanding until CALLS have been answered.
//   node node-client.mjs PEERS_DIR CALLS INFLIGHT -- SERVER_COMMAND [ARGS...]
// PEERS_DIR holds the SDK in node_modules (../shared/peers/setup.sh). Prints one JSON line:
// {"calls":N,"seconds":S,"errors":E}. The server's environment is this process's.
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [peers, callsArg, inflightArg, separator, ...server] = process.argv.slice(2);
if (!peers || separator !== '--' || server.length === 0) {
  console.error('usage: node node-client.mjs PEERS_DIR CALLS INFLIGHT -- SERVER_COMMAND [ARGS...]');
  process.exit(2);
}
const sdk = (file) =>
  import(pathToFileURL(path.join(peers, 'node_modules/@modelcontextprotocol/sdk/dist/esm', file)).href);
const { Client } = await sdk('client/index.js');
const { StdioClientTransport } = await sdk('client/stdio.js');

const calls = Number(callsArg);
const inflight = Number(inflightArg);
const transport = new StdioClientTransport({
  command: server[0],
  args: server.slice(1),
  env: { ...process.env },
  stderr: 'ignore',
});
const client = new Client({ name: 'office-bench-node', version: '1' });
await client.connect(transport);
const order = { name: 'order_lunch', arguments: { item: 'tortilla', quantity: 2 } };

// Keeps `inflight` calls outstanding until `total` are answered.
async function run(total) {
  let sent = 0;
  let done = 0;
  let errors = 0;
  await new Promise((resolve, reject) => {
    const next = () => {
      if (sent >= total) return;
      sent++;
      client.callTool(order).then((result) => {
        if (result.isError) errors++;
        if (++done === total) resolve();
        else next();
      }, reject);
    };
    for (let i = 0; i < Math.min(inflight, total); i++) next();
  });
  return errors;
}

await run(Math.min(2000, calls));  // warm-up: JIT, page cache, the server's database
const t0 = process.hrtime.bigint();
const errors = await run(calls);
const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
console.log(JSON.stringify({ calls, seconds, errors }));
await client.close();

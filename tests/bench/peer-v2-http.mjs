#!/usr/bin/env node
// The TypeScript SDK v2 peer (peer-server-v2.mjs) served over the SDK's own Streamable HTTP
// entry, createMcpHandler (stateless 2026-07-28, a fresh McpServer per request), for
// office-bench's HTTP scenario.
//
//   PEER_DB=/tmp/peer.db node peer-v2-http.mjs PEERS_DIR [HOST:]PORT
// prints "peer-v2-http: serving MCP at http://HOST:PORT/mcp" on stderr and serves until SIGTERM.
//
// Why this way: the peer file lives in ../shared (read-only) and ends by serving stdio at
// import (serveStdio(...) plus an stdin 'end' handler), and it exports nothing. Copying its
// makeServer and tools here would let the two drift apart, so this reads the peer's source,
// cuts from its serveStdio( call to the end, appends an HTTP serve of the same makeServer,
// writes that to a temp .mjs beside the peer (so its imports resolve against the peers'
// node_modules) and imports it: the same tools, database and SDK code, only a different
// transport. createMcpHandler answers web-standard Request/Response; plain node:http is
// bridged with @hono/node-server, the adapter the SDK's own Node packages use, which is
// already in the peers' node_modules (@modelcontextprotocol/node is not installed there).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [peersDir, listen = '127.0.0.1:0'] = process.argv.slice(2);
if (!peersDir) {
  console.error('usage: node peer-v2-http.mjs PEERS_DIR [HOST:]PORT');
  process.exit(2);
}
const source = fs.readFileSync(path.join(peersDir, 'peer-server-v2.mjs'), 'utf8');
const cut = source.lastIndexOf('\nserveStdio(');
if (cut < 0) {
  console.error('peer-v2-http: peer-server-v2.mjs has no trailing serveStdio( call to replace');
  process.exit(1);
}
const colon = listen.lastIndexOf(':');
const host = colon >= 0 ? listen.slice(0, colon) : '127.0.0.1';
const port = Number(colon >= 0 ? listen.slice(colon + 1) : listen);

const serveHttp = `
// ---- appended by office-mcp's tests/bench/peer-v2-http.mjs: serve over Streamable HTTP
import { createMcpHandler as __createMcpHandler } from '@modelcontextprotocol/server';
import { serve as __serve } from '@hono/node-server';
const __handler = __createMcpHandler(() => makeServer(), {
  onerror: (e) => { if (process.env.PEER_DEBUG) console.error('[peer-v2-http]', e.message); },
});
const __server = __serve({
  fetch: (request) => new URL(request.url).pathname === '/mcp'
    ? __handler.fetch(request)
    : new Response('Not Found', { status: 404 }),
  hostname: ${JSON.stringify(host)},
  port: ${port},
}, (info) => {
  console.error(\`peer-v2-http: serving MCP at http://${host}:\${info.port}/mcp\`);
});
const __stop = () => { __server.close(); db.close(); process.exit(0); };
process.on('SIGTERM', __stop);
process.on('SIGINT', __stop);
`;
const temp = path.join(peersDir, `.peer-v2-http-${process.pid}.mjs`);
fs.writeFileSync(temp, source.slice(0, cut) + '\n' + serveHttp);
try {
  await import(pathToFileURL(temp).href);
} finally {
  fs.rmSync(temp, { force: true });  // the module is loaded; the file is no longer needed
}

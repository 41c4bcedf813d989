// The client half of client2-https.test.mjs, run as its own node process: NODE_EXTRA_CA_CERTS is
// read once, when node starts, so the test CA can only be trusted by a fresh process, the way a
// deployment trusts a private CA. Connects the v2 SDK client (pinned to 2026-07-28) to the URL in
// argv[2] with its own Streamable HTTP transport and the global fetch, lists the tools, orders
// lunch, and prints what it saw as one JSON object on stdout. Any failure: its message on
// stderr, exit status 1. Not a test file (node --test skips it).
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

try {
  const client = new Client({ name: 'office-mcp-interop-client2-https', version: '1.0.0' }, {
    versionNegotiation: { mode: { pin: '2026-07-28' } },
  });
  await client.connect(new StreamableHTTPClientTransport(new URL(process.argv[2])));
  const { tools } = await client.listTools();
  const lunch = await client.callTool({ name: 'order_lunch', arguments: { item: 'tortilla', quantity: 2, note: 'over https' } });
  const version = client.getNegotiatedProtocolVersion();
  await client.close();
  process.stdout.write(JSON.stringify({ version, tools, lunch }));
} catch (error) {
  // The reason is at the end of the cause chain (the SDK's error, fetch's, then the socket's).
  let said = `${error?.stack ?? error}`;
  for (let cause = error?.cause; cause; cause = cause.cause) said += `\ncaused by: ${cause.code ?? ''} ${cause.message ?? cause}`;
  process.stderr.write(`${said}\n`);
  process.exit(1);
}

// The official SDK client's browser side, bundled by esbuild for sdk-page.test.mjs: the Client and
// its Streamable HTTP transport, as the page's `window.mcp`. Not a test file.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

window.mcp = { Client, StreamableHTTPClientTransport };

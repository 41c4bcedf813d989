// A host of MCP Apps for apps.test.mjs, bundled by esbuild for the page: ext-apps' AppBridge and
// PostMessageTransport (the host side of the extension) and the official SDK client with its
// Streamable HTTP transport, which the bridge forwards the views' tools/call and resources/read
// to. Not a test file.
import { AppBridge, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';

// The extension's default CSP (no _meta.ui.csp on our views): what the test's iframe is given.
const CSP = "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'none'";

// Theme variables as a host passes them (a subset of McpUiStyleVariableKey), per theme.
const STYLES = {
  light: { '--color-background-primary': '#ffffff', '--color-text-primary': '#1a1a1a', '--color-text-secondary': '#5e5e5e',
    '--color-border-primary': '#d4d4d4', '--font-sans': 'system-ui, "Noto Sans", "Noto Sans CJK SC", sans-serif' },
  dark: { '--color-background-primary': '#262624', '--color-text-primary': '#f0eee6', '--color-text-secondary': '#a8a69e',
    '--color-border-primary': '#4a4a46', '--font-sans': 'system-ui, "Noto Sans", "Noto Sans CJK SC", sans-serif' },
};

let current;  // { client, bridge, iframe, context }

// Connects to the office as a client of MCP Apps, calls `tool` as a model would, and renders its
// view (the tool's _meta.ui.resourceUri) in a sandboxed iframe under the default CSP. With
// `approve` ({amount, reason}) the host shows forms (elicitation) and its person accepts each
// with those answers; window.asked keeps the forms' messages.
async function showView({ url, token, tool, args, theme = 'light', locale = 'en-US', approve }) {
  if (current) await closeView();
  const capabilities = { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } };
  if (approve) capabilities.elicitation = {};
  const client = new Client({ name: 'apps-test-host', version: '1.0.0' }, { capabilities });
  window.asked = [];
  if (approve) {
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      window.asked.push(request.params.message);
      return { action: 'accept', content: approve };
    });
  }
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
  const listed = (await client.listTools()).tools.find((t) => t.name === tool);
  const uri = listed?._meta?.ui?.resourceUri;
  if (!uri) throw new Error(`${tool} links no view: ${JSON.stringify(listed)}`);
  const contents = (await client.readResource({ uri })).contents[0];
  if (contents.mimeType !== 'text/html;profile=mcp-app') throw new Error(`${uri} is ${contents.mimeType}`);
  const result = await client.callTool({ name: tool, arguments: args });

  document.body.dataset.theme = theme;
  const iframe = document.createElement('iframe');
  iframe.id = 'view';
  iframe.title = uri;
  iframe.setAttribute('sandbox', 'allow-scripts');
  iframe.srcdoc = contents.text.replace('<head>', `<head><meta http-equiv="Content-Security-Policy" content="${CSP}">`);
  document.body.append(iframe);
  const context = { theme, locale, timeZone: 'Europe/Madrid', displayMode: 'inline', availableDisplayModes: ['inline'],
    platform: 'web', styles: { variables: STYLES[theme] }, toolInfo: { tool: listed }, containerDimensions: { width: 760, maxHeight: 1200 } };
  const bridge = new AppBridge(client, { name: 'apps-test-host', version: '1.0.0' },
    { serverTools: {}, serverResources: {}, logging: {} }, { hostContext: context });
  bridge.onsizechange = ({ height }) => { if (height) iframe.style.height = `${height}px`; };
  const initialized = new Promise((resolve) => { bridge.oninitialized = resolve; });
  await bridge.connect(new PostMessageTransport(iframe.contentWindow, iframe.contentWindow));
  await initialized;
  await bridge.sendToolInput({ arguments: args });
  await bridge.sendToolResult(result);
  current = { client, bridge, iframe, context };
  return { uri, result };
}

// The host switches theme (and with it its variables) or language: host-context-changed.
function changeContext({ theme, locale }) {
  const context = { ...current.context, theme: theme ?? current.context.theme, locale: locale ?? current.context.locale };
  context.styles = { variables: STYLES[context.theme] };
  document.body.dataset.theme = context.theme;
  current.context = context;
  current.bridge.setHostContext(context);
}

async function closeView() {
  const { client, bridge, iframe } = current;
  current = undefined;
  await bridge.teardownResource({}).catch(() => {});
  await bridge.close();
  await client.close();
  iframe.remove();
}

window.apps = { showView, changeContext, closeView };

// A reference OAuth-protected MCP server, built only from the official SDK's server pieces
// (@modelcontextprotocol/sdk: McpServer, StreamableHTTPServerTransport, requireBearerAuth) and
// npm jose, to prove the harness end to end until office-mcp is a resource server. It does what
// office-mcp must do:
//   - POST /mcp without a valid token: 401 with WWW-Authenticate: Bearer ... resource_metadata="…"
//   - RFC 9728 metadata at /.well-known/oauth-protected-resource/mcp (and at the root name):
//     resource = its URL, authorization_servers = [issuer], scopes_supported
//   - a token is valid when it is a JWT (typ at+jwt) signed by a key of the issuer's JWKS (fetched
//     again when a token names an unknown kid), with iss = the issuer, aud = its URL, not expired
//   - one tool, whoami, that answers who the token says the caller is
// Stateless: a new McpServer and transport per request. Not a test file.
import assert from 'node:assert/strict';
import {
  InvalidTokenError, McpServer, StreamableHTTPServerTransport, createMcpExpressApp, jose, requireBearerAuth,
} from './deps.mjs';
import { OFFICE_SCOPES } from './provider.mjs';

/**
 * Starts the reference server on 127.0.0.1 (a free port) for tokens of `issuer` (the
 * authorization server's metadata is read from issuer/.well-known/oauth-authorization-server).
 * `requiredScopes` are demanded of every request (403 insufficient_scope otherwise).
 * Returns { url, resourceMetadataUrl, calls, close() }; `calls` records each verified token's claims.
 */
export async function startReferenceServer({ issuer, scopes = OFFICE_SCOPES, requiredScopes = [] }) {
  const metadata = await (await fetch(`${issuer}/.well-known/oauth-authorization-server`)).json();
  assert.equal(metadata.issuer, issuer, 'the authorization server metadata must name the issuer exactly');
  // cooldownDuration 0: a token with an unknown kid makes it fetch the JWKS again at once.
  const jwks = jose.createRemoteJWKSet(new URL(metadata.jwks_uri), { cooldownDuration: 0 });

  const app = createMcpExpressApp();
  const server = await new Promise((resolve, reject) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening)).once('error', reject);
  });
  const origin = `http://127.0.0.1:${server.address().port}`;
  const url = `${origin}/mcp`;
  const resourceMetadataUrl = `${origin}/.well-known/oauth-protected-resource/mcp`;
  const calls = [];

  const verifier = {
    async verifyAccessToken(token) {
      let payload;
      try {
        ({ payload } = await jose.jwtVerify(token, jwks, { issuer, audience: url, typ: 'at+jwt' }));
      } catch (error) {
        if (error instanceof jose.errors.JOSEError) throw new InvalidTokenError(`${error.code}: ${error.message}`);
        throw error;
      }
      calls.push(payload);
      return {
        token, clientId: payload.client_id, scopes: (payload.scope ?? '').split(' ').filter(Boolean),
        expiresAt: payload.exp, resource: new URL(payload.aud),
        extra: { sub: payload.sub, preferred_username: payload.preferred_username },
      };
    },
  };

  const protectedResource = {
    resource: url, authorization_servers: [issuer], scopes_supported: scopes, bearer_methods_supported: ['header'],
  };
  for (const name of ['/.well-known/oauth-protected-resource/mcp', '/.well-known/oauth-protected-resource']) {
    app.get(name, (req, res) => res.json(protectedResource));
  }

  app.all('/mcp', requireBearerAuth({ verifier, requiredScopes, resourceMetadataUrl }), async (req, res) => {
    if (req.method !== 'POST') {
      res.status(405).set('Allow', 'POST')
        .json({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed' }, id: null });
      return;
    }
    const mcp = new McpServer({ name: 'office-mcp-oauth-reference', version: '1.0.0' });
    mcp.registerTool('whoami', { description: 'Says who the bearer token names: subject, client and scopes.' },
      async ({ authInfo }) => {
        const who = {
          sub: authInfo.extra.sub, preferred_username: authInfo.extra.preferred_username,
          client_id: authInfo.clientId, scopes: authInfo.scopes,
        };
        return { content: [{ type: 'text', text: JSON.stringify(who) }], structuredContent: who };
      });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => { transport.close(); mcp.close(); });
    await mcp.connect(transport);
    await transport.handleRequest(req, res, req.body);
  });

  return {
    url,
    resourceMetadataUrl,
    calls,
    stderr: () => '',
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

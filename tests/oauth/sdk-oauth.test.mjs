// The official TypeScript SDK client's own OAuth support (@modelcontextprotocol/sdk 1.32.2, pinned
// in package.json), over its Streamable HTTP transport with an `authProvider`, against a real
// authorization server (provider.mjs: oidc-provider over HTTPS with a test CA) and the server
// under test (servers.mjs: OFFICE_OAUTH_SERVER=reference, the default, or office). The SDK does
// everything a real client does: RFC 9728 discovery from the 401, RFC 8414 metadata, dynamic
// client registration, PKCE, the authorization request with resource=<server URL>; the "browser"
// (browser.mjs) logs in and consents headlessly and hands the code back. Covered: the sign-in,
// tools listed and called as the signed-in user, and an expired access token refreshed by the SDK
// without the browser, with the refresh token rotated. With office-mcp only (the reference server
// keeps no audit; with it that describe is not registered): the signed-in user is the principal
// of what `office-mcp audit` records.
//
//   cd tests/oauth && node --test sdk-oauth.test.mjs
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { authorize } from './browser.mjs';
import { Client, StreamableHTTPClientTransport, UnauthorizedError, jose } from './deps.mjs';
import { table } from './office-calls.mjs';
import { startProvider } from './provider.mjs';
import { SERVER_KIND, startServerUnderTest } from './servers.mjs';

const SUITE = { timeout: 180_000 };  // room for an office-mcp that accepts tokens 60 s past exp
// Never listened on: the SDK never fetches its redirect URL, and browser.mjs stops at the redirect.
const REDIRECT_URL = 'http://127.0.0.1:9/oauth/callback';

/**
 * The SDK's OAuthClientProvider (client/auth.d.ts), kept in memory, whose "browser" is browser.mjs:
 * redirectToAuthorization signs in as `user` and keeps what came back to the redirect URL in
 * `callback`, checking state and the RFC 9207 iss against what was sent and the issuer.
 */
class HeadlessOAuthClient {
  constructor({ user, issuer }) {
    Object.assign(this, { user, issuer, saved: {}, browserRuns: 0, savedTokens: [], invalidated: [] });
  }
  get redirectUrl() { return REDIRECT_URL; }
  get clientMetadata() {
    return {
      client_name: 'office-mcp OAuth test (SDK v1)', redirect_uris: [REDIRECT_URL], token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'],
    };
  }
  state() { this.sentState = randomBytes(16).toString('base64url'); return this.sentState; }
  clientInformation() { return this.saved.client; }
  saveClientInformation(info) { this.saved.client = info; }
  tokens() { return this.saved.tokens; }
  saveTokens(tokens) { this.saved.tokens = tokens; this.savedTokens.push(tokens); }
  saveCodeVerifier(verifier) { this.saved.verifier = verifier; }
  codeVerifier() { return this.saved.verifier; }
  invalidateCredentials(scope) { this.invalidated.push(scope); }
  async redirectToAuthorization(authorizationUrl) {
    this.browserRuns += 1;
    this.authorizationUrl = authorizationUrl;
    this.callback = await authorize(authorizationUrl, { user: this.user });
    assert.equal(this.callback.error, undefined, `the authorization server refused: ${JSON.stringify(this.callback)}`);
    assert.equal(this.callback.state, this.sentState, 'state came back unchanged');
    assert.equal(this.callback.iss, this.issuer, 'the RFC 9207 iss parameter names the issuer');
  }
}

/** A tool call that the server under test answers, and what it must say about the signed-in user. */
const PROBE = SERVER_KIND === 'reference'
  ? { tool: 'whoami', arguments: {}, check: (result, user) => assert.equal(result.structuredContent.sub, user) }
  : { tool: 'find_customer', arguments: { query: 'Maria' }, check: (result) => assert.notEqual(result.isError, true) };

/**
 * Starts the authorization server and the server under test, and signs in as `user` the way an
 * MCP host does: connect fails with UnauthorizedError once the browser has run, finishAuth
 * exchanges the code, and a second transport connects with the tokens.
 */
async function signIn({ user, providerOptions = {} }) {
  const provider = await startProvider(providerOptions);
  const server = await startServerUnderTest(provider).catch(async (error) => { await provider.close(); throw error; });
  const oauth = new HeadlessOAuthClient({ user, issuer: provider.issuer });
  const session = { provider, server, oauth, clients: [] };
  session.close = async () => {
    for (const client of session.clients) await client.close().catch(() => {});
    await server.close();
    await provider.close();
  };
  session.connect = async () => {
    const client = new Client({ name: 'office-mcp-oauth-sdk1', version: '1.0.0' });
    session.clients.push(client);
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url), { authProvider: oauth }));
    return client;
  };
  try {
    const first = new StreamableHTTPClientTransport(new URL(server.url), { authProvider: oauth });
    session.firstAttempt = await new Client({ name: 'office-mcp-oauth-sdk1', version: '1.0.0' })
      .connect(first).then(() => 'connected', (error) => error);
    if (oauth.callback?.code) await first.finishAuth(oauth.callback.code);
    session.client = await session.connect();
    return session;
  } catch (error) {
    await session.close();
    throw error;
  }
}

describe(`the SDK v1 client signs in with OAuth and calls tools (server: ${SERVER_KIND})`, SUITE, () => {
  let session;
  before(async () => { session = await signIn({ user: 'maria' }); });
  after(async () => { await session?.close(); });

  test('the first connect ends in UnauthorizedError after the browser ran once: no token, no way in', () => {
    assert.ok(session.firstAttempt instanceof UnauthorizedError, `first connect: ${session.firstAttempt}`);
    assert.equal(session.oauth.browserRuns, 1);
  });

  test('the SDK found the authorization server from the resource metadata and registered dynamically as a public client', () => {
    const url = session.oauth.authorizationUrl;
    assert.equal(url.origin, session.provider.issuer);
    assert.equal(url.searchParams.get('resource'), session.server.url, 'RFC 8707 resource = the MCP server URL');
    assert.equal(url.searchParams.get('code_challenge_method'), 'S256');
    assert.equal(url.searchParams.get('client_id'), session.oauth.saved.client.client_id);
    assert.equal(session.oauth.saved.client.token_endpoint_auth_method, 'none');
    assert.equal(session.oauth.saved.client.client_secret, undefined);
  });

  test('the access token is a JWT for this server (aud), from this issuer, naming the user', () => {
    const { access_token: token, refresh_token: refresh } = session.oauth.tokens();
    const header = jose.decodeProtectedHeader(token);
    const claims = jose.decodeJwt(token);
    assert.equal(header.typ, 'at+jwt');
    assert.equal(header.alg, 'RS256');
    assert.equal(claims.iss, session.provider.issuer);
    assert.equal(claims.aud, session.server.url);
    assert.equal(claims.sub, 'maria');
    assert.ok(claims.scope.split(' ').every((scope) => scope.startsWith('office:')), claims.scope);
    assert.equal(typeof refresh, 'string', 'a refresh token came with it');
  });

  test(`tools/list, then tools/call ${PROBE.tool} answered for the signed-in user`, async () => {
    const { tools } = await session.client.listTools();
    assert.ok(tools.some((tool) => tool.name === PROBE.tool), tools.map((tool) => tool.name).join(', '));
    PROBE.check(await session.client.callTool({ name: PROBE.tool, arguments: PROBE.arguments }), 'maria');
  });
});

describe(`an expired access token is refreshed by the SDK, without the browser (server: ${SERVER_KIND})`, SUITE, () => {
  const TTL = 3;
  let session;
  before(async () => { session = await signIn({ user: 'luis', providerOptions: { accessTokenTtl: TTL } }); });
  after(async () => { await session?.close(); });

  test(`a call after the ${TTL} s token expired gets 401, the SDK refreshes and retries, and the call succeeds`, async () => {
    const before = session.oauth.tokens();
    PROBE.check(await session.client.callTool({ name: PROBE.tool, arguments: PROBE.arguments }), 'luis');
    const wait = (jose.decodeJwt(before.access_token).exp + session.server.clockSkewSeconds) * 1000 - Date.now() + 1500;
    await new Promise((resolve) => setTimeout(resolve, Math.max(wait, 0)));
    PROBE.check(await session.client.callTool({ name: PROBE.tool, arguments: PROBE.arguments }), 'luis');

    const now = session.oauth.tokens();
    assert.equal(session.oauth.browserRuns, 1, 'the browser was not needed again');
    assert.notEqual(now.access_token, before.access_token, 'a new access token');
    assert.notEqual(now.refresh_token, before.refresh_token, 'the refresh token rotated');
    assert.equal(jose.decodeJwt(now.access_token).sub, 'luis');
    assert.equal(jose.decodeJwt(now.access_token).aud, session.server.url, 'the refresh asked for the same resource');
  });

  test('the refresh token used once is dead: the authorization server refuses it (rotation)', async () => {
    const used = session.oauth.savedTokens.at(-2).refresh_token;
    const response = await fetch(session.provider.metadata.token_endpoint, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: used, client_id: session.oauth.saved.client.client_id }),
    });
    assert.equal(response.status, 400);
    assert.equal((await response.json()).error, 'invalid_grant');
  });
});

// office-mcp only: the reference server has no audit, so with it this describe is not registered.
if (SERVER_KIND === 'office') {
  describe('the signed-in user is the principal office-mcp audits (server: office)', SUITE, () => {
    let session;
    before(async () => { session = await signIn({ user: 'alice' }); });
    after(async () => { await session?.close(); });

    test('order_lunch called as alice through the SDK: `office-mcp audit` shows the lunch_ordered row as alice (office-mcp-oauth-sdk1/1.0.0)', async () => {
      const result = await session.client.callTool({ name: 'order_lunch', arguments: { item: 'tortilla', quantity: 2 } });
      assert.notEqual(result.isError, true, JSON.stringify(result));
      const orderId = result.structuredContent.order_id;
      const rows = table(session.server.command('audit')).filter((row) => row.ACTION === 'lunch_ordered');
      assert.equal(rows.length, 1, JSON.stringify(rows));
      assert.deepEqual([rows[0].CLIENT, rows[0].ERA, rows[0].SUBJECT],
        ['alice (office-mcp-oauth-sdk1/1.0.0)', 'legacy 2025-11-25', `lunch_order ${orderId}`]);
    });
  });
}

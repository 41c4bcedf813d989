// What the server under test (servers.mjs: OFFICE_OAUTH_SERVER=reference, the default, or office)
// must do as an OAuth 2.1 resource server, token by token, with tokens from the real authorization
// server (provider.mjs) got headlessly (mintToken: the code flow through browser.mjs;
// clientCredentialsToken). Covered: the 401 challenge and RFC 9728 metadata that start discovery,
// the authorization server's metadata under both well-known names, a good token accepted (both
// grants), and refused with 401: no token, a token for another resource, an expired one, one
// signed by a key the issuer never published, one with alg none. Key rotation: once the
// authorization server signs with a new key (new kid; also ES256, PS256, EdDSA) the server must
// fetch the JWKS again and accept the new tokens.
//
//   cd tests/oauth && node --test resource-server.test.mjs
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Client, StreamableHTTPClientTransport, jose } from './deps.mjs';
import { startProvider } from './provider.mjs';
import { SERVER_KIND, startServerUnderTest } from './servers.mjs';

const SUITE = { timeout: 600_000 };  // room for an office-mcp's clock skew and JWKS refetch interval
const INITIALIZE = {
  jsonrpc: '2.0', id: 1, method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'office-mcp-oauth-raw', version: '1.0.0' } },
};

/** POSTs an initialize request with `token` (or none): the raw HTTP answer. */
async function postInitialize(url, token) {
  const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(INITIALIZE) });
  await response.arrayBuffer();
  return response;
}

/** Lists the tools with `token` through the SDK client (no auth provider: the token is just sent). */
async function listToolsWith(url, token) {
  const client = new Client({ name: 'office-mcp-oauth-token', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization: `Bearer ${token}` } } });
  await client.connect(transport);
  try {
    return (await client.listTools()).tools;
  } finally {
    await client.close();
  }
}

/**
 * Lists the tools with `token`, signed with a key the server has not seen yet, retrying its 401s
 * for as long as the server may refuse to fetch the JWKS again (server.jwksRefetchSeconds) + 5 s.
 */
async function listToolsWithNewKey(server, token) {
  const deadline = Date.now() + (server.jwksRefetchSeconds + 5) * 1000;
  for (;;) {
    try {
      return await listToolsWith(server.url, token);
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

function assertRefused(response, what) {
  assert.equal(response.status, 401, `${what}: expected 401, got ${response.status}`);
  assert.match(response.headers.get('www-authenticate') ?? '', /^Bearer\b/i, `${what}: WWW-Authenticate`);
}

describe(`the server under test as an OAuth resource server (server: ${SERVER_KIND})`, SUITE, () => {
  let provider;
  let server;
  before(async () => {
    provider = await startProvider();
    server = await startServerUnderTest(provider);
    provider.defaultResource = server.url;
  });
  after(async () => {
    await server?.close();
    await provider?.close();
  });

  test('no token: 401 with WWW-Authenticate naming the resource metadata, which names this server and the issuer', async () => {
    const response = await postInitialize(server.url);
    assertRefused(response, 'no token');
    const metadataUrl = /resource_metadata="([^"]+)"/.exec(response.headers.get('www-authenticate'))?.[1];
    assert.ok(metadataUrl, `no resource_metadata in ${response.headers.get('www-authenticate')}`);
    const metadata = await (await fetch(metadataUrl)).json();
    assert.equal(metadata.resource, server.url);
    assert.deepEqual(metadata.authorization_servers, [provider.issuer]);
  });

  test('the authorization server metadata, at both well-known names, is what MCP clients need', async () => {
    const [oauth, oidc] = await Promise.all(['oauth-authorization-server', 'openid-configuration']
      .map(async (name) => (await fetch(`${provider.issuer}/.well-known/${name}`)).json()));
    assert.deepEqual(oauth, oidc);
    assert.equal(oauth.issuer, provider.issuer, 'issuer exactly as the clients were told');
    assert.equal(oauth.authorization_response_iss_parameter_supported, true);
    assert.deepEqual(oauth.code_challenge_methods_supported, ['S256']);
    assert.ok(oauth.registration_endpoint, 'dynamic client registration');
    assert.ok(oauth.token_endpoint_auth_methods_supported.includes('none'), 'public clients');
    assert.ok(oauth.grant_types_supported.includes('refresh_token'));
  });

  test('a token from the code flow (user alice, resource = this server) is accepted', async () => {
    const { access_token: token } = await provider.mintToken({ user: 'alice' });
    assert.equal(jose.decodeJwt(token).aud, server.url);
    assert.ok((await listToolsWith(server.url, token)).length > 0);
  });

  test('a client_credentials token for this server is accepted', async () => {
    const { access_token: token } = await provider.clientCredentialsToken({ scopes: ['office:all'] });
    assert.equal(jose.decodeJwt(token).sub, provider.serviceClient.client_id);
    assert.ok((await listToolsWith(server.url, token)).length > 0);
  });

  test('a token for another resource (aud) is refused', async () => {
    const { access_token: token } = await provider.mintToken({ resource: 'http://127.0.0.1:1/mcp' });
    assertRefused(await postInitialize(server.url, token), 'token for http://127.0.0.1:1/mcp');
  });

  test('an expired token is refused', async () => {
    provider.setTtl({ accessToken: 1 });
    try {
      const { access_token: token } = await provider.clientCredentialsToken();
      const expired = (jose.decodeJwt(token).exp + server.clockSkewSeconds) * 1000 + 1500;
      await new Promise((resolve) => setTimeout(resolve, expired - Date.now()));
      assertRefused(await postInitialize(server.url, token), 'expired token');
    } finally {
      provider.setTtl({ accessToken: 3600 });
    }
  });

  test('a token signed by a key the issuer never published (same kid, same claims) is refused', async () => {
    const { access_token: genuine } = await provider.clientCredentialsToken();
    const { privateKey } = await jose.generateKeyPair('RS256');
    const forged = await new jose.SignJWT(jose.decodeJwt(genuine)).setProtectedHeader(jose.decodeProtectedHeader(genuine)).sign(privateKey);
    assertRefused(await postInitialize(server.url, forged), 'forged token');
  });

  test('an unsigned token (alg none) is refused', async () => {
    const { access_token: genuine } = await provider.clientCredentialsToken();
    const [, payload] = genuine.split('.');
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt' })).toString('base64url');
    assertRefused(await postInitialize(server.url, `${header}.${payload}.`), 'alg none');
  });

  test('after a key rotation the old token no longer verifies against the JWKS, and a new-kid token is accepted', async () => {
    const { access_token: old } = await provider.mintToken();
    const kid = await provider.rotateKeys();
    await assert.rejects(jose.jwtVerify(old, jose.createLocalJWKSet(await provider.jwks())), { code: 'ERR_JWKS_NO_MATCHING_KEY' });
    const { access_token: fresh } = await provider.mintToken();
    assert.equal(jose.decodeProtectedHeader(fresh).kid, kid);
    assert.ok((await listToolsWithNewKey(server, fresh)).length > 0, 'the server fetched the new JWKS');
  });

  for (const alg of ['ES256', 'PS256', 'EdDSA', 'RS256']) {
    test(`tokens signed with ${alg} (a new key, new kid) are accepted`, async () => {
      const kid = await provider.rotateKeys({ alg });
      const { access_token: token } = await provider.clientCredentialsToken();
      assert.deepEqual([jose.decodeProtectedHeader(token).alg, jose.decodeProtectedHeader(token).kid], [alg, kid]);
      assert.ok((await listToolsWithNewKey(server, token)).length > 0);
    });
  }
});

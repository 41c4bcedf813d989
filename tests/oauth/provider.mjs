// The real OAuth 2.1 authorization server that the OAuth tests start: npm oidc-provider (pinned in
// package.json), on 127.0.0.1, on a port the kernel picks, over HTTPS with a throwaway test CA.
// What it does, configured below:
//   - RFC 8707 resource indicators: a token request with resource=<MCP server URL> yields a JWT
//     access token (RFC 9068, typ at+jwt, RS256 by default; ES256, PS256 or EdDSA on request)
//     whose aud is that resource and whose scope holds only office:* scopes. Any http(s) URL on
//     127.0.0.1 or localhost is accepted as a resource, since servers under test pick their port.
//   - dynamic client registration (RFC 7591), public clients (token_endpoint_auth_method none)
//     allowed; PKCE with S256 required of every client.
//   - the built-in development login and consent pages (any username, any password): browser.mjs
//     plays them. sub and preferred_username are the username.
//   - refresh tokens for every client registered for the refresh_token grant (offline_access not
//     needed), rotated on each use; access token lifetime settable at run time (setTtl).
//   - client_credentials for one pre-registered confidential client (clientCredentialsToken).
//   - metadata at /.well-known/openid-configuration (oidc-provider's own) and, the same document,
//     at /.well-known/oauth-authorization-server (RFC 8414, which the MCP SDK asks for first);
//     its issuer is exactly `issuer`, and it says authorization_response_iss_parameter_supported.
//   - rotateKeys(): a new signing key (new kid) replaces the JWKS.
//   - for tests of what a resource server refuses: jwksFetches() counts the GETs of the JWKS
//     (to see when a server fetches the keys again), signToken() signs any claims and header with
//     the current private key and its kid (tokens this server would never issue: nbf in the
//     future, another iss...), publicKeyPem() is the current public key as PEM (the HS256 attack's
//     "secret").
// Not a test file.
import assert from 'node:assert/strict';
import { createHash, createPublicKey, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { authorize } from './browser.mjs';
import { Provider, jose, oidcErrors as errors } from './deps.mjs';
import { issueCert, makeTestCa, trustCa } from './tls.mjs';

export { issueCert, makeTestCa, trustCa } from './tls.mjs';

/** The scopes a token for office-mcp may carry. */
export const OFFICE_SCOPES = ['office:scheduling', 'office:billing', 'office:lunch', 'office:all', 'office:approve'];

// oidc-provider prints development notices through console.info/warn (dev interactions, default
// TTLs...): keep them out of the test report, in `notices`, for a failing test to show.
export const notices = [];
for (const level of ['info', 'warn']) {
  const original = console[level].bind(console);
  console[level] = (...args) => {
    if (typeof args[0] === 'string' && args[0].includes('oidc-provider ')) notices.push(args.join(' '));
    else original(...args);
  };
}

/** A resource indicator this server issues tokens for: http(s) on the loopback interface. */
function loopbackResource(indicator) {
  try {
    const url = new URL(indicator);
    return ['http:', 'https:'].includes(url.protocol) && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)
      && !url.hash;
  } catch {
    return false;
  }
}

/** A fresh signing key as a private JWK with a new kid, for `alg` (RS256, PS256, ES256 or EdDSA). */
async function signingKey(alg) {
  const { privateKey } = await jose.generateKeyPair(alg, { extractable: true, crv: alg === 'EdDSA' ? 'Ed25519' : undefined });
  return { ...(await jose.exportJWK(privateKey)), alg, use: 'sig', kid: `test-${alg}-${randomUUID()}` };
}

/** oidc-provider's storage, in memory, one per authorization server (its built-in one is process-wide). */
function memoryAdapter() {
  const store = new Map();
  const now = () => Math.floor(Date.now() / 1000);
  const get = (key) => {
    const entry = store.get(key);
    if (entry && entry.expiresAt && entry.expiresAt < now()) { store.delete(key); return undefined; }
    return entry?.payload;
  };
  return class MemoryAdapter {
    constructor(model) { this.model = model; }
    key(id) { return `${this.model}:${id}`; }
    async upsert(id, payload, expiresIn) {
      store.set(this.key(id), { payload, expiresAt: expiresIn ? now() + expiresIn : undefined });
      if (payload.grantId) store.set(`grant:${payload.grantId}:${this.key(id)}`, { payload: this.key(id) });
      if (payload.userCode) store.set(`userCode:${payload.userCode}`, { payload: id });
      if (payload.uid) store.set(`uid:${this.model}:${payload.uid}`, { payload: id });
    }
    async find(id) { return get(this.key(id)); }
    async findByUserCode(code) { const id = get(`userCode:${code}`); return id && this.find(id); }
    async findByUid(uid) { const id = get(`uid:${this.model}:${uid}`); return id && this.find(id); }
    async consume(id) { const payload = get(this.key(id)); if (payload) payload.consumed = now(); }
    async destroy(id) { store.delete(this.key(id)); }
    async revokeByGrantId(grantId) {
      for (const [key, entry] of store) {
        if (key.startsWith(`grant:${grantId}:`)) { store.delete(entry.payload); store.delete(key); }
      }
    }
  };
}

/**
 * Starts the authorization server. Options:
 *   resource        the default resource for mintToken/clientCredentialsToken (settable later: `defaultResource`)
 *   scopes          the resource scopes (default OFFICE_SCOPES)
 *   tls             true (default): HTTPS with a new test CA; { ca } (from makeTestCa): HTTPS with
 *                   a certificate from that CA (its files are written in ca.dir); false: plain
 *                   HTTP (debugging only)
 *   alg             signing algorithm of access tokens: RS256 (default), PS256, ES256 or EdDSA
 *   accessTokenTtl  seconds (default 3600); refreshTokenTtl likewise (default 1 day)
 * With TLS, this process's fetch is made to trust the CA (tls.mjs trustCa); child processes need
 * NODE_EXTRA_CA_CERTS=caFile (Node) or SSL_CERT_FILE=caFile (office-mcp, OpenSSL).
 * Returns { issuer, url, metadataUrl, caFile, ca, jwks(), close(), rotateKeys(), setTtl(),
 * mintToken(), refresh(), clientCredentialsToken(), jwksFetches(), signToken(), publicKeyPem(),
 * currentKid, serviceClient, defaultResource, notices }.
 */
export async function startProvider(options = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'office-mcp-oauth-provider-'));
  const started = {};
  try {
    return await start(dir, started, options);
  } catch (error) {
    started.server?.close();
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

async function start(dir, started, {
  resource, scopes = OFFICE_SCOPES, tls = true, alg = 'RS256', accessTokenTtl = 3600, refreshTokenTtl = 24 * 3600,
}) {
  const settings = { alg, accessTokenTtl, refreshTokenTtl };
  let ca = null;
  let server;
  if (tls) {
    ca = tls.ca ?? makeTestCa(path.join(dir, 'ca'));
    const cert = issueCert(ca, ['127.0.0.1', 'localhost'], { basename: `provider-${randomUUID()}` });
    server = https.createServer({ key: fs.readFileSync(cert.key), cert: fs.readFileSync(cert.chain) });
    trustCa(ca.cert);
  } else {
    server = http.createServer();
  }
  started.server = server;
  await new Promise((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  const issuer = `${tls ? 'https' : 'http'}://127.0.0.1:${server.address().port}`;

  const Adapter = memoryAdapter();
  const cookieKeys = [randomBytes(32).toString('hex')];
  const serviceClient = { client_id: 'office-test-service', client_secret: randomBytes(24).toString('base64url') };
  let keys = [await signingKey(settings.alg)];

  const build = () => new Provider(issuer, {
    adapter: Adapter,
    jwks: { keys },
    cookies: { keys: cookieKeys },
    clients: [{
      ...serviceClient, grant_types: ['client_credentials'], response_types: [], redirect_uris: [],
      token_endpoint_auth_method: 'client_secret_basic',
    }],
    clientDefaults: { id_token_signed_response_alg: alg },  // the first algorithm, whatever rotateKeys does
    scopes: ['openid', 'offline_access', ...scopes],
    claims: { openid: ['sub', 'preferred_username'] },
    findAccount: (ctx, id) => ({ accountId: id, claims: () => ({ sub: id, preferred_username: id }) }),
    extraTokenClaims: (ctx, token) => (token.accountId ? { preferred_username: token.accountId } : undefined),
    pkce: { methods: ['S256'], required: () => true },
    issueRefreshToken: (ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    features: {
      devInteractions: { enabled: true },
      registration: { enabled: true },
      clientCredentials: { enabled: true },
      introspection: { enabled: true },
      revocation: { enabled: true },
      resourceIndicators: {
        enabled: true,
        useGrantedResource: () => true,
        getResourceServerInfo: (ctx, indicator) => {
          if (!loopbackResource(indicator)) throw new errors.InvalidTarget(`${indicator} is not a resource of this test server`);
          return {
            scope: scopes.join(' '), accessTokenTTL: settings.accessTokenTtl,
            accessTokenFormat: 'jwt', jwt: { sign: { alg: settings.alg } },
          };
        },
      },
    },
    ttl: {
      AccessToken: (ctx, token) => token.resourceServer?.accessTokenTTL ?? settings.accessTokenTtl,
      ClientCredentials: (ctx, token) => token.resourceServer?.accessTokenTTL ?? settings.accessTokenTtl,
      RefreshToken: () => settings.refreshTokenTtl,
      AuthorizationCode: 60, IdToken: 3600, Interaction: 600, Session: 3600, Grant: 24 * 3600,
    },
    renderError: (ctx, out) => {  // a plain page that browser.mjs can quote in its error
      ctx.type = 'html';
      ctx.body = `<html><body><h1>oauth error</h1><p>${out.error}: ${out.error_description ?? ''}</p></body></html>`;
    },
  });

  let provider = build();
  let handler = provider.callback();
  let jwksPath = null;  // known once the metadata is read, below
  let jwksGets = 0;
  server.on('request', (req, res) => {
    // RFC 8414 metadata is the OpenID discovery document (a superset of it) under a second name.
    if (req.url === '/.well-known/oauth-authorization-server') req.url = '/.well-known/openid-configuration';
    if (req.method === 'GET' && jwksPath && req.url.split('?')[0] === jwksPath) jwksGets += 1;
    handler(req, res);
  });

  const post = async (endpoint, params, headers = {}) => {
    const response = await fetch(endpoint, {
      method: 'POST', body: new URLSearchParams(params),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    });
    const body = await response.json();
    assert.ok(response.ok, `POST ${endpoint} answered ${response.status}: ${JSON.stringify(body)}`);
    return body;
  };
  const metadata = await (await fetch(`${issuer}/.well-known/oauth-authorization-server`)).json();
  assert.equal(metadata.issuer, issuer, 'the metadata names the issuer');
  const endpoints = { token: metadata.token_endpoint, auth: metadata.authorization_endpoint, reg: metadata.registration_endpoint };
  jwksPath = new URL(metadata.jwks_uri).pathname;
  let minter = null;  // a public client registered on first use by mintToken (a promise of it)

  const self = {
    issuer,
    url: issuer,
    metadataUrl: `${issuer}/.well-known/oauth-authorization-server`,
    jwksUri: metadata.jwks_uri,
    metadata,
    caFile: ca?.cert,
    ca,
    serviceClient,
    defaultResource: resource,
    notices,

    /** The published JWKS (public keys). Its GET counts in jwksFetches() like anyone's. */
    async jwks() { return (await fetch(self.jwksUri)).json(); },

    /** How many times anyone has GET the JWKS since start (the metadata document is not counted). */
    jwksFetches() { return jwksGets; },

    /** The kid of the key that signs tokens now (the first one rotateKeys published). */
    get currentKid() { return keys[0].kid; },

    /**
     * A compact JWS of `claims`, exactly as given (nothing added), signed with the current private
     * key: header { alg, typ: 'at+jwt', kid }, then `header` over it (e.g. { kid: 'other' }).
     * For tokens this authorization server would never issue, made with its real key.
     */
    async signToken(claims, { header = {} } = {}) {
      const [key] = keys;
      return new jose.SignJWT(claims)
        .setProtectedHeader({ alg: key.alg, typ: 'at+jwt', kid: key.kid, ...header })
        .sign(await jose.importJWK(key, key.alg));
    },

    /** The current public signing key as SPKI PEM text (what a JWT library given "a key" might use as an HMAC secret). */
    publicKeyPem() {
      const { d, p, q, dp, dq, qi, ...publicJwk } = keys[0];
      return createPublicKey({ key: publicJwk, format: 'jwk' }).export({ type: 'spki', format: 'pem' });
    },

    /** Changes lifetimes from now on: { accessToken, refreshToken } in seconds. */
    setTtl({ accessToken, refreshToken } = {}) {
      if (accessToken !== undefined) settings.accessTokenTtl = accessToken;
      if (refreshToken !== undefined) settings.refreshTokenTtl = refreshToken;
    },

    /**
     * Replaces the signing key with a new one (new kid; `alg` may change the algorithm). With
     * keepOld the old keys stay published after the new one (a graceful rotation); without it,
     * tokens signed before no longer verify against the JWKS. When `alg` changes, a new key of
     * the first algorithm is published too (clients' ID tokens stay signed with that one).
     * Registered clients, sessions and refresh tokens survive. Returns the new kid.
     */
    async rotateKeys({ alg: newAlg = settings.alg, keepOld = false } = {}) {
      settings.alg = newAlg;
      const key = await signingKey(newAlg);
      const idTokenKey = newAlg === alg ? [] : [await signingKey(alg)];
      keys = keepOld ? [key, ...idTokenKey, ...keys] : [key, ...idTokenKey];
      provider = build();
      handler = provider.callback();
      return key.kid;
    },

    /**
     * A token through the real authorization code flow, played headlessly by browser.mjs: a
     * public client (registered once, dynamically), PKCE S256, login as `user`, consent, code
     * exchange with resource. Returns the token response: { access_token, refresh_token, expires_in, scope, ... }.
     */
    async mintToken({ scopes: wanted = scopes, user = 'alice', resource: target = self.defaultResource } = {}) {
      assert.ok(target, 'mintToken needs a resource (or startProvider({ resource }))');
      const redirectUri = 'http://127.0.0.1:9/callback';  // never fetched: browser.mjs stops at it
      minter ??= registerClient({
        redirect_uris: [redirectUri], token_endpoint_auth_method: 'none', client_name: 'office-mcp test minter',
        grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'],
      });
      const { client_id: clientId } = await minter;
      const verifier = randomBytes(32).toString('base64url');
      const state = randomBytes(16).toString('base64url');
      const url = new URL(endpoints.auth);
      url.search = new URLSearchParams({
        response_type: 'code', client_id: clientId, redirect_uri: redirectUri, state, resource: target,
        scope: wanted.join(' '), code_challenge_method: 'S256',
        code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      });
      const reply = await authorize(url, { user });
      assert.ok(reply.code, `no authorization code: ${JSON.stringify(reply)}`);
      assert.equal(reply.state, state);
      return post(endpoints.token, {
        grant_type: 'authorization_code', code: reply.code, redirect_uri: redirectUri, code_verifier: verifier,
        client_id: clientId, resource: target,
      });
    },

    /** Exchanges a refresh token from mintToken (rotated: the old one stops working). */
    async refresh(refreshToken, { resource: target = self.defaultResource } = {}) {
      return post(endpoints.token, {
        grant_type: 'refresh_token', refresh_token: refreshToken, client_id: (await minter).client_id,
        ...(target ? { resource: target } : {}),
      });
    },

    /** A token for the pre-registered confidential client (no user: sub is its client_id). */
    async clientCredentialsToken({ scopes: wanted = scopes, resource: target = self.defaultResource } = {}) {
      const basic = Buffer.from(`${serviceClient.client_id}:${serviceClient.client_secret}`).toString('base64');
      return post(endpoints.token, {
        grant_type: 'client_credentials', scope: wanted.join(' '), ...(target ? { resource: target } : {}),
      }, { authorization: `Basic ${basic}` });
    },

    async close() {
      server.closeAllConnections?.();
      await new Promise((resolve) => server.close(resolve));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };

  async function registerClient(metadata) {
    const response = await fetch(endpoints.reg, {
      method: 'POST', body: JSON.stringify(metadata), headers: { 'content-type': 'application/json' },
    });
    const body = await response.json();
    assert.equal(response.status, 201, `registration answered ${response.status}: ${JSON.stringify(body)}`);
    return body;
  }

  return self;
}

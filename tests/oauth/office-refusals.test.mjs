// What office-mcp refuses as an OAuth 2.1 resource server, and exactly how: for each bad request
// the status, the whole WWW-Authenticate (resource_metadata, scope, error, error_description:
// core/http/http_auth.cpp challenge, the sentences of core/support/jwt.h), the body's
// error.message, and its log (stderr): one "event":"refused" line with that status and reason,
// and never the token. Covered, with tokens from the real authorization server (provider.mjs) or
// signed with its real current key (signToken) when it would never issue them: no token; another
// audience; another authorization server; another iss; expired; not valid yet; alg none; HS256
// with the public key as the secret; an unknown kid (exactly one JWKS refetch); a kid rotated out;
// a flood of unknown kids under the default --oauth-refetch (at most one fetch); scopes that do
// not allow a tool (403 insufficient_scope naming the scope that would) or no office scope at all
// (403, office:all); the provider unreachable (503 + Retry-After). Also what keeps working beside:
// static tokens (office-mcp token add) and the RFC 9728 metadata. --ca-file: the provider trusted
// through that file alone, and a file naming another CA winning over the system's trust.
//
// office-mcp only: with OFFICE_OAUTH_SERVER=reference (the default) this file registers nothing,
// since every sentence, flag and log line checked here is office-mcp's own (CI runs it with office).
// With OFFICE_OAUTH_SERVER=office and no OFFICE_MCP it registers one failing test saying so.
//
//   OFFICE_MCP=$PWD/build/stdio_server/office-mcp OFFICE_OAUTH_SERVER=office node --test tests/oauth/office-refusals.test.mjs
import assert from 'node:assert/strict';
import { createHmac, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Client, StreamableHTTPClientTransport, jose } from './deps.mjs';
import {
  OFFICE_TOOLS, assertRefused, callModern, challengeFor, initializeMessage, logLines, modern, openSession, post, resourceMetadataUrl,
} from './office-calls.mjs';
import { OFFICE_SCOPES, makeTestCa, startProvider } from './provider.mjs';
import { SERVER_KIND, startOffice } from './servers.mjs';

const OFFICE = SERVER_KIND === 'office';
if (OFFICE && !process.env.OFFICE_MCP) {
  test('office-refusals.test.mjs needs OFFICE_MCP, the office-mcp binary', () => {
    assert.fail('OFFICE_OAUTH_SERVER=office needs OFFICE_MCP=/path/to/office-mcp, e.g. ' +
      'OFFICE_MCP=$PWD/build/stdio_server/office-mcp OFFICE_OAUTH_SERVER=office node --test tests/oauth/');
  });
}
const RUN = OFFICE && Boolean(process.env.OFFICE_MCP);

const SUITE = { timeout: 120_000 };
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = () => Math.floor(Date.now() / 1000);
const b64 = (value) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** The expected refusal of a token: 401 invalid_token, `description` in the challenge and the body. */
const invalid = (url, description) => ({
  status: 401, challenge: challengeFor(url, { error: 'invalid_token', description }), message: `Unauthorized: ${description}`,
});

/** The expected refusal of a token whose scopes do not allow the request: 403 insufficient_scope naming `scope`. */
const insufficient = (url, scope) => {
  const description = `the access token's scopes do not allow this; it needs ${scope}`;
  return { status: 403, challenge: challengeFor(url, { scope, error: 'insufficient_scope', description }), message: `Forbidden: ${description}` };
};

const unknownKid = (kid) => `the token is signed with a key the authorization server does not publish (kid '${kid}')`;

/** An initialize request (2025-11-25) with `token`: admitted or refused before anything else. */
const initialize = (url, token) => post(url, { token, message: initializeMessage() });

/** The tool names `token` sees through the SDK client (2025-11-25; the token is just sent). */
async function toolNames(url, token) {
  const client = new Client({ name: 'office-mcp-oauth-refusals', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
  try {
    return (await client.listTools()).tools.map((tool) => tool.name);
  } finally {
    await client.close();
  }
}

/** The claims of a good token for `office`, as the authorization server issues them, with `changes`. */
function claimsFor(provider, office, changes = {}) {
  const now = seconds();
  return {
    iss: provider.issuer, aud: office.url, sub: 'mallory', preferred_username: 'mallory', client_id: 'forger',
    scope: 'office:all', iat: now, exp: now + 600, jti: randomUUID(), ...changes,
  };
}

if (RUN) {
  describe('office-mcp refuses bad bearer tokens with 401 invalid_token, exactly, and logs it without the token', SUITE, () => {
    let provider;
    let other;  // a second authorization server, which office-mcp does not trust
    let office;
    before(async () => {
      provider = await startProvider();
      office = await startOffice({ issuer: provider.issuer, caFile: provider.caFile });
      provider.defaultResource = office.url;
      other = await startProvider({ resource: office.url });
    });
    after(async () => {
      await office?.close();
      await other?.close();
      await provider?.close();
    });

    test('no token (and an Authorization that is not Bearer): 401, the challenge names the resource metadata and office:all, no error', async () => {
      const expected = { status: 401, challenge: challengeFor(office.url), message: 'Unauthorized: a bearer token is required' };
      await assertRefused(office, () => initialize(office.url), { ...expected, what: 'no token' });
      await assertRefused(office, () => post(office.url, { message: initializeMessage(), headers: { authorization: 'Basic YWxpY2U6cHc=' } }),
        { ...expected, what: 'Basic credentials' });
    });

    test('the RFC 9728 metadata at /.well-known/oauth-protected-resource and …/mcp, without a token: resource, issuer, the six office scopes, header', async () => {
      const origin = new URL(office.url).origin;
      assert.equal(resourceMetadataUrl(office.url), `${origin}/.well-known/oauth-protected-resource/mcp`);
      for (const where of [`${origin}/.well-known/oauth-protected-resource`, `${origin}/.well-known/oauth-protected-resource/mcp`]) {
        const response = await fetch(where);
        assert.equal(response.status, 200, where);
        assert.match(response.headers.get('content-type'), /^application\/json/, where);
        const { resource, authorization_servers, scopes_supported, bearer_methods_supported } = await response.json();
        assert.deepEqual({ resource, authorization_servers, scopes_supported, bearer_methods_supported }, {
          resource: office.url, authorization_servers: [provider.issuer], scopes_supported: [...OFFICE_SCOPES, 'office:admin'],
          bearer_methods_supported: ['header'],
        }, where);
      }
    });

    test('a token for another resource (the code flow with resource=http://127.0.0.1:1/mcp): 401 "the token is for another resource"', async () => {
      const { access_token: token } = await provider.mintToken({ resource: 'http://127.0.0.1:1/mcp' });
      assert.equal(jose.decodeJwt(token).aud, 'http://127.0.0.1:1/mcp');
      await assertRefused(office, () => initialize(office.url, token),
        { ...invalid(office.url, 'the token is for another resource'), token, what: 'aud of another resource' });
    });

    test('the audience is compared exactly: aud = this server\'s origin without /mcp, or an array without this server, is refused the same', async () => {
      for (const aud of [new URL(office.url).origin, `${office.url}/`, ['http://127.0.0.1:1/mcp', 'http://127.0.0.1:2/mcp']]) {
        const token = await provider.signToken(claimsFor(provider, office, { aud }));
        await assertRefused(office, () => initialize(office.url, token),
          { ...invalid(office.url, 'the token is for another resource'), token, what: `aud ${JSON.stringify(aud)}` });
      }
    });

    test('a token from another authorization server (its own key, aud = this office): 401, a key the trusted issuer does not publish', async () => {
      const { access_token: token } = await other.clientCredentialsToken({ scopes: ['office:all'] });
      assert.deepEqual([jose.decodeJwt(token).iss, jose.decodeJwt(token).aud], [other.issuer, office.url]);
      await assertRefused(office, () => initialize(office.url, token),
        { ...invalid(office.url, unknownKid(jose.decodeProtectedHeader(token).kid)), token, what: 'token of another issuer' });
    });

    test('a token signed with the trusted key but naming another iss (the second server, or the issuer with a trailing slash): 401 "issued by another authorization server"', async () => {
      for (const iss of [other.issuer, `${provider.issuer}/`]) {
        const token = await provider.signToken(claimsFor(provider, office, { iss }));
        await assertRefused(office, () => initialize(office.url, token),
          { ...invalid(office.url, 'the token was issued by another authorization server'), token, what: `iss ${iss}` });
      }
    });

    test('an expired token (lifetime 1 s from the authorization server, --oauth-leeway 0): 401 "the token has expired"', async () => {
      provider.setTtl({ accessToken: 1 });
      let token;
      try {
        ({ access_token: token } = await provider.clientCredentialsToken());
      } finally {
        provider.setTtl({ accessToken: 3600 });
      }
      await sleep((jose.decodeJwt(token).exp + office.clockSkewSeconds + 1) * 1000 + 100 - Date.now());
      await assertRefused(office, () => initialize(office.url, token), { ...invalid(office.url, 'the token has expired'), token, what: 'expired' });
    });

    test('a token not valid yet (nbf, or iat, 10 minutes ahead; signed with the current key and kid): 401 "the token is not valid yet"', async () => {
      for (const change of [{ nbf: seconds() + 600 }, { iat: seconds() + 600, exp: seconds() + 1200 }]) {
        const token = await provider.signToken(claimsFor(provider, office, change));
        assert.equal(jose.decodeProtectedHeader(token).kid, provider.currentKid);
        await assertRefused(office, () => initialize(office.url, token),
          { ...invalid(office.url, 'the token is not valid yet'), token, what: JSON.stringify(change) });
      }
    });

    test('an unsigned token (alg none, the genuine claims of a token from the authorization server): 401 "algorithm none is not accepted"', async () => {
      const { access_token: genuine } = await provider.clientCredentialsToken();
      const token = `${b64({ alg: 'none', typ: 'at+jwt', kid: provider.currentKid })}.${genuine.split('.')[1]}.`;
      await assertRefused(office, () => initialize(office.url, token),
        { ...invalid(office.url, "the token's algorithm none is not accepted"), token, what: 'alg none' });
    });

    test('HS256 with the issuer\'s public key (its PEM text, with and without the last newline) as the HMAC secret: 401 "algorithm HS256 is not accepted"', async () => {
      const { access_token: genuine } = await provider.clientCredentialsToken();
      const pem = provider.publicKeyPem();
      for (const secret of [pem, pem.trimEnd()]) {
        const input = `${b64({ alg: 'HS256', typ: 'at+jwt', kid: provider.currentKid })}.${genuine.split('.')[1]}`;
        const token = `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
        await assertRefused(office, () => initialize(office.url, token),
          { ...invalid(office.url, "the token's algorithm HS256 is not accepted"), token, what: 'HS256 with the public key' });
      }
    });

    test('a token naming an unknown kid: office-mcp fetches the JWKS exactly once more, then refuses it (401 naming the kid)', async () => {
      await sleep((office.jwksRefetchSeconds + 0.1) * 1000);  // past the last fetch's limit: a fetch is allowed now
      const kid = `rogue-${randomUUID()}`;
      const token = await provider.signToken(claimsFor(provider, office), { header: { kid } });
      const fetched = provider.jwksFetches();
      await assertRefused(office, () => initialize(office.url, token), { ...invalid(office.url, unknownKid(kid)), token, what: 'unknown kid' });
      assert.equal(provider.jwksFetches() - fetched, 1, 'exactly one JWKS fetch for the unknown kid');
    });

    test('a static token that is not in the tokens file (omcp_…): 401 invalid_token "the bearer token is not valid"', async () => {
      const token = `omcp_${Buffer.from(randomUUID()).toString('base64url')}`;
      await assertRefused(office, () => initialize(office.url, token),
        { ...invalid(office.url, 'the bearer token is not valid'), token, what: 'unknown static token' });
    });

    test('a static token beside OAuth (office-mcp token add desk --profile all, while serving): it lists all six tools', async () => {
      const token = office.command('token', 'add', 'desk', '--profile', 'all').trim();
      assert.match(token, /^omcp_/);
      assert.deepEqual(await toolNames(office.url, token), OFFICE_TOOLS);
      assert.ok(!office.stderr().includes(token), 'the static token is not in the log');
    });

    test('a good token from the code flow is still accepted after all these refusals (office:all: every tool)', async () => {
      const { access_token: token } = await provider.mintToken({ user: 'alice', scopes: ['office:all'] });
      assert.deepEqual(await toolNames(office.url, token), OFFICE_TOOLS);
    });
  });

  describe('office-mcp answers 403 insufficient_scope naming the scope a tool needs, and office:all to a token with no office scope', SUITE, () => {
    let provider;
    let office;
    let lunch;  // a token from the code flow for office:lunch only
    before(async () => {
      provider = await startProvider();
      office = await startOffice({ issuer: provider.issuer, caFile: provider.caFile });
      provider.defaultResource = office.url;
      ({ access_token: lunch } = await provider.mintToken({ user: 'lena', scopes: ['office:lunch'] }));
    });
    after(async () => {
      await office?.close();
      await provider?.close();
    });

    test('an office:lunch token: tools/list shows only order_lunch (2025-11-25 through the SDK, and 2026-07-28)', async () => {
      assert.equal(jose.decodeJwt(lunch).scope, 'office:lunch');
      assert.deepEqual(await toolNames(office.url, lunch), ['order_lunch']);
      const listed = await modern(office.url, lunch, 'tools/list');
      assert.equal(listed.status, 200, listed.text);
      assert.deepEqual(listed.body.result.tools.map((tool) => tool.name), ['order_lunch']);
    });

    test('an office:lunch token calling find_customer: 403 insufficient_scope, scope office:scheduling (2026-07-28 and in a 2025-11-25 session)', async () => {
      const args = { query: 'Maria' };
      const expected = { ...insufficient(office.url, 'office:scheduling'), token: lunch };
      const line = await assertRefused(office, () => callModern(office.url, lunch, 'find_customer', args),
        { ...expected, what: 'find_customer, 2026-07-28' });
      assert.equal(line.principal, 'lena', 'the log names who was refused (the sub)');
      const session = await openSession(office.url, lunch);
      await assertRefused(office, () => session.request('tools/call', { name: 'find_customer', arguments: args }),
        { ...expected, what: 'find_customer, 2025-11-25 session' });
      const ordered = await session.request('tools/call', { name: 'order_lunch', arguments: { item: 'tortilla', quantity: 1 } });
      assert.equal(ordered.status, 200, ordered.text);
      assert.notEqual(ordered.body.result.isError, true, ordered.text);
    });

    test('an office:lunch token calling each other tool: 403 naming the narrowest scope that allows it', async () => {
      const calls = {
        list_availability: [{ day: '2026-09-04' }, 'office:scheduling'], book_slot: [{ slot_id: 1, customer_id: 1 }, 'office:scheduling'],
        open_invoices: [{ customer_id: 1 }, 'office:billing'], issue_refund: [{ invoice_id: 2 }, 'office:billing'],
      };
      for (const [tool, [args, scope]] of Object.entries(calls)) {
        await assertRefused(office, () => callModern(office.url, lunch, tool, args, { forms: true }),
          { ...insufficient(office.url, scope), token: lunch, what: tool });
      }
    });

    test('a token with only openid (no office scope): 403 insufficient_scope, scope office:all, on initialize, tools/list and tools/call', async () => {
      const { access_token: token } = await provider.mintToken({ user: 'olga', scopes: ['openid'] });
      assert.equal(jose.decodeJwt(token).aud, office.url);
      assert.ok(!(jose.decodeJwt(token).scope ?? '').includes('office:'), jose.decodeJwt(token).scope);
      const expected = { ...insufficient(office.url, 'office:all'), token };
      await assertRefused(office, () => initialize(office.url, token), { ...expected, what: 'initialize' });
      await assertRefused(office, () => modern(office.url, token, 'tools/list'), { ...expected, what: 'tools/list' });
      await assertRefused(office, () => callModern(office.url, token, 'order_lunch', { item: 'tortilla', quantity: 1 }),
        { ...expected, what: 'tools/call order_lunch' });
    });
  });

  describe('office-mcp and a key rotation: the withdrawn key stops working once the new JWKS is fetched', SUITE, () => {
    let provider;
    let office;
    before(async () => {
      provider = await startProvider();
      office = await startOffice({ issuer: provider.issuer, caFile: provider.caFile });
      provider.defaultResource = office.url;
    });
    after(async () => {
      await office?.close();
      await provider?.close();
    });

    test('after rotateKeys() (old key withdrawn) and a refetch caused by a new-kid token, an old-kid token is refused (401 naming its kid)', async () => {
      const { access_token: old } = await provider.clientCredentialsToken();
      assert.deepEqual(await toolNames(office.url, old), OFFICE_TOOLS, 'the old token works before the rotation');
      const oldKid = jose.decodeProtectedHeader(old).kid;
      const fetched = provider.jwksFetches();
      const kid = await provider.rotateKeys();
      const { access_token: fresh } = await provider.clientCredentialsToken();
      assert.equal(jose.decodeProtectedHeader(fresh).kid, kid);
      // The new kid is refused only while the last fetch is less than --oauth-refetch ago.
      const deadline = Date.now() + (office.jwksRefetchSeconds + 5) * 1000;
      for (;;) {
        const answer = await initialize(office.url, fresh);
        if (answer.status === 200) break;
        assert.ok(Date.now() < deadline, `the new-kid token is still refused: ${answer.status} ${answer.text}`);
        await sleep(250);
      }
      assert.ok(provider.jwksFetches() > fetched, 'office-mcp fetched the new JWKS');
      await assertRefused(office, () => initialize(office.url, old), { ...invalid(office.url, unknownKid(oldKid)), token: old, what: 'old kid' });
    });
  });

  describe('office-mcp under a flood of unknown kids, with the default --oauth-refetch (30 s)', SUITE, () => {
    let provider;
    let office;
    before(async () => {
      provider = await startProvider();
      office = await startOffice({ issuer: provider.issuer, caFile: provider.caFile, leeway: null, refetch: null });
      provider.defaultResource = office.url;
    });
    after(async () => {
      await office?.close();
      await provider?.close();
    });

    /** 50 tokens signed with the current key, each naming a random kid the JWKS does not have. */
    const floodTokens = () => Promise.all(Array.from({ length: 50 }, async () => {
      const kid = `flood-${randomUUID()}`;
      return { kid, token: await provider.signToken(claimsFor(provider, office), { header: { kid } }) };
    }));

    test('50 tokens with random kids, all at once: 50 refusals (401 naming each kid), at most one JWKS fetch; a good token is still accepted', async () => {
      assert.equal(office.jwksRefetchSeconds, 30);
      const tokens = await floodTokens();
      const fetched = provider.jwksFetches();
      const answers = await Promise.all(tokens.map(({ token }) => initialize(office.url, token)));
      answers.forEach((answer, i) => {
        const expected = invalid(office.url, unknownKid(tokens[i].kid));
        assert.equal(answer.status, 401, answer.text);
        assert.equal(answer.headers.get('www-authenticate'), expected.challenge);
        assert.equal(answer.body.error.message, expected.message);
      });
      assert.ok(provider.jwksFetches() - fetched <= 1, `${provider.jwksFetches() - fetched} JWKS fetches for 50 unknown kids`);
      await sleep(200);
      for (const { token } of tokens) assert.ok(!office.stderr().includes(token.split('.')[2]), 'no token in the log');
      const { access_token: good } = await provider.clientCredentialsToken();
      assert.deepEqual(await toolNames(office.url, good), OFFICE_TOOLS);
    });

    test('each of 50 refusals at once is logged: 50 "refused" lines (status 401, each naming its kid) on stderr, a socket as under systemd', async () => {
      // Node's child stdio is a Unix socket pair, as journald's stream is: a burst answered in
      // one round of office-mcp's loop must still leave a line per refusal.
      const tokens = await floodTokens();
      const from = office.stderr().length;
      await Promise.all(tokens.map(({ token }) => initialize(office.url, token)));
      await sleep(500);
      const logged = logLines(office.stderr(), from).filter((line) => line.event === 'refused' && line.status === 401);
      const missing = tokens.filter(({ kid }) => !logged.some((line) => line.reason === `Unauthorized: ${unknownKid(kid)}`));
      assert.equal(logged.length, 50, `${logged.length} "refused" lines for 50 refusals; not logged: ${missing.length} ` +
        `(kids ${missing.map(({ kid }) => kid).slice(0, 3).join(', ')}...)`);
    });
  });

  describe('office-mcp whose authorization server never answered: 503 for a JWT, static tokens still work', SUITE, () => {
    let provider;  // only for its CA and for signing a JWT office-mcp cannot check
    let office;
    let issuer;
    before(async () => {
      provider = await startProvider();
      const port = await new Promise((resolve) => {
        const probe = net.createServer().listen(0, '127.0.0.1', () => {
          const { port: free } = probe.address();
          probe.close(() => resolve(free));
        });
      });
      issuer = `https://127.0.0.1:${port}`;  // nothing listens there
      office = await startOffice({ issuer, caFile: provider.caFile });
    });
    after(async () => {
      await office?.close();
      await provider?.close();
    });

    test('a JWT: 503 Service Unavailable with Retry-After: 1 and no challenge, logged as refused (status 503) without the token', async () => {
      const token = await provider.signToken(claimsFor({ issuer }, office));
      let retryAfter;
      await assertRefused(office, async () => {
        const answer = await initialize(office.url, token);
        retryAfter = answer.headers.get('retry-after');
        return answer;
      }, {
        status: 503, challenge: null, token, what: 'provider unreachable',
        message: 'Service Unavailable: the office cannot check access tokens now (its authorization server did not answer)',
      });
      assert.equal(retryAfter, '1', 'Retry-After');
    });

    test('no token: still 401 with the challenge naming the resource metadata', async () => {
      await assertRefused(office, () => initialize(office.url),
        { status: 401, challenge: challengeFor(office.url), message: 'Unauthorized: a bearer token is required', what: 'no token' });
    });

    test('a static token (office-mcp token add) is accepted while the authorization server is away', async () => {
      const token = office.command('token', 'add', 'desk').trim();
      assert.deepEqual(await toolNames(office.url, token), OFFICE_TOOLS);
    });
  });

  describe('--ca-file: the authorization server is trusted through that file, in place of the system\'s CAs', SUITE, () => {
    let provider;
    let stranger;  // a CA that signed nothing of the provider's
    const offices = [];
    before(async () => {
      provider = await startProvider();
      stranger = makeTestCa(fs.mkdtempSync(path.join(os.tmpdir(), 'office-mcp-oauth-stranger-')));
    });
    after(async () => {
      for (const office of offices) await office.close();
      await provider?.close();
      fs.rmSync(stranger.dir, { recursive: true, force: true });
    });

    test('--ca-file naming the provider\'s CA, and nothing else trusting it: a token is accepted', async () => {
      const office = await startOffice({ issuer: provider.issuer, caFile: null, extraArgs: ['--ca-file', provider.caFile] });
      offices.push(office);
      const { access_token: token } = await provider.clientCredentialsToken({ resource: office.url, scopes: ['office:all'] });
      assert.deepEqual(await toolNames(office.url, token), OFFICE_TOOLS);
    });

    test('--ca-file naming another CA wins over the system\'s trust of the provider: 503, and the log says why', async () => {
      const office = await startOffice({ issuer: provider.issuer, caFile: provider.caFile, extraArgs: ['--ca-file', stranger.cert] });
      offices.push(office);
      const { access_token: token } = await provider.clientCredentialsToken({ resource: office.url, scopes: ['office:all'] });
      await assertRefused(office, () => initialize(office.url, token), {
        status: 503, challenge: null, token, what: 'provider not trusted',
        message: 'Service Unavailable: the office cannot check access tokens now (its authorization server did not answer)',
      });
      assert.match(office.stderr(), /certificate verify failed/, 'the oauth problem names the failed verification');
    });
  });
}

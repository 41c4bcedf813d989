// The user's browser, played headlessly with fetch and a cookie jar: given an authorization URL,
// it follows the authorization server's redirects, fills in the login form (any username and
// password log in to provider.mjs) and the consent form, and stops at the redirect to the
// client's redirect_uri, returning the code, state and iss found there. It fetches the
// redirect_uri itself only when asked (followCallback): a loopback listener such as mcp-remote's
// is waiting for that request. Forms are read with regular expressions, which is enough for
// oidc-provider's pages (one <form> each, hidden inputs, a login and a password field). Not a test file.

/** Cookies by origin, with their Path, enough for oidc-provider's interaction and session cookies. */
export class CookieJar {
  #cookies = new Map();  // "origin name path" -> { origin, name, value, path }

  /** Stores the Set-Cookie headers of `response`, received from `url`. */
  store(url, response) {
    for (const line of response.headers.getSetCookie?.() ?? []) {
      const [pair, ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      let cookiePath = '/';
      let expired = value === '';
      for (const attribute of attributes) {
        const [key, val = ''] = attribute.split('=').map((part) => part.trim());
        if (key.toLowerCase() === 'path') cookiePath = val || '/';
        if (key.toLowerCase() === 'max-age' && Number(val) <= 0) expired = true;
        if (key.toLowerCase() === 'expires' && Date.parse(val) < Date.now()) expired = true;
      }
      const key = `${url.origin} ${name} ${cookiePath}`;
      if (expired) this.#cookies.delete(key);
      else this.#cookies.set(key, { origin: url.origin, name, value, path: cookiePath });
    }
  }

  /** The Cookie header to send to `url` (undefined when there is none). */
  header(url) {
    const matching = [...this.#cookies.values()].filter((cookie) => cookie.origin === url.origin
      && (url.pathname === cookie.path || url.pathname.startsWith(cookie.path.endsWith('/') ? cookie.path : `${cookie.path}/`)));
    return matching.length ? matching.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ') : undefined;
  }
}

const decode = (text) => text.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;|&#x27;/g, "'")
  .replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&#x2F;|&#47;/g, '/');

function attributes(tag) {
  const found = {};
  for (const [, name, value] of tag.matchAll(/([\w-]+)\s*=\s*"([^"]*)"/g)) found[name.toLowerCase()] = decode(value);
  return found;
}

/** The first <form> of `html`: { action, method, inputs: [{ name, type, value }] }, or null. */
export function parseForm(html) {
  const form = /<form\b([^>]*)>([\s\S]*?)<\/form>/i.exec(html);
  if (!form) return null;
  const { action = '', method = 'get' } = attributes(form[1]);
  const inputs = [...form[2].matchAll(/<input\b[^>]*>/gi)].map(([tag]) => attributes(tag))
    .filter((input) => input.name).map(({ name, type = 'text', value = '' }) => ({ name, type, value }));
  return { action, method: method.toLowerCase(), inputs };
}

const pageText = (html) => html.replace(/<style[\s\S]*?<\/style>|<script[\s\S]*?<\/script>/gi, ' ')
  .replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 400);

/**
 * Plays the browser from `authorizationUrl` to the redirect back to the client. Options:
 *   user, password   what to type into the login form (defaults alice / any password)
 *   jar              a CookieJar, to keep the session between calls (default: a new one)
 *   followCallback   also GET the final redirect (for a loopback listener); its status and body
 *                    are returned as callbackStatus and callbackBody
 * Returns { code, state, iss, error, errorDescription, callbackUrl, steps } where steps lists
 * each request made (method and URL), or throws when a page has no form to go on with.
 */
export async function authorize(authorizationUrl, {
  user = 'alice', password = 'any-password', jar = new CookieJar(), followCallback = false, maxSteps = 20,
} = {}) {
  let url = new URL(authorizationUrl);
  const redirectUri = url.searchParams.get('redirect_uri');
  const isCallback = (target) => (redirectUri
    ? `${target.origin}${target.pathname}` === new URL(redirectUri).href.replace(/[?#].*$/, '')
    : target.origin !== new URL(authorizationUrl).origin);
  let method = 'GET';
  let body;
  const steps = [];
  for (let step = 0; step < maxSteps; step += 1) {
    steps.push(`${method} ${url.href}`);
    const headers = {};
    if (jar.header(url)) headers.cookie = jar.header(url);
    if (body) headers['content-type'] = 'application/x-www-form-urlencoded';
    const response = await fetch(url, { method, body, headers, redirect: 'manual' });
    jar.store(url, response);
    if (response.status >= 300 && response.status < 400 && response.headers.get('location')) {
      await response.arrayBuffer();
      const next = new URL(response.headers.get('location'), url);
      if (isCallback(next)) return finish(next, steps, followCallback);
      [url, method, body] = [next, 'GET', undefined];
      continue;
    }
    const html = await response.text();
    const form = parseForm(html);
    if (!form) {
      throw new Error(`the authorization server showed a page with no form to go on with ` +
        `(HTTP ${response.status} at ${url.href}): ${pageText(html)}`);
    }
    const fields = new URLSearchParams();
    for (const input of form.inputs) {
      if (input.name === 'login' || input.name === 'username') fields.set(input.name, user);
      else if (input.type === 'password') fields.set(input.name, password);
      else fields.set(input.name, input.value);
    }
    url = new URL(form.action || url.href, url);
    method = form.method === 'post' ? 'POST' : 'GET';
    if (method === 'POST') body = fields.toString();
    else { url.search = fields.toString(); body = undefined; }
  }
  throw new Error(`no redirect back to the client after ${maxSteps} requests:\n${steps.join('\n')}`);
}

async function finish(callbackUrl, steps, followCallback) {
  const params = callbackUrl.searchParams;
  const result = {
    code: params.get('code') ?? undefined, state: params.get('state') ?? undefined, iss: params.get('iss') ?? undefined,
    error: params.get('error') ?? undefined, errorDescription: params.get('error_description') ?? undefined,
    callbackUrl: callbackUrl.href, steps,
  };
  if (followCallback) {
    steps.push(`GET ${callbackUrl.href}`);
    const response = await fetch(callbackUrl);
    Object.assign(result, { callbackStatus: response.status, callbackBody: await response.text() });
  }
  return result;
}

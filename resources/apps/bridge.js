// ---- the view's side of MCP Apps (2026-01-26) over postMessage; the same in the three views ----
let lang = 'en';
const TEXT = {};  // TEXT.en, TEXT.es, TEXT.zh_CN: each view's strings
const t = (key, values = {}) => (TEXT[lang][key] ?? TEXT.en[key]).replace(/\{(\w+)\}/g, (_, name) => values[name]);
const tag = () => (lang === 'zh_CN' ? 'zh-CN' : lang);
function setLocale(locale) {
  const wanted = String(locale).replace('_', '-').toLowerCase();
  lang = wanted.startsWith('es') ? 'es' : wanted.startsWith('zh') ? 'zh_CN' : 'en';
  document.documentElement.lang = tag();
}
function el(name, attributes = {}, ...children) {
  const node = document.createElement(name);
  for (const [key, value] of Object.entries(attributes)) if (value !== false && value !== undefined) node.setAttribute(key, value);
  node.append(...children);
  return node;
}
const textOf = (result) => (result.content || []).filter((part) => part.type === 'text').map((part) => part.text).join('\n');
// Money arrives as a JSON number of whole cents / 100: shown exactly, to the cent, in the person's digits.
function money(amount) {
  const cents = Math.round(amount * 100);
  const abs = Math.abs(cents);
  const mark = new Intl.NumberFormat(tag()).formatToParts(1.5).find((part) => part.type === 'decimal').value;
  return (cents < 0 ? '-' : '') + new Intl.NumberFormat(tag()).format(Math.floor(abs / 100)) + mark + String(abs % 100).padStart(2, '0');
}
function say(text, kind = '') {
  const status = document.getElementById('status');
  status.textContent = text;
  status.className = 'status ' + kind;
}
const host = (() => {
  let next = 1;
  const waiting = new Map();
  const handlers = {};
  const send = (message) => window.parent.postMessage({ jsonrpc: '2.0', ...message }, '*');
  window.addEventListener('message', (event) => {
    const m = event.data;
    if (event.source !== window.parent || !m || m.jsonrpc !== '2.0') return;
    if (m.method === undefined) {
      const call = waiting.get(m.id);
      if (!call) return;
      waiting.delete(m.id);
      if (m.error) call.reject(new Error(m.error.message));
      else call.resolve(m.result);
    } else if (m.id !== undefined) {
      // The host's requests: ping, and ui/resource-teardown (nothing to clean up).
      if (m.method === 'ping' || m.method === 'ui/resource-teardown') send({ id: m.id, result: {} });
      else send({ id: m.id, error: { code: -32601, message: 'Method not found: ' + m.method } });
    } else if (handlers[m.method]) {
      handlers[m.method](m.params || {});
    }
  });
  const request = (method, params) => new Promise((resolve, reject) => {
    const id = next++;
    waiting.set(id, { resolve, reject });
    send({ id, method, params });
  });
  const notify = (method, params) => send({ method, params });
  return {
    request,
    on(method, handler) { handlers[method] = handler; },
    // A tool called through the host (the office checks it like any call); a tool error throws its text.
    async call(name, args) {
      const result = await request('tools/call', { name, arguments: args });
      if (result.isError) throw new Error(textOf(result));
      return result;
    },
    // A resource read through the host, parsed (the office's tables are JSON).
    async read(uri) {
      const result = await request('resources/read', { uri });
      return JSON.parse(result.contents[0].text);
    },
    // ui/initialize, the host's context applied (theme, its CSS variables, locale), then
    // initialized; the height told to the host whenever it changes.
    async start(name, onContext) {
      const apply = (context) => {
        if (context.theme) document.documentElement.dataset.theme = context.theme;
        const variables = (context.styles && context.styles.variables) || {};
        for (const [key, value] of Object.entries(variables)) if (value) document.documentElement.style.setProperty(key, value);
        if (context.locale) setLocale(context.locale);
        onContext(context);
      };
      handlers['ui/notifications/host-context-changed'] = apply;
      const answer = await request('ui/initialize', {
        appInfo: { name, version: '1.0.0' }, appCapabilities: { availableDisplayModes: ['inline'] }, protocolVersion: '2026-01-26' });
      apply(answer.hostContext || {});
      notify('ui/notifications/initialized', {});
      let height = 0;
      new ResizeObserver(() => {
        const now = Math.ceil(document.body.getBoundingClientRect().height);
        if (now !== height) notify('ui/notifications/size-changed', { height: (height = now) });
      }).observe(document.body);
      return answer;
    },
  };
})();
// ---- end of the shared part ----

// The sandbox Google tag (gtag/js?id=G-… or UA-…): a stand-in for gtag.js that follows the same
// command queue, `dataLayer` of `arguments` objects pushed by `gtag(...)`:
//   gtag('js', date) · gtag('config', id, params) · gtag('event', name, params) ·
//   gtag('consent', 'default' | 'update', state) · gtag('set', params)
// A `config` sends a page view unless `send_page_view` is false; an event goes to every configured
// id (or its `send_to`). GA4 ids (G-…) hit COLLECT + 'g/collect' with the measurement protocol's
// query (v=2, tid, cid, en, dl, dt, ep.*); Universal Analytics ids (UA-…) hit COLLECT + 'collect'
// (v=1, tid, cid, t, dl, dt, ec/ea). The client id lives in the `_ga` cookie, as gtag.js keeps it,
// unless analytics_storage is denied. Events sent before any `config` wait for one.
// COLLECT is put in by the platform when it serves the script.
(() => {
  const layer = (window.dataLayer = window.dataLayer || []);
  const targets = new Map();
  const waiting = [];
  let consent = { analytics_storage: 'granted' };
  let shared = {};
  let memoryClientId = null;
  const isCommand = (item) => Array.isArray(item) || Object.prototype.toString.call(item) === '[object Arguments]';

  const clientId = () => {
    const stored = /(?:^|;\s*)_ga=GA1\.1\.(\d+\.\d+)/.exec(document.cookie);
    if (stored) return stored[1];
    memoryClientId ??= `${Math.floor(Math.random() * 2147483647)}.${Math.floor(Date.now() / 1000)}`;
    if (consent.analytics_storage !== 'denied') {
      document.cookie = `_ga=GA1.1.${memoryClientId}; Path=/; Max-Age=63072000; SameSite=Lax`;
    }
    return memoryClientId;
  };

  const hit = (id, name, params) => {
    const query = new URLSearchParams();
    const all = { ...shared, ...params };
    if (id.startsWith('UA-')) {
      query.set('v', '1');
      query.set('tid', id);
      query.set('cid', clientId());
      query.set('t', name === 'page_view' ? 'pageview' : 'event');
      if (name !== 'page_view') {
        query.set('ec', String(all.event_category ?? 'general'));
        query.set('ea', name);
      }
      query.set('dl', location.href);
      query.set('dt', document.title);
      for (const [key, value] of Object.entries(all)) if (value !== undefined && key !== 'send_to') query.set(`cd.${key}`, String(value));
    } else {
      query.set('v', '2');
      query.set('tid', id);
      query.set('cid', clientId());
      query.set('en', name);
      query.set('dl', location.href);
      query.set('dt', document.title);
      query.set('ul', navigator.language);
      query.set('gcs', consent.analytics_storage === 'denied' ? 'G100' : 'G111');
      for (const [key, value] of Object.entries(all)) {
        if (value === undefined || key === 'send_to' || key === 'send_page_view') continue;
        query.set(`${typeof value === 'number' ? 'epn' : 'ep'}.${key}`, String(value));
      }
    }
    const url = new URL(`${COLLECT}${id.startsWith('UA-') ? 'collect' : 'g/collect'}?${query}`, location.href).href;
    if (!navigator.sendBeacon(url)) fetch(url, { method: 'POST', keepalive: true }).catch(() => {});
  };

  const event = (name, params = {}) => {
    if (targets.size === 0) {
      waiting.push([name, params]);
      return;
    }
    const sendTo = params.send_to ? [].concat(params.send_to) : [...targets.keys()];
    for (const id of sendTo) if (targets.has(id)) hit(id, name, { ...targets.get(id), ...params });
  };

  const handle = (item) => {
    if (!item || typeof item !== 'object' || !isCommand(item)) return;
    const [command, first, second] = item;
    if (command === 'config' && typeof first === 'string') {
      const params = second && typeof second === 'object' ? { ...second } : {};
      const sendPageView = params.send_page_view !== false;
      delete params.send_page_view;
      targets.set(first, params);
      if (sendPageView) hit(first, 'page_view', params);
      for (const [name, eventParams] of waiting.splice(0)) event(name, eventParams);
    } else if (command === 'event' && typeof first === 'string') {
      event(first, second && typeof second === 'object' ? second : {});
    } else if (command === 'consent' && second && typeof second === 'object') {
      consent = { ...consent, ...second };
    } else if (command === 'set' && first && typeof first === 'object') {
      shared = { ...shared, ...first };
    }
  };

  layer.forEach(handle);
  const previousPush = layer.push;
  layer.push = function push(...items) {
    items.forEach(handle);
    return previousPush.apply(layer, items);
  };
})();

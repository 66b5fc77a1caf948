// The sandbox FullStory recorder (fs.js): a stand-in that starts a session for the organisation in
// `window._fs_org` and sends what the real recorder would begin with (the page, its title, the
// viewport and the user agent) to COLLECT + 'fullstory/rec/page', then one bundle per
// `FS('trackEvent', { name, properties })` or `FS.event(name, properties)` call. Calls made before
// it loaded wait in `FS.q`, as the real snippet queues them. COLLECT is put in by the platform.
(() => {
  const org = String(window._fs_org ?? '');
  const endpoint = new URL(`${COLLECT}fullstory/rec/page`, location.href).href;
  const sessionId = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const send = (kind, detail) => {
    const body = JSON.stringify({ orgId: org, sessionId, kind, page: location.href, title: document.title, ...detail });
    if (!navigator.sendBeacon(endpoint, body)) fetch(endpoint, { method: 'POST', body, keepalive: true }).catch(() => {});
  };
  const call = (operation, options) => {
    if (operation === 'trackEvent' && options && typeof options === 'object') send('event', { name: String(options.name ?? ''), properties: options.properties ?? {} });
  };
  const queued = window.FS && Array.isArray(window.FS.q) ? window.FS.q : [];
  const FS = (operation, options) => call(operation, options);
  FS.event = (name, properties) => call('trackEvent', { name, properties });
  window.FS = FS;
  send('page', { viewport: `${innerWidth}x${innerHeight}`, userAgent: navigator.userAgent });
  for (const entry of queued) call(...entry);
})();

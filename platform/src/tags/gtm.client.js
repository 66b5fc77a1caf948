// The sandbox Google Tag Manager container (gtm.js?id=GTM-…): a stand-in that behaves like a
// container whose one tag forwards every data-layer event. It reads `window.dataLayer`, takes the
// events already in it, follows later pushes (wrapping `push` as GTM does) and sends each event
// that has an `event` name to the sandbox collector as one hit. gtag-style commands (arguments
// objects, such as consent updates) only update what the container knows. CONTAINER and COLLECT
// are put in by the platform when it serves the script. It runs in Partytown's worker or on the page.
(() => {
  const layer = (window.dataLayer = window.dataLayer || []);
  const endpoint = new URL(`${COLLECT}gtm/collect`, location.href).href;
  let consent = {};
  const isCommand = (item) => Array.isArray(item) || Object.prototype.toString.call(item) === '[object Arguments]';

  const send = (event, params) => {
    const body = JSON.stringify({ id: CONTAINER, event, params, page: location.href, title: document.title, consent });
    if (!navigator.sendBeacon(endpoint, body)) fetch(endpoint, { method: 'POST', body, keepalive: true }).catch(() => {});
  };
  const handle = (item) => {
    if (!item || typeof item !== 'object') return;
    if (isCommand(item)) {
      if (item[0] === 'consent' && item[2] && typeof item[2] === 'object') consent = { ...consent, ...item[2] };
      return;
    }
    if (typeof item.event !== 'string') return;
    const { event, ...params } = item;
    send(event, params);
  };

  // The snippet's own first push ({ event: 'gtm.js' }) is among these, as with the real container.
  layer.forEach(handle);
  const previousPush = layer.push;
  layer.push = function push(...items) {
    items.forEach(handle);
    return previousPush.apply(layer, items);
  };
})();

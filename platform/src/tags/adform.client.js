// The sandbox Adform tracking point (trackpoint-async.js): a stand-in that reads what Adform's
// snippet leaves in `window._adftrack` (one object or a list of them: pm, the tracking id;
// pagename; divider; order) and sends each as a Tracking Point pixel to COLLECT +
// 'adform/Serving/TrackPoint/' (pm, ADFPageName, ADFdivider, loc, and the order's fields as
// itm.*), as the real script does. Later `_adftrack.push(...)` calls are sent at once.
// COLLECT is put in by the platform when it serves the script.
(() => {
  const endpoint = `${COLLECT}adform/Serving/TrackPoint/`;
  const track = (point) => {
    if (!point || typeof point !== 'object' || !point.pm) return;
    const query = new URLSearchParams({
      pm: String(point.pm),
      ADFPageName: String(point.pagename ?? document.title),
      ADFdivider: String(point.divider ?? '|'),
      loc: location.href,
      rnd: String(Math.floor(Math.random() * 1e9)),
    });
    if (point.order && typeof point.order === 'object') {
      for (const [key, value] of Object.entries(point.order)) query.set(`itm.${key}`, String(value));
    }
    const pixel = new Image(1, 1);
    pixel.src = new URL(`${endpoint}?${query}`, location.href).href;
  };
  const pending = [].concat(window._adftrack ?? []);
  window._adftrack = { push: (...points) => points.forEach(track) };
  pending.forEach(track);
})();

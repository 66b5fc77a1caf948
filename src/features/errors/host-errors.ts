/**
 * Responses for requests no brand can answer. They are plain, self-contained pages: with no brand
 * there is no theme, locale or platform to draw on, and nothing of any brand may leak into them.
 */

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(status: number, title: string, body: string): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>body{font:16px/1.5 system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#f4f4f5;color:#18181b}main{max-width:36rem;padding:2rem}h1{font-size:1.5rem}code{background:#e4e4e7;padding:0 .25rem;border-radius:4px}</style></head><body><main><h1>${escapeHtml(title)}</h1><p>${body}</p></main></body></html>`;
  return new Response(html, {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
  });
}

/** 404 for a well-formed host that no brand folder lists. */
export function unknownHostResponse(host: string): Response {
  return page(
    404,
    'No site is configured for this address',
    `The host <code>${escapeHtml(host)}</code> is not one of the brands this server runs. If you operate this site, add it to the <code>hosts</code> list of a brand's <code>brands/&lt;id&gt;/brand.json</code>, or drop a new brand folder into <code>brands/</code>: it is picked up within seconds, no restart needed.`,
  );
}

/** 400 for a missing or malformed Host header. */
export function badHostResponse(header: string | null): Response {
  const shown = header === null ? 'none' : `<code>${escapeHtml(header.slice(0, 100))}</code>`;
  return page(400, 'Bad request', `The request's Host header (${shown}) is not a valid host name.`);
}

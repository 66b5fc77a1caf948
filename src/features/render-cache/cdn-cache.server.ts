/**
 * The Cache-Control and Vary of the lobby's pages, so a CDN in front can serve anonymous visitors
 * (see README "Running several processes"):
 * - an anonymous GET answered 200, 404 or with a redirect: `public, max-age=0, s-maxage=S,
 *   stale-while-revalidate=W`. Browsers always revalidate (max-age=0); a shared cache keeps the page
 *   S seconds and may hand out a W-seconds-stale copy while it fetches a new one. With the defaults
 *   (1 and 1) a CDN copy is at most two seconds old, so a content edit, which the lobby notices
 *   within a second, reaches visitors within the same two seconds; an operator who wants longer
 *   lifetimes configures the purge hook (cdn-purge.server.ts) instead.
 * - a player's request (session cookies or Authorization), any answer that sets a cookie, any other
 *   method and any other status: `private, no-store`.
 * Vary: the page depends on the Host (the brand and the absolute URLs written into it) and on the
 * consent and product-mode cookies (and a session cookie makes it private), so `Host, Cookie`; the
 * lobby's compression adds Accept-Encoding. Pages also depend on the visitor's country: a CDN must
 * key on it too, and ATRIUM_CDN_VARY names its country header (such as CloudFront-Viewer-Country)
 * so the Vary says so. Where the country decides consent (a brand with automaticAcceptedCookiesCountries:
 * no prompt and everything granted there), a page is shared only once that header is named, so a
 * CDN can never hand one country's accepted page to a visitor who must be asked.
 */

/** The CDN lifetimes and extra Vary names, read once from the environment. */
export interface CdnCachePolicy {
  /** s-maxage, in seconds (ATRIUM_CDN_MAX_AGE_S, default 1). */
  sharedMaxAge: number;
  /** stale-while-revalidate, in seconds (ATRIUM_CDN_STALE_S, default 1). */
  staleWhileRevalidate: number;
  /** Header names added to Vary (ATRIUM_CDN_VARY, comma-separated). */
  extraVary: string[];
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Reads the policy; throws one message naming the bad variable and how to fix it. */
export function cdnCachePolicyFromEnv(env: Record<string, string | undefined> = process.env): CdnCachePolicy {
  const seconds = (name: string, fallback: number): number => {
    const text = env[name];
    if (text === undefined || text === '') return fallback;
    if (!/^\d+$/.test(text) || Number(text) > 86_400) throw new Error(`${name} "${text}" is not a whole number of seconds (0 to 86400)`);
    return Number(text);
  };
  const extraVary = (env.ATRIUM_CDN_VARY ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  for (const name of extraVary) {
    if (!TOKEN.test(name)) throw new Error(`ATRIUM_CDN_VARY names "${name}", which is not a header name: list header names separated by commas, such as CloudFront-Viewer-Country`);
  }
  return { sharedMaxAge: seconds('ATRIUM_CDN_MAX_AGE_S', 1), staleWhileRevalidate: seconds('ATRIUM_CDN_STALE_S', 1), extraVary };
}

/** Never stored by any cache. */
export const PRIVATE_NO_STORE = 'private, no-store';

/** The Cache-Control and Vary of a page response. */
export function pageCacheHeaders(
  policy: CdnCachePolicy,
  page: { method: string; anonymous: boolean; status: number; setsCookie: boolean; consentByCountry?: boolean },
): { cacheControl: string; vary: string } {
  const vary = ['Host', 'Cookie', ...policy.extraVary].join(', ');
  const shareable =
    (page.method === 'GET' || page.method === 'HEAD') &&
    page.anonymous &&
    !page.setsCookie &&
    !(page.consentByCountry && policy.extraVary.length === 0) &&
    (page.status === 200 || page.status === 404 || page.status === 301 || page.status === 302 || page.status === 307 || page.status === 308);
  if (!shareable) return { cacheControl: PRIVATE_NO_STORE, vary };
  return {
    cacheControl: `public, max-age=0, s-maxage=${policy.sharedMaxAge}, stale-while-revalidate=${policy.staleWhileRevalidate}`,
    vary,
  };
}

/** Sets the page's caching headers on a response (a copy when its headers are immutable). */
export function withCacheHeaders(response: Response, headers: { cacheControl: string; vary: string }): Response {
  const apply = (target: Response) => {
    target.headers.set('cache-control', headers.cacheControl);
    target.headers.set('vary', headers.vary);
    return target;
  };
  try {
    return apply(response);
  } catch {
    return apply(new Response(response.body, response));
  }
}

/**
 * A short-lived cache of whole rendered pages for anonymous visitors. A casino lobby is the same
 * page for every visitor of a brand, locale and country, so under load most renders can be served
 * from memory. Entries live `ATRIUM_RENDER_CACHE_MS` (1000 ms by default, 0 turns the cache off),
 * which bounds how stale the games, jackpots and other platform data on a page can be. A content
 * edit does not wait for that: when the platform's content version of a brand moves
 * (content-version.server.ts), the brand's pages are dropped and the key's content generation
 * changes. Concurrent misses for one key share one render. Responses that set cookies, and players'
 * requests, are never cached.
 */
import { LRUCache } from 'lru-cache';
import { onContentChange } from './content-version.server.ts';
import { AB_COOKIE } from '../experiments/ab-test.ts';
import { TEST_FEATURES_COOKIE } from '../feature-flags/test-features.server.ts';
import { ACCESS_TOKEN_COOKIE, KEYCLOAK_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE } from '../session/tokens.ts';

interface CachedPage {
  status: number;
  headers: [string, string][];
  /** The encoded body: a hit sends these bytes as they are, with no re-encoding of the page. */
  body: Uint8Array<ArrayBuffer>;
  storedAt: number;
}

const ttlMs = Number(process.env.ATRIUM_RENDER_CACHE_MS ?? 1000);
const MAX_ENTRIES = 2000;
// Freshness is checked against the caller's clock (storedAt); the LRU bounds how many pages stay in memory.
const pages = new LRUCache<string, CachedPage>({ max: MAX_ENTRIES });
const inFlight = new Map<string, Promise<CachedPage | Response>>();

/** Cookies whose presence means the request is a player's and must be rendered for them. */
const PLAYER_COOKIES = new RegExp(`(?:^|;\\s*)(${[ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE, KEYCLOAK_TOKEN_COOKIE].join('|')})=`);

/**
 * The cookie (and query parameter) carrying an editor's preview token from the operator console:
 * `/<locale>/?atrium-preview=<token>` is redirected (middleware) to the bare address with the cookie
 * set, for the rest of the preview (the lobby's later blocks, links followed inside it); an empty
 * value ends it.
 */
export const PREVIEW_COOKIE = 'atrium-preview';
/** How long the preview cookie lasts: the token's own life (the platform ignores it once expired). */
export const PREVIEW_COOKIE_SECONDS = 30 * 60;

/** The preview token a request carries (query parameter first, then cookie), or null. */
export function previewTokenOf(request: Request): string | null {
  const fromQuery = new URL(request.url).searchParams.get(PREVIEW_COOKIE);
  if (fromQuery !== null) return fromQuery || null;
  const cookie = new RegExp(`(?:^|;\\s*)${PREVIEW_COOKIE}=([^;]+)`).exec(request.headers.get('cookie') ?? '');
  return cookie?.[1] ? decodeURIComponent(cookie[1]) : null;
}

/** Whether a request is an anonymous visitor's: no Authorization, no session cookie and no editor's preview (never cached, never shared). */
export function isAnonymousRequest(request: Request): boolean {
  if (request.headers.has('authorization')) return false;
  if (previewTokenOf(request)) return false;
  return !PLAYER_COOKIES.test(request.headers.get('cookie') ?? '');
}

/** Whether a request may be answered from the anonymous render cache. */
export function isCacheableRequest(request: Request): boolean {
  if (ttlMs <= 0 || request.method !== 'GET') return false;
  return isAnonymousRequest(request);
}

/** The cache key: everything that changes an anonymous render. */
export function renderCacheKey(parts: {
  brand: string;
  /** The host name the request named (one the brand lists, or a local name): pages write it into their absolute URLs. */
  host: string;
  /** The brand's content generation (contentGeneration): a page rendered before an edit never answers after it. */
  generation: number;
  country: string;
  subDivision: string | null;
  url: URL;
  cookies: { get(name: string): { value: string } | undefined };
}): string {
  const { url, cookies } = parts;
  return [
    parts.brand,
    parts.host,
    parts.generation,
    parts.country,
    parts.subDivision ?? '',
    url.pathname,
    url.search,
    cookies.get('productMode')?.value ?? '',
    cookies.get('consent')?.value ?? '',
    // The A/B assignments: the server draws them onto the page (experiments/assign.server.ts).
    cookies.get(AB_COOKIE)?.value ?? '',
    // A tester's server toggles for the session (feature-flags/test-features.server.ts).
    cookies.get(TEST_FEATURES_COOKIE)?.value ?? '',
  ].join('|');
}

function toResponse(page: CachedPage, hit: boolean): Response {
  const headers = new Headers(page.headers);
  headers.set('x-render-cache', hit ? 'hit' : 'miss');
  return new Response(page.body, { status: page.status, headers });
}

async function capture(render: () => Promise<Response>, now: number, setsCookie: (response: Response) => boolean): Promise<CachedPage | Response> {
  const response = await render();
  const cacheable =
    (response.status === 200 || response.status === 404) &&
    !setsCookie(response) &&
    (response.headers.get('content-type') ?? '').startsWith('text/html');
  if (!cacheable) return response;
  const body = new Uint8Array(await response.arrayBuffer());
  const headers = [...response.headers.entries()].filter(([name]) => name !== 'content-length');
  return { status: response.status, headers: [...headers, ['content-length', String(body.byteLength)]], body, storedAt: now };
}

/**
 * Answers from the cache when fresh, else renders once (however many requests wait) and stores it.
 * `setsCookie` says whether a render set a cookie (Astro adds a page's cookies to the response only
 * after the middleware, so the middleware asks its context): such a page is the visitor's own.
 */
export async function cachedRender(
  key: string,
  render: () => Promise<Response>,
  now = Date.now(),
  setsCookie: (response: Response) => boolean = (response) => response.headers.has('set-cookie'),
): Promise<Response> {
  const cached = pages.get(key);
  if (cached && now - cached.storedAt < ttlMs) return toResponse(cached, true);
  let pending = inFlight.get(key);
  const leader = !pending;
  if (!pending) {
    pending = capture(render, now, setsCookie).finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  const result = await pending;
  if (result instanceof Response) {
    // Not cacheable: the leader hands its response on; followers render their own.
    return leader ? result : render();
  }
  if (leader) {
    pages.set(key, result);
  }
  return toResponse(result, !leader);
}

/** Drops every page of a brand (its content changed). */
function dropBrandPages(brandId: string): void {
  for (const key of [...pages.keys()]) if (key.startsWith(`${brandId}|`)) pages.delete(key);
}

onContentChange(dropBrandPages);

/** Empties the cache (tests). */
export function clearRenderCache(): void {
  pages.clear();
}

/**
 * The CDN purge hook: when ATRIUM_CDN_PURGE_URL is set, every time the lobby notices a brand's
 * content changed (content-version.server.ts) it POSTs `{ "brand": "<id>", "hosts": [...] }` (JSON)
 * to that URL, with `Authorization: Bearer <ATRIUM_CDN_PURGE_TOKEN>` when a token is set. The
 * operator's endpoint turns that into their CDN's purge call (by host or surrogate key), so the CDN
 * may keep pages longer than the default two seconds and still show an edit at once. Every lobby
 * process sends it (purges are idempotent); a failure is logged and the next edit tries again.
 */
import { onContentChange } from './content-version.server.ts';

/** The purge hook's settings, or null when none is configured; throws on a bad URL. */
export function cdnPurgeFromEnv(env: Record<string, string | undefined> = process.env): { url: string; token: string | null } | null {
  const text = env.ATRIUM_CDN_PURGE_URL;
  if (!text) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`ATRIUM_CDN_PURGE_URL "${text}" is not a URL: write the http(s) address of your purge endpoint`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`ATRIUM_CDN_PURGE_URL "${text}" must be an http or https URL`);
  return { url: url.href, token: env.ATRIUM_CDN_PURGE_TOKEN || null };
}

/** Sends one purge request; resolves with whether the endpoint accepted it (2xx). */
export async function sendPurge(target: { url: string; token: string | null }, brand: string, hosts: string[]): Promise<boolean> {
  try {
    const response = await fetch(target.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(target.token ? { authorization: `Bearer ${target.token}` } : {}) },
      body: JSON.stringify({ brand, hosts }),
      signal: AbortSignal.timeout(5000),
    });
    await response.arrayBuffer();
    if (response.ok) return true;
    console.warn(`[lobby] the CDN purge hook answered ${response.status} for ${brand}: its cached pages expire on their own`);
  } catch (error) {
    console.warn(`[lobby] the CDN purge hook failed for ${brand}: ${(error as Error).message}; its cached pages expire on their own`);
  }
  return false;
}

/** Purges a brand's hosts at every content change; returns the unsubscribe. */
export function startCdnPurgeHook(target: { url: string; token: string | null }, hostsOf: (brandId: string) => string[]): () => void {
  return onContentChange((brandId) => void sendPurge(target, brandId, hostsOf(brandId)));
}

/**
 * Which URLs the platform will send a browser (and tokens) to: http(s) URLs on one of the brand's
 * own hosts, on any port (local development runs the lobby on 4321, tests on random ports).
 * Loopback hosts (localhost, 127.0.0.1, [::1]) are accepted too, because plain localhost serves
 * the first brand in development. Everything else, including look-alike and userinfo tricks
 * (https://aurelia.localhost@evil.example/), is refused.
 */
import type { Brand } from '../brands/brands.ts';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The parsed URL when it is on the brand's hosts (or loopback), else null. */
export function brandUrl(brand: Brand, value: string | null | undefined): URL | null {
  if (!value || value.length > 2000) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  const host = url.hostname.toLowerCase();
  return brand.hosts.includes(host) || LOOPBACK.has(host) ? url : null;
}

/**
 * Pages the lobby frames from the platform's own origin (demo games, the sandbox sportsbook). The
 * frame is deliberately cross-origin: the page never sees the lobby's cookies or tokens, and only
 * talks to the lobby through postMessage to the one origin it was launched for. These helpers pick
 * and check that origin and build the headers that let only the brand's lobby frame the page.
 */
import { randomBytes } from 'node:crypto';
import type { Brand } from '../brands/brands.ts';
import { publicOrigin } from '../auth/settings.ts';
import type { AuthSettings } from '../auth/settings.ts';
import { PlatformError } from '../graphql/errors.ts';
import { brandUrl } from './redirects.ts';

/**
 * The lobby origin a framed page posts to: the requested one when it is on the brand's hosts (or
 * loopback, as plain localhost serves the first brand), else the brand's public origin.
 */
export function lobbyOriginFor(brand: Brand, requested: string | null | undefined, settings: AuthSettings): string {
  if (!requested) return publicOrigin(settings, brand.hosts[0] ?? `${brand.id}.localhost`);
  const url = brandUrl(brand, requested);
  if (!url) {
    throw new PlatformError(
      'BadUserInput',
      `lobbyOrigin "${requested}" is not an http(s) origin on ${brand.title}'s hosts (${brand.hosts.join(', ')}) or loopback: pass the lobby page's own window.location.origin`,
    );
  }
  return url.origin;
}

/** The frame-ancestors sources of a brand: each host over http and https on any port, plus the launching origin. */
export function frameAncestors(brand: Brand, lobbyOrigin: string | null): string[] {
  const sources = brand.hosts.flatMap((host) => [`http://${host}:*`, `https://${host}:*`]);
  if (lobbyOrigin && !sources.includes(lobbyOrigin)) sources.push(lobbyOrigin);
  return sources;
}

/** A fresh CSP nonce for one response. */
export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * The Content-Security-Policy of a framed page: its own inline script and style (by nonce), fetches
 * to its own origin only, and framing only by the brand's lobby. X-Frame-Options cannot name another
 * origin, and browsers that know frame-ancestors ignore it, so it is left out on purpose.
 */
export function embeddedPageCsp(nonce: string, ancestors: readonly string[]): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src 'nonce-${nonce}'`,
    "img-src 'self' data:",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${ancestors.length > 0 ? ancestors.join(' ') : "'none'"}`,
  ].join('; ');
}

/** Serialises a value for a `<script type="application/json">` block (no `</script>` breakout). */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/**
 * The lobby's Content-Security-Policy, in one place. Astro builds the header of every page from
 * these directives and adds the SHA-256 hash of each script it emits (so no script runs inline
 * without a hash, and 'unsafe-inline' never appears for scripts). What pages may frame comes from
 * configuration: the platform's origin (sandbox pages, the sportsbook), the game server's origin
 * the platform announces, and any payment or widget origins an operator lists in
 * ATRIUM_FRAME_ORIGINS. Features that add a frame add its origin here, nowhere else.
 */

import { createHash } from 'node:crypto';

/** The CSP source of an inline script's exact text ('sha256-…'), for scripts Astro does not hash itself. */
export function inlineScriptHash(source: string): `sha256-${string}` {
  return `sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}`;
}

/** Inline scripts of a page: attributes and text of every `<script>` without a `src`. */
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;

/**
 * The policy with its script-src narrowed to the hashes of the inline scripts this page carries.
 * Astro lists the hash of every inline script of the whole site (nine, about 0.5 KB) on every
 * page; a phone waits for those header bytes like any others. Scripts that run from a file stay
 * covered by 'self', and a hash stays when its script sits anywhere in the page, parked or not.
 */
export function withPageScriptHashes(policy: string, html: string): string {
  const present = new Set<string>();
  for (const [, attributes = '', text = ''] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc=/.test(attributes) || /\btype="application\/(ld\+)?json"/.test(attributes)) continue;
    present.add(`'${inlineScriptHash(text)}'`);
  }
  return policy.replace(/script-src\s[^;]*/, (directive) =>
    directive.split(/\s+/).filter((token) => !token.startsWith("'sha256-") || present.has(token)).join(' '));
}

/** A directive Astro lets a config name (script-src and style-src are Astro's own). */
type CspDirective = `${'default-src' | 'object-src' | 'base-uri' | 'frame-ancestors' | 'form-action' | 'img-src' | 'font-src' | 'connect-src' | 'media-src' | 'worker-src' | 'manifest-src'} ${string}`;

/** Directives every lobby page carries, besides script-src/style-src (which Astro writes) and frame-src (per request). */
export const CSP_BASE_DIRECTIVES: readonly CspDirective[] = [
  "default-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  // The lobby frames its own pages (the identity provider's silent renew); nobody else may frame it.
  "frame-ancestors 'self'",
  "form-action 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  // 'self' covers same-origin WebSocket (ws:/wss:) in CSP Level 3 browsers.
  "connect-src 'self'",
  "media-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
];

/**
 * Style sources: themes and React islands set inline styles (custom properties, reserved sizes), so
 * styles may be inline; Astro then leaves style hashes out, which browsers would otherwise let
 * override 'unsafe-inline'. Scripts stay strict.
 */
export const CSP_STYLE_RESOURCES: readonly string[] = ["'self'", "'unsafe-inline'"];

/**
 * The policy of HTML the lobby answers without rendering a page (unknown or malformed hosts): no
 * scripts at all, its one inline style, and never framed.
 */
export const STATIC_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** Where frames may come from, as configured. */
export interface FrameOriginConfig {
  /** The platform's base URL (PLATFORM_URL): its sandbox pages and sportsbook are framed from it. */
  platformUrl: string;
  /** The game server's origin as the platform announces it (lobbySettings.gameServerOrigin), when known. */
  gameServerOrigin?: string | null;
  /** Extra origins (payment hosted pages, widgets) from ATRIUM_FRAME_ORIGINS. */
  extraOrigins?: readonly string[];
}

/** The origin of an http(s) URL, or null for anything else. */
function httpOrigin(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/** The frame-src directive of a lobby page: its own origin plus every configured frame origin, once each. */
export function frameSrcDirective(config: FrameOriginConfig): string {
  const origins = [config.platformUrl, config.gameServerOrigin ?? '', ...(config.extraOrigins ?? [])]
    .map((url) => (url ? httpOrigin(url) : null))
    .filter((origin): origin is string => origin !== null);
  return ['frame-src', "'self'", ...new Set(origins)].join(' ');
}

/**
 * A policy whose directive also allows an absolute URL's origin: an operator's error-reporting DSN
 * (connect-src) or live-chat script (script-src) on another origin. Paths and the sandbox defaults
 * are on the page's own origin, which 'self' covers, and leave the policy as it is.
 */
export function withOriginOf(policy: string, directive: 'connect-src' | 'script-src', url: string): string {
  if (!/^https?:\/\//.test(url)) return policy;
  const origin = httpOrigin(url);
  if (!origin) return policy;
  return policy.replace(new RegExp(`(^|;\\s*)${directive}\\s[^;]*`), (found) => (found.includes(` ${origin}`) ? found : `${found} ${origin}`));
}

/**
 * Parses ATRIUM_FRAME_ORIGINS (comma- or space-separated http(s) origins); throws a message naming
 * the bad entry and the expected shape.
 */
export function parseFrameOrigins(text: string | undefined): string[] {
  if (!text || !text.trim()) return [];
  return text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((entry) => {
      const origin = httpOrigin(entry);
      if (!origin || origin !== entry.replace(/\/$/, '')) {
        throw new Error(`ATRIUM_FRAME_ORIGINS entry "${entry}" is not an http(s) origin: write origins such as https://pay.example.com, separated by commas`);
      }
      return origin;
    });
}

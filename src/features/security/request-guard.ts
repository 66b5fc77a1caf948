/**
 * What the lobby's HTTP server checks before anything renders or is proxied: forwarding headers a
 * trusted proxy set must be well-formed (a malformed one is a 400, never a 500 or a wrong link),
 * writes from another site are refused (403), and every response of the lobby carries the
 * security headers a money-handling site needs.
 */
import { isIP } from 'node:net';
import { parseHostHeader } from '../../brands/site.ts';
import { STATIC_PAGE_CSP } from './csp.ts';

/** Request headers as Node gives them. */
type HeaderBag = Record<string, string | string[] | undefined>;

const header = (headers: HeaderBag, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value.join(',') : value;
};

/**
 * The security headers of every lobby response. Pages replace the Content-Security-Policy with
 * their own (Astro writes it with the hashes of their scripts); this one covers everything else.
 */
export function securityHeaders(options: { https: boolean }): Record<string, string> {
  return {
    'content-security-policy': STATIC_PAGE_CSP,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    // Nothing in the lobby uses these; games and payment frames get no more than the lobby has.
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), usb=(), payment=(self), browsing-topics=()',
    ...(options.https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/**
 * Why a trusted proxy's X-Forwarded-* headers cannot be used, or null when they are well-formed
 * (or absent). Only consulted with TRUST_PROXY=1; otherwise the server drops them unread.
 */
export function malformedForwarding(headers: HeaderBag): string | null {
  const forwardedHost = header(headers, 'x-forwarded-host');
  if (forwardedHost !== undefined && !parseHostHeader(forwardedHost.split(',')[0])) {
    return `X-Forwarded-Host "${forwardedHost.slice(0, 100)}" is not a host name (expected host or host:port)`;
  }
  const proto = header(headers, 'x-forwarded-proto');
  if (proto !== undefined && !/^(https?)(\s*,\s*https?)*$/i.test(proto.trim())) {
    return `X-Forwarded-Proto "${proto.slice(0, 100)}" must be http or https`;
  }
  const port = header(headers, 'x-forwarded-port');
  if (port !== undefined && (!/^\d{1,5}$/.test(port.trim()) || Number(port) > 65535)) {
    return `X-Forwarded-Port "${port.slice(0, 100)}" is not a port number`;
  }
  const forwardedFor = header(headers, 'x-forwarded-for');
  if (forwardedFor !== undefined) {
    const bad = forwardedFor.split(',').map((part) => part.trim()).find((part) => isIP(part) === 0);
    if (bad !== undefined) return `X-Forwarded-For entry "${bad.slice(0, 100)}" is not an IP address`;
  }
  return null;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a request writes from another site: a non-safe method whose Sec-Fetch-Site says
 * cross-site, or (when the browser sends no Sec-Fetch-Site, or says same-site) whose Origin is not
 * the host the request was sent to. Sec-Fetch-Site wins when it says same-origin: a page with
 * Referrer-Policy no-referrer makes the browser send "Origin: null" even for its own forms.
 * Requests with neither header (server-to-server calls) are not browser form posts and pass.
 */
export function isCrossSiteWrite(method: string | undefined, headers: HeaderBag): boolean {
  if (SAFE_METHODS.has((method ?? 'GET').toUpperCase())) return false;
  const site = header(headers, 'sec-fetch-site');
  if (site === 'cross-site') return true;
  if (site === 'same-origin' || site === 'none') return false;
  const origin = header(headers, 'origin');
  if (origin === undefined) return false;
  if (origin === 'null') return true;
  let originHost: string;
  try {
    originHost = new URL(origin).host.toLowerCase();
  } catch {
    return true;
  }
  const requestHost = (header(headers, 'x-forwarded-host')?.split(',')[0] ?? header(headers, 'host') ?? '').trim().toLowerCase();
  return originHost !== requestHost;
}

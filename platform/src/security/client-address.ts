/**
 * Whose request this is: the client address every per-address limit, socket cap and country lookup
 * counts under. X-Forwarded-For is believed only as far as the proxies that wrote it are trusted
 * (PLATFORM_TRUST_PROXY): walking from the socket's peer leftwards through X-Forwarded-For, the
 * client is the first address that is not a trusted proxy (proxy-addr's rule, as express's
 * `trust proxy`). With nothing trusted (the default) the socket's peer is the client, so a browser
 * that reaches the platform's port directly cannot name another address by sending the header.
 *
 * The address is settled once per request at the platform's door (the HTTP listener and the
 * WebSocket upgrade, platform.ts) and read anywhere after with clientAddress(req).
 */
import type { IncomingMessage } from 'node:http';
import proxyAddr from 'proxy-addr';

/** The keywords PLATFORM_TRUST_PROXY accepts besides addresses and CIDR ranges (proxy-addr's named ranges). */
export const TRUST_PROXY_KEYWORDS = ['loopback', 'linklocal', 'uniquelocal'] as const;

/** Which peers' X-Forwarded-For a platform believes: compiled once from the trusted list. */
export type ProxyTrust = (address: string, hop: number) => boolean;

const settled = new WeakMap<IncomingMessage, string | null>();

/**
 * Parses PLATFORM_TRUST_PROXY: a comma list of addresses, CIDR ranges (10.0.0.0/8, fd00::/8) and the
 * keywords loopback, linklocal and uniquelocal; empty means nothing is trusted. Throws a message
 * naming the bad entry.
 */
export function parseTrustProxy(text: string, name = 'PLATFORM_TRUST_PROXY'): string[] {
  const entries = text.split(',').map((entry) => entry.trim()).filter(Boolean);
  for (const entry of entries) {
    try {
      proxyAddr.compile([entry]);
    } catch {
      throw new Error(
        `${name} entry "${entry}" is not an IP address, a CIDR range or one of ${TRUST_PROXY_KEYWORDS.join(', ')}: list the addresses of the proxies in front of the platform, such as "10.0.0.0/8,loopback" (no ports)`,
      );
    }
  }
  return entries;
}

/** Compiles a trusted-proxy list (as parseTrustProxy returns it); an empty list trusts no one. */
export function compileProxyTrust(trusted: readonly string[]): ProxyTrust {
  return proxyAddr.compile([...trusted]);
}

/** The forwarding headers besides X-Forwarded-For, believed (by the identity provider's URLs, among others) only from a trusted proxy. */
const FORWARDED_DETAILS = ['x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'forwarded'] as const;

/**
 * Settles the request's client address from its peer and the X-Forwarded-For entries trusted
 * proxies added. A peer that is no trusted proxy cannot name a host or scheme either: its
 * X-Forwarded-Host, -Proto, -Port and Forwarded headers are dropped before any route reads them.
 */
export function settleClientAddress(req: IncomingMessage, trust: ProxyTrust): string | null {
  const peer = req.socket.remoteAddress;
  if (!peer || !trust(stripPort(peer), 0)) for (const name of FORWARDED_DETAILS) delete req.headers[name];
  const address = peer === undefined ? null : stripPort(proxyAddr(req, trust));
  settled.set(req, address || null);
  return address || null;
}

/**
 * The client address of a request: as settled at the platform's door, or the socket's peer for a
 * request that never passed it (which trusts no one).
 */
export function clientAddress(req: IncomingMessage): string | null {
  return settled.has(req) ? (settled.get(req) ?? null) : (req.socket.remoteAddress ?? null);
}

/** "1.2.3.4:5678" → "1.2.3.4", "[::1]:80" → "::1"; bare IPv6 is left alone. */
function stripPort(address: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed?.[1]) return bracketed[1];
  const v4WithPort = /^(\d+\.\d+\.\d+\.\d+):\d+$/.exec(address);
  return v4WithPort?.[1] ?? address;
}

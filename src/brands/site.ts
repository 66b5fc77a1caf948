/**
 * Site identification: which brand a request's Host header belongs to. The reserved prefixes
 * lobby., www. and proxy. are stripped first; plain local hosts serve the first brand so a
 * developer can open http://localhost:4321/ without setting up host names.
 */
import type { Brand } from './load.server.ts';

/** Host prefixes an operator may put in front of a brand host (spec section 2). */
export const RESERVED_HOST_PREFIXES = ['lobby.', 'www.', 'proxy.'] as const;

/** Hosts that mean "this machine": they serve the first brand. */
export const LOCAL_HOSTS = ['localhost', '127.0.0.1', '[::1]'] as const;

const HOST_HEADER = /^(?:(?<name>[a-z0-9](?:[a-z0-9-]{0,62}\.?)*)|(?<ipv6>\[[0-9a-f:.]+\]))(?::(?<port>\d{1,5}))?$/;

/** The host name of a Host header without its port, lower-cased; undefined when malformed. */
export function parseHostHeader(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  const value = header.trim().toLowerCase();
  if (value.length > 255) return undefined;
  const match = HOST_HEADER.exec(value);
  if (!match?.groups) return undefined;
  const port = match.groups.port;
  if (port !== undefined && Number(port) > 65535) return undefined;
  return (match.groups.name ?? match.groups.ipv6)!.replace(/\.$/, '');
}

/** Strips one reserved prefix (lobby., www., proxy.) from a host name. */
export function stripReservedPrefix(host: string): string {
  const prefix = RESERVED_HOST_PREFIXES.find((candidate) => host.startsWith(candidate));
  return prefix ? host.slice(prefix.length) : host;
}

/** The brand serving a host name, or undefined when no brand lists it. */
export function brandForHost(brands: readonly Brand[], host: string): Brand | undefined {
  if ((LOCAL_HOSTS as readonly string[]).includes(host)) return brands[0];
  const bare = stripReservedPrefix(host);
  return brands.find((brand) => brand.settings.hosts.includes(bare));
}

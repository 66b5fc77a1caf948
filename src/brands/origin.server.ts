/**
 * The public origin of a brand, for every absolute URL the lobby writes (the return address given
 * to a payment provider, links that leave the page): the scheme and port are configuration
 * (PUBLIC_SCHEME, PUBLIC_PORT; by default http and the lobby's own PORT), the host one the brand
 * lists. Nothing comes from the request but the choice among the brand's own host names, so a forged
 * Host header (another port, another name) can neither send a player's tokens elsewhere nor be cached.
 */
import type { Brand } from './load.server.ts';
import { LOCAL_HOSTS, stripReservedPrefix } from './site.ts';

/** The configured scheme and port of the lobby as browsers reach it. */
export function publicEndpoint(env: NodeJS.ProcessEnv = process.env): { scheme: 'http' | 'https'; port: number } {
  const scheme = (env.PUBLIC_SCHEME ?? 'http').trim().toLowerCase();
  if (scheme !== 'http' && scheme !== 'https') throw new Error(`PUBLIC_SCHEME "${env.PUBLIC_SCHEME}" must be http or https`);
  const portText = (env.PUBLIC_PORT ?? env.PORT ?? '4321').trim();
  const port = Number(portText);
  if (!/^\d{1,5}$/.test(portText) || port < 1 || port > 65535) throw new Error(`PUBLIC_PORT "${portText}" is not a port number (1-65535)`);
  return { scheme, port };
}

/**
 * The origin of the brand for a request that reached it under host (a host name the middleware
 * already matched to the brand): that name when the brand lists it (with or without a reserved prefix)
 * or it is a local name, else the brand's first host; the scheme and port from configuration.
 */
export function brandOrigin(brand: Brand, host: string, endpoint = publicEndpoint()): string {
  const listed = brand.settings.hosts.includes(stripReservedPrefix(host)) || (LOCAL_HOSTS as readonly string[]).includes(host);
  const name = listed ? host : (brand.settings.hosts[0] ?? host);
  const defaultPort = endpoint.scheme === 'https' ? 443 : 80;
  return `${endpoint.scheme}://${name}${endpoint.port === defaultPort ? '' : `:${endpoint.port}`}`;
}

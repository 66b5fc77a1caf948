/**
 * The addresses a brand's realm sends a browser back to, registered up front and matched exactly,
 * as Keycloak does for a client without wildcards: the lobby's keycloak-login-handler in each of
 * the brand's locales (and its silent-renew form, `?silent=1`) on each host the brand lists (bare or
 * behind a reserved prefix), at the public scheme and port. No other port, path or query, and no
 * loopback shortcut. After sign-out the lobby returns to its login or sports page with the query it
 * carries (the logout reason, the page's own parameters), so those match by origin and path.
 */
import type { Brand } from '../brands/brands.ts';
import { publicOrigin, type AuthSettings } from '../auth/settings.ts';

/** Host prefixes the lobby serves a brand under (spec section 2). */
const RESERVED_PREFIXES = ['', 'www.', 'lobby.', 'proxy.'];

/** The brand's public origins: each listed host, bare and with each reserved prefix. */
export function brandOrigins(brand: Brand, settings: AuthSettings): string[] {
  return origins(brand, settings);
}

function origins(brand: Brand, settings: AuthSettings): string[] {
  return brand.hosts.flatMap((host) => RESERVED_PREFIXES.map((prefix) => publicOrigin(settings, `${prefix}${host}`)));
}

/** A lobby page's paths in every locale of the brand (or unprefixed without localisation). */
function pagePaths(brand: Brand, page: string): string[] {
  return brand.localization ? brand.locales.map((entry) => `/${entry.locale}/${page}/`) : [`/${page}/`];
}

/** Every redirect URI of the brand's client, exactly as the lobby sends them. */
export function registeredRedirectUris(brand: Brand, settings: AuthSettings): string[] {
  return origins(brand, settings).flatMap((origin) =>
    pagePaths(brand, 'keycloak-login-handler').flatMap((path) => [`${origin}${path}`, `${origin}${path}?silent=1`]),
  );
}

/** Whether a post-logout address is one of the lobby's login or sports pages on the brand's origins (any query, no fragment). */
export function postLogoutRedirectAllowed(brand: Brand, settings: AuthSettings, value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.hash || url.username || url.password) return false;
  const paths = new Set([...pagePaths(brand, 'login'), ...pagePaths(brand, 'sports')]);
  return origins(brand, settings).includes(url.origin) && paths.has(url.pathname);
}

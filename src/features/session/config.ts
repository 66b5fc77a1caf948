/**
 * What the server tells the browser's session code about the page: the locale and link settings
 * (for `paths.ts`), the brand, its identity-provider realm, its realtime protocol and the product
 * mode. The layout writes it as JSON into `#atrium-session`; reading it costs no JavaScript.
 */
import type { Locale } from '../../i18n/locales.ts';
import type { RealtimeProtocol } from './realtime.ts';

/** The element id of the JSON block. */
export const SESSION_CONFIG_ID = 'atrium-session';

/** The page's session configuration. */
export interface SessionConfig {
  brand: string;
  locale: Locale;
  localization: boolean;
  /** The brand's keycloakUrl (a path on this origin, or an https URL). */
  keycloakUrl: string;
  realtimeProtocol: RealtimeProtocol;
  productMode: 'CASINO' | 'SPORTS';
  /** The brand's currency, for formatting before the wallet arrives. */
  currency: string;
}

/** Reads the page's session configuration; throws when the layout did not write it. */
export function readSessionConfig(doc: Document = document): SessionConfig {
  const text = doc.getElementById(SESSION_CONFIG_ID)?.textContent;
  if (!text) throw new Error(`The page has no #${SESSION_CONFIG_ID} block: render it with the lobby's BaseDocument layout`);
  return JSON.parse(text) as SessionConfig;
}

/** The identity provider's authority (realm URL) for a brand: `<keycloakUrl>/realms/<brand>`. */
export function oidcAuthority(config: Pick<SessionConfig, 'brand' | 'keycloakUrl'>, origin: string): string {
  return new URL(`${config.keycloakUrl.replace(/\/$/, '')}/realms/${config.brand}`, `${origin}/`).href;
}

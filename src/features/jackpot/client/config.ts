/**
 * What the server tells the page's jackpot islands (the JACKPOT block's ticker, the widget): where
 * the jackpot service is (JACKPOT_SERVICE_URL, config.server.ts), the operator, brand and currency
 * of the socket, and the brand's jackpot instance. Each live element carries it as JSON in its
 * `data-jackpot-live` attribute; reading it costs no JavaScript on a page without a jackpot.
 */

/** The attribute of an element whose pots tick live (`[data-jackpot-pot="<pot id>"]` inside it). */
export const JACKPOT_LIVE_ATTRIBUTE = 'data-jackpot-live';

/** The page's jackpot configuration. */
export interface JackpotPageConfig {
  /** The service's base URL as the browser reaches it (`/jackpot-service`, or an operator's https URL). */
  serviceUrl: string;
  operator: string;
  brand: string;
  /** The page's currency (the brand's): what the socket's values are in. */
  currency: string;
  instanceId: string;
}

/** Reads a live element's jackpot configuration; null when it has none. */
export function readJackpotConfig(element: Element): JackpotPageConfig | null {
  const text = element.getAttribute(JACKPOT_LIVE_ATTRIBUTE);
  return text ? (JSON.parse(text) as JackpotPageConfig) : null;
}

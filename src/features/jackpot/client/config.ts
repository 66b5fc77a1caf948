/**
 * What the server tells the page's jackpot islands (the JACKPOT block's ticker, the widget): where
 * the jackpot service is (JACKPOT_SERVICE_URL, config.server.ts), the operator, brand and currency
 * of the socket, and the brand's jackpot instance. The island that needs it writes it as JSON into
 * `#atrium-jackpot`; reading it costs no JavaScript on a page without a jackpot.
 */

/** The element id of the JSON block. */
export const JACKPOT_CONFIG_ID = 'atrium-jackpot';

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

/** Reads the page's jackpot configuration; null on a page without a jackpot. */
export function readJackpotConfig(doc: Document = document): JackpotPageConfig | null {
  const text = doc.getElementById(JACKPOT_CONFIG_ID)?.textContent;
  return text ? (JSON.parse(text) as JackpotPageConfig) : null;
}

/**
 * The live jackpot as a server render needs it: the brand's jackpotSettings for the visitor's
 * country (content/<brand>/jackpot.json, edited live) and the pots' current values from the jackpot
 * service in the page's currency. Cached briefly per brand, country and content generation, so a
 * busy lobby asks once a second and an editor's save shows on the next request. A service that
 * does not answer at once renders the block without values: the browser's ticker fills them in.
 */
import { jackpotServiceServerUrl, jackpotServiceUrl } from '../../config.server.ts';
import { platformQuery, type PlatformCallContext } from '../../lib/graphql.server.ts';
import { JackpotWidgetSettingsDocument, type JackpotWidgetSettingsQuery } from '../../lib/graphql/generated/graphql.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import type { PageContext } from '../page-context/page-context.server.ts';
import { contentGeneration } from '../render-cache/content-version.server.ts';
import type { JackpotPageConfig } from './client/config.ts';
import { fetchJackpotInstances, type JackpotInstance } from './client/jackpot-rest.ts';

/** The brand's jackpot settings (spec section 3). */
export type JackpotSettings = NonNullable<JackpotWidgetSettingsQuery['jackpotSettings']>;

/** What the block and the widget render from. */
export interface LobbyJackpot {
  settings: JackpotSettings;
  /** The pots now, or null when the service did not answer in time. */
  instance: JackpotInstance | null;
  /** What the browser's islands are told (#atrium-jackpot). */
  config: JackpotPageConfig;
}

/** How long a server render waits for the jackpot service (once, no retries) before rendering without its values. */
export const JACKPOT_RENDER_TIMEOUT_MS = 3_000;

const settingsCache = new TtlCache<JackpotSettings | null>({ ttlMs: 1_000, maxEntries: 500 });
const potsCache = new TtlCache<JackpotInstance | null>({ ttlMs: 1_000, maxEntries: 500 });

/** The page's live jackpot, or null when the brand has none or its jackpotSettings are disabled for the country. */
export async function loadLobbyJackpot(ctx: PageContext, call: PlatformCallContext): Promise<LobbyJackpot | null> {
  const { brand, country } = ctx;
  const generation = contentGeneration(brand.id);
  const settings = await settingsCache
    .get(`${brand.id}|${generation}|${country.ipCountryCode}`, () =>
      platformQuery(JackpotWidgetSettingsDocument, { ipCountryCode: country.ipCountryCode }, call).then((data) => data.jackpotSettings ?? null),
    )
    .catch((error: unknown) => {
      console.warn(`[lobby] jackpot settings unavailable, rendering without the jackpot: ${(error as Error).message}`);
      return null;
    });
  if (!settings?.enabled) return null;
  const currency = brand.settings.currency;
  const instance = await potsCache
    .get(`${brand.id}|${generation}|${country.ipCountryCode}|${currency}`, async () => {
      // One attempt: a page render does not wait out the browser's 10 retries (the ticker fetches again).
      const instances = await fetchJackpotInstances({ serviceUrl: jackpotServiceServerUrl(), timeoutMs: JACKPOT_RENDER_TIMEOUT_MS }, { brand: brand.id, currency, countryCode: country.ipCountryCode }, { attempts: 1, delayMs: 0 });
      return instances.find((found) => found.id === settings.instanceId) ?? null;
    })
    .catch((error: unknown) => {
      console.warn(`[lobby] jackpot pots unavailable, the ticker will fill them in: ${(error as Error).message}`);
      return null;
    });
  return {
    settings,
    instance,
    config: { serviceUrl: jackpotServiceUrl(), operator: settings.operatorId, brand: brand.id, currency, instanceId: settings.instanceId },
  };
}

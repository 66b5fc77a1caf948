/**
 * The raffle's data for server renders: its settings by the visitor's country (content/<brand>/
 * jackpot.json, live: cached per content generation like the layout), the current window of each
 * drop from the jackpot service's REST instances (hourly, daily, weekly), and the last winners.
 */
import { jackpotServiceServerUrl, jackpotServiceUrl } from '../../config.server.ts';
import { platformQuery } from '../../lib/graphql.server.ts';
import { RafflePageSettingsDocument, RaffleWinnersDocument, type RafflePageSettingsQuery } from '../../lib/graphql/generated/graphql.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import type { PageContext } from '../page-context/page-context.server.ts';
import { contentGeneration } from '../render-cache/content-version.server.ts';
import { fetchRaffleInstances } from '../jackpot/client/jackpot-rest.ts';
import { JACKPOT_RENDER_TIMEOUT_MS } from '../jackpot/jackpot.server.ts';
import { RAFFLE_DROPS, RAFFLE_WINNERS_LAST, showableWinners, visibleDrops, type RaffleDrop, type RaffleDropWindow, type ShownRaffleWinner } from './raffle-rules.ts';

/** The raffle page's settings as the platform resolves them for the visitor's country and locale, and the brand's jackpot operator (for the socket). */
export type RaffleSettings = NonNullable<RafflePageSettingsQuery['raffleSettings']> & { operatorId: string | null };

/** A drop's card: its window and its prize (the total pot) in the page's currency. */
export type RaffleDropCard = RaffleDropWindow & { prize: string; currency: string };

const settingsCache = new TtlCache<RaffleSettings | null>({ ttlMs: 500, maxEntries: 2000 });
const dropsCache = new TtlCache<RaffleDropCard[]>({ ttlMs: 1_000, maxEntries: 2000 });
const winnersCache = new TtlCache<ShownRaffleWinner[]>({ ttlMs: 1_000, maxEntries: 500 });

const callOf = (ctx: PageContext) => ({ brand: ctx.brand.id, locale: ctx.locale });

/** The raffle settings for the visitor's country, or null when the brand has none. */
export function loadRaffleSettings(ctx: PageContext): Promise<RaffleSettings | null> {
  const country = ctx.country.ipCountryCode;
  return settingsCache.get(`${ctx.brand.id}|${contentGeneration(ctx.brand.id)}|${country}|${ctx.locale}`, async () => {
    const data = await platformQuery(RafflePageSettingsDocument, { ipCountryCode: country, locale: ctx.locale }, callOf(ctx));
    return data.raffleSettings ? { ...data.raffleSettings, operatorId: data.jackpotSettings?.operatorId ?? null } : null;
  });
}

/** Whether the raffle shows at all for this visitor (spec section 5: it renders nothing when disabled). */
export async function raffleEnabled(ctx: PageContext): Promise<boolean> {
  return (await loadRaffleSettings(ctx))?.enabled === true;
}

/** A drop's current window, asked once (the browser's 3 attempts are not a page render's to wait out). */
async function fetchDrop(ctx: PageContext, source: RaffleDrop): Promise<RaffleDropWindow[]> {
  const instances = await fetchRaffleInstances(
    { serviceUrl: jackpotServiceServerUrl(), timeoutMs: JACKPOT_RENDER_TIMEOUT_MS },
    source,
    { brand: ctx.brand.id, countryCode: ctx.country.ipCountryCode, currency: ctx.settings.currency },
    { attempts: 1, delayMs: 0 },
  );
  return instances.map((instance) => ({ ...instance, type: instance.type ?? source }));
}

/**
 * The drops to show, hourly, daily, weekly, each with its prize in the page's currency; a drop with
 * no pot or a zero pot is left out, and one the service cannot give is left out and logged.
 */
export function loadRaffleDrops(ctx: PageContext): Promise<RaffleDropCard[]> {
  const currency = ctx.settings.currency;
  return dropsCache.get(`${ctx.brand.id}|${ctx.country.ipCountryCode}|${currency}`, async () => {
    const settled = await Promise.allSettled(RAFFLE_DROPS.map((source) => fetchDrop(ctx, source)));
    const windows = settled.flatMap((result) => (result.status === 'fulfilled' ? result.value : []));
    if (windows.length === 0) {
      const reasons = settled.flatMap((result) => (result.status === 'rejected' ? [(result.reason as Error).message] : []));
      console.warn(`[raffle] Failed to fetch all raffle instances${reasons.length ? `: ${reasons.join('; ')}` : ''}`);
    }
    return visibleDrops(windows).map((drop) => ({ ...drop, currency }));
  });
}

/** Where the player's tickets come from in the browser: the jackpot service's socket, as the widget opens it (jackpot/client/config.ts). */
export function raffleSocketConfig(ctx: PageContext, settings: RaffleSettings): { serviceUrl: string; operator: string; brand: string; currency: string } | null {
  return settings.operatorId ? { serviceUrl: jackpotServiceUrl(), operator: settings.operatorId, brand: ctx.brand.id, currency: ctx.settings.currency } : null;
}

/** The last 15 winners the carousel may show (complete rows only), amounts in the page's currency. */
export function loadRaffleWinners(ctx: PageContext): Promise<ShownRaffleWinner[]> {
  const currency = ctx.settings.currency;
  return winnersCache.get(`${ctx.brand.id}|${currency}`, async () => {
    const data = await platformQuery(RaffleWinnersDocument, { baseCurrency: currency, last: RAFFLE_WINNERS_LAST }, callOf(ctx));
    return showableWinners(data.public.raffleWinners.edges.map((edge) => edge.node));
  });
}

/**
 * The jackpot pages' data for server renders: the page settings (jackpotSettingsV2) and the
 * instance of the brand's jackpot (jackpotSettings) by the visitor's country, live from content/
 * (cached per content generation), and the leaderboard's first answer so the board is in the HTML.
 */
import { platformQuery } from '../../../lib/graphql.server.ts';
import { JackpotLeaderboardDocument, JackpotPageSettingsDocument, type JackpotPageSettingsQuery } from '../../../lib/graphql/generated/graphql.ts';
import { TtlCache } from '../../../lib/ttl-cache.ts';
import type { PageContext } from '../../page-context/page-context.server.ts';
import { contentGeneration } from '../../render-cache/content-version.server.ts';
import { LEADERBOARD_FETCH_SIZE } from './leaderboard/leaderboard-slice.ts';
import type { LeaderboardData } from './leaderboard/JackpotLeaderboard.tsx';

/** The /jackpot/ page's settings as the platform resolves them for the visitor's country and locale. */
export type JackpotPageSettings = NonNullable<JackpotPageSettingsQuery['jackpotSettingsV2']>;

/** What the jackpot pages render from: the page settings and the brand's jackpot instance (null when its jackpot is off). */
export interface JackpotPagesData {
  settings: JackpotPageSettings | null;
  instanceId: string | null;
}

const settingsCache = new TtlCache<JackpotPagesData>({ ttlMs: 500, maxEntries: 2000 });
const leaderboardCache = new TtlCache<LeaderboardData>({ ttlMs: 2_000, maxEntries: 500 });

/** The pages' settings for the visitor's country. */
export function loadJackpotPages(ctx: PageContext): Promise<JackpotPagesData> {
  const country = ctx.country.ipCountryCode;
  return settingsCache.get(`${ctx.brand.id}|${contentGeneration(ctx.brand.id)}|${country}|${ctx.locale}`, async () => {
    const data = await platformQuery(JackpotPageSettingsDocument, { ipCountryCode: country, locale: ctx.locale }, { brand: ctx.brand.id, locale: ctx.locale });
    return {
      settings: data.jackpotSettingsV2,
      instanceId: data.jackpotSettings?.enabled ? data.jackpotSettings.instanceId : null,
    };
  });
}

/** The leaderboard as a visitor sees it (no own position: that needs the player's token, in the browser). */
export function loadLeaderboard(ctx: PageContext, instanceId: string): Promise<LeaderboardData> {
  const currency = ctx.settings.currency;
  return leaderboardCache.get(`${ctx.brand.id}|${instanceId}|${currency}`, async () => {
    const data = await platformQuery(
      JackpotLeaderboardDocument,
      { brand: ctx.brand.id, jackpotInstanceId: instanceId, currency, size: LEADERBOARD_FETCH_SIZE },
      { brand: ctx.brand.id, locale: ctx.locale },
    );
    return data.jackpotLeaderboard;
  });
}

/**
 * The gamification pages' server side: what the render can decide of the enablement rule
 * (enablement.ts: the Gamification toggle, the visitor's consent, the provider's settings), where
 * the provider's widget is served from, and the loyalty page. The player's own conditions are the
 * browser's to check (gamification-gate.ts). Settings are cached briefly per brand; the loyalty page
 * per brand, content generation and locale, so an editor's save shows within a second.
 */
import { platformQuery } from '../../lib/graphql.server.ts';
import { GamificationGateDocument, LoyaltyPageDocument, type GamificationGateQuery, type LoyaltyPageQuery } from '../../lib/graphql/generated/graphql.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import type { PageContext } from '../page-context/page-context.server.ts';
import { contentGeneration } from '../render-cache/content-version.server.ts';
import { GAMIFICATION_FEATURE, gamificationOffReason, type GamificationOffReason } from './enablement.ts';

/** The provider's settings and the widget's origin. */
export type GamificationGate = GamificationGateQuery;
/** The loyalty page (spec section 3, LoyaltyPage). */
export type LoyaltyPage = NonNullable<LoyaltyPageQuery['loyaltyPage']>;

/** What the browser's half of the rule needs (data-gamification-config). */
export interface GamificationClientConfig {
  /** The provider's client id at its token endpoint. */
  clientId: string;
  /** The provider's path on the lobby's origin (proxied to the platform): the token endpoint is <providerPath>v1/token. */
  providerPath: string;
}

const gateCache = new TtlCache<GamificationGate>({ ttlMs: 5_000, maxEntries: 500 });
const loyaltyCache = new TtlCache<LoyaltyPage | null>({ ttlMs: 1_000, maxEntries: 2000 });

/** The provider's settings for the brand (cached briefly). */
export function loadGamificationGate(ctx: PageContext): Promise<GamificationGate> {
  return gateCache.get(`${ctx.brand.id}|${contentGeneration(ctx.brand.id)}`, () => platformQuery(GamificationGateDocument, {}, { brand: ctx.brand.id, locale: ctx.locale }));
}

/** Why the server already knows gamification is off for this page, or null when only the player can still turn it off. */
export function serverOffReason(ctx: PageContext, gate: GamificationGate | null): GamificationOffReason | null {
  return gamificationOffReason({ feature: ctx.hasFeature(GAMIFICATION_FEATURE), consent: ctx.consent, settings: gate?.gamificationSettings ?? null }, null);
}

/** The lobby paths of the gamification pages, as the CMS menu writes them. */
export const GAMIFICATION_PATHS = ['/loyalty-program/', '/missions/', '/tournaments/'] as const;

/** Whether a menu link opens a gamification page. */
export function isGamificationPath(href: string): boolean {
  return (GAMIFICATION_PATHS as readonly string[]).includes(href);
}

/** What the layout needs: whether the server's half holds, and the browser's half's settings. */
export interface GamificationLayout {
  allowed: boolean;
  clientId: string;
  providerPath: string;
  widgetOrigin: string | null;
}

/** The server's half of the rule for the layout (menu links, the player's script); off when the platform cannot say. */
export async function loadGamificationLayout(ctx: PageContext): Promise<GamificationLayout> {
  const off: GamificationLayout = { allowed: false, clientId: '', providerPath: '', widgetOrigin: null };
  if (!ctx.hasFeature(GAMIFICATION_FEATURE)) return off;
  const gate = await loadGamificationGate(ctx).catch(() => null);
  const settings = gate?.gamificationSettings;
  if (!gate || !settings || serverOffReason(ctx, gate) !== null) return off;
  return { allowed: true, clientId: settings.clientId, providerPath: settings.providerPath, widgetOrigin: gate.lobbySettings.gameServerOrigin };
}

/** The loyalty page in the page's locale, or null when the brand has none. */
export function loadLoyaltyPage(ctx: PageContext): Promise<LoyaltyPage | null> {
  return loyaltyCache.get(`${ctx.brand.id}|${contentGeneration(ctx.brand.id)}|${ctx.locale}`, () =>
    platformQuery(LoyaltyPageDocument, { locale: ctx.locale }, { brand: ctx.brand.id, locale: ctx.locale }).then((data) => data.loyaltyPage ?? null),
  );
}

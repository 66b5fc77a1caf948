/**
 * Everything a page render needs from the platform and the request, resolved once per request:
 * the visitor's country, the brand's lobby settings (enabled features, flow), the translations of
 * the locale and the lobby menu. Platform answers are cached briefly per brand, locale and country
 * so a busy lobby does not ask the platform the same thing for every visitor.
 */
import type { AstroGlobal } from 'astro';
import type { Brand } from '../../brands/load.server.ts';
import type { Locale } from '../../i18n/locales.ts';
import { MESSAGE_KEYS } from '../../i18n/messages.ts';
import { createTranslate, type Translate } from '../../i18n/translate.ts';
import { PlatformError, platformQuery, type PlatformCallContext } from '../../lib/graphql.server.ts';
import {
  CountryContextQueryDocument, LobbyMenuDocument, LobbySettingsDocument, TranslationsDocument,
  type CountryContextQueryQuery, type LobbyMenuQuery, type LobbySettingsQuery,
} from '../../lib/graphql/generated/graphql.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import { contentGeneration } from '../render-cache/content-version.server.ts';
import type { PathContext } from '../../paths.ts';
import type { RouteProduct } from '../../routes.ts';
import { assignedFlags } from '../experiments/assign.server.ts';
import type { FeatureFlag } from '../feature-flags/flags.ts';
import { parseConsent, type ConsentState } from '../consent/consent.ts';
import { TEST_FEATURES_COOKIE, testFeatures } from '../feature-flags/test-features.server.ts';
import { PRODUCT_MODE_COOKIE, resolveProductMode, type ProductMode } from '../product-mode/product-mode.ts';
import { KEYCLOAK_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE } from '../session/tokens.ts';
import { previewTokenOf } from '../render-cache/render-cache.server.ts';


/** The visitor's country as the platform sees it. */
export type CountryContext = CountryContextQueryQuery['countryContext'];

/** The brand's lobby settings from the platform. */
export type LobbySettings = LobbySettingsQuery['lobbySettings'];

/** One entry of the lobby menu. */
export type MenuItem = NonNullable<LobbyMenuQuery['lobbyMenu']>['items'][number];

/** The resolved context of one page render. */
export interface PageContext {
  brand: Brand;
  locale: Locale;
  t: Translate;
  paths: PathContext;
  country: CountryContext;
  settings: LobbySettings;
  productMode: ProductMode;
  consent: ConsentState;
  /** Whether the request carries a refreshable session (a refresh token, or the identity provider's cookie). */
  isRefreshable: boolean;
  /** Whether a server feature toggle is on for this brand (or, on a test lobby, for this tester's session). */
  hasFeature(name: string): boolean;
  /** The brand's own toggles from the platform, before a tester's session toggles (test-features.server.ts). */
  brandFeatures: readonly string[];
  /** The feature flags the visitor's A/B assignments set (experiments/ab-tests.ts; none without the preferences consent). */
  experimentFlags: Partial<Record<FeatureFlag, string>>;
  /** An editor's preview token (the console's draft preview, render-cache.server.ts PREVIEW_COOKIE); such a page is never cached. */
  previewToken?: string | null;
}

const translationsCache = new TtlCache<Record<string, string>>({ ttlMs: 60_000, maxEntries: 500 });
const settingsCache = new TtlCache<LobbySettings>({ ttlMs: 30_000, maxEntries: 500 });
const countryCache = new TtlCache<CountryContext>({ ttlMs: 60_000, maxEntries: 5000 });
const menuCache = new TtlCache<MenuItem[]>({ ttlMs: 30_000, maxEntries: 500 });

/** Logs a platform failure once per render with its trace id, then lets the page degrade. */
function degrade<T>(what: string, fallback: T) {
  return (error: unknown): T => {
    const traceId = error instanceof PlatformError && error.traceId ? ` (traceId ${error.traceId})` : '';
    console.warn(`[lobby] ${what} unavailable, rendering without it: ${(error as Error).message}${traceId}`);
    return fallback;
  };
}

/** The texts of a translations answer (a JSON object of strings); anything else in it is left out. */
function textsOf(translations: unknown): Record<string, string> {
  if (typeof translations !== 'object' || translations === null) return {};
  return Object.fromEntries(Object.entries(translations).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** Loads the translations of a locale, falling back to English texts when the platform is down. */
export function loadTranslations(call: PlatformCallContext): Promise<Record<string, string>> {
  return translationsCache
    .get(`${call.brand}|${call.locale}`, () =>
      platformQuery(TranslationsDocument, { locale: call.locale, keys: MESSAGE_KEYS }, call).then((data) => textsOf(data.translations)),
    )
    .catch(degrade('translations', {}));
}

/**
 * Loads the lobby menu (menuKey lobbyMenu) for a brand and locale; a content edit (new content
 * generation) reloads it. With an editor's preview token the platform may answer with their draft
 * menu: asked for afresh then, never read from or kept in the cache other visitors share.
 */
export function loadLobbyMenu(call: PlatformCallContext): Promise<MenuItem[]> {
  const ask = () => platformQuery(LobbyMenuDocument, { menuKey: 'lobbyMenu', locale: call.locale }, call).then((data) => data.lobbyMenu?.items ?? []);
  if (call.previewToken) return ask().catch(degrade('lobby menu', []));
  return menuCache
    .get(`${call.brand}|${contentGeneration(call.brand)}|${call.locale}`, ask)
    .catch(degrade('lobby menu', []));
}

/** The platform-call context of a request: brand, locale, visitor address and test-only overrides. */
export function callContextFor(
  brand: Brand,
  locale: Locale,
  request: Request,
  clientAddress: string | undefined,
): PlatformCallContext {
  return {
    brand: brand.id,
    locale,
    clientIp: clientAddress,
    debugCountry: request.headers.get('x-debug-country') ?? undefined,
    debugSubdivision: request.headers.get('x-debug-subdivision') ?? undefined,
    sandboxKey: request.headers.get('x-sandbox-key') ?? undefined,
  };
}

/** The visitor's country (cached per address); the brand's default country when the platform cannot say. */
export function loadCountryContext(brand: Brand, call: PlatformCallContext): Promise<CountryContext> {
  const fallbackCountry: CountryContext = {
    countryCode: brand.settings.defaultCountry,
    ipCountryCode: brand.settings.defaultCountry,
    playerCountryCode: null,
    havePlayerCountryCode: false,
    subDivision: null,
  };
  return countryCache
    .get(`${brand.id}|${call.clientIp}|${call.debugCountry ?? ''}|${call.debugSubdivision ?? ''}|${call.sandboxKey ?? ''}`, () =>
      platformQuery(CountryContextQueryDocument, {}, call).then(
        (data) => data.countryContext,
      ),
    )
    .catch(degrade('country context', fallbackCountry));
}

/** Resolves the page context for an Astro page render. */
export async function loadPageContext(astro: AstroGlobal, routeProduct: RouteProduct): Promise<PageContext> {
  const { brand, locale } = astro.locals;
  const call = callContextFor(brand, locale, astro.request, safeClientAddress(astro));
  const country = await loadCountryContext(brand, call);
  const [texts, settings] = await Promise.all([
    loadTranslations(call),
    settingsCache
      .get(`${brand.id}|${country.countryCode}`, () =>
        platformQuery(LobbySettingsDocument, {}, call).then(
          (data) => data.lobbySettings,
        ),
      )
      .catch(degrade('lobby settings', { enabledFeatures: [], currency: brand.settings.currency, flow: brand.settings.flows.default, paymentProviders: [] })),
  ]);
  const consent = parseConsent(
    astro.cookies.get('consent')?.value,
    brand.settings.automaticAcceptedCookiesCountries.includes(country.countryCode),
  );
  // The brand's toggles, and a tester's for this session (test-features.server.ts; test lobbies only).
  const features = new Set([...settings.enabledFeatures, ...testFeatures(astro.cookies.get(TEST_FEATURES_COOKIE)?.value)]);
  return {
    brand,
    locale,
    t: createTranslate(texts),
    paths: { locale, localization: brand.settings.localization },
    country,
    settings: features.size === settings.enabledFeatures.length ? settings : { ...settings, enabledFeatures: [...features] },
    consent,
    productMode: resolveProductMode({
      routeProduct,
      queryValue: astro.url.searchParams.get('productMode'),
      storedValue: astro.cookies.get(PRODUCT_MODE_COOKIE)?.value,
    }),
    isRefreshable: hasRefreshableSession(astro.cookies),
    hasFeature: (name) => features.has(name),
    brandFeatures: settings.enabledFeatures,
    experimentFlags: assignedFlags(astro.cookies, { consent, secure: astro.url.protocol === 'https:' }),
    previewToken: previewTokenOf(astro.request),
  };
}

/**
 * Whether a request carries a refreshable session (spec section 6: "login is recognised by a
 * refreshable session"): the platform's refresh-token cookie, or the identity provider's cookie
 * (its refresh token lives in the browser's session storage). The browser checks the tokens
 * themselves; a stale cookie only means the page renders for a player until that check logs out.
 */
export function hasRefreshableSession(cookies: { get(name: string): { value: string } | undefined }): boolean {
  return Boolean(cookies.get(REFRESH_TOKEN_COOKIE)?.value || cookies.get(KEYCLOAK_TOKEN_COOKIE)?.value);
}

/** The visitor's address, when the adapter knows it. */
export function safeClientAddress(astro: { clientAddress: string }): string | undefined {
  try {
    return astro.clientAddress;
  } catch {
    return undefined;
  }
}

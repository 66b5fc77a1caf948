/**
 * Product mode (spec section 2): CASINO (home /) or SPORTS (home /sports/). The path decides first,
 * then the productMode query parameter, then the stored preference, defaulting to CASINO.
 */
import type { RouteProduct } from '../../routes.ts';

/** The two products of the lobby. */
export type ProductMode = 'CASINO' | 'SPORTS';

/** The cookie the preference is stored in (7 days), written only with preferences consent. */
export const PRODUCT_MODE_COOKIE = 'productMode';
/** How long the stored preference lives. */
export const PRODUCT_MODE_MAX_AGE_S = 7 * 24 * 60 * 60;

function parse(value: string | null | undefined): ProductMode | undefined {
  const normalised = value?.toLowerCase();
  if (normalised === 'sports') return 'SPORTS';
  if (normalised === 'casino') return 'CASINO';
  return undefined;
}

/** Resolves the product mode of a request. */
export function resolveProductMode(input: {
  routeProduct: RouteProduct;
  queryValue: string | null;
  storedValue: string | undefined;
}): ProductMode {
  // Sports paths and casino paths (games, game lists, categories, studios) decide on their own;
  // on a neutral path the query parameter wins over the stored preference.
  if (input.routeProduct === 'sports') return 'SPORTS';
  if (input.routeProduct === 'casino') return 'CASINO';
  return parse(input.queryValue) ?? parse(input.storedValue) ?? 'CASINO';
}

/**
 * The route a product mode calls home (spec section 2: CASINO's is /, SPORTS' is /sports/). A brand
 * without the Sportsbook feature has no sportsbook to go home to, so its home stays the lobby.
 */
export function productHomeRoute(mode: ProductMode, sportsbook: boolean): 'lobby' | 'sports' {
  return mode === 'SPORTS' && sportsbook ? 'sports' : 'lobby';
}

/** Whether the preference may be stored: only when the visitor gave preferences consent. */
export function mayStoreProductMode(consent: { preferences: boolean }): boolean {
  return consent.preferences;
}

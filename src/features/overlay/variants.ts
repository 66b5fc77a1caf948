/**
 * The overlay variants of spec section 4 and what each allows: which buttons it shows, whether
 * Escape closes it, and whether closing it cleans the URL. Kept as data so the rules are tested
 * on their own and every overlay in the lobby obeys the same table.
 */

/** Every overlay variant of the spec. */
export const OVERLAY_VARIANTS = [
  'confirmation', 'default', 'error', 'search', 'quick-deposit', 'bonus-checker', 'reality-check',
  'content-accept', 'action-error', 'jackpot-win', 'raffle-win', 'sow', 'sumsub-kyc-required',
] as const;

/** One overlay variant. */
export type OverlayVariant = (typeof OVERLAY_VARIANTS)[number];

/** The buttons an overlay variant shows in its footer. */
export type OverlayButtons = 'dismiss-and-ok' | 'close-only' | 'none';

const DISMISS_AND_OK: readonly OverlayVariant[] = ['confirmation', 'reality-check', 'content-accept', 'action-error'];
const CLOSE_ONLY: readonly OverlayVariant[] = ['default', 'error'];
const ESCAPE_IGNORED: readonly OverlayVariant[] = ['quick-deposit', 'sow', 'bonus-checker'];
const CLEANS_URL: readonly OverlayVariant[] = ['quick-deposit', 'sow'];

/** Query parameters removed from the URL when a quick-deposit or sow overlay closes. */
export const URL_PARAMS_CLEARED_ON_CLOSE = [
  'autoSubmit', 'paymentMethod', 'amount', 'currency', 'preselectedChallengeId', 'autoSignIn', 'locale',
] as const;

/** Which footer buttons a variant shows. */
export function buttonsOf(variant: OverlayVariant): OverlayButtons {
  if (DISMISS_AND_OK.includes(variant)) return 'dismiss-and-ok';
  if (CLOSE_ONLY.includes(variant)) return 'close-only';
  return 'none';
}

/** Whether pressing Escape closes an overlay of this variant. */
export function closesOnEscape(variant: OverlayVariant): boolean {
  return !ESCAPE_IGNORED.includes(variant);
}

/** Whether the page must stop scrolling while this variant is open (all but quick-deposit). */
export function locksScroll(variant: OverlayVariant): boolean {
  return variant !== 'quick-deposit';
}

/** Whether closing this variant strips the deep-link parameters from the URL. */
export function cleansUrlOnClose(variant: OverlayVariant): boolean {
  return CLEANS_URL.includes(variant);
}

/** The URL after closing a URL-cleaning overlay: the same path without the deep-link parameters. */
export function urlWithoutOverlayParams(href: string): string {
  const url = new URL(href);
  for (const name of URL_PARAMS_CLEARED_ON_CLOSE) url.searchParams.delete(name);
  return `${url.pathname}${url.search}${url.hash}`;
}

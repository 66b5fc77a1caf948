/**
 * The embedded sportsbook's postMessage protocol (platform README, "The embedded page"): every
 * message carries `type: 'atrium:sportsbook'` and an event. Like the game frame's, a message is
 * accepted only from the sportsbook's exact origin and only with that type and a known event.
 */
import { acceptFrameMessage } from '../../lib/frame-messages.ts';

/** The events the sportsbook page posts. */
export const SPORTSBOOK_EVENTS = ['ready', 'betslip', 'login-required', 'bet-placed', 'balance', 'error'] as const;
/** One event of the sportsbook page. */
export type SportsbookEvent = (typeof SPORTSBOOK_EVENTS)[number];

/** A message of the sportsbook frame, as far as the lobby reads it. */
export interface SportsbookMessage {
  type: 'atrium:sportsbook';
  event: SportsbookEvent;
  brand?: string;
  signedIn?: boolean;
  currency?: string;
  betId?: string;
  stake?: string;
  balance?: string;
  replayed?: boolean;
  reason?: string;
  message?: string;
  /** `betslip`: the picks, which the lobby keeps without reading them (the sportsbook checks what it gets back). */
  selections?: unknown[];
  /** `betslip`: the player typed the stake (else it is the page's default, not worth keeping). */
  stakeEdited?: boolean;
}

/**
 * Where the lobby keeps the sportsbook's coupon (its bet slip) for the tab: the spec's sportsCoupon,
 * in session storage rather than a cookie, since no server reads it. The frame comes from another
 * site, and a browser that blocks third-party cookies gives it no storage of its own, so without
 * this a visitor's "Sign in to bet" came back from signing in to an empty slip.
 */
export const SPORTS_COUPON_KEY = 'sportsCoupon';

/** At most this many picks are kept, and a coupon longer than this is not kept at all. */
const MAX_PICKS = 20;
const MAX_COUPON_LENGTH = 8_000;

/**
 * The coupon a `betslip` message asks the lobby to keep, or null for an empty slip (or one too large
 * to keep): the picks, a typed stake with its currency (the frame puts it back only in that one),
 * and whether it is a player's: reported on a page the server rendered for a player (`signedIn`).
 * The lobby's view, not the frame's, which is a visitor's until its session has loaded.
 */
export function couponOf(message: SportsbookMessage, signedIn: boolean): string | null {
  if (!Array.isArray(message.selections) || message.selections.length === 0) return null;
  const stake = message.stakeEdited && typeof message.stake === 'string' ? message.stake : null;
  const currency = typeof message.currency === 'string' ? message.currency : null;
  const coupon = JSON.stringify({ selections: message.selections.slice(0, MAX_PICKS), stake, currency, player: signedIn });
  return coupon.length <= MAX_COUPON_LENGTH ? coupon : null;
}

/**
 * The kept coupon, if this page may hand it on: a visitor's slip goes to the visitor's next page and
 * to the player they sign in as; a player's slip never to a visitor's page (the next person at the
 * browser, after a logout whose frame reported the slip once more on its way out).
 */
export function couponFor(coupon: string | null, signedIn: boolean): string | null {
  if (!coupon || signedIn) return coupon;
  try {
    return (JSON.parse(coupon) as { player?: unknown }).player === true ? null : coupon;
  } catch {
    return null;
  }
}

/** The frame's address with the kept coupon in its fragment (which no server, log or Referer sees), beside the session's. */
export function withCoupon(url: string, coupon: string | null): string {
  if (!coupon) return url;
  const address = new URL(url);
  const fragment = new URLSearchParams(address.hash.slice(1));
  fragment.set('coupon', coupon);
  address.hash = fragment.toString();
  return address.href;
}

/** Returns the sportsbook message carried by a `message` event, or null when it must be ignored. */
export function acceptSportsbookMessage(event: { origin: string; data: unknown }, sportsbookOrigin: string): SportsbookMessage | null {
  return acceptFrameMessage<SportsbookMessage>(event, sportsbookOrigin, 'atrium:sportsbook', SPORTSBOOK_EVENTS);
}

/** The visitor's sportsbook URL: the page on the sportsbook origin for this brand, locale, sport and lobby origin. */
export function visitorSportsbookUrl(sportsbookOrigin: string, options: { brand: string; locale: string; lobbyOrigin: string; sport?: string | null }): string {
  const url = new URL('/sportsbook/', sportsbookOrigin);
  url.searchParams.set('brand', options.brand);
  url.searchParams.set('locale', options.locale);
  if (options.sport) url.searchParams.set('sport', options.sport);
  url.searchParams.set('origin', options.lobbyOrigin);
  return url.toString();
}

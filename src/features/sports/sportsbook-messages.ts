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

/**
 * Every refusal the platform gives a player who tries to play, bet or pay, in the player's language:
 * why (the reason in the error's extensions, platform/src/graphql/errors.ts), until when where it has
 * an end, and what they can do instead (a link to their limits, their withdrawal, the games), never
 * "try again". The islands that start something for real money (the game page, the sportsbook, the
 * cashier) ask `refusalOf` first and fall back to their own generic text only for a failure that is
 * not a refusal (the network, the platform's own fault).
 *
 * | reason                       | extensions                          | text                                   | link     |
 * |------------------------------|-------------------------------------|----------------------------------------|----------|
 * | BettingBlocked, DepositsBlocked | cause (SelfExclusion, Timeout, AccountClosed, AccountBlocked), until | protection.<action>.<cause> | withdraw for a break |
 * | SessionLimitReached          | limitMinutes, endedAt               | refusal.SessionLimitReached            | limits   |
 * | LossLimitReached             | limit, remaining                    | refusal.LossLimitReached               | limits   |
 * | AgeRestricted                | minimumAge, product                 | refusal.AgeRestricted.<product>        | none     |
 * | GameUnavailable              | cause Country (else none)           | refusal.GameUnavailable[.Country]      | games    |
 * | RateLimited                  | retryAfterSeconds                   | refusal.RateLimited                    | none     |
 * | PaymentProviderUnavailable   |                                     | refusal.PaymentProviderUnavailable     | none     |
 * | BalanceCeiling               | ceiling, room                       | refusal.BalanceCeiling                 | withdraw |
 *
 * The cashier's own refusals (deposit limits, KYC, closed loop, blocked withdrawals) keep their
 * texts in cashier/texts.ts.
 */
import { formatDate } from '../../i18n/dates.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { MessageKey } from '../../i18n/messages.ts';
import { fillText } from '../../i18n/fill.ts';
import { pickTexts, type Translate } from '../../i18n/translate.ts';
import { GraphqlCallError } from '../../lib/graphql-errors.ts';
import { routePath, type PathContext } from '../../paths.ts';
import { formatMoney } from '../wallet/Balance.tsx';
import { formatDuration } from './durations.ts';
import { RESTRICTION_KEYS, restrictionOfError } from './restriction.ts';

/** What the player was doing when refused: each has its own words for a break or a blocked account. */
export type RefusalAction = 'deposit' | 'play' | 'sports';

/** The translation keys of every refusal text. */
export const REFUSAL_KEYS = [
  ...RESTRICTION_KEYS,
  'protection.sports.SelfExclusion',
  'protection.sports.Timeout',
  'protection.sports.AccountClosed',
  'protection.sports.AccountBlocked',
  'refusal.SessionLimitReached',
  'refusal.LossLimitReached',
  'refusal.AgeRestricted.casino',
  'refusal.AgeRestricted.sports',
  'refusal.GameUnavailable',
  'refusal.GameUnavailable.Country',
  'refusal.RateLimited',
  'refusal.PaymentProviderUnavailable',
  'refusal.BalanceCeiling',
  'refusal.link.limits',
  'refusal.link.withdraw',
  'refusal.link.games',
] as const satisfies readonly MessageKey[];

type RefusalKey = (typeof REFUSAL_KEYS)[number];

/** Where a refusal's link leads. */
type LinkTarget = 'limits' | 'withdraw' | 'games';

/** The refusal texts and link targets an island receives, translated and built on the server. */
export interface RefusalTexts {
  texts: Record<RefusalKey, string>;
  hrefs: Record<LinkTarget, string>;
}

/** What the player reads: the refusal, and the one thing they can do about it when there is one. */
export interface Refusal {
  reason: string;
  text: string;
  link: { href: string; label: string } | null;
}

/** Picks the refusal texts and builds the links for an island. */
export function refusalTexts(t: Translate, paths: PathContext): RefusalTexts {
  return {
    texts: pickTexts(t, REFUSAL_KEYS),
    hrefs: {
      limits: routePath(paths, 'profile-limits'),
      withdraw: routePath(paths, 'withdraw'),
      games: routePath(paths, 'games'),
    },
  };
}

const LINK_LABELS: Record<LinkTarget, RefusalKey> = {
  limits: 'refusal.link.limits',
  withdraw: 'refusal.link.withdraw',
  games: 'refusal.link.games',
};

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

/** A date and time in the player's locale, or null for a missing or unreadable timestamp. */
function when(iso: unknown, locale: Locale): string | null {
  const value = text(iso);
  const at = value ? new Date(value) : null;
  if (!at || Number.isNaN(at.getTime())) return null;
  return formatDate(at, locale, { dateStyle: 'long', timeStyle: 'short' });
}

/**
 * The player's words for a refused call, or null when the failure is not a refusal (the network, the
 * platform's own fault) or lacks what its text needs: the caller then shows its generic text.
 * `currency` is the wallet's, for the amounts some refusals name.
 */
export function refusalOf(error: unknown, action: RefusalAction, { texts, hrefs }: RefusalTexts, locale: Locale, currency: string): Refusal | null {
  if (!(error instanceof GraphqlCallError) || error.isNetworkError) return null;
  const details = error.extensions;
  const say = (key: RefusalKey, params: Record<string, string | number>, link: LinkTarget | null): Refusal => ({
    reason: error.kind,
    text: fillText(texts[key], params),
    link: link ? { href: hrefs[link], label: texts[LINK_LABELS[link]] } : null,
  });
  switch (error.kind) {
    case 'BettingBlocked':
    case 'DepositsBlocked': {
      const restriction = restrictionOfError(error);
      if (!restriction) return null;
      const key = `protection.${action}.${restriction.cause}`;
      if (!(REFUSAL_KEYS as readonly string[]).includes(key)) return null;
      const timed = restriction.cause === 'SelfExclusion' || restriction.cause === 'Timeout';
      const date = when(restriction.until, locale);
      if (timed && !date) return null;
      // A break still lets the player take their money out; the cashier's own text already says so.
      return say(key as RefusalKey, { date: date ?? '' }, timed && action !== 'deposit' ? 'withdraw' : null);
    }
    case 'SessionLimitReached': {
      const minutes = Number(details.limitMinutes);
      const time = when(details.endedAt, locale);
      if (!Number.isInteger(minutes) || minutes <= 0 || !time) return null;
      return say('refusal.SessionLimitReached', { limit: formatDuration(minutes, 'minute', locale), time }, 'limits');
    }
    case 'LossLimitReached': {
      const limit = text(details.limit);
      const remaining = text(details.remaining);
      if (!limit || !remaining) return null;
      return say('refusal.LossLimitReached', { limit: formatMoney(limit, currency, locale), amount: formatMoney(remaining, currency, locale) }, 'limits');
    }
    case 'AgeRestricted': {
      const age = Number(details.minimumAge);
      if (!Number.isInteger(age) || age <= 0) return null;
      return say(details.product === 'sports' ? 'refusal.AgeRestricted.sports' : 'refusal.AgeRestricted.casino', { age }, null);
    }
    case 'GameUnavailable':
      return say(details.cause === 'Country' ? 'refusal.GameUnavailable.Country' : 'refusal.GameUnavailable', {}, 'games');
    case 'RateLimited': {
      const seconds = Number(details.retryAfterSeconds);
      if (!Number.isFinite(seconds) || seconds <= 0) return null;
      return say('refusal.RateLimited', { seconds: Math.ceil(seconds) }, null);
    }
    case 'PaymentProviderUnavailable':
      return say('refusal.PaymentProviderUnavailable', {}, null);
    case 'BalanceCeiling': {
      const ceiling = text(details.ceiling);
      const room = text(details.room);
      if (!ceiling || !room) return null;
      return say('refusal.BalanceCeiling', { ceiling: formatMoney(ceiling, currency, locale), amount: formatMoney(room, currency, locale) }, 'withdraw');
    }
    default:
      return null;
  }
}

/**
 * What the player is told when the platform refuses a deposit or a real-money game because of
 * their own protection (self-exclusion, a timeout) or their account's state. The platform sends
 * the refusal's `cause` and `until` in the error's extensions (platform/src/players/protection.ts);
 * this module turns them into the player's language with the end date in their locale, so the
 * cashier and the game page say why and until when instead of "try again".
 */
import type { Locale } from '../../i18n/locales.ts';
import type { MessageKey } from '../../i18n/messages.ts';
import { pickTexts, type Translate } from '../../i18n/translate.ts';
import { GraphqlCallError } from '../../lib/graphql-errors.ts';
import { fillText } from '../../i18n/fill.ts';
import { formatDate } from '../../i18n/dates.ts';

/** The translation keys of the refusals, each with a `{date}` placeholder where it has an end. */
export const RESTRICTION_KEYS = [
  'protection.deposit.SelfExclusion',
  'protection.deposit.Timeout',
  'protection.play.SelfExclusion',
  'protection.play.Timeout',
  'protection.play.AccountClosed',
  'protection.play.AccountBlocked',
] as const satisfies readonly MessageKey[];

/** The refusal texts an island receives, translated on the server. */
export type RestrictionTexts = Record<(typeof RESTRICTION_KEYS)[number], string>;

/** Picks the refusal texts for an island. */
export function restrictionTexts(t: Translate): RestrictionTexts {
  return pickTexts(t, RESTRICTION_KEYS);
}

/** A restriction in force on the player: its cause and, when it ends, the end (ISO timestamp). */
export interface Restriction {
  cause: string;
  until?: string | null;
}

/** The restriction the player's own data shows (self-exclusion first, then a timeout), or null. */
export function restrictionOfPlayer(
  player: { selfExclusionDetails: { exclusionEndsAt: string } | null; timeouts: { timeoutEndsAt: string } | null } | null,
  now = Date.now(),
): Restriction | null {
  const excludedUntil = player?.selfExclusionDetails?.exclusionEndsAt;
  if (excludedUntil && Date.parse(excludedUntil) > now) return { cause: 'SelfExclusion', until: excludedUntil };
  const timeoutUntil = player?.timeouts?.timeoutEndsAt;
  if (timeoutUntil && Date.parse(timeoutUntil) > now) return { cause: 'Timeout', until: timeoutUntil };
  return null;
}

/** The restriction a refused call carries in its extensions, or null for any other failure. */
export function restrictionOfError(error: unknown): Restriction | null {
  if (!(error instanceof GraphqlCallError)) return null;
  const { cause, until } = error.extensions;
  if (typeof cause !== 'string') return null;
  return { cause, until: typeof until === 'string' ? until : null };
}

/** The player's text for a restriction on deposits or on play, or null when there is none for that cause. */
export function restrictionMessage(restriction: Restriction, action: 'deposit' | 'play', texts: RestrictionTexts, locale: Locale): string | null {
  const key = `protection.${action}.${restriction.cause}`;
  if (!Object.hasOwn(texts, key)) return null;
  const template = texts[key as keyof RestrictionTexts];
  const until = restriction.until ? new Date(restriction.until) : null;
  const date = until && !Number.isNaN(until.getTime())
    ? formatDate(until, locale, { dateStyle: 'long', timeStyle: 'short' })
    : '';
  return fillText(template, { date });
}

/**
 * The notice a page shows after a logout (spec section 4: logout carries `logoutReason`): why the
 * player was signed out, in the page's language. A break taken on another device (SELF_EXCLUDED,
 * TIMEOUT) names its end from `logoutUntil`, in the page's locale; without a readable end it is not
 * shown, so a hand-made link cannot put an empty date in front of the player.
 */
import { formatDate } from '../../i18n/dates.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { Translate } from '../../i18n/translate.ts';
import { LOGOUT_UNTIL_PARAM } from '../session/logout.ts';
import type { LogoutReason } from '../session/token-refresh.ts';

/** A logout notice: the reason (for tests and styling) and the text. */
export interface LogoutNotice {
  reason: LogoutReason;
  text: string;
}

/** The notice a page's query asks for, or null when it names no known reason (or a break without its end). */
export function logoutNotice(url: URL, t: Translate, locale: Locale): LogoutNotice | null {
  const reason = url.searchParams.get('logoutReason');
  if (reason === 'ACCOUNT_CLOSED') return { reason, text: t('banner.AccountClosed') };
  if (reason === 'SESSION_EXPIRED' || reason === 'JWT_EXPIRED' || reason === 'LOGGED_IN_FROM_ANOTHER_DEVICE') return { reason, text: t(`logout.${reason}`) };
  if (reason !== 'SELF_EXCLUDED' && reason !== 'TIMEOUT') return null;
  const until = new Date(url.searchParams.get(LOGOUT_UNTIL_PARAM) ?? '');
  if (Number.isNaN(until.getTime())) return null;
  const date = formatDate(until, locale, { dateStyle: 'long', timeStyle: 'short' });
  return { reason, text: t(`logout.${reason}`, { date }) };
}

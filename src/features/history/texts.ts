/**
 * The history pages' texts, translated on the server and handed to the islands, so the islands
 * carry no dictionary.
 */
import type { Translate } from '../../i18n/translate.ts';
import type { SessionRecord } from './api.ts';

/** What both history lists say around their rows. */
interface ListTexts {
  caption: string;
  loading: string;
  loadError: string;
  retry: string;
  more: string;
  empty: string;
}

/** Texts of the game history. */
export interface GameHistoryTexts extends ListTexts {
  game: string;
  bet: string;
  win: string;
  time: string;
  inPlay: string;
  emptyHint: string;
  goToLobby: string;
}

/** Texts of the session history. */
export interface SessionHistoryTexts extends ListTexts {
  started: string;
  status: string;
  ended: string;
  device: string;
  country: string;
  current: string;
  active: string;
  unknown: string;
  devices: Record<NonNullable<SessionRecord['device']>, string>;
  endReasons: Record<NonNullable<SessionRecord['endReason']>, string>;
}

const listTexts = (t: Translate, caption: string) => ({
  caption,
  loading: t('common.loading'),
  loadError: t('history.loadError'),
  retry: t('history.retry'),
  more: t('history.more'),
});

/** The game history's texts in the page's language. */
export function gameHistoryTexts(t: Translate): GameHistoryTexts {
  return {
    ...listTexts(t, t('page.profile-game-history.title')),
    game: t('gameHistory.game'),
    bet: t('gameHistory.bet'),
    win: t('gameHistory.win'),
    time: t('gameHistory.time'),
    inPlay: t('gameHistory.inPlay'),
    empty: t('gameHistory.empty'),
    emptyHint: t('gameHistory.emptyHint'),
    goToLobby: t('common.goToLobby'),
  };
}

/** The session history's texts in the page's language. */
export function sessionHistoryTexts(t: Translate): SessionHistoryTexts {
  return {
    ...listTexts(t, t('page.profile-session-history.title')),
    empty: t('sessionHistory.empty'),
    started: t('sessionHistory.started'),
    status: t('sessionHistory.status'),
    ended: t('sessionHistory.ended'),
    device: t('sessionHistory.device'),
    country: t('sessionHistory.country'),
    current: t('sessionHistory.current'),
    active: t('sessionHistory.active'),
    unknown: t('sessionHistory.unknown'),
    devices: { Desktop: t('sessionHistory.device.Desktop'), Mobile: t('sessionHistory.device.Mobile') },
    endReasons: {
      SignedOut: t('sessionHistory.end.SignedOut'),
      Expired: t('sessionHistory.end.Expired'),
      EndedElsewhere: t('sessionHistory.end.EndedElsewhere'),
      SecurityRevoked: t('sessionHistory.end.SecurityRevoked'),
      AccountClosed: t('sessionHistory.end.AccountClosed'),
      Other: t('sessionHistory.end.Other'),
    },
  };
}

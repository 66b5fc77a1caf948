/** The countdown calendar's texts, translated on the server so the island receives strings only. */
import type { Translate } from '../../i18n/translate.ts';

/** Every text of the calendar island ({placeholders} filled in the browser). */
export interface CalendarTexts {
  intro: string;
  doors: string;
  open: string;
  claimed: string;
  missed: string;
  locked: string;
  opened: string;
  missedNote: string;
  lockedNote: string;
  failed: string;
  loading: string;
  loadError: string;
  closed: string;
  signIn: string;
  rewardsLink: string;
}

/** The calendar's texts in the page's locale. */
export function calendarTexts(t: Translate): CalendarTexts {
  return {
    intro: t('calendar.intro'), doors: t('calendar.doors'), open: t('calendar.state.Open'), claimed: t('calendar.state.Claimed'),
    missed: t('calendar.state.Missed'), locked: t('calendar.state.Locked'), opened: t('calendar.opened'), missedNote: t('calendar.missedNote'),
    lockedNote: t('calendar.lockedNote'), failed: t('calendar.failed'), loading: t('calendar.loading'), loadError: t('calendar.loadError'),
    closed: t('calendar.closed'), signIn: t('empty.signIn'), rewardsLink: t('shop.rewardsLink'),
  };
}

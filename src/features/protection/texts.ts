/**
 * The protection pages' texts, translated on the server and handed to the islands, so the islands
 * carry no dictionary.
 */
import type { LimitKind, LimitPeriod } from '../../../shared/licences.ts';
import type { Translate } from '../../i18n/translate.ts';
import type { LimitChange } from './api.ts';

/** Texts of the limits page. */
export interface LimitsTexts {
  intro: string;
  loading: string;
  loadError: string;
  kindTitles: Record<LimitKind, string>;
  kindIntros: Record<LimitKind, string>;
  periods: Record<LimitPeriod, string>;
  none: string;
  current: string;
  usage: string;
  amountLabel: string;
  minutesLabel: string;
  save: string;
  remove: string;
  pendingIncrease: string;
  pendingRemoval: string;
  keepCurrent: string;
  savedNow: string;
  savedPending: string;
  removedPending: string;
  cancelled: string;
  amountInvalid: string;
  increaseBlocked: string;
  saveError: string;
  historyTitle: string;
  historyEmpty: string;
  historyDate: string;
  historyLimit: string;
  historyChange: string;
  historyEffective: string;
  actions: Record<LimitChange['action'], string>;
}

/** Texts of a break (timeout or self-exclusion). */
export interface BreakTexts {
  timeoutTitle: string;
  timeoutIntro: string;
  timeoutLength: string;
  timeoutTake: string;
  timeoutConfirm: string;
  timeoutYes: string;
  breakUntil: string;
  exclusionTitle: string;
  exclusionIntro: string;
  exclusionTerm: string;
  exclusionTake: string;
  exclusionConfirm: string;
  exclusionYes: string;
  excludedUntil: string;
  no: string;
  error: string;
}

/** The limits page's texts in the page's language. */
export function limitsTexts(t: Translate): LimitsTexts {
  return {
    intro: t('limits.intro'),
    loading: t('common.loading'),
    loadError: t('limits.loadError'),
    kindTitles: { Deposit: t('limits.Deposit.title'), Loss: t('limits.Loss.title'), GlobalLoss: t('limits.GlobalLoss.title'), Session: t('limits.Session.title') },
    kindIntros: { Deposit: t('limits.Deposit.intro'), Loss: t('limits.Loss.intro'), GlobalLoss: t('limits.GlobalLoss.intro'), Session: t('limits.Session.intro') },
    periods: { Day: t('limits.period.Day'), Week: t('limits.period.Week'), Month: t('limits.period.Month') },
    none: t('limits.none'),
    current: t('limits.current'),
    usage: t('limits.usage'),
    amountLabel: t('limits.amountLabel'),
    minutesLabel: t('limits.minutesLabel'),
    save: t('limits.save'),
    remove: t('limits.remove'),
    pendingIncrease: t('limits.pendingIncrease'),
    pendingRemoval: t('limits.pendingRemoval'),
    keepCurrent: t('limits.keepCurrent'),
    savedNow: t('limits.savedNow'),
    savedPending: t('limits.savedPending'),
    removedPending: t('limits.removedPending'),
    cancelled: t('limits.cancelled'),
    amountInvalid: t('limits.amountInvalid'),
    increaseBlocked: t('limits.increaseBlocked'),
    saveError: t('limits.saveError'),
    historyTitle: t('limits.history.title'),
    historyEmpty: t('limits.history.empty'),
    historyDate: t('limits.history.date'),
    historyLimit: t('limits.history.limit'),
    historyChange: t('limits.history.change'),
    historyEffective: t('limits.history.effective'),
    actions: {
      Set: t('limits.action.Set'),
      Decreased: t('limits.action.Decreased'),
      IncreaseRequested: t('limits.action.IncreaseRequested'),
      RemovalRequested: t('limits.action.RemovalRequested'),
      PendingCancelled: t('limits.action.PendingCancelled'),
    },
  };
}

/** The break forms' texts in the page's language. */
export function breakTexts(t: Translate): BreakTexts {
  return {
    timeoutTitle: t('break.timeout.title'),
    timeoutIntro: t('break.timeout.intro'),
    timeoutLength: t('break.timeout.length'),
    timeoutTake: t('break.timeout.take'),
    timeoutConfirm: t('break.timeout.confirm'),
    timeoutYes: t('break.timeout.yes'),
    breakUntil: t('break.timeout.until'),
    exclusionTitle: t('break.exclusion.title'),
    exclusionIntro: t('break.exclusion.intro'),
    exclusionTerm: t('break.exclusion.term'),
    exclusionTake: t('break.exclusion.take'),
    exclusionConfirm: t('break.exclusion.confirm'),
    exclusionYes: t('break.exclusion.yes'),
    excludedUntil: t('break.exclusion.until'),
    no: t('break.no'),
    error: t('break.error'),
  };
}

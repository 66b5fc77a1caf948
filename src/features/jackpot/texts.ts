/**
 * The jackpot widget's and win overlays' texts: the translation keys they use, translated on the
 * server so the island receives strings only (players only; visitors never download them).
 */
import { pickTexts, type Translate } from '../../i18n/translate.ts';

/** The keys, in one list so the island's texts type follows it. */
export const JACKPOT_WIDGET_KEYS = [
  'jackpot.widget.title', 'jackpot.widget.expand', 'jackpot.widget.collapse', 'jackpot.widget.spotlight',
  'jackpot.widget.leaderboard', 'jackpot.widget.pots', 'jackpot.widget.details', 'jackpot.widget.odds',
  'jackpot.widget.optIn', 'jackpot.widget.contribution', 'jackpot.widget.perBet', 'jackpot.widget.inTheDraw',
  'jackpot.widget.optedOut', 'jackpot.widget.optOutHint', 'jackpot.widget.loading', 'jackpot.widget.error',
  'jackpot.widget.statusError', 'jackpot.widget.reload', 'jackpot.widget.settingsMissing',
  'jackpot.widget.winner', 'jackpot.widget.community',
  'jackpot.win.title', 'jackpot.win.body', 'jackpot.win.raffleTitle', 'jackpot.win.raffleBody', 'jackpot.win.back',
  'jackpot.pot.total', 'jackpot.pot.mega', 'jackpot.pot.major', 'jackpot.pot.minor', 'jackpot.pot.shared',
  'raffle.drop.hourly', 'raffle.drop.daily', 'raffle.drop.weekly',
] as const;

/** The widget's texts, translated. */
export type JackpotWidgetTexts = Record<(typeof JACKPOT_WIDGET_KEYS)[number], string>;

/** Translates the widget's texts for a page (placeholders such as {amount} stay for the island to fill). */
export function jackpotWidgetTexts(t: Translate): JackpotWidgetTexts {
  return pickTexts(t, JACKPOT_WIDGET_KEYS);
}

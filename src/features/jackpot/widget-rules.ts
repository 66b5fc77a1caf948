/**
 * The floating jackpot widget's rules (spec sections 4, 5, 6, 9), kept apart from its React so
 * they are tested on their own: the opt-in status, the timings, which contribution applies, how a
 * contribution is shown, and when the opt-in cannot be offered at all.
 */

/** Jackpot opt-in status (spec section 4). */
export type OptInStatus = 'loading' | 'true' | 'false' | 'failed';

/** The widget's modes (spec section 2). */
export type WidgetMode = 'expanded' | 'collapsed' | 'spotlight' | 'leaderboard' | 'mobile-game';

/** Timings of spec sections 4 and 9, in milliseconds. */
export const JACKPOT_TIMINGS = {
  /** The 'in the draw' message after opting in. */
  optInMessageMs: 4_000,
  /** A win notification, then it clears. */
  winnerNotificationMs: 6_000,
  /** Panel animations. */
  panelAnimationMs: 400,
  /** The opt-out text alternates. */
  optOutAlternateMs: 3_000,
  /** The win overlay's count-up. */
  countUpMs: 10_000,
  /** The celebration image's loop time. */
  celebrationMs: 4_000,
} as const;

/** Auto opt-in: up to 3 attempts with the smallest option (spec section 9). */
export const AUTO_OPT_IN_ATTEMPTS = 3;

/** The text of a widget that cannot offer the opt-in (spec section 5). */
export const SETTINGS_MISSING = 'Jackpot settings are missing';

/** What the opt-in needs; the reason it cannot be offered, or null when it can. */
export function optInUnavailable(input: { settings: { operatorId: string; instanceId: string } | null; enrichedPlayerId: string | null }): string | null {
  if (!input.settings || !input.settings.operatorId || !input.settings.instanceId || !input.enrichedPlayerId) return SETTINGS_MISSING;
  return null;
}

/** The contribution that applies: a custom value only if it is one of the options, else the initial one (spec section 5). */
export function chosenContribution(custom: number | null | undefined, options: readonly number[], initial: number): number {
  if (custom !== null && custom !== undefined && options.includes(custom)) return custom;
  return options.includes(initial) ? initial : (options[0] ?? initial);
}

/** The smallest option, which auto opt-in uses. */
export function smallestContribution(options: readonly number[]): number | null {
  return options.length > 0 ? Math.min(...options) : null;
}

/** A contribution (EUR per bet) as the share of a 10.00 EUR bet (0.1 → 0.01), for operators that show percentages. */
export function contributionRatio(value: number): number {
  return value / 10;
}

/** The next status after the status fetch answered (or failed). */
export function statusFromFetch(result: { optedIn: boolean } | 'error'): OptInStatus {
  return result === 'error' ? 'failed' : result.optedIn ? 'true' : 'false';
}

/** Count-up: the amount shown at `elapsed` ms of `duration` (ease-out), as a decimal string with `digits` decimals. */
export function countUpValue(target: string, elapsedMs: number, durationMs: number, digits: number): string {
  const [whole = '0', fraction = ''] = target.split('.');
  const scaled = BigInt(`${whole}${fraction.padEnd(digits, '0').slice(0, digits)}`);
  const progress = Math.min(1, Math.max(0, elapsedMs / durationMs));
  const eased = 1 - (1 - progress) ** 3;
  const shown = progress >= 1 ? scaled : (scaled * BigInt(Math.floor(eased * 1_000_000))) / 1_000_000n;
  const text = shown.toString().padStart(digits + 1, '0');
  return digits ? `${text.slice(0, -digits)}.${text.slice(-digits)}` : text;
}

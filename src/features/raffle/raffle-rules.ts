/**
 * The raffle's display rules (spec sections 5 and 9), pure so the server render, the block and the
 * tests share them: which winners the carousel may show, which drops get a card, and how a drop's
 * countdown reads.
 */

/** The drops the raffle runs, in the order the lobby lists them. */
export const RAFFLE_DROPS = ['hourly', 'daily', 'weekly'] as const;
/** A raffle drop. */
export type RaffleDrop = (typeof RAFFLE_DROPS)[number];

/** How many recent winners the carousel fetches (spec section 9). */
export const RAFFLE_WINNERS_LAST = 15;
/** One full loop of the winners carousel, in seconds (spec section 9: carousel speed 70 s). */
export const RAFFLE_CAROUSEL_SECONDS = 70;

/** A winner as public.raffleWinners gives it; any field may be blank in a bad row. */
export interface RaffleWinnerRow {
  winnerInitials: string | null;
  winAmount: string | null;
  winCurrency: string | null;
  brand: string | null;
  timestamp: string | null;
  instanceId: string;
  jackpotName: string;
  cursor: string;
}

/** A winner the carousel shows: every field it needs is there. */
export type ShownRaffleWinner = RaffleWinnerRow & { winnerInitials: string; winAmount: string; winCurrency: string; brand: string; timestamp: string };

const present = (value: string | null | undefined): value is string => typeof value === 'string' && value.trim() !== '';

/**
 * The winners to show, newest first, at most `last`: a winner lacking initials, amount, currency,
 * timestamp or brand is left out (spec section 5), as is an amount that is not a decimal.
 */
export function showableWinners(draws: { winners: RaffleWinnerRow[] }[], last = RAFFLE_WINNERS_LAST): ShownRaffleWinner[] {
  const winners = draws.flatMap((draw) => draw.winners).filter((winner): winner is ShownRaffleWinner =>
    present(winner.winnerInitials) && present(winner.winAmount) && /^\d+(\.\d+)?$/.test(winner.winAmount)
    && present(winner.winCurrency) && present(winner.brand) && present(winner.timestamp) && !Number.isNaN(Date.parse(winner.timestamp)),
  );
  return winners.sort((a, b) => Date.parse(b.timestamp) - Date.parse(a.timestamp)).slice(0, last);
}

/** A drop's current window as the jackpot service's instances call gives it (platform/README.md). */
export interface RaffleDropWindow {
  id: string;
  type: RaffleDrop;
  timestamp_start: string;
  timestamp_end: string;
  pots?: { id: string; current_value: string }[] | null;
  studio?: { slug: string; name: string } | null;
  player?: { ticket_count: number } | null;
}

/** The prize of a drop's window (its total pot), or null when it has no pot or a zero one. */
export function dropPrize(window: RaffleDropWindow): string | null {
  const pot = window.pots?.find((candidate) => candidate.id === 'total') ?? window.pots?.[0];
  const value = pot?.current_value;
  if (!value || !/^\d+(\.\d+)?$/.test(value) || /^0+(\.0+)?$/.test(value)) return null;
  return value;
}

/** The drops that get a card, hourly, daily, weekly: a drop with no pot or a zero pot is hidden (spec section 5). */
export function visibleDrops<W extends RaffleDropWindow>(windows: W[]): (W & { prize: string })[] {
  return RAFFLE_DROPS.flatMap((type) => {
    const window = windows.find((candidate) => candidate.type === type);
    const prize = window ? dropPrize(window) : null;
    return window && prize ? [{ ...window, prize }] : [];
  });
}

/** A countdown's parts: whole days, then hours, minutes and seconds of the rest (never negative). */
export function countdownParts(msLeft: number): { days: number; clock: string } {
  const total = Math.max(0, Math.floor(msLeft / 1000));
  const days = Math.floor(total / 86_400);
  const rest = total % 86_400;
  const pad = (value: number) => String(value).padStart(2, '0');
  return { days, clock: `${pad(Math.floor(rest / 3600))}:${pad(Math.floor((rest % 3600) / 60))}:${pad(rest % 60)}` };
}

/**
 * A countdown as the cards write it: "05:04:03" under a day, else the locale's days template
 * ("{days} d {time}") filled in, so "2 d 05:04:03".
 */
export function formatCountdown(msLeft: number, daysTemplate: string): string {
  const { days, clock } = countdownParts(msLeft);
  return days > 0 ? daysTemplate.replace('{days}', String(days)).replace('{time}', clock) : clock;
}

/**
 * Loyalty arithmetic, exact and pure: points from amounts wagered at a brand's rate, and the rank a
 * points total reaches. The rate's remainder is carried (in base minor units times points), so ten
 * bets of 0.10 EUR earn what one of 1.00 EUR does.
 */
import { parseAmount } from '../ledger/money.ts';
import { BASE_CURRENCY } from '../jackpot/currencies.ts';
import type { LoyaltyContent } from './content.ts';

/** Points earned by a wager of `baseMinor` (EUR cents) with the carry of earlier wagers, and the new carry. */
export function earnPoints(carry: bigint, baseMinor: bigint, rate: LoyaltyContent['settings']['pointsRate']): { points: bigint; carry: bigint } {
  const perMinor = parseAmount(rate.per, BASE_CURRENCY);
  const total = carry + baseMinor * BigInt(rate.points);
  return { points: total / perMinor, carry: total % perMinor };
}

/** A rank as the provider shows it: level 1 is the first rank card. */
export interface RankView {
  level: number;
  rankCard: LoyaltyContent['rankCards'][number];
}

/** The rank a points total has reached, and the next one (null at the top). */
export function rankOf(points: bigint, cards: LoyaltyContent['rankCards']): { current: RankView; next: RankView | null } {
  let index = 0;
  cards.forEach((card, at) => {
    if (BigInt(card.pointsFrom) <= points) index = at;
  });
  const next = cards[index + 1];
  return {
    current: { level: index + 1, rankCard: cards[index] as LoyaltyContent['rankCards'][number] },
    next: next ? { level: index + 2, rankCard: next } : null,
  };
}

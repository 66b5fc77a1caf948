/**
 * A seeded jackpot model for the feed: each operator's pots (mega, major, minor, shared) grow at a
 * steady rate from their seed value and drop at a fixed moment of their cycle, so the values move
 * like real progressive pots and every process computes the same number for the same second. Values
 * are EUR cents inside and are shown in the requested currency through fixed conversion multipliers
 * (the jackpot service's `v1/currencies` idea), all in bigint.
 */
import { createHash } from 'node:crypto';
import { currencyDecimals } from '../ledger/money.ts';

/** The pots of spec section 3 with their display names (total is their sum). */
const POTS = [
  { id: 'mega', name: 'epic', seedCents: 100_000_000n, centsPerHour: 41_000n, cycleHours: 24 * 30 },
  { id: 'major', name: 'super', seedCents: 2_500_000n, centsPerHour: 9_500n, cycleHours: 24 * 4 },
  { id: 'minor', name: 'mini', seedCents: 50_000n, centsPerHour: 2_400n, cycleHours: 9 },
  { id: 'shared', name: 'shared', seedCents: 500_000n, centsPerHour: 6_000n, cycleHours: 36 },
] as const;

/** Units of a currency per EUR, in ten-thousandths (USD 1.08 → 10800). */
export const JACKPOT_CURRENCY_MULTIPLIERS: Readonly<Record<string, bigint>> = {
  EUR: 10_000n, USD: 10_800n, GBP: 8_500n, CHF: 9_400n, CAD: 14_700n, NZD: 18_000n, AUD: 16_400n,
  NOK: 115_000n, SEK: 113_000n, DKK: 74_600n, ZAR: 199_000n, INR: 900_000n, JPY: 1_600_000n,
};

/** A pot's value. */
export interface PotValue {
  id: string;
  name: string;
  /** Minor units of the requested currency. */
  valueMinor: bigint;
}

/** EUR cents as minor units of a currency (rounded down). */
export function eurCentsTo(cents: bigint, currency: string): bigint {
  const multiplier = JACKPOT_CURRENCY_MULTIPLIERS[currency];
  if (multiplier === undefined) throw new Error(`No jackpot multiplier for ${currency}`);
  // cents × multiplier / 10000 is in the currency's cents; zero-decimal currencies drop two digits.
  const inCents = (cents * multiplier) / 10_000n;
  return currencyDecimals(currency) === 0 ? inCents / 100n : inCents;
}

/** The operator's pots at a moment, plus their total. */
export function jackpotPots(operator: string, currency: string, nowMs: number = Date.now()): PotValue[] {
  const pots = POTS.map((pot) => {
    const cycleMs = pot.cycleHours * 3600_000;
    const offset = createHash('sha256').update(`jackpot:${operator}:${pot.id}`).digest().readUInt32BE(0) % cycleMs;
    const sinceDrop = BigInt((((nowMs - offset) % cycleMs) + cycleMs) % cycleMs);
    const cents = pot.seedCents + (pot.centsPerHour * sinceDrop) / 3_600_000n;
    return { id: pot.id, name: pot.name, valueMinor: eurCentsTo(cents, currency) };
  });
  return [...pots, { id: 'total', name: 'total', valueMinor: pots.reduce((sum, pot) => sum + pot.valueMinor, 0n) }];
}

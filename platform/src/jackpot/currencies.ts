/**
 * The jackpot service's currencies: pots are kept in the base currency (EUR) and shown or paid in
 * others through fixed multipliers (GET /jackpot-service/v1/currencies). Every conversion is bigint
 * work on minor units, never a float: a multiplier is units of a currency per EUR in ten-thousandths.
 */
import { currencyDecimals } from '../ledger/money.ts';

/** The currency pots, prizes and contribution options are written in. */
export const BASE_CURRENCY = 'EUR';

/** Units of a currency per EUR, in ten-thousandths (USD 1.08 → 10800). */
export const CURRENCY_MULTIPLIERS: Readonly<Record<string, bigint>> = {
  EUR: 10_000n, USD: 10_800n, GBP: 8_500n, CHF: 9_400n, CAD: 14_700n, NZD: 18_000n, AUD: 16_400n,
  NOK: 115_000n, SEK: 113_000n, DKK: 74_600n, ZAR: 199_000n, INR: 900_000n, JPY: 1_600_000n,
};

/** Whether the service converts to a currency. */
export function isJackpotCurrency(code: string): boolean {
  return CURRENCY_MULTIPLIERS[code] !== undefined;
}

function multiplierOf(currency: string): bigint {
  const multiplier = CURRENCY_MULTIPLIERS[currency];
  if (multiplier === undefined) throw new Error(`No jackpot multiplier for ${currency}: add it to CURRENCY_MULTIPLIERS`);
  return multiplier;
}

/** Base minor units (EUR cents) as minor units of a currency; `round` says which way a remainder goes. */
export function fromBase(baseMinor: bigint, currency: string, round: 'down' | 'half-up' | 'up' = 'down'): bigint {
  // base cents × multiplier / 10000 is the currency's cents; zero-decimal currencies drop two more digits.
  const divisor = 10_000n * (currencyDecimals(currency) === 0 ? 100n : 1n);
  const numerator = baseMinor * multiplierOf(currency);
  const quotient = numerator / divisor;
  const remainder = numerator % divisor;
  if (remainder === 0n || round === 'down') return quotient;
  if (round === 'up') return quotient + 1n;
  return remainder * 2n >= divisor ? quotient + 1n : quotient;
}

/** Minor units of a currency as base minor units (rounded down). */
export function toBase(minor: bigint, currency: string): bigint {
  const factor = 10_000n * (currencyDecimals(currency) === 0 ? 100n : 1n);
  return (minor * factor) / multiplierOf(currency);
}

/** The multipliers as decimal numbers, as GET v1/currencies and WinEvent carry them (for display, not for money). */
export function multipliersJson(): { base: string; multipliers: Record<string, number> } {
  return {
    base: BASE_CURRENCY,
    multipliers: Object.fromEntries(Object.entries(CURRENCY_MULTIPLIERS).map(([code, value]) => [code, Number(value) / 10_000])),
  };
}

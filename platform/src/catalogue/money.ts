/**
 * Bet limits in a player's currency. The catalogue stores them in EUR cents; each currency has a
 * stake ladder factor (operators set ladders per currency, not by exchange rate) and its own
 * number of decimals. All arithmetic is on bigint minor units; the decimal string is built last.
 */
import { PlatformError } from '../graphql/errors.ts';

/** Stake ladder factor against EUR and minor-unit decimals per supported currency. */
const CURRENCIES: Readonly<Record<string, { factor: bigint; decimals: number }>> = {
  EUR: { factor: 1n, decimals: 2 },
  USD: { factor: 1n, decimals: 2 },
  GBP: { factor: 1n, decimals: 2 },
  CHF: { factor: 1n, decimals: 2 },
  CAD: { factor: 1n, decimals: 2 },
  NZD: { factor: 1n, decimals: 2 },
  AUD: { factor: 1n, decimals: 2 },
  NOK: { factor: 10n, decimals: 2 },
  SEK: { factor: 10n, decimals: 2 },
  DKK: { factor: 10n, decimals: 2 },
  ZAR: { factor: 20n, decimals: 2 },
  INR: { factor: 50n, decimals: 2 },
  JPY: { factor: 100n, decimals: 0 },
};

/** The currency codes bet limits can be shown in. */
export const SUPPORTED_CURRENCIES = Object.keys(CURRENCIES);

/** Checks a currency argument, throwing BadUserInput that lists the supported codes. */
export function checkCurrency(code: string): string {
  const upper = code.trim().toUpperCase();
  if (!CURRENCIES[upper]) {
    throw new PlatformError('BadUserInput', `Unsupported currencyCode "${code}": use one of ${SUPPORTED_CURRENCIES.join(', ')}`);
  }
  return upper;
}

/** An amount in EUR cents as minor units of the target currency on its stake ladder (10 → 100n in NOK öre, 10n for JPY). */
export function betMinorIn(eurCents: bigint, currency: string): bigint {
  const { factor, decimals } = CURRENCIES[currency] ?? { factor: 1n, decimals: 2 };
  // cents → target minor units: × factor × 10^decimals / 100, exact for every ladder above.
  return (eurCents * factor * 10n ** BigInt(decimals)) / 100n;
}

/** An amount in EUR cents as a decimal string in the target currency ("0.10", "10" for JPY). */
export function formatBet(eurCents: bigint, currency: string): string {
  const { decimals } = CURRENCIES[currency] ?? { factor: 1n, decimals: 2 };
  const minor = betMinorIn(eurCents, currency);
  if (decimals === 0) return minor.toString();
  const unit = 10n ** BigInt(decimals);
  return `${minor / unit}.${(minor % unit).toString().padStart(decimals, '0')}`;
}

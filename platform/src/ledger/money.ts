/**
 * Wallet money: integer minor units inside, decimal strings ("12.50", "1200" for JPY) at the
 * GraphQL edge. Parsing and formatting are string and bigint work only, so no float ever rounds
 * a balance.
 */
import { PlatformError } from '../graphql/errors.ts';

/** Minor-unit decimals per ISO 4217 code; every other supported currency has 2. */
const ZERO_DECIMAL = new Set(['JPY', 'KRW', 'ISK', 'CLP', 'VND']);

/** The wallet currencies the platform accepts (the minimum-deposit table of spec section 5, plus SEK, DKK, AUD). */
export const WALLET_CURRENCIES = ['EUR', 'CAD', 'CHF', 'USD', 'NOK', 'INR', 'JPY', 'ZAR', 'NZD', 'GBP', 'SEK', 'DKK', 'AUD'] as const;

/** Minimum deposit per currency in major units (spec section 5); other currencies use the default 20. */
export const MIN_DEPOSIT_MAJOR: Readonly<Record<string, number>> = {
  EUR: 20, CAD: 15, CHF: 10, USD: 10, NOK: 100, INR: 880, JPY: 1200, ZAR: 175, NZD: 10, GBP: 20,
};

/** Minimum withdrawal per currency in major units (an operator choice; about half a minimum deposit). */
export const MIN_WITHDRAWAL_MAJOR: Readonly<Record<string, number>> = {
  EUR: 10, CAD: 10, CHF: 10, USD: 10, NOK: 100, INR: 500, JPY: 1000, ZAR: 100, NZD: 10, GBP: 10,
};

/**
 * The largest single payment (deposit, withdrawal, sandbox credit) per currency in major units:
 * about 50,000 EUR in each. Larger amounts are refused before anything is written, with the limit.
 */
export const MAX_PAYMENT_MAJOR: Readonly<Record<string, number>> = {
  EUR: 50_000, CAD: 75_000, CHF: 50_000, USD: 50_000, NOK: 500_000, INR: 4_500_000, JPY: 8_000_000, ZAR: 1_000_000,
  NZD: 90_000, GBP: 45_000, SEK: 550_000, DKK: 370_000, AUD: 80_000,
};

/** A wallet holds at most this many largest payments (about 1,000,000 EUR): deposits past it are refused. */
export const WALLET_CEILING_PAYMENTS = 20n;

/** Decimals of a currency's minor unit. */
export function currencyDecimals(currency: string): number {
  return ZERO_DECIMAL.has(currency) ? 0 : 2;
}

/** Checks a wallet currency code, with an error listing the accepted ones. */
export function checkWalletCurrency(code: string): string {
  const upper = code.trim().toUpperCase();
  if (!(WALLET_CURRENCIES as readonly string[]).includes(upper)) {
    throw new PlatformError('BadUserInput', `Unsupported currency "${code}": use one of ${WALLET_CURRENCIES.join(', ')}`);
  }
  return upper;
}

/** Whole major units as minor units (20 EUR → 2000n, 1200 JPY → 1200n). */
export function majorToMinor(major: number, currency: string): bigint {
  return BigInt(major) * 10n ** BigInt(currencyDecimals(currency));
}

/**
 * Parses a positive decimal amount ("12.5", "12.50", "1200") into minor units. More decimals
 * than the currency has, signs, exponents and thousands separators are refused, not rounded.
 */
export function parseAmount(text: string, currency: string, field = 'amount'): bigint {
  const decimals = currencyDecimals(currency);
  const match = /^(\d{1,15})(?:\.(\d+))?$/.exec(text.trim());
  if (!match) {
    throw new PlatformError('BadUserInput', `${field} "${text}" is not a decimal amount: write it like "12.50" (digits, an optional point, no sign or separators)`);
  }
  const fraction = match[2] ?? '';
  if (fraction.length > decimals) {
    throw new PlatformError('BadUserInput', `${field} "${text}" has more than ${decimals} decimal${decimals === 1 ? '' : 's'}, which ${currency} does not have`);
  }
  const minor = BigInt(match[1] ?? '0') * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0');
  if (minor <= 0n) throw new PlatformError('BadUserInput', `${field} must be more than zero`);
  return minor;
}

/** Minor units as a decimal string ("12.50"; "-3.05"; "1200" for JPY). */
export function formatMinor(minor: bigint, currency: string): string {
  const decimals = currencyDecimals(currency);
  const negative = minor < 0n;
  const abs = negative ? -minor : minor;
  if (decimals === 0) return `${negative ? '-' : ''}${abs}`;
  const unit = 10n ** BigInt(decimals);
  return `${negative ? '-' : ''}${abs / unit}.${(abs % unit).toString().padStart(decimals, '0')}`;
}

/** The largest single payment in a currency, in minor units. */
export function maxPaymentMinor(currency: string): bigint {
  return majorToMinor(MAX_PAYMENT_MAJOR[currency] ?? MAX_PAYMENT_MAJOR.EUR ?? 50_000, currency);
}

/** The most a wallet in a currency may hold, in minor units. */
export function walletCeilingMinor(currency: string): bigint {
  return maxPaymentMinor(currency) * WALLET_CEILING_PAYMENTS;
}

/** Refuses a payment amount over the currency's largest single payment (BadUserInput naming the maximum). */
export function checkPaymentAmount(amountMinor: bigint, currency: string, field = 'amount'): bigint {
  const maximum = maxPaymentMinor(currency);
  if (amountMinor > maximum) {
    throw new PlatformError('BadUserInput', `${field} ${formatMinor(amountMinor, currency)} ${currency} is more than the largest single payment of ${formatMinor(maximum, currency)} ${currency}: split it into smaller payments`, { maximum: formatMinor(maximum, currency) });
  }
  return amountMinor;
}

/** Refuses money in that would lift a wallet over its ceiling (BalanceCeiling, naming the room left). */
export function checkWalletCeiling(balanceMinor: bigint, amountMinor: bigint, currency: string): void {
  const ceiling = walletCeilingMinor(currency);
  if (balanceMinor + amountMinor <= ceiling) return;
  const room = ceiling > balanceMinor ? ceiling - balanceMinor : 0n;
  throw new PlatformError(
    'BalanceCeiling',
    `A wallet holds at most ${formatMinor(ceiling, currency)} ${currency}; this ${formatMinor(amountMinor, currency)} ${currency} would take it past that: deposit at most ${formatMinor(room, currency)} ${currency}, or withdraw first`,
    { ceiling: formatMinor(ceiling, currency), room: formatMinor(room, currency) },
  );
}

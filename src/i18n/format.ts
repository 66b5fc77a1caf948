/**
 * Number, money and percentage formatting per locale (spec section 9): currencies with the narrow
 * symbol and 2 decimals by default, percentages with 0 decimals. Money arrives as a decimal string
 * or integer minor units and is formatted from its exact digits, never through a float.
 */
import { languageTag, type Locale } from './locales.ts';
import { formatWithPattern, pageNumberPattern } from './number-pattern.ts';

/** The currency assumed when none is known (USD when the brand enables defaultUSDCurrency). */
export function defaultCurrency(features: readonly string[]): string {
  return features.includes('defaultUSDCurrency') ? 'USD' : 'EUR';
}

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** Formats a decimal-string amount ("1234.5") in a currency for a locale, e.g. "€1,234.50". */
export function formatCurrency(
  amount: string,
  currency: string,
  locale: Locale,
  options: { fractionDigits?: number } = {},
): string {
  if (!DECIMAL.test(amount)) throw new Error(`formatCurrency: "${amount}" is not a decimal amount`);
  const digits = options.fractionDigits ?? 2;
  // In the browser, the page's pattern writes the same string without starting Intl (number-pattern.ts).
  const pattern = pageNumberPattern();
  const quick = pattern?.locale === locale && pattern.currency === currency ? formatWithPattern(pattern, amount, { money: true, fractionDigits: digits }) : null;
  if (quick !== null) return quick;
  const format = new Intl.NumberFormat(languageTag(locale), {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  // Intl formats a numeric string from its exact decimal digits (no float rounding on the way).
  return format.format(amount as unknown as number);
}

/** Turns integer minor units into a decimal string with the given exponent (1234n, 2 → "12.34"). */
export function minorToDecimal(minor: bigint, exponent = 2): string {
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(exponent + 1, '0');
  const whole = digits.slice(0, digits.length - exponent);
  const fraction = exponent ? `.${digits.slice(digits.length - exponent)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/**
 * Formats a ratio as a percentage for a locale, whole by default (0.253 → "25 %" in fi, "25%" in en);
 * `fractionDigits` fixes the decimals (a game's RTP: 0.9612 → "96.12%").
 */
export function formatPercent(ratio: number, locale: Locale, options: { fractionDigits?: number } = {}): string {
  const digits = options.fractionDigits ?? 0;
  return new Intl.NumberFormat(languageTag(locale), { style: 'percent', minimumFractionDigits: digits, maximumFractionDigits: digits }).format(ratio);
}

/** Formats a plain number for a locale. */
export function formatNumber(value: number | bigint, locale: Locale): string {
  const pattern = pageNumberPattern();
  const quick = pattern?.locale === locale && (typeof value === 'bigint' || Number.isSafeInteger(value)) ? formatWithPattern(pattern, String(value), { money: false, fractionDigits: 0 }) : null;
  return quick ?? new Intl.NumberFormat(languageTag(locale)).format(value);
}

/** Jackpot wins show 2 decimals under 0.5 and none from 0.5 up (spec section 9). */
export function jackpotWinFractionDigits(amount: string): number {
  if (!DECIMAL.test(amount)) throw new Error(`jackpotWinFractionDigits: "${amount}" is not a decimal amount`);
  const [whole = '0', fraction = ''] = amount.replace('-', '').split('.');
  const underHalf = /^0+$/.test(whole) && (fraction.padEnd(1, '0')[0] ?? '0') < '5';
  return underHalf ? 2 : 0;
}

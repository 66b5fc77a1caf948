/**
 * How a locale writes numbers and one currency's amounts, read from Intl on the server
 * (`numberPatternOf`) and applied in the browser without Intl (`formatWithPattern`). A page's first
 * Intl number or date format costs a phone's CPU 120-240 ms in one task (ICU's start-up; measured
 * at 4x, issue 16), and every signed-in page formats its balance as it starts: with the pattern the
 * browser writes the same string the server's Intl would, the server's own render included.
 *
 * The page writes its pattern (its locale, the brand's currency) as JSON into
 * `#atrium-number-pattern`; an amount the pattern cannot write exactly (another currency, or more
 * decimals than shown, which needs rounding) goes to Intl as before.
 */
import { languageTag, type Locale } from './locales.ts';

/** The element id of the page's JSON block. */
export const NUMBER_PATTERN_ID = 'atrium-number-pattern';

/** What is written around the digits of an amount. */
export interface Affixes {
  prefix: string;
  suffix: string;
}

/** How one locale writes numbers, and amounts of one currency (narrow symbol). */
export interface NumberPattern {
  locale: Locale;
  currency: string;
  decimal: string;
  group: string;
  /** The size of the rightmost group of integer digits and of the groups left of it (en-IN: 3, 2). */
  primaryGroup: number;
  secondaryGroup: number;
  /** The fewest integer digits that are grouped at all: 4 in most locales (1,000), 5 where 1000 stays whole. */
  groupedFrom: number;
  /** A plain number's minus sign. */
  minus: string;
  /** The separators in amounts of money, where a locale writes them differently (de-AT: 1 000 but € 1.000,00). */
  moneyDecimal: string;
  moneyGroup: string;
  /** Around a positive and a negative amount of the currency. */
  money: Affixes;
  negativeMoney: Affixes;
}

type Part = Intl.NumberFormatPart;

function affixesOf(parts: Part[]): Affixes {
  const digits = (part: Part) => part.type === 'integer' || part.type === 'group' || part.type === 'decimal' || part.type === 'fraction';
  const first = parts.findIndex(digits);
  const last = parts.findLastIndex(digits);
  return { prefix: parts.slice(0, first).map((part) => part.value).join(''), suffix: parts.slice(last + 1).map((part) => part.value).join('') };
}

const known = new Map<string, NumberPattern>();

/** Reads a locale's number pattern and a currency's from Intl (on the server, once per pair). */
export function numberPatternOf(locale: Locale, currency: string): NumberPattern {
  const key = `${locale} ${currency}`;
  let pattern = known.get(key);
  if (!pattern) known.set(key, (pattern = readPattern(locale, currency)));
  return pattern;
}

function readPattern(locale: Locale, currency: string): NumberPattern {
  const tag = languageTag(locale);
  const plain = new Intl.NumberFormat(tag, { maximumFractionDigits: 2 });
  const money = new Intl.NumberFormat(tag, { style: 'currency', currency, currencyDisplay: 'narrowSymbol', minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const wide = plain.formatToParts(1234567890.5);
  const wideMoney = money.formatToParts(1234567890.5);
  const integers = wide.filter((part) => part.type === 'integer').map((part) => part.value.length);
  const primaryGroup = integers.at(-1) ?? 3;
  const secondaryGroup = integers.length > 2 ? integers.at(-2)! : primaryGroup;
  let groupedFrom = 10;
  for (let digits = primaryGroup + 1; digits < 10; digits += 1) {
    if (plain.formatToParts(10 ** (digits - 1)).some((part) => part.type === 'group')) {
      groupedFrom = digits;
      break;
    }
  }
  return {
    locale,
    currency,
    decimal: wide.find((part) => part.type === 'decimal')?.value ?? '.',
    group: wide.find((part) => part.type === 'group')?.value ?? ',',
    primaryGroup,
    secondaryGroup,
    groupedFrom,
    minus: affixesOf(plain.formatToParts(-1)).prefix,
    moneyDecimal: wideMoney.find((part) => part.type === 'decimal')?.value ?? '.',
    moneyGroup: wideMoney.find((part) => part.type === 'group')?.value ?? ',',
    money: affixesOf(money.formatToParts(1)),
    negativeMoney: affixesOf(money.formatToParts(-1)),
  };
}

function groupDigits(pattern: NumberPattern, whole: string, separator: string): string {
  if (whole.length < pattern.groupedFrom) return whole;
  const groups = [whole.slice(-pattern.primaryGroup)];
  for (let end = whole.length - pattern.primaryGroup; end > 0; end -= pattern.secondaryGroup) {
    groups.unshift(whole.slice(Math.max(0, end - pattern.secondaryGroup), end));
  }
  return groups.join(separator);
}

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * Writes a decimal string as the pattern's locale does: as money of its currency with exactly
 * `fractionDigits` decimals, or as a plain number (`fractionDigits` at most). Null when only Intl can
 * write it exactly: not a decimal, or more decimals than shown (that needs rounding).
 */
export function formatWithPattern(pattern: NumberPattern, amount: string, options: { money: boolean; fractionDigits: number }): string | null {
  const match = DECIMAL.exec(amount);
  if (!match) return null;
  const [, minus, rawWhole, rawFraction = ''] = match;
  if (rawFraction.length > options.fractionDigits) return null;
  const whole = rawWhole!.replace(/^0+(?=\d)/, '');
  const fraction = options.money ? rawFraction.padEnd(options.fractionDigits, '0') : rawFraction.replace(/0+$/, '');
  const [group, decimal] = options.money ? [pattern.moneyGroup, pattern.moneyDecimal] : [pattern.group, pattern.decimal];
  const digits = `${groupDigits(pattern, whole, group)}${fraction ? `${decimal}${fraction}` : ''}`;
  if (!options.money) return minus ? `${pattern.minus}${digits}` : digits;
  const affixes = minus ? pattern.negativeMoney : pattern.money;
  return `${affixes.prefix}${digits}${affixes.suffix}`;
}

let pagePattern: NumberPattern | null | undefined;

/** The page's pattern (its JSON block), read once; null off the browser or on a page without one. */
export function pageNumberPattern(): NumberPattern | null {
  if (pagePattern !== undefined) return pagePattern;
  const text = typeof document === 'undefined' ? null : document.getElementById(NUMBER_PATTERN_ID)?.textContent;
  pagePattern = text ? (JSON.parse(text) as NumberPattern) : null;
  return pagePattern;
}

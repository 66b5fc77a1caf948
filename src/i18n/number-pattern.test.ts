/**
 * The pattern writes exactly what Intl writes, for every locale the lobby speaks and the
 * currencies its brands and players use: grouping (en-IN's lakh groups, the locales that leave 1000
 * whole), the separators (narrow no-break spaces in fr and nb), the symbol's side and spacing, and
 * the minus sign's place.
 */
import { describe, expect, it } from 'vitest';
import { formatCurrency } from './format.ts';
import { languageTag, LOCALES } from './locales.ts';
import { formatWithPattern, numberPatternOf } from './number-pattern.ts';

const CURRENCIES = ['EUR', 'USD', 'CAD', 'NOK', 'SEK', 'INR', 'NZD', 'ZAR', 'JPY', 'GBP', 'CHF'];
const AMOUNTS = ['0', '0.5', '1', '7.05', '12.34', '999.99', '1000', '1234.5', '12345.67', '123456.78', '1234567.89', '1234567890.12', '-5.5', '-1234.56', '-0.00', '00012.30'];
const NUMBERS = [0, 7, 999, 1000, 1234, 12345, 123456, 1234567, 1234567890, -1, -12345];

describe('number patterns', () => {
  for (const locale of LOCALES) {
    it(`write money as Intl does in ${locale}`, () => {
      for (const currency of CURRENCIES) {
        const pattern = numberPatternOf(locale, currency);
        for (const amount of AMOUNTS) {
          // formatCurrency off the browser is Intl's own answer.
          expect(formatWithPattern(pattern, amount, { money: true, fractionDigits: 2 }), `${amount} ${currency}`).toBe(formatCurrency(amount, currency, locale));
        }
        expect(formatWithPattern(pattern, '1234', { money: true, fractionDigits: 0 })).toBe(formatCurrency('1234', currency, locale, { fractionDigits: 0 }));
      }
    });

    it(`write whole numbers as Intl does in ${locale}`, () => {
      const pattern = numberPatternOf(locale, 'EUR');
      const intl = new Intl.NumberFormat(languageTag(locale));
      for (const value of NUMBERS) expect(formatWithPattern(pattern, String(value), { money: false, fractionDigits: 0 }), String(value)).toBe(intl.format(value));
    });
  }

  it('leave to Intl what needs rounding or is not a decimal', () => {
    const pattern = numberPatternOf('en', 'EUR');
    expect(formatWithPattern(pattern, '1.005', { money: true, fractionDigits: 2 })).toBeNull();
    expect(formatWithPattern(pattern, '1234.5', { money: true, fractionDigits: 0 })).toBeNull();
    expect(formatWithPattern(pattern, '1e5', { money: true, fractionDigits: 2 })).toBeNull();
    expect(formatWithPattern(pattern, '', { money: false, fractionDigits: 0 })).toBeNull();
  });

  it('reads the grouping of the locales that differ', () => {
    expect(numberPatternOf('en_IN', 'INR')).toMatchObject({ primaryGroup: 3, secondaryGroup: 2 });
    expect(numberPatternOf('en', 'EUR')).toMatchObject({ primaryGroup: 3, secondaryGroup: 3, groupedFrom: 4, group: ',', decimal: '.' });
  });
});

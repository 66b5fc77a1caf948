import { describe, expect, it } from 'vitest';
import { defaultCurrency, formatCurrency, formatNumber, formatPercent, jackpotWinFractionDigits, minorToDecimal } from './format.ts';
import { languageTag } from './locales.ts';

describe('formatting', () => {
  it('formats currencies with the narrow symbol and 2 decimals per locale', () => {
    expect(formatCurrency('1234.5', 'EUR', 'en')).toBe('€1,234.50');
    expect(formatCurrency('1234.5', 'EUR', 'fi')).toBe('1\u00a0234,50\u00a0€');
    expect(formatCurrency('1234.5', 'EUR', 'de')).toBe('1.234,50\u00a0€');
    expect(formatCurrency('15', 'CAD', 'en_CA')).toBe('$15.00');
    expect(formatCurrency('15', 'CAD', 'fr_CA')).toBe('15,00\u00a0$');
    expect(formatCurrency('1200', 'JPY', 'ja')).toBe('￥1,200.00');
    expect(formatCurrency('100', 'NOK', 'no')).toBe('100,00\u00a0kr');
  });

  it('keeps every digit of large amounts (no float rounding)', () => {
    expect(formatCurrency('90071992547409.93', 'EUR', 'en')).toBe('€90,071,992,547,409.93');
  });

  it('refuses a non-decimal amount', () => {
    expect(() => formatCurrency('1e3', 'EUR', 'en')).toThrow(/not a decimal/);
    expect(() => formatCurrency('abc', 'EUR', 'en')).toThrow(/not a decimal/);
  });

  it('turns minor units into decimal strings exactly', () => {
    expect(minorToDecimal(1234n)).toBe('12.34');
    expect(minorToDecimal(5n)).toBe('0.05');
    expect(minorToDecimal(-1999n)).toBe('-19.99');
    expect(minorToDecimal(1200n, 0)).toBe('1200');
  });

  it('formats percentages with no decimals', () => {
    expect(formatPercent(0.253, 'en')).toBe('25%');
    expect(formatPercent(0.256, 'fi')).toBe('26\u00a0%');
    // A game's RTP keeps its two decimals, in the locale's own way.
    expect(formatPercent(0.965, 'en', { fractionDigits: 2 })).toBe('96.50%');
    expect(formatPercent(0.9612, 'de', { fractionDigits: 2 })).toBe('96,12\u00a0%');
  });

  it('formats numbers per locale', () => {
    expect(formatNumber(1234567, 'de')).toBe('1.234.567');
    expect(formatNumber(1234567, 'en_IN')).toBe('12,34,567');
  });

  it('uses 2 decimals for jackpot wins under 0.5 and none from 0.5', () => {
    expect(jackpotWinFractionDigits('0.49')).toBe(2);
    expect(jackpotWinFractionDigits('0.5')).toBe(0);
    expect(jackpotWinFractionDigits('12.30')).toBe(0);
  });

  it('defaults to EUR, or USD with the defaultUSDCurrency feature', () => {
    expect(defaultCurrency([])).toBe('EUR');
    expect(defaultCurrency(['defaultUSDCurrency'])).toBe('USD');
  });

  it('maps locale codes to language tags', () => {
    expect(languageTag('de_AT')).toBe('de-AT');
    expect(languageTag('no')).toBe('nb-NO');
    expect(languageTag('et_EE')).toBe('et-EE');
  });
});

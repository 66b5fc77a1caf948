import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../i18n/locales.ts';
import { CRASH_TEXTS, OUTAGE_TEXTS } from './error-page-texts.ts';

describe('the error pages\' own texts', () => {
  it.each(LOCALES)('%s: the crash page says what the platform\'s translations say', (locale) => {
    const platform = JSON.parse(readFileSync(`platform/data/translations/${locale}.json`, 'utf8')) as Record<string, string>;
    expect(CRASH_TEXTS[locale]).toEqual({ title: platform['error.title'], body: platform['error.body'], action: platform['common.backToHome'] });
  });

  it('has an outage text of its own in every language but English\'s variants', () => {
    const english = OUTAGE_TEXTS.en;
    for (const locale of LOCALES.filter((code) => !code.startsWith('en'))) expect(OUTAGE_TEXTS[locale].title, locale).not.toBe(english.title);
  });
});

/**
 * Every UI text key must be translated in each of the fourteen locales the platform serves, with
 * the same placeholders as the English text. The failure message lists what is missing where.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCALES } from './locales.ts';
import { FALLBACK_MESSAGES, MESSAGE_KEYS } from './messages.ts';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('translations', () => {
  it.each(LOCALES)('%s has every key with matching placeholders', (locale) => {
    const texts = JSON.parse(readFileSync(`platform/data/translations/${locale}.json`, 'utf8')) as Record<string, string>;
    const missing = MESSAGE_KEYS.filter((key) => typeof texts[key] !== 'string' || texts[key].trim() === '');
    expect(missing, `keys missing in ${locale}.json`).toEqual([]);
    const mismatched = MESSAGE_KEYS.filter((key) => placeholders(texts[key]!).join() !== placeholders(FALLBACK_MESSAGES[key]).join());
    expect(mismatched, `placeholders differ from English in ${locale}.json`).toEqual([]);
  });
});

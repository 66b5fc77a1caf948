import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dateFormat, formatDate } from './dates.ts';

const FIRST = new Date('2025-10-01T12:00:00Z');
const utc = (options: Intl.DateTimeFormatOptions): Intl.DateTimeFormatOptions => ({ ...options, timeZone: 'UTC' });

describe('dates', () => {
  // Issue 27: French dates read "1 octobre" where French writes "1er octobre".
  it('writes the first of the month as French and Italian do when the month is a word', () => {
    expect(formatDate(FIRST, 'fr', utc({ dateStyle: 'long' }))).toBe('1er octobre 2025');
    expect(formatDate(FIRST, 'fr_CA', utc({ dateStyle: 'long' }))).toBe('1er octobre 2025');
    expect(formatDate(FIRST, 'fr', utc({ dateStyle: 'full' }))).toBe('mercredi 1er octobre 2025');
    expect(formatDate(FIRST, 'fr', utc({ dateStyle: 'medium', timeStyle: 'short' }))).toBe('1er oct. 2025, 12:00');
    expect(formatDate(FIRST, 'it', utc({ dateStyle: 'long' }))).toBe('1º ottobre 2025');
  });

  it('leaves numeric dates, other days and other languages as Intl writes them', () => {
    expect(formatDate(FIRST, 'fr', utc({ dateStyle: 'short' }))).toBe('01/10/2025');
    expect(formatDate('2025-10-11T12:00:00Z', 'fr', utc({ dateStyle: 'long' }))).toBe('11 octobre 2025');
    expect(formatDate('2025-10-21T12:00:00Z', 'fr', utc({ dateStyle: 'long' }))).toBe('21 octobre 2025');
    // The ordinal conventions Intl already writes: the German, Nordic and Estonian dot; none in English or Japanese.
    expect(formatDate(FIRST, 'de_AT', utc({ dateStyle: 'long' }))).toBe('1. Oktober 2025');
    expect(formatDate(FIRST, 'no', utc({ dateStyle: 'long' }))).toBe('1. oktober 2025');
    expect(formatDate(FIRST, 'fi', utc({ dateStyle: 'long' }))).toBe('1. lokakuuta 2025');
    expect(formatDate(FIRST, 'et_EE', utc({ dateStyle: 'long' }))).toBe('1. oktoober 2025');
    expect(formatDate(FIRST, 'en', utc({ dateStyle: 'long' }))).toBe('October 1, 2025');
    expect(formatDate(FIRST, 'ja', utc({ dateStyle: 'long' }))).toBe('2025年10月1日');
  });

  it('formats a table of dates with one formatter, from Date objects or ISO strings', () => {
    const when = dateFormat('fr', utc({ dateStyle: 'long' }));
    expect([when(FIRST), when('2025-11-01T00:00:00Z'), when(Date.UTC(2025, 11, 2))]).toEqual(['1er octobre 2025', '1er novembre 2025', '2 décembre 2025']);
  });
});

/** Source files under a folder (tests left out). */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : sources(path);
    return /\.(ts|tsx|astro|js)$/.test(entry.name) && !/\.test\./.test(entry.name) ? [path] : [];
  });
}

describe('every date with a month name', () => {
  it('goes through the shared formatter, so no page writes "1 octobre"', () => {
    // The lobby formats every date through src/i18n/dates.ts; the platform's pages through shared/date-format.ts
    // wherever the month is a word (its numeric dates and times may use Intl directly).
    const lobby = sources('src').filter((file) => file !== join('src', 'i18n', 'dates.ts') && /Intl\.DateTimeFormat\(|toLocaleDateString\(/.test(readFileSync(file, 'utf8')));
    const platform = sources('platform/src').filter((file) => readFileSync(file, 'utf8').split('\n').some((line) =>
      /Intl\.DateTimeFormat\(|toLocale(Date)?String\(/.test(line) && /dateStyle: '(long|medium|full)'|month: '(long|short)'/.test(line)));
    expect([...lobby, ...platform], 'format these dates with dateFormat/formatDate (src/i18n/dates.ts) or dateFormatter (shared/date-format.ts)').toEqual([]);
  });
});

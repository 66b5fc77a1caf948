/**
 * Dates in the page's locale, with each language's own way of writing the first of the month
 * (fr "1er octobre", it "1º ottobre"; shared/date-format.ts). Every date the lobby shows goes
 * through here rather than through Intl.DateTimeFormat directly.
 */
import { dateFormatter } from '../../shared/date-format.ts';
import { languageTag, type Locale } from './locales.ts';

/** A reusable formatter for a locale (for tables of dates): `const when = dateFormat(locale, { dateStyle: 'medium' })`. */
export function dateFormat(locale: Locale, options: Intl.DateTimeFormatOptions): (value: Date | string | number) => string {
  return dateFormatter(languageTag(locale), options);
}

/** Formats one date for a locale: `formatDate(until, 'fr', { dateStyle: 'long' })` → "1er octobre 2025". */
export function formatDate(value: Date | string | number, locale: Locale, options: Intl.DateTimeFormatOptions): string {
  return dateFormatter(languageTag(locale), options)(value);
}

/** The browser's own time zone (an IANA name such as "Europe/Helsinki"), for a page that names it beside a local time. */
export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * Dates written in their language's own convention. Intl writes the first of the month as a plain
 * "1" in every language, but French writes it as an ordinal, 1er (le 1er octobre 2025, 1er oct.),
 * and so does Italian, 1º (il 1º ottobre 2025), whenever the month is a word; with a numeric month
 * (01/10/2025) both keep the digits. German, Norwegian, Finnish and Estonian already get their
 * ordinal dot from Intl (1. Oktober), English and Japanese use none. Shared by the lobby and the
 * platform's own pages, so a date reads the same on both.
 */

/** How a language writes the first day of the month beside a month name, where Intl does not. */
const FIRST_OF_MONTH: Readonly<Record<string, string>> = { fr: '1er', it: '1º' };

/** A date formatter for a BCP 47 tag (`fr-CA`) and Intl options, with the language's first-of-month ordinal. */
export function dateFormatter(tag: string, options: Intl.DateTimeFormatOptions): (value: Date | string | number) => string {
  const format = new Intl.DateTimeFormat(tag, options);
  const ordinal = FIRST_OF_MONTH[(tag.split('-')[0] ?? '').toLowerCase()];
  return (value) => {
    const date = value instanceof Date ? value : new Date(value);
    if (!ordinal) return format.format(date);
    const parts = format.formatToParts(date);
    const monthIsWord = parts.some((part) => part.type === 'month' && /\p{L}/u.test(part.value));
    return parts.map((part) => (monthIsWord && part.type === 'day' && part.value === '1' ? ordinal : part.value)).join('');
  };
}

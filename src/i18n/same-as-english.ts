/**
 * The words each language writes exactly as English does, in the lobby's texts, the catalogue's list
 * and category names and the brands' menus. A text in a non-English locale that reads the same as its
 * English is a text left untranslated, unless it is listed here for that locale's language: loanwords
 * the language uses as they are (Casino, Jackpot, Roulette), names of things (Megaways, the Super and
 * Mini pots), abbreviations (OK, SMS) and words spelt alike in both languages (fr Promotions, de
 * Name, it File). Add a word only when a native speaker would write it that way on a casino site.
 * `translations-complete.test.ts` and the games page's end-to-end test both read this list.
 */
import type { Locale } from './locales.ts';

/** The language part of a locale (`fr_CA` → `fr`, `et_EE` → `et`), which shares its loanwords. */
export type Language = 'fi' | 'no' | 'de' | 'fr' | 'it' | 'ja' | 'et';

const CASINO_WORDS = ['OK', 'Blackjack', 'Megaways', 'Super', 'Mini'];

/** Texts each language writes as English does (compared whole, placeholders included). */
export const SAME_AS_ENGLISH: Readonly<Record<Language, readonly string[]>> = {
  fi: [...CASINO_WORDS, 'Baccarat', 'Bonus', 'Cashback', 'Rugby', 'Studio', 'Tennis'],
  no: [
    ...CASINO_WORDS, 'SMS', 'Baccarat', 'Basketball', 'Bonus', 'Cashback', 'Cricket', 'Jackpot', 'Poker', 'Rugby', 'Status',
    'Studio', 'Tennis',
  ],
  de: [
    ...CASINO_WORDS, 'SMS', 'Baccarat', 'Basketball', 'Bonus', 'Cashback', 'Casino', 'Cricket', 'Handball', 'Information',
    'Jackpot', 'Jackpots', 'Limit', 'Limit: {value}', 'Limits', 'Marketing', 'Name', 'Poker', 'Roulette', 'Rugby',
    'Status', 'Studio', 'Studios', 'Tennis', 'Version {version}',
  ],
  fr: [
    ...CASINO_WORDS, 'SMS', 'Active', 'Basketball', 'Bonus', 'Cashback', 'Casino', 'Champion', 'Cricket', 'Date', 'Document', 'Documents',
    'Football', 'Handball', 'Information', 'Jackpot', 'Jackpots', 'Marketing', 'Menu', 'Missions', 'Mobile',
    'Notifications', 'Poker', 'Promotions', 'Province', 'Roulette', 'Rugby', 'Studio', 'Studios', 'Tennis', 'Total',
    'Version {version}',
  ],
  it: [
    ...CASINO_WORDS, 'SMS', 'Baccarat', 'Bonus', 'Cashback', 'Cricket', 'Email', 'File', 'Jackpot', 'Marketing', 'Menu',
    'Mobile', 'Poker', 'Roulette', 'Rugby', 'Studio', 'Tennis',
  ],
  // Japanese writes brand names in Latin script; everything else has its katakana or kanji.
  ja: ['OK', 'Megaways', 'SMS'],
  et: [...CASINO_WORDS, 'SMS', '{name} logo', 'Jackpot', 'Pension', 'Tennis'],
};

/** The language whose list applies to a locale; null for the English locales, which have nothing to translate. */
export function languageOf(locale: Locale): Language | null {
  const language = locale.split('_')[0] as Language | 'en';
  return language === 'en' ? null : language;
}

/**
 * Whether a non-English locale may show `text`, which reads the same as its English: it has no
 * letters besides its placeholders (`{count}/{max}`), or its language writes it so.
 */
export function mayMatchEnglish(locale: Locale, text: string): boolean {
  const language = languageOf(locale);
  if (language === null) return true;
  if (!/\p{L}/u.test(text.replace(/\{\w+\}/g, ''))) return true;
  return SAME_AS_ENGLISH[language].includes(text.trim());
}

/**
 * Every UI text key must be translated in each of the fourteen locales the platform serves, with
 * the same placeholders as the English text; a text that reads as its English is left untranslated
 * unless its language writes it so (same-as-english.ts). The same holds for the catalogue's list and
 * category names in those files and for every brand's menu, whose entries are also called what the
 * page or list they open calls itself. The failure messages list what is wrong where.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from './locales.ts';
import { FALLBACK_MESSAGES, MESSAGE_KEYS } from './messages.ts';
import { languageOf, mayMatchEnglish, SAME_AS_ENGLISH, type Language } from './same-as-english.ts';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

const translations = (locale: Locale) =>
  JSON.parse(readFileSync(`platform/data/translations/${locale}.json`, 'utf8')) as Record<string, string>;
const ENGLISH = translations('en');

interface MenuItem { id: string; label: Record<string, string>; href: string }
const BRANDS = ['aurelia', 'kororaa', 'mapleridge', 'nordvik', 'solenne', 'vantor'];
const brandLocales = (brand: string) =>
  (JSON.parse(readFileSync(`brands/${brand}/brand.json`, 'utf8')) as { locales: { locale: Locale }[] }).locales.map((entry) => entry.locale);
const menuItems = (brand: string) =>
  (JSON.parse(readFileSync(`content/${brand}/menu.json`, 'utf8')) as { menus: Record<string, { items: MenuItem[] }> }).menus;
/** A content text in a locale, along the platform's chain (fr_CA → fr → en). */
const inLocale = (texts: Record<string, string>, locale: Locale) =>
  texts[locale] ?? texts[locale.split('_')[0]!] ?? texts.en ?? '';

describe('translations', () => {
  it.each(LOCALES)('%s has every key with matching placeholders', (locale) => {
    const texts = translations(locale);
    const missing = MESSAGE_KEYS.filter((key) => typeof texts[key] !== 'string' || texts[key].trim() === '');
    expect(missing, `keys missing in ${locale}.json`).toEqual([]);
    const mismatched = MESSAGE_KEYS.filter((key) => placeholders(texts[key]!).join() !== placeholders(FALLBACK_MESSAGES[key]).join());
    expect(mismatched, `placeholders differ from English in ${locale}.json`).toEqual([]);
    // en.json also names the catalogue's lists and categories for the platform (gameCategory.<slug>).
    const missingNames = Object.keys(ENGLISH).filter((key) => typeof texts[key] !== 'string' || texts[key].trim() === '');
    expect(missingNames, `keys of en.json missing in ${locale}.json`).toEqual([]);
  });

  it.each(LOCALES.filter((locale) => languageOf(locale) !== null))('%s translates every text, English only where its language writes it so', (locale) => {
    const texts = translations(locale);
    const untranslated = Object.keys(ENGLISH)
      .filter((key) => texts[key] === ENGLISH[key] && !mayMatchEnglish(locale, ENGLISH[key]!))
      .map((key) => `${key}: ${ENGLISH[key]}`);
    expect(untranslated, `${locale}.json texts left in English (translate them, or list a word its language writes so in same-as-english.ts)`).toEqual([]);
  });

  it('lists only words some locale of the language does write as English', () => {
    const used = new Set<string>();
    for (const locale of LOCALES) {
      const language = languageOf(locale);
      if (!language) continue;
      const texts = translations(locale);
      for (const key of Object.keys(ENGLISH)) if (texts[key] === ENGLISH[key]) used.add(`${language}:${ENGLISH[key]}`);
      for (const brand of BRANDS) {
        if (!brandLocales(brand).includes(locale)) continue;
        for (const menu of Object.values(menuItems(brand))) {
          for (const item of menu.items) if (inLocale(item.label, locale) === item.label.en) used.add(`${language}:${item.label.en}`);
        }
      }
    }
    const stale = Object.entries(SAME_AS_ENGLISH).flatMap(([language, words]) =>
      words.filter((word) => !used.has(`${language as Language}:${word}`)).map((word) => `${language}: ${word}`));
    expect(stale, 'same-as-english.ts words no text uses any more (remove them)').toEqual([]);
  });
});

describe.each(BRANDS)('the %s menus', (brand) => {
  const locales = brandLocales(brand);

  it('are translated in every locale of the brand', () => {
    const untranslated = locales.filter((locale) => languageOf(locale) !== null).flatMap((locale) =>
      Object.entries(menuItems(brand)).flatMap(([key, menu]) => menu.items
        .filter((item) => inLocale(item.label, locale) === item.label.en && !mayMatchEnglish(locale, item.label.en!))
        .map((item) => `${locale} ${key}.${item.id}: ${item.label.en}`)));
    expect(untranslated, `content/${brand}/menu.json labels left in English`).toEqual([]);
  });

  it('call a list or a page what the list or page calls itself', () => {
    // A menu may shorten "Game studios" to "Studios", but not give a list or a page a second name.
    const nameKey = (href: string) => {
      const list = /^\/game-list\/([a-z0-9-]+)\/$/.exec(href);
      if (list) return `gameList.${list[1]}`;
      const page = /^\/(raffle|jackpot|promotions)\/$/.exec(href);
      return page ? `page.${page[1]}.title` : null;
    };
    const renamed = locales.flatMap((locale) => {
      const texts = translations(locale);
      return Object.values(menuItems(brand)).flatMap((menu) => menu.items.flatMap((item) => {
        const key = nameKey(item.href);
        const label = inLocale(item.label, locale);
        return key && texts[key] && label.toLocaleLowerCase() !== texts[key].toLocaleLowerCase() ? [`${locale} ${item.id}: "${label}", the page says "${texts[key]}"`] : [];
      }));
    });
    expect(renamed, `content/${brand}/menu.json names things otherwise than their pages`).toEqual([]);
  });
});

/** The German texts (under "de" or "de_AT") anywhere in a content file. */
function germanTexts(value: unknown, key = ''): string[] {
  if (typeof value === 'string') return key === 'de' || key === 'de_AT' ? [value] : [];
  if (Array.isArray(value)) return value.flatMap((item) => germanTexts(item));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([name, item]) => germanTexts(item, name));
  return [];
}

describe('German lobby content', () => {
  // Issue 27: the lobby's German says du; its promotions said Sie beside it. (Legal documents keep their own register.)
  it.each(BRANDS)('%s addresses players as du, as the lobby does', (brand) => {
    const files = readdirSync(`content/${brand}`).filter((name) => name.endsWith('.json'));
    const formal = files.flatMap((name) => germanTexts(JSON.parse(readFileSync(`content/${brand}/${name}`, 'utf8')))
      .filter((text) => /\b(Sie|Ihnen|Ihr|Ihre|Ihrem|Ihren|Ihrer|Ihres)\b/.test(text))
      .map((text) => `${name}: ${text.slice(0, 80)}`));
    expect(formal, `content/${brand} German texts that say Sie`).toEqual([]);
  });
});

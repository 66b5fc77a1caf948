/**
 * The texts of the pages the platform serves itself (identity provider, sandbox banks, the
 * cashier's provider pages, demo games, the sportsbook), and how such a page picks its locale.
 *
 * They live here, in code, rather than in platform/data/translations/<locale>.json: those files are
 * the lobby's content (served through the `translations` query and edited while the platform
 * runs), while these pages render synchronously inside request handlers that must not fail on a
 * mistyped content file, and TypeScript checks every key a page uses. Base languages (en, fi, no,
 * de, fr, ja, et_EE, it) have a full table; regional locales hold only what differs and fall back
 * along the same chain as the lobby's content: de_AT → de → en, fr_CA → fr → en, en_NZ → en.
 */
import { LRUCache } from 'lru-cache';
import { fallbackChain, isLocale, LOCALES, type Locale } from './locales.ts';
import { EN, type PageTextKey } from './page-texts/en.ts';
import { DE } from './page-texts/de.ts';
import { ET_EE } from './page-texts/et_EE.ts';
import { FI } from './page-texts/fi.ts';
import { FR } from './page-texts/fr.ts';
import { IT } from './page-texts/it.ts';
import { JA } from './page-texts/ja.ts';
import { NO } from './page-texts/no.ts';
import { DE_AT, FR_CA } from './page-texts/regional.ts';

export type { PageTextKey } from './page-texts/en.ts';

/** A table of every key's text (a base language). */
export type PageTextTable = Record<PageTextKey, string>;

/** Each locale's own texts; what a locale lacks comes from the next locale of its fallback chain. */
export const PAGE_TEXT_TABLES: Readonly<Record<Locale, Partial<PageTextTable>>> = {
  en: EN, fi: FI, no: NO, de: DE, de_AT: DE_AT, en_CA: {}, fr: FR, fr_CA: FR_CA, en_IN: {}, en_NZ: {}, en_ZA: {}, ja: JA, et_EE: ET_EE, it: IT,
};

/** Every key, in the English table's order. */
export const PAGE_TEXT_KEYS = Object.keys(EN) as PageTextKey[];

/** The BCP 47 tag of a locale, as the lobby writes it (`de_AT` → `de-AT`, `no` → `nb-NO`). */
export function languageTag(locale: Locale): string {
  return locale === 'no' ? 'nb-NO' : locale.replace('_', '-');
}

/** A value put into a text: plain text (escaped in HTML) or ready-made HTML. */
export type TextValue = string | number | { html: string };

/** Escapes text for HTML element content and double-quoted attributes (the same rule as web/html.ts). */
function escape(value: unknown): string {
  return String(value ?? '').replace(/[&<>"'`]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** A page's locale with its texts and number formats. */
export interface PageLocale {
  locale: Locale;
  /** For `<html lang>` and Intl. */
  tag: string;
  /** The key's text with `{name}` placeholders filled in, as plain text (escape it when writing HTML). */
  t(key: PageTextKey, values?: Record<string, TextValue>): string;
  /** The key's text as HTML: the text and plain values escaped, `{ html }` values inserted as they are. */
  html(key: PageTextKey, values?: Record<string, TextValue>): string;
  /** The texts of every key starting with prefix, for a page script. */
  pick(prefix: string): Record<string, string>;
  /** An exact decimal amount ("1234.50") in the currency, formatted for the locale (€1,234.50 / 1 234,50 €). */
  money(amount: string, currency: string): string;
  /** An exact decimal ("2.35"), with the locale's decimal mark and no grouping (2,35), as a player would type it. */
  decimal(value: string): string;
}

const cache = new LRUCache<Locale, PageLocale>({ max: LOCALES.length });

/** The texts and formats of a locale (one of the fourteen). */
export function pageLocale(locale: Locale): PageLocale {
  const cached = cache.get(locale);
  if (cached) return cached;
  const chain = fallbackChain(locale).filter(isLocale).map((code) => PAGE_TEXT_TABLES[code]);
  const text = (key: PageTextKey): string => {
    for (const table of chain) {
      const found = table[key];
      if (found !== undefined) return found;
    }
    return EN[key];
  };
  const fill = (key: PageTextKey, values: Record<string, TextValue>, asHtml: boolean): string =>
    text(key)
      .split(/(\{\w+\})/)
      .map((part) => {
        const name = /^\{(\w+)\}$/.exec(part)?.[1];
        if (name === undefined || !(name in values)) return asHtml ? escape(part) : part;
        const value = values[name] as TextValue;
        if (typeof value === 'object') return asHtml ? value.html : value.html.replace(/<[^>]*>/g, '');
        return asHtml ? escape(value) : String(value);
      })
      .join('');
  const tag = languageTag(locale);
  const decimals = (value: string) => value.split('.')[1]?.length ?? 0;
  const created: PageLocale = {
    locale,
    tag,
    t: (key, values = {}) => fill(key, values, false),
    html: (key, values = {}) => fill(key, values, true),
    pick: (prefix) => Object.fromEntries(PAGE_TEXT_KEYS.filter((key) => key.startsWith(prefix)).map((key) => [key.slice(prefix.length), text(key)])),
    money(amount, currency) {
      if (!/^-?\d+(\.\d+)?$/.test(amount)) return `${amount} ${currency}`;
      try {
        const format = new Intl.NumberFormat(tag, { style: 'currency', currency, currencyDisplay: 'narrowSymbol', minimumFractionDigits: decimals(amount), maximumFractionDigits: decimals(amount) });
        // A numeric string is formatted from its exact digits (no float on the way).
        return format.format(amount as unknown as number);
      } catch {
        return `${amount} ${currency}`;
      }
    },
    decimal(value) {
      if (!/^-?\d+(\.\d+)?$/.test(value)) return value;
      return new Intl.NumberFormat(tag, { minimumFractionDigits: decimals(value), maximumFractionDigits: decimals(value), useGrouping: false }).format(value as unknown as number);
    },
  };
  cache.set(locale, created);
  return created;
}

/**
 * Reads a requested locale: one of the fourteen codes or a BCP 47 tag for one (`et-EE`, `fr-ca`,
 * `nb-NO` for no), or a space-separated list of them as in OIDC's ui_locales; null when nothing in
 * it is a locale the page may use. Never throws: a page falls back on anything it cannot read.
 */
export function requestedLocale(value: unknown, allowed: readonly string[] = LOCALES): Locale | null {
  if (typeof value !== 'string' || value.length > 200) return null;
  for (const entry of value.trim().split(/\s+/)) {
    const match = /^([A-Za-z]{2,3})(?:[-_]([A-Za-z]{2}))?$/.exec(entry);
    if (!match) continue;
    let language = (match[1] as string).toLowerCase();
    if (language === 'nb' || language === 'nn') language = 'no';
    const region = match[2]?.toUpperCase();
    // A bare language also names its only regional locale (et → et_EE).
    const candidates = [...(region ? [`${language}_${region}`] : []), language, ...allowed.filter((code) => code.startsWith(`${language}_`))];
    const found = candidates.find((candidate) => isLocale(candidate) && allowed.includes(candidate));
    if (found) return found as Locale;
  }
  return null;
}

/** A brand's default locale (the one flagged isDefault, else its first, else en). */
export function brandDefaultLocale(brand: { locales: readonly { locale: string; isDefault: boolean }[] }): Locale {
  const code = brand.locales.find((entry) => entry.isDefault)?.locale ?? brand.locales[0]?.locale ?? 'en';
  return isLocale(code) ? code : 'en';
}

/** The locale of a brand's page: the first requested one the brand offers, else the brand's default. */
export function brandPageLocale(brand: { locales: readonly { locale: string; isDefault: boolean }[] }, ...requested: unknown[]): PageLocale {
  const allowed = brand.locales.map((entry) => entry.locale);
  for (const value of requested) {
    const found = requestedLocale(value, allowed);
    if (found) return pageLocale(found);
  }
  return pageLocale(brandDefaultLocale(brand));
}

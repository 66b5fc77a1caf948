/**
 * The platform's own pages have every text in all fourteen locales: a base language's table has
 * every key (it never shows English), a regional locale gets the rest from its base language, and
 * placeholders match the English text. Also the locale parameter's parsing and the number formats.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fallbackChain, LOCALES } from '../src/i18n/locales.ts';
import { brandPageLocale, PAGE_TEXT_KEYS, PAGE_TEXT_TABLES, pageLocale, requestedLocale } from '../src/i18n/page-texts.ts';
import { EN } from '../src/i18n/page-texts/en.ts';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort().join();

describe('platform page texts', () => {
  it.each(LOCALES)('%s has every key in its own language, with the English placeholders', (locale) => {
    // Only English locales may end up at the English table; the others need a text of their own chain.
    const chain = fallbackChain(locale).filter((code) => code !== 'en' || locale.startsWith('en'));
    const tables = chain.map((code) => PAGE_TEXT_TABLES[code as keyof typeof PAGE_TEXT_TABLES] ?? {});
    const missing = PAGE_TEXT_KEYS.filter((key) => !tables.some((table) => typeof table[key] === 'string' && table[key]!.trim() !== ''));
    expect(missing, `keys without a ${locale} text (chain ${chain.join(' → ')})`).toEqual([]);
    const own = PAGE_TEXT_TABLES[locale];
    const unknown = Object.keys(own).filter((key) => !(key in EN));
    expect(unknown, `keys in ${locale} that en.ts does not have`).toEqual([]);
    const mismatched = Object.entries(own).filter(([key, text]) => placeholders(text as string) !== placeholders(EN[key as keyof typeof EN]));
    expect(mismatched.map(([key]) => key), `placeholders differ from English in ${locale}`).toEqual([]);
  });

  // Issue 27: the sandbox bank said "Sie" where the lobby's German says "du". The lobby addresses players
  // as du, so the platform's German pages do too: no formal Sie, Ihr or Ihnen (a sentence about "them"
  // is rephrased rather than starting with an ambiguous Sie).
  it('addresses German players as du, as the lobby does', () => {
    const formal = /\b(Sie|Ihnen|Ihr|Ihre|Ihrem|Ihren|Ihrer|Ihres)\b/;
    const lobby = JSON.parse(readFileSync('platform/data/translations/de.json', 'utf8')) as Record<string, string>;
    expect(Object.values(lobby).join(' ')).toMatch(/\b(du|dein|deine|dich|dir)\b/);
    for (const locale of ['de', 'de_AT'] as const) {
      const formalTexts = Object.entries(PAGE_TEXT_TABLES[locale]).filter(([, text]) => formal.test(text as string)).map(([key, text]) => `${key}: ${text}`);
      expect(formalTexts, `${locale} page texts that say Sie where the lobby says du`).toEqual([]);
    }
    expect(pageLocale('de_AT').t('bank.error.personMissing')).toBe('Wähle, wer du bist.');
  });

  it('regional locales fall back to their base language, then to English', () => {
    expect(pageLocale('de_AT').t('idp.signIn.submit')).toBe('Anmelden');
    expect(pageLocale('fr_CA').t('idp.field.email')).toBe('Courriel');
    expect(pageLocale('fr_CA').t('idp.field.password')).toBe('Mot de passe');
    expect(pageLocale('en_NZ').t('idp.field.password')).toBe('Password');
  });

  it('fills placeholders as text or as escaped HTML', () => {
    const fr = pageLocale('fr');
    expect(fr.t('idp.signIn.heading', { brand: 'Solenne' })).toBe('Se connecter à Solenne');
    expect(fr.html('idp.signIn.heading', { brand: '<b>' })).toBe('Se connecter à &#60;b&#62;');
    expect(fr.html('pay.intro', { amount: { html: '<strong>1</strong>' }, brand: 'A&B' })).toContain('Payez <strong>1</strong> à A&#38;B.');
  });

  it('gives each locale its html lang tag and number formats', () => {
    expect(pageLocale('no').tag).toBe('nb-NO');
    expect(pageLocale('et_EE').tag).toBe('et-EE');
    expect(pageLocale('fr').money('1234.50', 'EUR')).toBe('1\u202f234,50\u00a0€');
    expect(pageLocale('en').money('20.00', 'EUR')).toBe('€20.00');
    expect(pageLocale('ja').money('500', 'JPY')).toBe('￥500');
    expect(pageLocale('de').decimal('2.35')).toBe('2,35');
    // Exact digits: no float rounding on the way.
    expect(pageLocale('en').money('90071992547409.93', 'EUR')).toBe('€90,071,992,547,409.93');
  });

  it('reads locale parameters and ui_locales lists, refusing anything else', () => {
    expect(requestedLocale('et-EE')).toBe('et_EE');
    expect(requestedLocale('et')).toBe('et_EE');
    expect(requestedLocale('fr-ca')).toBe('fr_CA');
    expect(requestedLocale('nb-NO')).toBe('no');
    expect(requestedLocale('sv-SE de-AT')).toBe('de_AT');
    expect(requestedLocale('fr-CA', ['fr', 'en'])).toBe('fr');
    expect(requestedLocale('ja', ['fr', 'en'])).toBeNull();
    for (const bad of ['', 'xx', '"><script>alert(1)</script>', 'en_US_x', 'x'.repeat(500), null, 42]) expect(requestedLocale(bad)).toBeNull();
    const solenne = { locales: [{ locale: 'fr', isDefault: true }, { locale: 'en', isDefault: false }] };
    expect(brandPageLocale(solenne, '<img src=x>').locale).toBe('fr');
    expect(brandPageLocale(solenne, 'ja', 'en').locale).toBe('en');
    expect(brandPageLocale(solenne).locale).toBe('fr');
  });
});

/**
 * The brand's legal documents: `content/<brand>/legal/<document>.json` holds the terms and
 * conditions, the privacy policy and the bonus terms, each with a version, the day it was last
 * updated, and a title and body per locale (en required; a body is a list of HTML fragments that
 * the lobby sanitises before it renders them). Editors change them live like blocks.
 *
 * The version is the editor's: bump it when the meaning changes. Registration records the versions a
 * new player accepted (players/legal-acceptance.ts) and keeps a copy of each accepted version's text,
 * so `?version=` links keep showing what a player agreed to after the document moves on.
 *
 * What the brand file already says (the minimum age, the operator's name, the licence, the brand's
 * name) a text names by placeholder, `{minimumAge}`, filled from the brand when the document is
 * served, so the terms and the footer cannot disagree; an unknown placeholder is a content error.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { escapeHtml } from '../web/html.ts';
import { fallbackChain, LOCALES } from '../i18n/locales.ts';
import { FORM_WIDGETS } from './form-widgets.ts';

/** The legal documents a brand publishes, by their route (spec section 2). */
export const LEGAL_DOCUMENTS = ['terms-and-conditions', 'privacy-policy', 'bonus-terms-and-conditions'] as const;
export type LegalDocumentKind = (typeof LEGAL_DOCUMENTS)[number];

/** Whether a value names one of the legal documents. */
export function isLegalDocument(value: string): value is LegalDocumentKind {
  return (LEGAL_DOCUMENTS as readonly string[]).includes(value);
}

/** The documents a player accepts on registration. */
export const REGISTRATION_DOCUMENTS: readonly LegalDocumentKind[] = ['terms-and-conditions', 'privacy-policy'];

/** The folder of a brand's content holding its legal documents. */
export const LEGAL_FOLDER = 'legal';

const perLocale = <T extends z.ZodType>(value: T) =>
  z.strictObject({
    en: value,
    ...Object.fromEntries(LOCALES.filter((locale) => locale !== 'en').map((locale) => [locale, value.optional()])),
  }).meta({ 'x-widget': FORM_WIDGETS.localised }) as unknown as z.ZodObject<Record<string, T>>;

const fragment = z
  .string()
  .min(1)
  .max(20_000, 'at most 20,000 characters per fragment: split long sections into several fragments')
  .meta({ 'x-widget': FORM_WIDGETS.html });

/** `content/<brand>/legal/<document>.json`. */
export const legalDocumentFile = z.strictObject({
  $schema: z.string().optional(),
  /** A note for editors; ignored. */
  $comment: z.string().optional(),
  /** The editor's version name ("2026.2", "4"): bump it when the meaning changes. */
  version: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,31}$/, 'a short version name of letters, digits, dots, dashes or underscores, such as "2026.2"'),
  /** The day the text last changed (YYYY-MM-DD). */
  updated: z.iso.date('a date written YYYY-MM-DD, such as "2026-10-01"'),
  /** The document's title per locale; en required. */
  title: perLocale(z.string().trim().min(1).max(100)),
  /** The body per locale: HTML fragments (h2, h3, p, ul, ol, li, strong, em, a), en required. */
  body: perLocale(z.array(fragment).min(1, 'at least one fragment').max(200)),
});

export type LegalDocumentContent = z.infer<typeof legalDocumentFile>;

/** A legal document in one locale, as the lobby renders it. */
export interface LocalisedLegalDocument {
  document: LegalDocumentKind;
  version: string;
  updated: string;
  /** The locale the text is in (the requested one, or the first of its fallback chain that the document has). */
  locale: string;
  title: string;
  /** The body's HTML, not yet sanitised (the lobby sanitises it when rendering). */
  html: string;
  /** Whether this is the version in force now (false for an archived version a player accepted). */
  current: boolean;
}

/** The document's text in a locale, falling back along the locale's chain to en. */
export function localiseLegal(
  document: LegalDocumentKind,
  content: Pick<LegalDocumentContent, 'version' | 'updated' | 'title' | 'body'>,
  locale: string,
  current: boolean,
): LocalisedLegalDocument {
  const chain = fallbackChain(locale);
  const found = chain.find((candidate) => content.body[candidate] !== undefined && content.title[candidate] !== undefined) ?? 'en';
  return {
    document,
    version: content.version,
    updated: content.updated,
    locale: found,
    title: content.title[found] ?? content.title.en ?? '',
    html: (content.body[found] ?? content.body.en ?? []).join('\n'),
    current,
  };
}

/** The brand facts a legal text names by placeholder (`{minimumAge}`), filled from the brand file when served. */
export const LEGAL_PLACEHOLDERS = ['brandName', 'operatorName', 'licence', 'minimumAge'] as const;
export type LegalPlaceholder = (typeof LEGAL_PLACEHOLDERS)[number];

/** The values of the placeholders in one locale (plain text: a body gets them HTML-escaped). */
export type LegalValues = Record<LegalPlaceholder, string>;

/** `{name}`: a placeholder; other braces (`{ }`, `{1,2}`) are text. */
const PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9_]*)\}/g;

/** Each unknown placeholder of a document, where it is and what to write instead (empty when all are known). */
export function placeholderProblems(content: Pick<LegalDocumentContent, 'title' | 'body'>): string[] {
  const problems: string[] = [];
  const check = (text: string, where: string) => {
    for (const [, name] of text.matchAll(PLACEHOLDER)) {
      if (!(LEGAL_PLACEHOLDERS as readonly string[]).includes(name ?? '')) {
        problems.push(`field "${where}": unknown placeholder {${name}}: use one of ${LEGAL_PLACEHOLDERS.map((known) => `{${known}}`).join(', ')}, or write the text itself`);
      }
    }
  };
  for (const [locale, title] of Object.entries(content.title)) if (title !== undefined) check(title, `title.${locale}`);
  for (const [locale, fragments] of Object.entries(content.body)) fragments?.forEach((fragment, index) => check(fragment, `body.${locale}.${index}`));
  return problems;
}

/** A text with its placeholders filled (escape: the values are HTML-escaped, for a body fragment). */
function fill(text: string, values: LegalValues, escape: boolean): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = (values as Partial<Record<string, string>>)[name];
    if (value === undefined) return whole;
    return escape ? escapeHtml(value) : value;
  });
}

/** The document with every locale's placeholders filled by that locale's values. */
export function fillLegal<T extends Pick<LegalDocumentContent, 'title' | 'body'>>(content: T, valuesIn: (locale: string) => LegalValues): T {
  const title: Record<string, string> = {};
  const body: Record<string, string[]> = {};
  for (const [locale, text] of Object.entries(content.title)) if (text !== undefined) title[locale] = fill(text, valuesIn(locale), false);
  for (const [locale, fragments] of Object.entries(content.body)) if (fragments !== undefined) body[locale] = fragments.map((fragment) => fill(fragment, valuesIn(locale), true));
  return { ...content, title, body };
}

/** What a brand's legal texts are filled from (brand.json). */
export interface LegalBrand {
  id: string;
  title: string;
  operatorName: string;
  license: string;
  minimumAge: number;
}

/** The licence's authority as a locale names it ("the Malta Gaming Authority"); null when the locale has no name for it. */
export type LicenceNamer = (licence: string, locale: string) => Promise<string | null>;

/** The placeholder values of a brand for each of the given locales, the licence named along each locale's fallback chain. */
export async function legalValues(brand: LegalBrand, locales: readonly string[], licenceName: LicenceNamer): Promise<(locale: string) => LegalValues> {
  const byLocale = new Map<string, LegalValues>();
  for (const locale of locales) {
    let licence: string | null = null;
    for (const candidate of fallbackChain(locale)) {
      licence = await licenceName(brand.license, candidate);
      if (licence) break;
    }
    byLocale.set(locale, {
      brandName: brand.title,
      operatorName: brand.operatorName,
      licence: licence ?? brand.license.toUpperCase(),
      minimumAge: String(brand.minimumAge),
    });
  }
  return (locale) => byLocale.get(locale) ?? { brandName: brand.title, operatorName: brand.operatorName, licence: brand.license.toUpperCase(), minimumAge: String(brand.minimumAge) };
}

/**
 * The version of a starter document for a brand: the starter file's version and a fingerprint of the
 * brand facts filled into it ("starter-1.3f9a0c"), so a brand whose age or operator changes gets a new
 * version and the acceptances recorded before keep pointing at the text those players read.
 */
export function starterVersion(starterFileVersion: string, brand: LegalBrand): string {
  const facts = JSON.stringify([brand.title, brand.operatorName, brand.license, brand.minimumAge]);
  return `${starterFileVersion}.${createHash('sha256').update(facts).digest('hex').slice(0, 6)}`;
}

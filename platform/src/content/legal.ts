/**
 * The brand's legal documents: `content/<brand>/legal/<document>.json` holds the terms and
 * conditions, the privacy policy and the bonus terms, each with a version, the day it was last
 * updated, and a title and body per locale (en required; a body is a list of HTML fragments that
 * the lobby sanitises before it renders them). Editors change them live like blocks.
 *
 * The version is the editor's: bump it when the meaning changes. Registration records the versions a
 * new player accepted (players/legal-acceptance.ts) and keeps a copy of each accepted version's text,
 * so `?version=` links keep showing what a player agreed to after the document moves on.
 */
import { z } from 'zod';
import { fallbackChain, LOCALES } from '../i18n/locales.ts';

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
  }) as z.ZodObject<Record<string, T>>;

const fragment = z
  .string()
  .min(1)
  .max(20_000, 'at most 20,000 characters per fragment: split long sections into several fragments');

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

/**
 * Issue 14, legal pages: each brand's terms, privacy policy and bonus terms come from
 * content/<brand>/legal/<document>.json, per locale with a version and a last-updated date, live
 * like blocks (a broken save keeps the last good version and is reported); registration records the
 * versions the new player accepted, and an accepted version stays readable after the file moves on.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEGAL_DOCUMENTS, legalDocumentFile } from '../src/content/legal.ts';
import { LOGOS_FOLDER } from '../src/content/more-casinos.ts';
import { fallbackChain } from '../src/i18n/locales.ts';
import { bearer, CONTENT_DIR, DATABASES, signInBySms, startPlatform, type TestPlatform } from './helpers.ts';

const DOCUMENT = 'query ($d: String!, $l: String, $v: String) { legalDocument(document: $d, locale: $l, version: $v) { document version updated locale title html current } }';
const ACCEPTED = '{ viewer { player { legalAcceptances { document version source acceptedAt } } } }';

const terms = (version: string, updated: string, english: string) => ({
  $comment: 'test terms',
  version,
  updated,
  title: { en: 'Terms and conditions', fi: 'Käyttöehdot', de: 'Geschäftsbedingungen' },
  body: {
    en: ['<h2>1. Who we are</h2>', `<p>${english}</p>`],
    fi: ['<h2>1. Keitä olemme</h2>', '<p>Suomeksi.</p>'],
    de: ['<h2>1. Wer wir sind</h2>', '<p>Auf Deutsch.</p>'],
  },
});

describe.each(DATABASES)('legal documents, on $name', (database) => {
  let app: TestPlatform;
  let scratchDir: string;
  const legalDir = () => join(scratchDir, 'aurelia', 'legal');
  /** Writes a content file with a modification time of its own, as an editor's save would. */
  const save = (name: string, content: unknown) => {
    const file = join(legalDir(), name);
    writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
    const later = new Date(Date.now() + Math.floor(Math.random() * 100_000) + 1000);
    utimesSync(file, later, later);
  };

  beforeAll(async () => {
    scratchDir = mkdtempSync(join(tmpdir(), 'atrium-legal-'));
    cpSync(join(CONTENT_DIR, 'aurelia'), join(scratchDir, 'aurelia'), { recursive: true });
    cpSync(join(CONTENT_DIR, LOGOS_FOLDER), join(scratchDir, LOGOS_FOLDER), { recursive: true });
    rmSync(legalDir(), { recursive: true, force: true });
    mkdirSync(legalDir(), { recursive: true });
    save('terms-and-conditions.json', terms('2026.2', '2026-10-01', 'The first text.'));
    app = await startPlatform(database, { contentDir: scratchDir, auth: { smsResendCooldownSeconds: 0 } });
  });
  afterAll(async () => {
    await app?.close();
    rmSync(scratchDir, { recursive: true, force: true });
  });

  it('serves a document in the locale, falling back through the language to en', async () => {
    const finnish = (await app.gql(DOCUMENT, { d: 'terms-and-conditions', l: 'fi' })).data.legalDocument;
    expect(finnish).toEqual({
      document: 'terms-and-conditions', version: '2026.2', updated: '2026-10-01', locale: 'fi', title: 'Käyttöehdot',
      html: '<h2>1. Keitä olemme</h2>\n<p>Suomeksi.</p>', current: true,
    });
    expect((await app.gql(DOCUMENT, { d: 'terms-and-conditions', l: 'de_AT' })).data.legalDocument).toMatchObject({ locale: 'de', title: 'Geschäftsbedingungen' });
    expect((await app.gql(DOCUMENT, { d: 'terms-and-conditions', l: 'ja' })).data.legalDocument).toMatchObject({ locale: 'en', title: 'Terms and conditions' });
  });

  it('answers null for a document the brand has not written, and refuses an unknown document by name', async () => {
    expect((await app.gql(DOCUMENT, { d: 'privacy-policy' })).data.legalDocument).toBeNull();
    const unknown = await app.gql(DOCUMENT, { d: 'cookie-policy' });
    expect(unknown.errors?.[0]?.extensions).toMatchObject({ reason: 'BadUserInput', field: 'document' });
    expect(unknown.errors?.[0]?.message).toMatch(/use one of terms-and-conditions, privacy-policy, bonus-terms-and-conditions/);
  });

  it('keeps serving the last good version of a broken save and names the file, the field and the fix', async () => {
    const good = (await app.gql(DOCUMENT, { d: 'terms-and-conditions' })).data.legalDocument;
    const versionBefore = (await app.gql('{ contentVersion }')).data.contentVersion;
    save('terms-and-conditions.json', { ...terms('2026.2', '1 October', 'Broken.'), body: { fi: ['<p>Vain suomeksi.</p>'] } });
    try {
      expect((await app.gql('{ contentVersion }')).data.contentVersion).not.toBe(versionBefore);
      expect((await app.gql(DOCUMENT, { d: 'terms-and-conditions' })).data.legalDocument).toEqual(good);
      const problems = (await app.gql('{ contentProblems { file message } }')).data.contentProblems as { file: string; message: string }[];
      const problem = problems.find((entry) => entry.file.endsWith('aurelia/legal/terms-and-conditions.json'));
      expect(problem?.message).toMatch(/field "updated": a date written YYYY-MM-DD/);
      expect(problem?.message).toMatch(/field "body\.en"/);
    } finally {
      save('terms-and-conditions.json', terms('2026.2', '2026-10-01', 'The first text.'));
    }
    expect((await app.gql('{ contentProblems { file } }')).data.contentProblems).toEqual([]);
  });

  it('records the versions a new player accepted, and keeps an accepted version readable after the file moves on', async () => {
    save('privacy-policy.json', { ...terms('7', '2026-06-15', 'Privacy.'), title: { en: 'Privacy policy' }, body: { en: ['<p>Privacy.</p>'] } });
    const tokens = await signInBySms(app, '+3585559901');
    const accepted = (await app.gql(ACCEPTED, {}, bearer(tokens.accessToken))).data.viewer.player.legalAcceptances as { document: string; version: string; source: string }[];
    expect(accepted.map(({ document, version, source }) => ({ document, version, source })).sort((a, b) => a.document.localeCompare(b.document))).toEqual([
      { document: 'privacy-policy', version: '7', source: 'sms-registration' },
      { document: 'terms-and-conditions', version: '2026.2', source: 'sms-registration' },
    ]);

    // The editor publishes a new version: the page serves it, and the accepted one stays readable by its version.
    save('terms-and-conditions.json', terms('2026.3', '2026-11-20', 'The second text.'));
    expect((await app.gql(DOCUMENT, { d: 'terms-and-conditions' })).data.legalDocument).toMatchObject({ version: '2026.3', current: true, html: expect.stringContaining('The second text.') });
    const old = (await app.gql(DOCUMENT, { d: 'terms-and-conditions', v: '2026.2' })).data.legalDocument;
    expect(old).toMatchObject({ version: '2026.2', updated: '2026-10-01', current: false, html: expect.stringContaining('The first text.') });
    // A version no one accepted is not made up.
    expect((await app.gql(DOCUMENT, { d: 'terms-and-conditions', v: '1999.1' })).data.legalDocument).toBeNull();

    // A returning player accepts nothing new by signing in again.
    const again = await signInBySms(app, '+3585559901');
    expect((await app.gql(ACCEPTED, {}, bearer(again.accessToken))).data.viewer.player.legalAcceptances).toHaveLength(2);
  });
});

describe('the demo brands’ legal documents', () => {
  const brandsDir = fileURLToPath(new URL('../../brands/', import.meta.url));
  const brands = readdirSync(CONTENT_DIR).filter((name) => !name.startsWith('_'));

  it.each(brands)('%s publishes all three documents, valid, in every one of its languages', (brand) => {
    const locales = (JSON.parse(readFileSync(join(brandsDir, brand, 'brand.json'), 'utf8')) as { locales: { locale: string }[] }).locales.map((entry) => entry.locale);
    for (const document of LEGAL_DOCUMENTS) {
      const parsed = legalDocumentFile.safeParse(JSON.parse(readFileSync(join(CONTENT_DIR, brand, 'legal', `${document}.json`), 'utf8')));
      expect(parsed.success, `${brand}/legal/${document}.json: ${parsed.error?.message}`).toBe(true);
      const { title, body } = parsed.data!;
      for (const locale of locales) {
        // Its own text or its language's (en_NZ reads en, fr_CA reads fr), never English for a French page.
        const source = fallbackChain(locale).find((candidate) => body[candidate] !== undefined);
        expect(source === 'en' && !locale.startsWith('en') ? null : source, `${brand} ${document} in ${locale}`).toBeTruthy();
        expect(title[source!]).toBeTruthy();
      }
      expect(body.en?.join('')).toMatch(/<h2>/);
    }
  });
});

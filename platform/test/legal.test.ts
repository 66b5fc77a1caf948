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
import {
  fillLegal, LEGAL_DOCUMENTS, legalDocumentFile, legalValues, placeholderProblems, starterVersion, type LegalBrand,
} from '../src/content/legal.ts';
import { STARTER_CONTENT_DIR } from '../src/content/store.ts';
import { LOCALES } from '../src/i18n/locales.ts';
import { LOGOS_FOLDER } from '../src/content/more-casinos.ts';
import { fallbackChain } from '../src/i18n/locales.ts';
import { bearer, CONTENT_DIR, DATABASES, FIXTURE_BRANDS, freshSmsPlayer, signInBySms, startPlatform, type TestPlatform } from './helpers.ts';

const DOCUMENT = 'query ($d: String!, $l: String, $v: String) { legalDocument(document: $d, locale: $l, version: $v) { document version updated locale title html current } }';
const ACCEPTED = '{ viewer { player { legalAcceptances { document version source acceptedAt } } } }';
const ACCEPTED_VERSIONS = '{ viewer { player { termsAccepted termsAcceptedVersion privacyPolicyAccepted privacyPolicyAcceptedVersion } } }';
/** A brand file's facts the legal texts are filled from (operatorName defaults to the title, minimumAge to 18). */
const brandFile = (brand: string, dir = fileURLToPath(new URL('../../brands/', import.meta.url))) => {
  const json = JSON.parse(readFileSync(join(dir, brand, 'brand.json'), 'utf8')) as { title: string; operatorName?: string; license: string; minimumAge?: number };
  return { ...json, operatorName: json.operatorName ?? json.title, minimumAge: json.minimumAge ?? 18 };
};

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

  it('serves the starter document, filled from the brand file and versioned for it, where the brand has not written its own', async () => {
    const aurelia = brandFile('aurelia', FIXTURE_BRANDS);
    const starter = JSON.parse(readFileSync(join(STARTER_CONTENT_DIR, 'legal', 'bonus-terms-and-conditions.json'), 'utf8')) as { version: string };
    const version = starterVersion(starter.version, { id: 'aurelia', ...aurelia });
    const german = (await app.gql(DOCUMENT, { d: 'bonus-terms-and-conditions', l: 'de_AT' })).data.legalDocument;
    expect(german).toMatchObject({ version, locale: 'de', title: 'Bonusbedingungen', current: true });
    expect(german.html).toContain(`Boni stehen Spielern ab ${aurelia.minimumAge} Jahren mit einem verifizierten ${aurelia.title}-Konto zur Verfügung`);
    expect(german.html).toContain(`${aurelia.operatorName} kann einen Bonus`);
    const finnish = (await app.gql(DOCUMENT, { d: 'privacy-policy', l: 'fi' })).data.legalDocument;
    expect(finnish).toMatchObject({ locale: 'fi', title: 'Tietosuojaseloste' });
    expect(finnish.html).toContain('toimiluvan myöntäjä: Maltan rahapeliviranomainen Malta Gaming Authority');
    expect(`${german.html}${finnish.html}`).not.toMatch(/\{[A-Za-z]+\}/);
    // The operator's status page says which documents are the starter ones.
    const problems = (await app.gql('{ contentProblems { file message } }')).data.contentProblems as { file: string; message: string }[];
    expect(problems.find((problem) => problem.file.endsWith('aurelia/legal/'))?.message).toMatch(
      /has no privacy-policy\.json, bonus-terms-and-conditions\.json: using the starter legal texts/,
    );
  });

  it('fills the placeholders of the brand’s own text, and refuses an unknown one by name, keeping the last good version', async () => {
    save('bonus-terms-and-conditions.json', {
      ...terms('9', '2026-11-01', 'Players aged {minimumAge} or over; {operatorName} & co, licensed by {licence}.'),
      title: { en: 'Bonus terms of {brandName}' },
      body: { en: ['<p>Players aged {minimumAge} or over; {operatorName} &amp; co, licensed by {licence}.</p>'] },
    });
    try {
      const filled = (await app.gql(DOCUMENT, { d: 'bonus-terms-and-conditions' })).data.legalDocument;
      expect(filled).toMatchObject({ version: '9', title: 'Bonus terms of Aurelia Casino', html: '<p>Players aged 18 or over; Northstar Gaming Ltd &amp; co, licensed by the Malta Gaming Authority.</p>' });
      save('bonus-terms-and-conditions.json', { ...terms('10', '2026-11-02', 'x'), title: { en: 'Bonus terms' }, body: { en: ['<p>Aged {minimumage} or over.</p>'] } });
      expect((await app.gql(DOCUMENT, { d: 'bonus-terms-and-conditions' })).data.legalDocument).toEqual(filled);
      const problems = (await app.gql('{ contentProblems { file message } }')).data.contentProblems as { file: string; message: string }[];
      expect(problems.find((problem) => problem.file.endsWith('aurelia/legal/bonus-terms-and-conditions.json'))?.message).toMatch(
        /field "body\.en\.0": unknown placeholder \{minimumage\}: use one of \{brandName\}, \{operatorName\}, \{licence\}, \{minimumAge\}/,
      );
    } finally {
      rmSync(join(legalDir(), 'bonus-terms-and-conditions.json'));
    }
  });

  it('refuses an unknown document by name', async () => {
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
    // Left: only the notice that the brand's other documents are the starter ones.
    expect(((await app.gql('{ contentProblems { file } }')).data.contentProblems as { file: string }[]).filter((problem) => !problem.file.endsWith('/'))).toEqual([]);
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
    expect((await app.gql(ACCEPTED_VERSIONS, {}, bearer(again.accessToken))).data.viewer.player).toEqual({
      termsAccepted: true, termsAcceptedVersion: '2026.2', privacyPolicyAccepted: true, privacyPolicyAcceptedVersion: '7',
    });
  });

  it('a brand with no legal documents records the starter versions its new player read, filled as they read them', async () => {
    const vantor = brandFile('vantor', FIXTURE_BRANDS);
    const { headers } = await freshSmsPlayer(app, 'vantor');
    const player = (await app.gql(ACCEPTED_VERSIONS, {}, headers)).data.viewer.player;
    const terms = (await app.gql(DOCUMENT, { d: 'terms-and-conditions', l: 'et_EE' }, { 'x-brand': 'vantor' })).data.legalDocument;
    expect(terms.version).toMatch(/^starter-1\.[0-9a-f]{6}$/);
    expect(terms.html).toContain(`vähemalt ${vantor.minimumAge}-aastane`);
    expect(player).toEqual({
      termsAccepted: true, termsAcceptedVersion: terms.version, privacyPolicyAccepted: true,
      privacyPolicyAcceptedVersion: (await app.gql(DOCUMENT, { d: 'privacy-policy' }, { 'x-brand': 'vantor' })).data.legalDocument.version,
    });
    // The accepted copy is the filled text: the link to it shows what the player read.
    const { rows } = await app.platform.db.query<{ content: string | { body: Record<string, string[]> } }>(
      `select content from legal_document_versions where brand = 'vantor' and document = 'terms-and-conditions' and version = $1`, [terms.version],
    );
    const stored = typeof rows[0]?.content === 'string' ? (JSON.parse(rows[0].content) as { body: Record<string, string[]> }) : rows[0]?.content;
    expect(stored?.body.et_EE?.join('\n')).toBe(terms.html);
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
      expect(placeholderProblems(parsed.data!), `${brand}/legal/${document}.json`).toEqual([]);
    }
  });

  it.each(brands)('%s names its age, operator and licence only by placeholder, so its texts agree with its brand file', (brand) => {
    const settings = brandFile(brand);
    for (const document of LEGAL_DOCUMENTS) {
      const text = readFileSync(join(CONTENT_DIR, brand, 'legal', `${document}.json`), 'utf8');
      expect(text, `${brand}/legal/${document}.json`).not.toContain(settings.operatorName);
      // An age written out ("at least 18", "18歳以上") instead of {minimumAge}.
      expect(text, `${brand}/legal/${document}.json`).not.toMatch(/\b(1[89]|2[0-5])(\b|歳)/);
    }
    const terms = JSON.parse(readFileSync(join(CONTENT_DIR, brand, 'legal', 'terms-and-conditions.json'), 'utf8')) as { body: Record<string, string[]> };
    for (const [locale, fragments] of Object.entries(terms.body)) {
      for (const placeholder of ['{operatorName}', '{licence}', '{minimumAge}']) expect(fragments.join(''), `${brand} terms in ${locale}`).toContain(placeholder);
    }
  });
});

describe('legal placeholders', () => {
  const brand: LegalBrand = { id: 'mybrand', title: 'My <Brand>', operatorName: 'Smith & Sons Ltd', license: 'mga', minimumAge: 19 };
  const names: Record<string, string> = { en: 'the Malta Gaming Authority', fr: 'la Malta Gaming Authority' };
  const namer = async (_licence: string, locale: string) => names[locale] ?? null;

  it('fills each locale from the brand, HTML-escaped in the body, plain in the title, the licence named along the locale’s chain', async () => {
    const content = {
      title: { en: '{brandName} terms', fr: 'Conditions de {brandName}' },
      body: { en: ['<p>{operatorName}, licensed by {licence}, from {minimumAge}.</p>'], fr: ['<p>Agréé par {licence}, dès {minimumAge} ans.</p>'] },
    };
    const filled = fillLegal(content, await legalValues(brand, ['en', 'fr'], namer));
    expect(filled.title).toEqual({ en: 'My <Brand> terms', fr: 'Conditions de My <Brand>' });
    expect(filled.body).toEqual({
      en: ['<p>Smith &#38; Sons Ltd, licensed by the Malta Gaming Authority, from 19.</p>'],
      fr: ['<p>Agréé par la Malta Gaming Authority, dès 19 ans.</p>'],
    });
    // fr_CA has no name of its own: its language's. A locale with none anywhere: the licence code.
    expect((await legalValues(brand, ['fr_CA'], namer))('fr_CA').licence).toBe('la Malta Gaming Authority');
    expect((await legalValues(brand, ['ja'], async () => null))('ja').licence).toBe('MGA');
  });

  it('names each unknown placeholder with where it is, and leaves other braces alone', () => {
    expect(placeholderProblems({ title: { en: 'Terms {brandname}' }, body: { en: ['<p>{minimumAge} { not one } {1,2}</p>', '<p>{operator}</p>'] } })).toEqual([
      'field "title.en": unknown placeholder {brandname}: use one of {brandName}, {operatorName}, {licence}, {minimumAge}, or write the text itself',
      'field "body.en.1": unknown placeholder {operator}: use one of {brandName}, {operatorName}, {licence}, {minimumAge}, or write the text itself',
    ]);
  });

  it('versions a starter document per brand: a change of what is filled in is a new version', () => {
    expect(starterVersion('starter-1', brand)).toMatch(/^starter-1\.[0-9a-f]{6}$/);
    expect(starterVersion('starter-1', { ...brand, id: 'other' })).toBe(starterVersion('starter-1', brand));
    for (const change of [{ minimumAge: 21 }, { operatorName: 'Other Ltd' }, { license: 'est' }, { title: 'Renamed' }]) {
      expect(starterVersion('starter-1', { ...brand, ...change })).not.toBe(starterVersion('starter-1', brand));
    }
  });

  it.each(LEGAL_DOCUMENTS)('the starter %s is valid, uses known placeholders only, and speaks every locale (its own or its language)', (document) => {
    const parsed = legalDocumentFile.safeParse(JSON.parse(readFileSync(join(STARTER_CONTENT_DIR, 'legal', `${document}.json`), 'utf8')));
    expect(parsed.success, parsed.error?.message).toBe(true);
    expect(placeholderProblems(parsed.data!)).toEqual([]);
    for (const locale of LOCALES) {
      const source = fallbackChain(locale).find((candidate) => parsed.data!.body[candidate] !== undefined);
      expect(source === 'en' && !locale.startsWith('en') ? null : source, `${document} in ${locale}`).toBeTruthy();
    }
    expect(parsed.data!.body.en?.join('')).toContain('{operatorName}');
  });
});

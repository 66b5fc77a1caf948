/**
 * Issue 14, legal pages: /terms-and-conditions/, /privacy-policy/ and /bonus-terms-and-conditions/
 * serve each brand's documents from content/<brand>/legal/ in the page's locale with their version
 * and last-updated date, sanitised, live on an editor's save; the identity provider's registration
 * checkbox links to the version it records, and that version stays readable once the terms move on.
 * Serial: the tests edit the content copy the server reads.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from './support/test.ts';
import { seriousViolations } from './support/axe.ts';
import { emailCode, graphql } from './support/player.ts';
import { brandOrigin, E2E_PORT } from './support/urls.ts';

test.describe.configure({ mode: 'serial' });

const CONTENT = `.data/e2e-${E2E_PORT}-content`;
const DOCUMENTS = ['terms-and-conditions', 'privacy-policy', 'bonus-terms-and-conditions'] as const;
interface LegalFile { version: string; updated: string; title: Record<string, string>; body: Record<string, string[]> }
const legalFile = (brand: string, document: string) => path.join(CONTENT, brand, 'legal', `${document}.json`);
const readLegal = (brand: string, document: string) => JSON.parse(readFileSync(legalFile(brand, document), 'utf8')) as LegalFile;
const article = (page: Page) => page.getByTestId('legal-document');

test.describe('legal pages', () => {
  for (const [brand, locale, language] of [['solenne', 'fr', 'fr'], ['vantor', 'et_EE', 'et_EE'], ['kororaa', 'ja', 'ja'], ['mapleridge', 'fr_CA', 'fr']] as const) {
    test(`${brand} serves its three documents in ${locale} and in English, with version and date`, async ({ page }) => {
      for (const document of DOCUMENTS) {
        const content = readLegal(brand, document);
        for (const [pageLocale, textLocale] of [[locale, language], ['en', 'en']] as const) {
          // mapleridge speaks en_CA, not en: its English page is /en_CA/.
          const shown = brand === 'mapleridge' && pageLocale === 'en' ? 'en_CA' : pageLocale;
          await page.goto(`${brandOrigin(brand)}/${shown}/${document}/`);
          await expect(article(page).getByRole('heading', { level: 1 })).toHaveText(content.title[textLocale]!);
          await expect(article(page)).toHaveAttribute('data-version', content.version);
          await expect(article(page).locator('.legal__meta')).toContainText(content.version);
          const sections = article(page).getByRole('heading', { level: 2 });
          expect(await sections.count()).toBe((content.body[textLocale] ?? []).filter((fragment) => fragment.startsWith('<h2>')).length);
          await expect(sections.first()).toHaveText(/^1\. /);
        }
      }
    });
  }

  test('the date follows the locale, the page is axe-clean, and the footer links lead to it', async ({ page }) => {
    await page.goto(`${brandOrigin('aurelia')}/fi/`);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Käyttöehdot' }).click();
    await expect(page).toHaveURL(`${brandOrigin('aurelia')}/fi/terms-and-conditions/`);
    await expect(article(page).locator('.legal__meta')).toHaveText('Versio 2026.2 · Päivitetty viimeksi 1. lokakuuta 2026');
    await expect(page.locator('html')).toHaveAttribute('data-page-layout', 'basic');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('an editor’s save shows on the next load, sanitised: no script, no handler, no javascript: link', async ({ page }) => {
    const file = legalFile('aurelia', 'bonus-terms-and-conditions');
    const original = readFileSync(file, 'utf8');
    const content = JSON.parse(original) as LegalFile;
    try {
      const edited = structuredClone(content);
      edited.version = '2026.9';
      edited.body.en = [
        '<h2>1. Freshly edited</h2>',
        '<p onclick="window.__clicked = true">Read the <a href="javascript:window.__pwned = true">small print</a> and <a href="/promotions/">the offers</a>.</p>',
        '<script>window.__pwned = true</script><img src="/nothing.png" onerror="window.__pwned = true">',
      ];
      writeFileSync(file, JSON.stringify(edited, null, 2));
      await expect(async () => {
        await page.goto(`${brandOrigin('aurelia')}/en/bonus-terms-and-conditions/`);
        await expect(article(page)).toHaveAttribute('data-version', '2026.9', { timeout: 1000 });
      }).toPass({ timeout: 10_000 });
      const body = article(page).locator('.legal__body');
      await expect(body.getByRole('heading', { level: 2 })).toHaveText('1. Freshly edited');
      await expect(body.locator('script, img, [onclick], [onerror]')).toHaveCount(0);
      // The javascript: link keeps its words and loses its href.
      await expect(body.locator('a', { hasText: 'small print' })).not.toHaveAttribute('href');
      // Internal links get the page's locale.
      await expect(body.getByRole('link', { name: 'the offers' })).toHaveAttribute('href', '/en/promotions/');
      await body.getByText('Read the').click();
      expect(await page.evaluate(() => ({ pwned: (window as { __pwned?: boolean }).__pwned, clicked: (window as { __clicked?: boolean }).__clicked }))).toEqual({});
    } finally {
      writeFileSync(file, original);
    }
  });

  test('the registration checkbox links to the versions it records; the accepted version stays readable when the terms move on', async ({ page, context }) => {
    const terms = readLegal('solenne', 'terms-and-conditions');
    const privacy = readLegal('solenne', 'privacy-policy');
    await page.goto(`${brandOrigin('solenne')}/fr/register/`);
    await page.getByRole('button', { name: /Continuer/ }).click();
    await expect(page).toHaveURL(/\/auth\/realms\/solenne\/login-actions\//);
    const termsLink = page.getByRole('link', { name: `conditions générales (version ${terms.version})` });
    await expect(termsLink).toHaveAttribute('href', `/fr/terms-and-conditions/?version=${terms.version}`);
    await expect(page.getByRole('link', { name: `politique de confidentialité (version ${privacy.version})` })).toHaveAttribute('href', `/fr/privacy-policy/?version=${privacy.version}`);
    // The link opens in a new tab, so the half-filled form stays.
    const [tab] = await Promise.all([context.waitForEvent('page'), termsLink.click()]);
    await expect(article(tab!)).toHaveAttribute('data-version', terms.version);
    await tab!.close();

    const email = `legal-${Date.now()}@example.com`;
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Mot de passe').fill('Secret-pass-9');
    await page.getByLabel('Prénom').fill('Ada');
    await page.getByLabel('Nom', { exact: true }).fill('Lovelace');
    await page.getByLabel('Date de naissance').fill('1990-12-10');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Créer le compte' }).click();
    await page.getByLabel('Code reçu par e-mail').fill(await emailCode(page.request, 'solenne', email));
    await page.getByRole('button', { name: 'Confirmer et créer le compte' }).click();
    await expect(page).toHaveURL(`${brandOrigin('solenne')}/fr/`);
    const token = (await context.cookies()).find((cookie) => cookie.name === 'keycloakAccessToken')?.value;
    expect(token).toBeTruthy();
    const { viewer } = await graphql<{ viewer: { player: { legalAcceptances: { document: string; version: string; source: string }[] } } }>(
      page.request, 'solenne', '{ viewer { player { legalAcceptances { document version source } } } }', {}, token,
    );
    expect(viewer.player.legalAcceptances.map(({ document, version, source }) => `${document}@${version}:${source}`).sort()).toEqual([
      `privacy-policy@${privacy.version}:idp-registration`,
      `terms-and-conditions@${terms.version}:idp-registration`,
    ]);

    // The operator publishes new terms: the page shows them, and the accepted version by its link, marked as replaced.
    const file = legalFile('solenne', 'terms-and-conditions');
    const original = readFileSync(file, 'utf8');
    try {
      writeFileSync(file, JSON.stringify({ ...terms, version: 'e2e-next', updated: '2026-11-25' }, null, 2));
      await expect(async () => {
        await page.goto(`${brandOrigin('solenne')}/fr/terms-and-conditions/`);
        await expect(article(page)).toHaveAttribute('data-version', 'e2e-next', { timeout: 1000 });
      }).toPass({ timeout: 10_000 });
      await page.goto(`${brandOrigin('solenne')}/fr/terms-and-conditions/?version=${terms.version}`);
      await expect(article(page)).toHaveAttribute('data-version', terms.version);
      await expect(page.getByTestId('legal-archived')).toContainText(`Voici la version ${terms.version}, telle que vous l’avez acceptée.`);
      await page.getByTestId('legal-archived').getByRole('link', { name: 'Lire la version en vigueur' }).click();
      await expect(article(page)).toHaveAttribute('data-version', 'e2e-next');
    } finally {
      writeFileSync(file, original);
    }
  });

  test('the terms say the age, operator and licence the brand file and the footer say (kororaa: 20)', async ({ page }) => {
    const kororaa = JSON.parse(readFileSync(path.join(`.data/e2e-${E2E_PORT}-brands`, 'kororaa', 'brand.json'), 'utf8')) as { minimumAge: number; operatorName: string };
    expect(kororaa.minimumAge).toBe(20);
    await page.goto(`${brandOrigin('kororaa')}/en/terms-and-conditions/`);
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText('You must be 20 or older to play.');
    await expect(footer).toContainText('Licensed and regulated by the Curaçao Gaming Control Board.');
    await expect(article(page)).toContainText('To open an account you must be at least 20 years old');
    await expect(article(page)).toContainText(`Kororā Play is operated by ${kororaa.operatorName}, licensed and regulated by the Curaçao Gaming Control Board.`);
    await page.goto(`${brandOrigin('kororaa')}/ja/bonus-terms-and-conditions/`);
    await expect(article(page)).toContainText('20歳以上');
    await expect(article(page)).not.toContainText(/\{[A-Za-z]+\}|18歳/);
  });

  test('a passwordless sign-up says that continuing accepts the terms, with links', async ({ page }) => {
    await page.goto(`${brandOrigin('kororaa')}/en/register/`);
    const notice = page.getByTestId('legal-notice');
    await expect(notice).toHaveText('New here? Continuing creates your account, and you accept our terms and conditions and privacy policy.');
    await expect(notice.getByRole('link', { name: 'terms and conditions' })).toHaveAttribute('href', '/en/terms-and-conditions/');
    await expect(notice.getByRole('link', { name: 'privacy policy' })).toHaveAttribute('href', '/en/privacy-policy/');
  });

  test('a legal page fits a phone: nothing wider than the screen @phone', async ({ page }) => {
    await page.goto(`${brandOrigin('nordvik')}/de_AT/privacy-policy/`);
    await expect(article(page).getByRole('heading', { level: 1 })).toHaveText(readLegal('nordvik', 'privacy-policy').title.de!);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

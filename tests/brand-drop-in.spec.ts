/**
 * Operators: a brand folder dropped into brands/ while Atrium runs answers at its host within
 * seconds (lobby and platform both pick it up), with the starter lobby and menu while it has no
 * content of its own; a broken edit of its brand.json is refused and reported while the last good
 * version keeps serving, and the fix goes live. Without legal documents of its own it serves the
 * starter ones, filled from its brand file, and a sign-up records the starter version the player read
 * (issue 27). The server reads a per-run copy of brands/ (playwright.config.ts), so the repo's folder
 * is never written.
 */
import { expect, test } from './support/test.ts';
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { graphql, smsCode, unique } from './support/player.ts';
import { brandHost, brandOrigin, E2E_PORT, LOOPBACK } from './support/urls.ts';

/** The copy of brands/ the test server reads (made by playwright.config.ts). */
const E2E_BRANDS_DIR = `.data/e2e-${E2E_PORT}-brands`;
const folder = path.join(E2E_BRANDS_DIR, 'mybrand');
const brandFile = path.join(folder, 'brand.json');
const writeBrand = (change: (json: Record<string, unknown>) => void) => {
  const json = JSON.parse(readFileSync(path.join(E2E_BRANDS_DIR, 'vantor', 'brand.json'), 'utf8')) as Record<string, unknown>;
  Object.assign(json, { brand: 'mybrand', title: 'My Brand', hosts: ['mybrand.localhost'] });
  change(json);
  writeFileSync(brandFile, JSON.stringify(json, null, 2));
};

test('a dropped-in brand goes live without a restart, and a broken edit keeps its last good version', async ({ page, request }) => {
  test.setTimeout(90_000);
  const status = async () => (await request.get(`${LOOPBACK}/`, { headers: brandHost('mybrand'), maxRedirects: 0 })).status();
  rmSync(folder, { recursive: true, force: true });
  expect(await status()).toBe(404);
  try {
    cpSync(path.join(E2E_BRANDS_DIR, 'vantor'), folder, { recursive: true });
    writeBrand(() => {});
    await expect.poll(status, { timeout: 8000, intervals: [200] }).not.toBe(404);

    await page.goto(`${brandOrigin('mybrand')}/`);
    await expect(page).toHaveTitle(/My Brand/);
    // No content/mybrand/ yet: the starter lobby (a hero and game rails) and the starter menu.
    await expect(page.locator('.lobby [data-block]').first()).toBeVisible();
    expect(await page.locator('.lobby [data-block="hot-games"]').count()).toBe(1);
    expect(await page.locator('.main-menu').getByRole('link').count()).toBeGreaterThan(3);
    await page.goto(`${brandOrigin('mybrand')}/internal/content/`);
    await expect(page.getByRole('region', { name: 'Content status' })).toContainText('using the starter lobby');

    // A broken edit is refused with its file; the last good version keeps serving.
    writeFileSync(brandFile, '{ "brand": "mybrand", "title": ');
    const brandStatus = page.getByRole('region', { name: 'Brand status' });
    await expect(async () => {
      await page.goto(`${brandOrigin('aurelia')}/internal/content/`);
      await expect(brandStatus).toContainText(/mybrand.brand\.json: not valid JSON/, { timeout: 1000 });
    }).toPass({ timeout: 8000 });
    await page.goto(`${brandOrigin('mybrand')}/`);
    await expect(page).toHaveTitle(/My Brand/);

    // The fix goes live and the problem clears.
    writeBrand((json) => {
      json.title = 'My Mended Brand';
    });
    await expect(async () => {
      await page.goto(`${brandOrigin('mybrand')}/`);
      await expect(page).toHaveTitle(/My Mended Brand/, { timeout: 1000 });
    }).toPass({ timeout: 8000 });
    await page.goto(`${brandOrigin('mybrand')}/internal/content/`);
    await expect(brandStatus).toContainText('No brand folder is refused');
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  await expect.poll(status, { timeout: 8000, intervals: [200] }).toBe(404);
});

test('a dropped-in brand without content has starter legal texts from its brand file, and a sign-up records the version it showed', async ({ page, request, context }) => {
  test.setTimeout(90_000);
  const id = 'starterlegal';
  const dropped = path.join(E2E_BRANDS_DIR, id);
  const status = async () => (await request.get(`${LOOPBACK}/`, { headers: brandHost(id), maxRedirects: 0 })).status();
  rmSync(dropped, { recursive: true, force: true });
  try {
    cpSync(path.join(E2E_BRANDS_DIR, 'vantor'), dropped, { recursive: true });
    const json = JSON.parse(readFileSync(path.join(E2E_BRANDS_DIR, 'vantor', 'brand.json'), 'utf8')) as Record<string, unknown>;
    Object.assign(json, {
      brand: id, title: 'Starter Casino', operatorName: 'Starter Gaming OÜ', minimumAge: 19, hosts: [`${id}.localhost`],
      flows: { default: { registration: 'sms', login: 'sms' }, byCountry: {} },
    });
    writeFileSync(path.join(dropped, 'brand.json'), JSON.stringify(json, null, 2));
    await expect.poll(status, { timeout: 8000, intervals: [200] }).not.toBe(404);

    // Its terms in both its locales: the starter text with its operator, licence and age, one version.
    const article = page.getByTestId('legal-document');
    // The lobby serves the brand as soon as it reads the file; the platform (its legal texts) reads
    // brands/ on its own watch, a moment later on a loaded host: load the page until it has them.
    await expect(async () => {
      await page.goto(`${brandOrigin(id)}/et_EE/terms-and-conditions/`);
      await expect(article.getByRole('heading', { level: 1 })).toHaveText('Kasutustingimused', { timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await expect(article).toContainText('Starter Casino teenust pakub Starter Gaming OÜ. Tegevusloa andja ja järelevalvaja: Maksu- ja Tolliamet.');
    await expect(article).toContainText('pead olema vähemalt 19-aastane');
    const version = await article.getAttribute('data-version');
    expect(version).toMatch(/^starter-1\.[0-9a-f]{6}$/);
    await page.goto(`${brandOrigin(id)}/en/terms-and-conditions/`);
    await expect(article.getByRole('heading', { level: 1 })).toHaveText('Terms and conditions');
    await expect(article).toContainText('Starter Casino is operated by Starter Gaming OÜ, licensed and regulated by the Estonian Tax and Customs Board.');
    await expect(article).toContainText('you must be at least 19 years old');
    await expect(article).toHaveAttribute('data-version', version!);
    await page.goto(`${brandOrigin(id)}/en/privacy-policy/`);
    const privacyVersion = await article.getAttribute('data-version');
    expect(privacyVersion).toMatch(/^starter-1\./);

    // The starter hero speaks to players; the operator's status page says what is starter.
    await page.goto(`${brandOrigin(id)}/en/`);
    await expect(page.locator('.lobby [data-block="hero"]')).toContainText('Games worth your time');
    await expect(page.locator('.lobby')).not.toContainText('content/');
    await page.goto(`${brandOrigin(id)}/internal/content/`);
    await expect(page.getByRole('region', { name: 'Content status' })).toContainText(
      'has no terms-and-conditions.json, privacy-policy.json, bonus-terms-and-conditions.json: using the starter legal texts',
    );

    // A new player signs up by SMS under the notice that links the terms: the version they read is recorded.
    const phone = `+3725${unique().slice(-7)}`;
    await page.goto(`${brandOrigin(id)}/en/register/`);
    await expect(page.getByTestId('legal-notice').getByRole('link', { name: 'terms and conditions' })).toHaveAttribute('href', '/en/terms-and-conditions/');
    await page.getByLabel('Mobile number').fill(phone);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page).toHaveURL(/\/en\/enter-code\/$/);
    await page.getByLabel('Code from the text message').fill(await smsCode(page.request, id, phone));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(`${brandOrigin(id)}/en/`);
    const token = (await context.cookies()).find((cookie) => cookie.name === 'accessToken')?.value;
    expect(token).toBeTruthy();
    const { viewer } = await graphql<{ viewer: { player: { termsAccepted: boolean; termsAcceptedVersion: string; privacyPolicyAcceptedVersion: string; legalAcceptances: { document: string; version: string; source: string }[] } } }>(
      request, id, '{ viewer { player { termsAccepted termsAcceptedVersion privacyPolicyAcceptedVersion legalAcceptances { document version source } } } }', {}, token,
    );
    expect(viewer.player).toMatchObject({ termsAccepted: true, termsAcceptedVersion: version, privacyPolicyAcceptedVersion: privacyVersion });
    expect(viewer.player.legalAcceptances.map((entry) => entry.source)).toEqual(['sms-registration', 'sms-registration']);
    // What the player accepted stays readable by its version, as they read it.
    await page.goto(`${brandOrigin(id)}/et_EE/terms-and-conditions/?version=${version}`);
    await expect(article).toContainText('vähemalt 19-aastane');
  } finally {
    rmSync(dropped, { recursive: true, force: true });
  }
});

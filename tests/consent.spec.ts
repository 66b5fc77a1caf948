/**
 * Issue 18, cookie consent: the prompt on a first visit (not for an auto-accepted country), Allow
 * all / Only necessary / a custom choice kept across reloads and recorded on the platform (read
 * back through the operator's sandbox query), the footer's Cookie settings on every page, revoking
 * preferences removes what it allowed (stored flags, the A/B cookie), keyboard-only use, axe-clean
 * prompt and dialog on a phone and a desktop, in English and German.
 */
import { expect, test, type APIRequestContext, type Page } from './support/test.ts';
import { seriousViolations } from './support/axe.ts';
import { brandHost, brandOrigin, LOOPBACK } from './support/urls.ts';
import { CONSENT_POLICY_VERSION } from '../src/features/consent/consent.ts';
import { addTokenCookies, graphql, smsTokens, unique } from './support/player.ts';

const AURELIA = brandOrigin('aurelia');
const KORORAA = brandOrigin('kororaa');

// These tests are about the prompt: no answer is given for them.
test.use({ consentAnswered: false });

const READ_RECORDS = 'query ($v: ID) { sandboxConsentRecords(visitorId: $v) { categories policyVersion playerId recordedAt } }';

/** The visitor's consent records as the operator reads them (the suite carries the operator key). */
async function recordsOf(request: APIRequestContext, brand: string, visitorId: string) {
  const response = await request.post(`${LOOPBACK}/graphql`, { headers: brandHost(brand), data: { query: READ_RECORDS, variables: { v: visitorId } } });
  const body = (await response.json()) as { data?: { sandboxConsentRecords: { categories: string[]; policyVersion: string; playerId: string | null }[] }; errors?: unknown };
  expect(body.errors).toBeUndefined();
  return body.data!.sandboxConsentRecords;
}

/** A cookie's value in the page's jar. */
async function cookie(page: Page, name: string): Promise<string | undefined> {
  const found = (await page.context().cookies(page.url())).find((each) => each.name === name);
  return found ? decodeURIComponent(found.value) : undefined;
}

/** Waits until the consent island has hydrated (the footer's button works from then on). */
async function consentReady(page: Page): Promise<void> {
  await expect(page.locator('astro-island[component-url*="ConsentHost"]')).not.toHaveAttribute('ssr');
}

const prompt = (page: Page) => page.getByRole('dialog', { name: /Cookies on this site|Cookies auf dieser Website/ });
const settings = (page: Page) => page.getByRole('dialog', { name: /Cookie settings|Cookie-Einstellungen/ });

test('first visit: Allow all is kept across reloads, recorded on the platform, and the prompt stays away', async ({ page, request }) => {
  await page.goto(`${AURELIA}/en/`);
  await expect(prompt(page)).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-consent', '');
  await prompt(page).getByRole('button', { name: 'Allow all' }).click();
  await expect(prompt(page)).toBeHidden();
  expect(await cookie(page, 'consent')).toBe(`all,policy:${CONSENT_POLICY_VERSION}`);
  // The visitor id is made when the decision is sent (record.ts loads on the answer).
  await expect.poll(() => cookie(page, 'visitorId')).toMatch(/^[0-9a-f-]{36}$/);
  const visitor = await cookie(page, 'visitorId');
  await expect.poll(async () => (await recordsOf(request, 'aurelia', visitor!)).map((record) => record.categories)).toEqual([
    ['necessary', 'preferences', 'analytics', 'marketing', 'uncategorized'],
  ]);
  expect((await recordsOf(request, 'aurelia', visitor!))[0]).toMatchObject({ policyVersion: CONSENT_POLICY_VERSION, playerId: null });

  await page.reload();
  // The server now renders for the answer, and the island (hydrated) shows no prompt.
  await expect(page.locator('html')).toHaveAttribute('data-consent', 'necessary preferences analytics marketing uncategorized');
  await consentReady(page);
  await expect(prompt(page)).toHaveCount(0);
});

test('the prompt is in the first paint, and its answers work before the island hydrates, even without JavaScript', async ({ browser, request }) => {
  // In the server's HTML for an unanswered visitor (and not for one who answered): drawn with the
  // page, not at hydration, where its text became the late largest paint of pages without a hero.
  const unanswered = await request.get(`${LOOPBACK}/en/game-list/slots/`, { headers: brandHost('aurelia') });
  expect(await unanswered.text()).toContain('data-testid="consent-prompt"');
  const answered = await request.get(`${LOOPBACK}/en/game-list/slots/`, { headers: { ...brandHost('aurelia'), cookie: `consent=${encodeURIComponent(`necessary,policy:${CONSENT_POLICY_VERSION}`)}` } });
  expect(await answered.text()).not.toContain('data-testid="consent-prompt"');
  // Another site cannot answer for the visitor: Astro's origin check refuses a cross-site form post.
  const forged = await request.post(`${LOOPBACK}/api/consent/`, { headers: { ...brandHost('aurelia'), origin: 'https://evil.example' }, form: { choice: 'all', returnTo: '/en/' }, maxRedirects: 0 });
  expect(forged.status()).toBe(403);
  expect(forged.headers()['set-cookie'] ?? '').not.toContain('consent=');

  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${AURELIA}/en/games/?utm_campaign=spring&accessToken=secret`);
  await prompt(page).getByRole('button', { name: 'Only necessary' }).click();
  // Back on the page, its campaign kept and nothing secret carried along.
  await expect(page).toHaveURL(`${AURELIA}/en/games/?utm_campaign=spring`);
  await expect(prompt(page)).toHaveCount(0);
  const jar = await context.cookies(AURELIA);
  expect(decodeURIComponent(jar.find((each) => each.name === 'consent')!.value)).toBe(`necessary,policy:${CONSENT_POLICY_VERSION}`);
  const visitor = jar.find((each) => each.name === 'visitorId')?.value;
  expect(visitor).toMatch(/^[0-9a-f-]{36}$/);
  await expect.poll(async () => (await recordsOf(request, 'aurelia', visitor!)).map((record) => record.categories)).toEqual([['necessary']]);
  await context.close();
});

test('Only necessary and then a custom choice from the footer are kept and recorded in order', async ({ page, request }) => {
  await page.goto(`${AURELIA}/en/games/`);
  await prompt(page).getByRole('button', { name: 'Only necessary' }).click();
  await expect(prompt(page)).toBeHidden();
  expect(await cookie(page, 'consent')).toBe(`necessary,policy:${CONSENT_POLICY_VERSION}`);

  // Another page: no prompt; its footer reopens the settings, showing the answer.
  await page.goto(`${AURELIA}/en/promotions/`);
  await expect(page.locator('html')).toHaveAttribute('data-consent', 'necessary');
  await consentReady(page);
  const footerButton = page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' });
  await footerButton.click();
  const dialog = settings(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('switch', { name: /Necessary/ })).toBeChecked();
  await expect(dialog.getByRole('switch', { name: /Necessary/ })).toBeDisabled();
  await expect(dialog.getByRole('switch', { name: 'Preferences' })).not.toBeChecked();
  await dialog.getByRole('switch', { name: 'Preferences' }).check();
  await dialog.getByRole('switch', { name: 'Analytics' }).check();
  await dialog.getByRole('button', { name: 'Save choices' }).click();
  await expect(dialog).toBeHidden();
  await expect(footerButton).toBeFocused();
  expect(await cookie(page, 'consent')).toBe(`necessary,preferences,analytics,policy:${CONSENT_POLICY_VERSION}`);

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-consent', 'necessary preferences analytics');
  await consentReady(page);
  await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' }).click();
  await expect(settings(page).getByRole('switch', { name: 'Analytics' })).toBeChecked();
  await expect(settings(page).getByRole('switch', { name: 'Marketing' })).not.toBeChecked();
  await page.keyboard.press('Escape');
  await expect(settings(page)).toBeHidden();

  const visitor = await cookie(page, 'visitorId');
  await expect.poll(async () => (await recordsOf(request, 'aurelia', visitor!)).map((record) => record.categories)).toEqual([
    ['necessary', 'preferences', 'analytics'],
    ['necessary'],
  ]);
});

test("a signed-in player's decision is recorded with the player", async ({ page, request }) => {
  const tokens = await smsTokens(request, 'aurelia', `+35699${unique()}`);
  const { viewer } = await graphql<{ viewer: { player: { id: string } } }>(request, 'aurelia', '{ viewer { player { id } } }', {}, tokens.accessToken);
  await addTokenCookies(page.context(), 'aurelia', tokens);
  await page.goto(`${AURELIA}/en/`);
  await prompt(page).getByRole('button', { name: 'Only necessary' }).click();
  await expect.poll(() => cookie(page, 'visitorId')).toMatch(/^[0-9a-f-]{36}$/);
  const visitor = await cookie(page, 'visitorId');
  await expect.poll(async () => (await recordsOf(request, 'aurelia', visitor!)).map((record) => record.playerId)).toEqual([viewer.player.id]);
});

test('revoking preferences removes the stored flags, the A/B cookie and the product-mode preference', async ({ page, context }) => {
  await context.addCookies([
    { name: 'consent', value: encodeURIComponent(`necessary,preferences,policy:${CONSENT_POLICY_VERSION}`), url: AURELIA },
    { name: 'abTests', value: encodeURIComponent('{"hero":"b"}'), url: AURELIA },
    { name: 'productMode', value: 'SPORTS', url: AURELIA },
  ]);
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('flags-set')) {
      localStorage.setItem('atrium:feature-flags', JSON.stringify({ sga: 'enabled' }));
      sessionStorage.setItem('flags-set', '1');
    }
  });
  await page.goto(`${AURELIA}/en/games/`);
  await expect(page.locator('html')).toHaveAttribute('data-flag-sga', 'enabled');
  await consentReady(page);
  await expect(prompt(page)).toHaveCount(0);

  await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' }).click();
  await settings(page).getByRole('switch', { name: 'Preferences' }).uncheck();
  await settings(page).getByRole('button', { name: 'Save choices' }).click();
  await expect(settings(page)).toBeHidden();

  await expect(page.locator('html')).not.toHaveAttribute('data-flag-sga');
  expect(await page.evaluate(() => localStorage.getItem('atrium:feature-flags'))).toBeNull();
  expect(await cookie(page, 'abTests')).toBeUndefined();
  expect(await cookie(page, 'productMode')).toBeUndefined();
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Responsible gambling' })).toBeHidden();
});

test('flags stored without the preferences consent are not used, and are removed', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('atrium:feature-flags', JSON.stringify({ sga: 'enabled' })));
  await page.goto(`${AURELIA}/en/games/`);
  await expect(prompt(page)).toBeVisible();
  await expect(page.locator('html')).not.toHaveAttribute('data-flag-sga');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('atrium:feature-flags'))).toBeNull();
});

test('a visitor from an auto-accepted country sees no prompt and has everything granted; others are asked', async ({ page, browser }) => {
  // Kororaa accepts for New Zealand, its default country (the loopback address resolves to it).
  await page.goto(`${KORORAA}/en/`);
  await expect(page.locator('html')).toHaveAttribute('data-consent', 'necessary preferences analytics marketing uncategorized');
  await consentReady(page);
  await expect(prompt(page)).toHaveCount(0);
  expect(await cookie(page, 'consent')).toBeUndefined();
  // The visitor may still decline through the footer; their answer wins over the country's.
  await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' }).click();
  await expect(settings(page).getByRole('switch', { name: 'Marketing' })).toBeChecked();
  await settings(page).getByRole('button', { name: 'Only necessary' }).click();
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-consent', 'necessary');

  const finnish = await browser.newContext({ extraHTTPHeaders: { 'x-debug-country': 'FI' } });
  const visitor = await finnish.newPage();
  await visitor.goto(`${KORORAA}/en/`);
  await expect(prompt(visitor)).toBeVisible();
  await finnish.close();
});

test('keyboard only: the prompt comes first, the settings keep focus inside and give it back', async ({ page }) => {
  await page.goto(`${AURELIA}/en/`);
  await expect(prompt(page)).toBeVisible();
  // Choose cookies opens the settings once the island has hydrated (the quick answers work before).
  await consentReady(page);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(prompt(page).getByRole('button', { name: 'Allow all' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  const choose = prompt(page).getByRole('button', { name: 'Choose cookies' });
  await expect(choose).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = settings(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  // Escape leaves without an answer: the prompt is still there and has the focus back.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(choose).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('switch', { name: 'Preferences' })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(dialog.getByRole('switch', { name: 'Preferences' })).toBeChecked();
  // Shift+Tab from the first control wraps to the last: focus never leaves the dialog.
  await dialog.getByRole('button', { name: 'Close' }).focus();
  await page.keyboard.press('Shift+Tab');
  const save = dialog.getByRole('button', { name: 'Save choices' });
  await expect(save).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(prompt(page)).toHaveCount(0);
  await expect(page.locator('#main')).toBeFocused();
  expect(await cookie(page, 'consent')).toBe(`necessary,preferences,policy:${CONSENT_POLICY_VERSION}`);
});

test('prompt and settings are axe-clean on a desktop, in English', async ({ page }) => {
  await page.goto(`${AURELIA}/en/`);
  await expect(prompt(page)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await consentReady(page);
  await prompt(page).getByRole('button', { name: 'Choose cookies' }).click();
  await expect(settings(page)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('prompt and settings fit a phone and speak German, axe-clean @phone', async ({ page }) => {
  await page.goto(`${AURELIA}/de/`);
  const shown = prompt(page);
  await expect(shown).toBeVisible();
  await expect(shown.getByRole('heading', { name: 'Cookies auf dieser Website' })).toBeVisible();
  const viewport = page.viewportSize()!;
  const box = (await shown.boundingBox())!;
  expect(box.width).toBeLessThanOrEqual(viewport.width);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height + 1);
  // Every action is on screen without scrolling the page.
  for (const name of ['Alle erlauben', 'Nur notwendige', 'Cookies auswählen']) await expect(shown.getByRole('button', { name })).toBeInViewport();
  expect(await seriousViolations(page)).toEqual([]);
  await consentReady(page);
  await shown.getByRole('button', { name: 'Cookies auswählen' }).click();
  const dialog = settings(page);
  await expect(dialog.getByRole('switch', { name: 'Präferenzen' })).toBeVisible();
  const dialogBox = (await dialog.boundingBox())!;
  expect(dialogBox.width).toBeLessThanOrEqual(viewport.width);
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Alle erlauben' }).click();
  await expect(dialog).toBeHidden();
  expect(await cookie(page, 'consent')).toBe(`all,policy:${CONSENT_POLICY_VERSION}`);
});

/**
 * What a first-time visitor meets before and around signing in, end to end: the SMS sign-in's
 * phone hint (said once, with a number of the visitor's country), the handler routes opened on
 * their own (one clear message and a way on), the brand icon at /favicon.ico (no 404 on any page),
 * and a demo player's deposit history matching platform/DEMO-PLAYERS.md.
 */
import type { Browser } from '@playwright/test';
import { expect, test, type Page } from './support/test.ts';
import { seriousViolations } from './support/axe.ts';
import { brandHost, brandOrigin, LOOPBACK } from './support/urls.ts';

const BRANDS = ['aurelia', 'kororaa', 'mapleridge', 'nordvik', 'solenne', 'vantor'];

/** A page whose requests carry x-debug-country, so the platform sees a visitor from that country. */
async function visitorFrom(browser: Browser, country: string): Promise<Page> {
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-debug-country': country } });
  return context.newPage();
}

/** Texts shown more than once in the page's main region (paragraphs, labels, hints, alerts). */
function repeatedTexts(page: Page): Promise<string[]> {
  return page.locator('main').evaluate((main) => {
    const texts = [...main.querySelectorAll('h1, h2, p, label, span, [role="alert"], [role="status"]')]
      .filter((element) => !element.querySelector('p, label, span, h1, h2') && (element as HTMLElement).offsetParent !== null)
      .map((element) => element.textContent?.trim() ?? '')
      .filter(Boolean);
    return [...new Set(texts.filter((text, index) => texts.indexOf(text) !== index))];
  });
}

test.describe('SMS sign-in hint', () => {
  test('Kororā NZ: the hint is shown once, with a New Zealand number, and so is the error', async ({ page }) => {
    // Kororā's visitors from NZ (its default country) sign in by SMS.
    await page.goto(`${brandOrigin('kororaa')}/en/login/`);
    await expect(page.getByText('Sign in with your mobile number: we text you a code.')).toBeVisible();
    await expect(page.getByText(/With the country code/)).toHaveCount(1);
    await expect(page.getByText('With the country code, like +64 21 123 4567.')).toBeVisible();
    await expect(page.getByLabel('Mobile number')).toHaveAccessibleDescription('With the country code, like +64 21 123 4567.');
    expect(await page.content()).not.toContain('+358');
    expect(await repeatedTexts(page)).toEqual([]);

    await page.getByLabel('Mobile number').fill('abc');
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByRole('alert')).toHaveText('Enter your mobile number with the country code, like +64 21 123 4567.');
  });

  test("every brand's SMS sign-in names a number of the visitor's own country", async ({ browser }) => {
    // Aurelia's Finnish visitors sign in with Trustly (no phone field); its Norwegian and German ones by SMS.
    const cases = [
      { brand: 'aurelia', country: 'NO', path: '/no/login/', example: '+47 412 34 567' },
      { brand: 'aurelia', country: 'DE', path: '/de/register/', example: '+49 1512 3456789' },
      { brand: 'nordvik', country: 'IT', path: '/it/login/', example: '+39 312 345 6789' },
      { brand: 'vantor', country: 'LV', path: '/en/login/', example: '+371 2123 4567' },
    ];
    for (const { brand, country, path, example } of cases) {
      const page = await visitorFrom(browser, country);
      await page.goto(`${brandOrigin(brand)}${path}`);
      await expect(page.locator('input[type="tel"]'), `${brand} ${country}`).toBeVisible();
      await expect(page.getByText(example), `${brand} ${country}`).toHaveCount(1);
      expect(await page.content(), `${brand} ${country}`).not.toContain('+358');
      expect(await repeatedTexts(page), `${brand} ${country} ${path}`).toEqual([]);
      await page.context().close();
    }
    const finn = await visitorFrom(browser, 'FI');
    await finn.goto(`${brandOrigin('aurelia')}/en/login/`);
    await expect(finn.getByRole('button', { name: 'Continue with Trustly' })).toBeVisible();
    await expect(finn.locator('input[type="tel"]')).toHaveCount(0);
    await finn.context().close();
  });
});

test.describe('handler routes opened on their own', () => {
  for (const [brand, path] of [['aurelia', '/en/login-handler/'], ['aurelia', '/en/trustly-login-handler/'], ['solenne', '/en/keycloak-login-handler/']] as const) {
    test(`${path} says once that there was no sign-in, and offers a way on`, async ({ page }) => {
      await page.goto(`${brandOrigin(brand)}${path}`);
      const alert = page.getByRole('alert');
      await expect(alert).toContainText('We could not sign you in. Please try again.');
      await expect(alert).toContainText('the link may be old or already used');
      await expect(page.getByText('We could not sign you in')).toHaveCount(1);
      expect(await repeatedTexts(page)).toEqual([]);
      await expect(page.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/en/login/');
      await expect(page.getByRole('link', { name: 'Go to Lobby' })).toHaveAttribute('href', '/en/');
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test("a provider's own error is quoted, once", async ({ page }) => {
    await page.goto(`${brandOrigin('aurelia')}/en/zimpler-login-handler/?error=access_denied&error_description=${encodeURIComponent('The bank session was cancelled')}`);
    await expect(page.getByRole('alert')).toContainText('The sign-in service said: The bank session was cancelled');
    expect(await repeatedTexts(page)).toEqual([]);
  });

  test('/redirection-handler/ says where it was meant to go and why it stopped', async ({ page }) => {
    await page.goto(`${brandOrigin('kororaa')}/en/redirection-handler/`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Following a link');
    await expect(page.getByRole('alert')).toHaveText('This link was meant to take you to another page of this site, but it did not say which one.');
    await expect(page.getByRole('link', { name: 'Go to Lobby' })).toHaveAttribute('href', '/en/');

    await page.goto(`${brandOrigin('kororaa')}/en/redirection-handler/?redirectTo=${encodeURIComponent('https://evil.example/win')}`);
    await expect(page.getByRole('alert')).toHaveText('This link was meant to take you to https://evil.example/win, which is not part of this site, so we did not follow it.');
    await expect(page.getByRole('link', { name: 'Go to Lobby' })).toBeVisible();
    expect(await repeatedTexts(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe('/favicon.ico', () => {
  test("answers every brand's host with that brand's icon; an unknown host is still refused", async ({ page }) => {
    const icons = new Set<string>();
    for (const brand of BRANDS) {
      const response = await page.request.get(`${LOOPBACK}/favicon.ico`, { headers: brandHost(brand) });
      expect(response.status(), brand).toBe(200);
      expect(response.headers()['content-type'], brand).toBe('image/png');
      expect(response.headers()['cache-control'], brand).toBe('public, max-age=86400');
      const body = await response.body();
      const asset = await page.request.get(`${LOOPBACK}/brand-assets/${brand}/favicon-32.png`, { headers: brandHost(brand) });
      expect(body.equals(await asset.body()), brand).toBe(true);
      icons.add(body.toString('base64'));
    }
    expect(icons.size).toBe(BRANDS.length);
    const unknown = await page.request.get(`${LOOPBACK}/favicon.ico`, { headers: { host: 'nobody.example' } });
    expect([400, 404]).toContain(unknown.status());
  });

  test("every page's icon answers: lobby, sign-in, handler, sandbox bank, outbox and identity pages", async ({ page }) => {
    // Headless Chromium does not fetch icons itself, so each page's icon is asked for as a browser
    // would: its declared icon links, or /favicon.ico when it declares none (the platform's pages).
    const failed: string[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/favicon.ico' && response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    });
    const checkIcons = async () => {
      const icons = await page.evaluate(() => {
        // An empty data: icon (the lobby's, until its first paint) keeps the browser from asking at all.
        const declared = [...document.querySelectorAll<HTMLLinkElement>('link[rel~="icon"]')].map((link) => link.href);
        return declared.length > 0 ? declared.filter((href) => !href.startsWith('data:')) : [new URL('/favicon.ico', location.origin).href];
      });
      for (const icon of icons) {
        const url = new URL(icon);
        const response = await page.request.get(`${LOOPBACK}${url.pathname}`, { headers: { host: url.host } });
        if (response.status() !== 200 || !/^image\//.test(response.headers()['content-type'] ?? '')) failed.push(`${response.status()} ${icon} (icon of ${page.url()})`);
      }
    };
    for (const url of [
      `${brandOrigin('kororaa')}/en/`,
      `${brandOrigin('kororaa')}/en/login/`,
      `${brandOrigin('aurelia')}/en/login-handler/`,
      `${brandOrigin('aurelia')}/platform/sandbox/trustly/?brand=aurelia&locale=en&returnUrl=${encodeURIComponent(`${brandOrigin('aurelia')}/en/trustly-login-handler/`)}`,
      `${brandOrigin('kororaa')}/platform/sms-outbox`,
    ]) {
      await page.goto(url);
      await checkIcons();
    }
    await page.goto(`${brandOrigin('solenne')}/en/login/`);
    await page.getByRole('button', { name: 'Continue to sign in' }).click();
    await expect(page.getByLabel('Password')).toBeVisible();
    await checkIcons();
    expect(failed).toEqual([]);
  });
});

test.describe('demo players', () => {
  test("the verified player's deposit history lists the 3 documented deposits", async ({ page }) => {
    // Signed in through the Trustly sandbox as the demo person, without a deposit of its own.
    await page.goto(`${brandOrigin('aurelia')}/en/login/`);
    await page.getByRole('button', { name: 'Continue with Trustly' }).click();
    await page.getByLabel(/aurelia-verified · /).check();
    await page.getByRole('button', { name: 'Confirm with Trustly' }).click();
    await expect(page.getByTestId('balance')).toContainText('€250.00');
    await page.goto(`${brandOrigin('aurelia')}/en/profile/deposit-history/`);
    await expect(page.getByRole('heading', { name: 'Deposit history' })).toBeVisible();
    const rows = page.getByTestId('payment-row');
    await expect(rows).toHaveCount(3);
    for (const row of await rows.all()) {
      await expect(row).toContainText(/€83\.3[34]/);
      await expect(row).toContainText('Completed');
    }
  });
});

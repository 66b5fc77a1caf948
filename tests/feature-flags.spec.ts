/**
 * Issue 18, the feature flags of spec section 9 wired to what they name, and the A/B test that
 * drives one of them: a flag stored in local storage (with the preferences consent) switches the
 * theme, the call-to-action buttons, the menus, the registration form and the lobby's registration
 * entry from the first paint; without the consent nothing is read or kept; the cta_colour test's
 * assignment is kept in the abTests cookie only with the consent. Phone and desktop, English and
 * German or Finnish, axe-clean.
 */
import { expect, test, type Page } from './support/test.ts';
import { seriousViolations } from './support/axe.ts';
import { waitForIslands, waitForLobbyRest } from './support/hydration.ts';
import { brandOrigin } from './support/urls.ts';
import { bankSignIn, freshPlayer, graphql, smsCode, unique } from './support/player.ts';
import { SANDBOX_KEY_HEADERS } from './support/sandbox.ts';
import { CONSENT_POLICY_VERSION } from '../src/features/consent/consent.ts';

const AURELIA = brandOrigin('aurelia');
const SOLENNE = brandOrigin('solenne');
const KORORAA = brandOrigin('kororaa');
const VANTOR = brandOrigin('vantor');
const PREFERENCES = encodeURIComponent(`necessary,preferences,policy:${CONSENT_POLICY_VERSION}`);

/** The visitor gave the preferences consent and stored these flags (as a tester's switch would). */
async function withFlags(page: Page, origin: string, flags: Record<string, string>, abTests?: Record<string, string>): Promise<void> {
  await page.context().addCookies([
    { name: 'consent', value: PREFERENCES, url: origin },
    ...(abTests ? [{ name: 'abTests', value: encodeURIComponent(JSON.stringify(abTests)), url: origin }] : []),
  ]);
  await page.addInitScript((value: string) => localStorage.setItem('atrium:feature-flags', value), JSON.stringify(flags));
}

/** A computed style of the first element matching a selector. */
function styleOf(page: Page, selector: string, property: string): Promise<string> {
  return page.locator(selector).first().evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property);
}

/** The colour a theme variable resolves to, as the browser computes colours (rgb()). */
function themeColour(page: Page, variable: string): Promise<string> {
  return page.evaluate((name) => {
    const probe = document.createElement('div');
    probe.style.color = `var(${name})`;
    document.body.append(probe);
    const colour = getComputedStyle(probe).color;
    probe.remove();
    return colour;
  }, variable);
}

/** The page fits the viewport's width (nothing scrolls sideways). */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

const SIGN_IN = '.site-header [data-testid="sign-in"]';

test.describe('theme', () => {
  test('a stored theme overrides the brand\'s from the first paint, theme1 too; without it the brand\'s applies', async ({ page }) => {
    // Solenne is a theme3 brand: capital letters on its buttons.
    await page.goto(`${SOLENNE}/en/`);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'theme3');
    expect(await styleOf(page, SIGN_IN, 'text-transform')).toBe('uppercase');

    await withFlags(page, SOLENNE, { theme: 'theme1' });
    await page.goto(`${SOLENNE}/en/`);
    await expect(page.locator('html')).toHaveAttribute('data-flag-theme', 'theme1');
    expect(await styleOf(page, SIGN_IN, 'text-transform')).toBe('none');

    // Aurelia is a theme1 brand; theme3 from the flag, already on the document's first paint.
    await withFlags(page, AURELIA, { theme: 'theme3' });
    await page.goto(`${AURELIA}/en/`, { waitUntil: 'commit' });
    await page.waitForFunction(() => document.body !== null);
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-flag-theme'))).toBe('theme3');
    await page.waitForLoadState('load');
    expect(await styleOf(page, SIGN_IN, 'text-transform')).toBe('uppercase');
    expect(await styleOf(page, 'h2', 'text-transform')).toBe('uppercase');
    await waitForIslands(page);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('a theme that is no variation of the flag changes nothing', async ({ page }) => {
    await withFlags(page, SOLENNE, { theme: 'theme9' });
    await page.goto(`${SOLENNE}/en/`);
    expect(await styleOf(page, SIGN_IN, 'text-transform')).toBe('uppercase');
  });
});

test.describe('buttons', () => {
  test('button_variant colours the call-to-action buttons with the secondary colour; button_variant2 outlines them', async ({ page }) => {
    await withFlags(page, AURELIA, {}, { cta_colour: 'primary' });
    await page.goto(`${AURELIA}/en/`);
    expect(await styleOf(page, SIGN_IN, 'background-color')).toBe(await themeColour(page, '--primary'));
    expect(await styleOf(page, SIGN_IN, 'color')).toBe(await themeColour(page, '--on-primary'));

    await withFlags(page, AURELIA, { button_variant: 'secondary' });
    await page.goto(`${AURELIA}/en/`);
    await expect(page.locator('html')).toHaveAttribute('data-flag-button_variant', 'secondary');
    expect(await styleOf(page, SIGN_IN, 'background-color')).toBe(await themeColour(page, '--secondary'));
    expect(await styleOf(page, SIGN_IN, 'color')).toBe(await themeColour(page, '--on-secondary'));
    // The lobby's own calls to action too (the banner's button), not the outlined secondary buttons.
    expect(await styleOf(page, '.lobby .button', 'background-color')).toBe(await themeColour(page, '--secondary'));
    expect(await styleOf(page, '.site-header .button--secondary', 'background-color')).toBe('rgba(0, 0, 0, 0)');
    await waitForIslands(page);
    expect(await seriousViolations(page)).toEqual([]);

    await withFlags(page, AURELIA, { button_variant: 'secondary', button_variant2: 'secondary2' });
    await page.goto(`${AURELIA}/en/`);
    expect(await styleOf(page, SIGN_IN, 'border-top-color')).toBe(await themeColour(page, '--secondary'));
    expect(await styleOf(page, SIGN_IN, 'color')).toBe(await themeColour(page, '--text'));
    expect(await styleOf(page, SIGN_IN, 'background-color')).not.toBe(await themeColour(page, '--secondary'));
    await waitForIslands(page);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe('menu', () => {
  const mainMenu = (page: Page) => page.getByRole('navigation', { name: /Main menu|Hauptmenü/ });

  for (const locale of ['en', 'de']) {
    test(`menu2 draws compact chips, menu3 centred tabs; both fit and pass axe on a desktop (${locale})`, async ({ page }) => {
      await page.goto(`${AURELIA}/${locale}/`);
      const current = mainMenu(page).locator('a[aria-current="page"]');
      await expect(current).toBeVisible();
      const plain = await current.evaluate((link) => getComputedStyle(link).borderTopLeftRadius);

      await withFlags(page, AURELIA, { menu: 'menu2' });
      await page.goto(`${AURELIA}/${locale}/`);
      await expect(page.locator('html')).toHaveAttribute('data-flag-menu', 'menu2');
      expect(await current.evaluate((link) => getComputedStyle(link).borderTopLeftRadius)).toBe('999px');
      expect(await current.evaluate((link) => getComputedStyle(link).backgroundColor)).toBe(await themeColour(page, '--primary'));
      expect(plain).not.toBe('999px');
      await expectNoSidewaysScroll(page);
      await waitForIslands(page);
      expect(await seriousViolations(page)).toEqual([]);

      await withFlags(page, AURELIA, { menu: 'menu3' });
      await page.goto(`${AURELIA}/${locale}/`);
      expect(await mainMenu(page).locator('ul').evaluate((list) => getComputedStyle(list).justifyContent)).toBe('safe center');
      expect(await current.evaluate((link) => getComputedStyle(link).textTransform)).toBe('uppercase');
      await expectNoSidewaysScroll(page);
      await waitForIslands(page);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  for (const [menu, locale] of [['menu2', 'en'], ['menu3', 'fi']] as const) {
    test(`${menu} fits a phone with the quick menu, axe-clean (${locale}) @phone`, async ({ page }) => {
      await withFlags(page, AURELIA, { menu });
      await page.goto(`${AURELIA}/${locale}/`);
      await expect(mainMenu(page).or(page.getByRole('navigation', { name: 'Päävalikko' }))).toBeVisible();
      const quick = page.locator('.quick-menu-nav--strip .quick-menu a[aria-current="page"]');
      await expect(quick).toBeVisible();
      if (menu === 'menu2') expect(await quick.evaluate((link) => getComputedStyle(link).borderTopLeftRadius)).toBe('999px');
      else expect(await quick.evaluate((link) => getComputedStyle(link).textTransform)).toBe('uppercase');
      await expectNoSidewaysScroll(page);
      await waitForIslands(page);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});

test.describe('registration_form', () => {
  test('regily (the default) offers the quick SMS form; dino the identity provider\'s full account form', async ({ page }) => {
    // Kororaa's visitors from New Zealand (the loopback's country) register by SMS.
    await page.goto(`${KORORAA}/en/register/`);
    await expect(page.getByLabel('Mobile number')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue to create an account' })).toHaveCount(0);

    await withFlags(page, KORORAA, { registration_form: 'dino' });
    await page.goto(`${KORORAA}/en/register/`);
    await expect(page.getByLabel('Mobile number')).toBeHidden();
    const start = page.getByRole('button', { name: 'Continue to create an account' });
    await expect(start).toBeEnabled();
    await waitForIslands(page);
    expect(await seriousViolations(page)).toEqual([]);
    await start.click();
    // The full form: e-mail, password, name and date of birth.
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect(page.getByLabel('Date of birth')).toBeVisible();
  });

  test('dino on a phone, in German, axe-clean @phone', async ({ page }) => {
    await page.context().setExtraHTTPHeaders({ ...SANDBOX_KEY_HEADERS, 'x-debug-country': 'GB' });
    await withFlags(page, AURELIA, { registration_form: 'dino' });
    await page.goto(`${AURELIA}/de/register/`);
    await expect(page.getByRole('button', { name: 'Weiter zur Kontoerstellung' })).toBeEnabled();
    await expectNoSidewaysScroll(page);
    await waitForIslands(page);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe('landing_registration', () => {
  const entry = (page: Page) => page.getByTestId('registration-entry');

  test('button (the default): the lobby\'s registration entry leads to the registration page, with no frame', async ({ page }) => {
    await page.goto(`${AURELIA}/en/`);
    await entry(page).scrollIntoViewIfNeeded();
    await expect(entry(page).getByRole('heading', { name: 'New here?' })).toBeVisible();
    await expect(entry(page).getByRole('link', { name: 'Create your account' })).toHaveAttribute('href', '/en/register/');
    // The frame's island hydrates only once shown, and without the flag its box is hidden: it never does.
    await expect(entry(page).locator('.registration-entry__frame')).toBeHidden();
    await expect(page.locator('astro-island', { has: page.locator('.registration-entry__frame') })).toHaveAttribute('ssr', '');
    await expect(page.locator('iframe[title="Registration form"]')).toHaveCount(0);
    expect(await seriousViolations(page, { include: '[data-testid="registration-entry"]' })).toEqual([]);
  });

  test('iframe: the registration form itself in a frame on the lobby, where a new player signs up', async ({ page }) => {
    await withFlags(page, KORORAA, { landing_registration: 'iframe' });
    await page.goto(`${KORORAA}/en/`);
    await expect(entry(page).getByRole('link', { name: 'Create your account' })).toBeHidden();
    await waitForLobbyRest(page);
    await entry(page).scrollIntoViewIfNeeded();
    const frame = page.frameLocator('iframe[title="Registration form"]');
    // The form alone: no header or footer of the site around it.
    await expect(frame.getByLabel('Mobile number')).toBeVisible({ timeout: 15_000 });
    await expect(frame.locator('.site-header')).toHaveCount(0);
    await expect(frame.locator('.site-footer')).toHaveCount(0);
    expect(await seriousViolations(page, { include: '[data-testid="registration-entry"]' })).toEqual([]);

    const phone = `+6422${unique()}`;
    await frame.getByLabel('Mobile number').fill(phone);
    await frame.getByRole('button', { name: 'Send code' }).click();
    await expect(frame.getByLabel('Code from the text message')).toBeVisible();
    await frame.getByLabel('Code from the text message').fill(await smsCode(page.request, 'kororaa', phone));
    await frame.getByRole('button', { name: 'Sign in' }).click();
    // The new player lands on the lobby in the whole window, signed in.
    await expect(page.getByTestId('balance')).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveURL(`${KORORAA}/en/`);
  });

  test('iframe on a phone, in German: the frame fits, axe-clean @phone', async ({ page }) => {
    await page.context().setExtraHTTPHeaders({ ...SANDBOX_KEY_HEADERS, 'x-debug-country': 'GB' });
    await withFlags(page, AURELIA, { landing_registration: 'iframe' });
    await page.goto(`${AURELIA}/de/`);
    // The lobby's later blocks come in above the entry as the visitor scrolls down to it.
    await waitForLobbyRest(page);
    await entry(page).scrollIntoViewIfNeeded();
    await expect(page.frameLocator('iframe[title="Registrierungsformular"]').getByLabel('Handynummer')).toBeVisible({ timeout: 15_000 });
    await expectNoSidewaysScroll(page);
    expect(await seriousViolations(page, { include: '[data-testid="registration-entry"]' })).toEqual([]);
  });
});

test.describe('consent', () => {
  test('without the preferences consent stored flags are not used, and none are kept', async ({ page }) => {
    // The suite's visitor answered "Only necessary".
    await page.addInitScript(() => localStorage.setItem('atrium:feature-flags', JSON.stringify({ theme: 'theme3', menu: 'menu2', landing_registration: 'iframe' })));
    await page.goto(`${AURELIA}/en/`);
    const flagged = await page.evaluate(() => document.documentElement.getAttributeNames().filter((name) => name.startsWith('data-flag-')));
    expect(flagged).toEqual([]);
    expect(await styleOf(page, SIGN_IN, 'text-transform')).toBe('none');
    await expect(page.getByTestId('registration-entry').getByRole('link', { name: 'Create your account' })).toBeVisible();
  });

  test('taking preferences back removes the flags\' attributes and the A/B cookie at once', async ({ page }) => {
    await withFlags(page, AURELIA, { theme: 'theme3', menu: 'menu3' }, { cta_colour: 'secondary' });
    await page.goto(`${AURELIA}/en/games/`);
    await expect(page.locator('html')).toHaveAttribute('data-flag-theme', 'theme3');
    await expect(page.locator('html')).toHaveAttribute('data-flag-button_variant', 'secondary');
    await expect(page.locator('astro-island[component-url*="ConsentHost"]')).not.toHaveAttribute('ssr');
    await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Cookie settings' });
    await settings.getByRole('switch', { name: 'Preferences' }).uncheck();
    await settings.getByRole('button', { name: 'Save choices' }).click();
    await expect(settings).toBeHidden();
    await expect.poll(() => page.evaluate(() => document.documentElement.getAttributeNames().filter((name) => name.startsWith('data-flag-')))).toEqual([]);
    expect((await page.context().cookies(AURELIA)).some((cookie) => cookie.name === 'abTests')).toBe(false);
    expect(await styleOf(page, SIGN_IN, 'text-transform')).toBe('none');
  });
});

test.describe('the cta_colour A/B test', () => {
  const abCookie = async (page: Page) => {
    const found = (await page.context().cookies(AURELIA)).find((cookie) => cookie.name === 'abTests');
    return found ? { value: JSON.parse(decodeURIComponent(found.value)) as Record<string, string>, expires: found.expires } : undefined;
  };

  test('with the preferences consent the visitor is assigned a button_variant, kept 30 days and shown from the first paint', async ({ page }) => {
    await withFlags(page, AURELIA, {});
    await page.goto(`${AURELIA}/en/`);
    const kept = await abCookie(page);
    expect(['primary', 'secondary']).toContain(kept?.value.cta_colour);
    const days = (kept!.expires - Date.now() / 1000) / 86_400;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    const variant = kept!.value.cta_colour!;
    // The server drew the assignment onto the page: the button wears it.
    await expect(page.locator('html')).toHaveAttribute('data-flag-button_variant', variant);
    expect(await styleOf(page, SIGN_IN, 'background-color')).toBe(await themeColour(page, variant === 'secondary' ? '--secondary' : '--primary'));
    // Kept: the next pages show the same variant.
    for (let visit = 0; visit < 3; visit += 1) {
      await page.goto(`${AURELIA}/en/games/`);
      await expect(page.locator('html')).toHaveAttribute('data-flag-button_variant', variant);
    }
    expect((await abCookie(page))?.value).toEqual({ cta_colour: variant });
  });

  test('a flag the visitor stored wins over the assignment', async ({ page }) => {
    await withFlags(page, AURELIA, { button_variant: 'primary' }, { cta_colour: 'secondary' });
    await page.goto(`${AURELIA}/en/`);
    await expect(page.locator('html')).toHaveAttribute('data-flag-button_variant', 'primary');
    expect(await styleOf(page, SIGN_IN, 'background-color')).toBe(await themeColour(page, '--primary'));
  });

  test('without the preferences consent there is no assignment and no cookie', async ({ page }) => {
    await page.goto(`${AURELIA}/en/`);
    await page.goto(`${AURELIA}/en/games/`);
    expect(await abCookie(page)).toBeUndefined();
    await expect(page.locator('html')).not.toHaveAttribute('data-flag-button_variant');
  });
});

test.describe('the testers\' switch (/internal/flags/)', () => {
  test('with the preferences consent a choice is kept and the lobby shows it; without it nothing is kept', async ({ page }) => {
    await page.context().addCookies([{ name: 'consent', value: PREFERENCES, url: AURELIA }]);
    await page.goto(`${AURELIA}/en/internal/flags/`);
    const menu = page.getByRole('group', { name: 'menu' });
    await expect(page.getByRole('status').filter({ hasText: 'kept in this browser' })).toBeVisible();
    await menu.getByRole('radio', { name: 'menu2' }).check();
    await expect(page.locator('html')).toHaveAttribute('data-flag-menu', 'menu2');
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('atrium:feature-flags'))) ?? '{}')).toEqual({ menu: 'menu2' });
    await page.goto(`${AURELIA}/en/`);
    await expect(page.locator('html')).toHaveAttribute('data-flag-menu', 'menu2');
    await page.goto(`${AURELIA}/en/internal/flags/`);
    await expect(page.getByRole('group', { name: 'menu' }).getByRole('radio', { name: 'menu2' })).toBeChecked();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('without the preferences consent a choice lasts for the page only', async ({ page }) => {
    await page.goto(`${AURELIA}/en/internal/flags/`);
    await expect(page.getByRole('status').filter({ hasText: 'for this page only' })).toBeVisible();
    await page.getByRole('group', { name: 'theme' }).getByRole('radio', { name: 'theme3' }).check();
    await expect(page.locator('html')).toHaveAttribute('data-flag-theme', 'theme3');
    expect(await page.evaluate(() => localStorage.getItem('atrium:feature-flags'))).toBeNull();
    await page.goto(`${AURELIA}/en/`);
    await expect(page.locator('html')).not.toHaveAttribute('data-flag-theme');
  });

  test('a tester adds a server feature for the session: Solenne gets the quick menu until the browser session ends', async ({ page, browser }) => {
    await page.goto(`${SOLENNE}/en/`);
    const quick = page.getByRole('navigation', { name: 'Products' });
    await expect(quick).toHaveCount(0);
    await page.goto(`${SOLENNE}/internal/flags/`);
    const features = page.getByRole('group', { name: 'Server features for this session' });
    // The brand's own toggle is shown on and cannot be taken off here.
    await expect(features.getByRole('checkbox', { name: "Sportsbook (the brand's)" })).toBeChecked();
    await expect(features.getByRole('checkbox', { name: "Sportsbook (the brand's)" })).toBeDisabled();
    await features.getByRole('checkbox', { name: 'QuickMenu', exact: true }).check();
    await page.getByRole('button', { name: 'Apply for this session' }).click();
    await expect(page).toHaveURL(`${SOLENNE}/internal/flags/`);
    await expect(page.getByRole('group', { name: 'Server features for this session' }).getByRole('checkbox', { name: 'QuickMenu', exact: true })).toBeChecked();
    // A session cookie (no expiry), unknown names dropped.
    const cookie = (await page.context().cookies()).find((each) => each.name === 'testFeatures');
    expect(cookie).toMatchObject({ value: 'QuickMenu', expires: -1, httpOnly: true });
    await page.goto(`${SOLENNE}/en/`);
    await expect(quick.getByRole('link', { name: 'Casino' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // Another browser session sees the brand as it is, and a made-up cookie adds nothing unknown.
    const other = await browser.newContext();
    await other.addCookies([{ name: 'testFeatures', value: 'NotAFeature,<script>', url: SOLENNE }]);
    const visitor = await other.newPage();
    await visitor.goto(`${SOLENNE}/en/`);
    await expect(visitor.getByRole('navigation', { name: 'Products' })).toHaveCount(0);
    await other.close();

    // Taking it off again.
    await page.goto(`${SOLENNE}/internal/flags/`);
    await page.getByRole('group', { name: 'Server features for this session' }).getByRole('checkbox', { name: 'QuickMenu', exact: true }).uncheck();
    await page.getByRole('button', { name: 'Apply for this session' }).click();
    expect((await page.context().cookies()).find((each) => each.name === 'testFeatures')).toBeUndefined();
  });
});

/** A tester's server toggles for this browser session (the testFeatures cookie /internal/flags/ sets). */
async function withToggles(page: Page, origin: string, ...names: string[]): Promise<void> {
  await page.context().addCookies([{ name: 'testFeatures', value: names.join(','), url: origin }]);
}

test.describe('server toggles (issue 27)', () => {
  test('BasicEnterCode: the code step is a box per digit that keeps only digits; the toggle makes it a plain field', async ({ page }) => {
    const phone = `+6455${unique()}`;
    await page.goto(`${KORORAA}/en/login/`);
    await page.getByLabel('Mobile number').fill(phone);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page).toHaveURL(/\/en\/enter-code\/$/);
    const code = page.getByLabel('Code from the text message');
    // As many boxes as the code has digits (6); spaces and dashes of a pasted code fall away, a seventh digit too.
    await expect(code).toHaveClass(/auth-form__code-boxes/);
    await expect(code).toHaveCSS('--code-length', '6');
    await waitForIslands(page);
    await code.fill('12 34-56');
    await expect(code).toHaveValue('123456');
    await code.fill('1234567');
    await expect(code).toHaveValue('123456');

    await withToggles(page, KORORAA, 'BasicEnterCode');
    await page.reload();
    await waitForIslands(page);
    await expect(code).not.toHaveClass(/auth-form__code-boxes/);
    await code.fill('12 34-56');
    await expect(code).toHaveValue('12 34-56');
    // The plain field still signs in with the code as the text message spaced it.
    const sent = await smsCode(page.request, 'kororaa', phone);
    await code.fill(`${sent.slice(0, 3)} ${sent.slice(3)}`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByTestId('balance')).toBeVisible({ timeout: 15_000 });
  });

  test('DefaultConsentRegistration: the SMS sign-up offers marketing ticked, and the new account has it', async ({ page }) => {
    await page.goto(`${KORORAA}/en/register/`);
    await waitForIslands(page);
    const marketing = page.getByRole('checkbox', { name: /^Send me offers and news/ });
    await expect(page.getByLabel('Mobile number')).toBeVisible();
    await expect(marketing).toHaveCount(0);

    await withToggles(page, KORORAA, 'DefaultConsentRegistration');
    await page.reload();
    await waitForIslands(page);
    await expect(marketing).toBeChecked();
    const phone = `+6455${unique()}`;
    await page.getByLabel('Mobile number').fill(phone);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page).toHaveURL(/\/en\/enter-code\//);
    await page.getByLabel('Code from the text message').fill(await smsCode(page.request, 'kororaa', phone));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByTestId('balance')).toBeVisible({ timeout: 15_000 });
    await page.goto(`${KORORAA}/en/profile/`);
    const preferences = page.getByTestId('marketing-preferences');
    for (const name of ['Email', 'SMS', 'Phone call', 'Browser notifications']) await expect(preferences.getByRole('switch', { name })).toBeChecked();
  });

  test('Keycloak: where the country signs in by SMS, the login page also offers the identity provider', async ({ page }) => {
    await page.goto(`${KORORAA}/en/login/`);
    await expect(page.getByLabel('Mobile number')).toBeVisible();
    const alternative = page.getByRole('link', { name: 'Sign in with email and password' });
    await expect(alternative).toHaveCount(0);

    await withToggles(page, KORORAA, 'Keycloak');
    await page.reload();
    await expect(page.getByText('Have an account with an email address and password?')).toBeVisible();
    await alternative.click();
    await expect(page).toHaveURL(`${KORORAA}/en/keycloak-login/`);
    await expect(page.getByText('Sign in with your email or username and your password.')).toBeVisible();
  });

  test('DisableWeekendWithdrawalMessages: at the weekend the withdraw form says withdrawals wait for Monday, unless the toggle is on', async ({ page }) => {
    // Saturday on the player's clock: only the weekday is changed, so the session's times stay true.
    await page.addInitScript(() => {
      Date.prototype.getDay = () => 6;
    });
    await freshPlayer(page, 'aurelia', '+358');
    await page.goto(`${AURELIA}/en/withdraw/`);
    const cashier = page.getByTestId('cashier');
    await expect(cashier.getByRole('button', { name: 'Withdraw', pressed: true })).toBeVisible({ timeout: 15_000 });
    await expect(cashier.getByRole('note')).toHaveText('At the weekend a withdrawal can take longer to reach you: manual withdrawals are reviewed on the next working day.');

    await withToggles(page, AURELIA, 'DisableWeekendWithdrawalMessages');
    await page.goto(`${AURELIA}/en/withdraw/`);
    await expect(cashier.getByLabel(/^Amount/)).toBeVisible();
    await expect(cashier.getByRole('note')).toHaveCount(0);
  });

  test('EnableCashierIBAwardAnnouncement: the cashier tells a player whose instant banking is off how awards are paid', async ({ page }) => {
    // Aurelia's demo player with instant banking blocked (platform/DEMO-PLAYERS.md), through the bank:
    // session.spec signs the same player in by SMS, and a second code within 30 s is refused.
    await bankSignIn(page, 'aurelia', 'instant-banking-blocked');
    await page.goto(`${AURELIA}/en/deposit/`);
    const cashier = page.getByTestId('cashier');
    await expect(cashier.getByTestId('cashier-minimum')).toBeVisible();
    await expect(cashier.getByTestId('cashier-instant-banking-award')).toHaveCount(0);

    await withToggles(page, AURELIA, 'EnableCashierIBAwardAnnouncement');
    await page.goto(`${AURELIA}/en/deposit/`);
    await expect(cashier.getByRole('note')).toHaveText('Instant banking is off for your account, so jackpot wins and other awards are paid to you by regular bank transfer.');
  });

  test('ShowRTP: a brand without it shows no return to player on a game page; switched on, the page shows it', async ({ page }) => {
    await page.goto(`${SOLENNE}/en/games/`);
    const game = await page.locator('.game-rail a[href*="/en/games/"]').first().getAttribute('href');
    await page.goto(`${SOLENNE}${game}`);
    await expect(page.getByTestId('game-info')).toBeVisible();
    await expect(page.getByTestId('game-rtp')).toHaveCount(0);

    await withToggles(page, SOLENNE, 'ShowRTP');
    await page.reload();
    await expect(page.getByTestId('game-rtp')).toContainText(/\d+[.,]\d{2}\s?%/);
  });

  test('enableZendeskWebWidget: a brand without it has no chat button; switched on, the lobby has one', async ({ page }) => {
    await page.goto(`${KORORAA}/en/`);
    await expect(page.locator('footer')).toBeVisible();
    await expect(page.getByTestId('live-chat-button')).toHaveCount(0);

    await withToggles(page, KORORAA, 'enableZendeskWebWidget');
    await page.reload();
    await expect(page.getByTestId('live-chat-button')).toBeVisible();
  });

  test('Sportsbook: a brand without it has no sportsbook nor Sports link; switched on, it has both', async ({ page }) => {
    await page.goto(`${VANTOR}/en/sports/`);
    const quick = page.getByRole('navigation', { name: 'Products' });
    await expect(quick.getByRole('link', { name: 'Casino' })).toBeVisible();
    await expect(quick.getByRole('link', { name: 'Sports' })).toHaveCount(0);
    await expect(page.getByTestId('sportsbook-frame')).toHaveCount(0);

    await withToggles(page, VANTOR, 'Sportsbook');
    await page.reload();
    await expect(quick.getByRole('link', { name: 'Sports' })).toBeVisible();
    await expect(page.getByTestId('sportsbook')).toHaveAttribute('data-ready', 'true');
  });

  test('DarkCashierLayout, EnableFinancialHistory and OverlaySourceOfWealth: each, switched on for a brand without it, changes a player\'s page', async ({ page }) => {
    const { tokens } = await freshPlayer(page, 'kororaa', '+64');
    const { viewer } = await graphql<{ viewer: { player: { id: string } } }>(page.request, 'kororaa', '{ viewer { player { id } } }', {}, tokens.accessToken);
    await graphql(page.request, 'kororaa', 'mutation($p: ID!) { sandboxRequestSourceOfWealth(playerId: $p, dueInDays: 10) { id } }', { p: viewer.player.id });
    await page.goto(`${KORORAA}/en/deposit/`);
    const cashier = page.getByTestId('cashier');
    await expect(cashier.getByTestId('cashier-minimum')).toBeVisible({ timeout: 15_000 });
    await expect(page.locator('dialog.overlay--dark-cashier')).toHaveCount(0);
    await page.goto(`${KORORAA}/en/profile/`);
    await expect(page.getByTestId('profile-dashboard')).toBeVisible();
    await expect(page.getByTestId('financial-history')).toHaveCount(0);
    await expect(page.getByRole('dialog', { name: 'Tell us about your source of wealth' })).toHaveCount(0);

    await withToggles(page, KORORAA, 'DarkCashierLayout', 'EnableFinancialHistory', 'OverlaySourceOfWealth');
    await page.reload();
    await expect(page.getByTestId('financial-history')).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Tell us about your source of wealth' })).toBeVisible({ timeout: 15_000 });
    await page.goto(`${KORORAA}/en/deposit/`);
    await expect(cashier.getByTestId('cashier-minimum')).toBeVisible({ timeout: 15_000 });
    await expect(page.locator('dialog.overlay--dark-cashier')).toBeVisible();
  });

  test('EnableGamesInformationMessage: the game page says where the game\'s information and rules are', async ({ page }) => {
    await page.goto(`${AURELIA}/en/games/rusty-cherries/`);
    await expect(page.getByTestId('game-info')).toBeVisible();
    await expect(page.getByTestId('games-information')).toHaveCount(0);

    await withToggles(page, AURELIA, 'EnableGamesInformationMessage');
    await page.reload();
    const note = page.getByRole('note').filter({ hasText: 'Before you play' });
    await expect(note).toContainText('its volatility and bet limits are here, its rules and paytable in the game\'s own menu.');
    await note.getByRole('link', { name: 'Game information' }).click();
    await expect(page).toHaveURL(/#game-info-title$/);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

/**
 * What the licence adds to registration, in the identity provider's real form: under mga the
 * optional deposit limits, in force from the first deposit (seen on the limits page), and the SMS
 * sign-up's own form asks them too; under est the
 * Estonian personal code, checked and held to the birth date, in Estonian on a phone. Both pages are
 * axe-clean.
 */
import { expect, test } from './support/test.ts';
import { seriousViolations } from './support/axe.ts';
import { emailCode, smsCode, unique } from './support/player.ts';
import { SANDBOX_KEY_HEADERS } from './support/sandbox.ts';
import { brandOrigin } from './support/urls.ts';

test('mga: the registration form asks for deposit limits, and the chosen one is in force on the limits page', async ({ page }) => {
  await page.goto(`${brandOrigin('aurelia')}/en/keycloak-login/`);
  await page.getByRole('button', { name: 'Continue to sign in' }).click();
  await page.getByRole('link', { name: 'Create an account' }).click();
  const limits = page.getByRole('group', { name: 'Deposit limits (optional)' });
  await expect(limits).toBeVisible();
  await expect(page.getByText('Personal identification code')).toHaveCount(0);

  const email = `e2e-limits-${unique()}@example.com`;
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('Secret-pass-9');
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByLabel('Date of birth').fill('1991-04-02');
  await limits.getByLabel('Daily limit (EUR)').fill('0');
  await page.getByLabel(/I accept the terms/).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert')).toContainText('Daily limit: Enter an amount above zero, such as 100 or 100.50, or leave the field empty.');
  await expect(limits.getByLabel('Daily limit (EUR)')).toHaveAttribute('aria-invalid', 'true');
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByLabel('Password').fill('Secret-pass-9');
  await limits.getByLabel('Daily limit (EUR)').fill('40');
  await page.getByLabel(/I accept the terms/).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByLabel('Code from the e-mail').fill(await emailCode(page.request, 'aurelia', email));
  await page.getByRole('button', { name: 'Confirm and create account' }).click();
  await expect(page.getByTestId('balance')).toBeVisible();

  await page.goto(`${brandOrigin('aurelia')}/en/profile/limits/`);
  await expect(page.getByTestId('limit-Deposit-Day')).toContainText('Limit: €40.00');
  await expect(page.getByTestId('limit-Deposit-Week')).toContainText('No limit set');
});

test('est: the registration form asks for the personal code and checks it, in Estonian on a phone @phone', async ({ page }) => {
  await page.goto(`${brandOrigin('vantor')}/et_EE/register/`);
  await page.getByRole('button', { name: 'Jätka konto loomisega' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Liitu');
  await expect(page.getByText('Sissemaksete limiidid')).toHaveCount(0);
  const email = `e2e-isikukood-${unique()}@example.ee`;
  await page.getByLabel('E-post').fill(email);
  await page.getByLabel('Parool').fill('Secret-pass-9');
  await page.getByLabel('Eesnimi').fill('Mari');
  await page.getByLabel('Perekonnanimi').fill('Tamm');
  await page.getByLabel('Sünnikuupäev').fill('1976-05-04');
  await page.getByLabel('Isikukood').fill('37605030299');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Loo konto' }).click();
  await expect(page.getByRole('alert')).toContainText('Sinu isikukoodi järgi oled sündinud 1976-05-03');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByLabel('Parool').fill('Secret-pass-9');
  await page.getByLabel('Sünnikuupäev').fill('1976-05-03');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Loo konto' }).click();
  await page.getByLabel('Kood e-kirjast').fill(await emailCode(page.request, 'vantor', email));
  await page.getByRole('button', { name: 'Kinnita ja loo konto' }).click();
  await expect(page.getByTestId('balance')).toBeVisible();
});

test('mga: the SMS sign-up asks for deposit limits too, and sets them on the new account', async ({ page }) => {
  // Aurelia's visitors from outside FI and SE register by SMS.
  await page.context().setExtraHTTPHeaders({ ...SANDBOX_KEY_HEADERS, 'x-debug-country': 'GB' });
  await page.goto(`${brandOrigin('aurelia')}/en/register/`);
  const limits = page.getByRole('group', { name: 'Deposit limits (optional)' });
  await expect(limits.getByLabel('Daily limit (EUR)')).toBeVisible();
  const phone = `+44755${unique()}`;
  await page.getByLabel('Mobile number').fill(phone);
  await limits.getByLabel('Weekly limit (EUR)').fill('abc');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(limits.getByLabel('Weekly limit (EUR)')).toHaveAttribute('aria-invalid', 'true');
  await expect(limits.getByLabel('Weekly limit (EUR)')).toBeFocused();
  await expect(limits).toContainText('Enter an amount above zero, such as 100 or 100.50, or leave the field empty.');
  expect(await seriousViolations(page)).toEqual([]);
  await limits.getByLabel('Weekly limit (EUR)').fill('150');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page).toHaveURL(/\/en\/enter-code\//);
  await page.getByLabel('Code from the text message').fill(await smsCode(page.request, 'aurelia', phone));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('balance')).toBeVisible();
  await page.goto(`${brandOrigin('aurelia')}/en/profile/limits/`);
  await expect(page.getByTestId('limit-Deposit-Week')).toContainText('Limit: €150.00');
  await expect(page.getByTestId('limit-Deposit-Day')).toContainText('No limit set');
});

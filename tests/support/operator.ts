/**
 * Signing a demo operator in to the console (issue 32) as a browser does: the operator realm's
 * password page and, for compliance and admin, the TOTP code an authenticator app would show
 * (otpauth); and the operator realm access token the console then holds, for GraphQL calls.
 */
import { TOTP } from 'otpauth';
import { expect, type Page } from './test.ts';
import { brandOrigin } from './urls.ts';

/** The demo operators' published password (platform/README.md, operator console). */
export const OPERATOR_PASSWORD = 'Demo-operator-1';
/** The demo operators' published TOTP secrets, by role (editor and support sign in without one). */
export const OPERATOR_TOTP_SECRETS: Record<string, string> = { compliance: 'JBSWY3DPEHPK3PXPCOMPLIANCEDEMOAA', admin: 'JBSWY3DPEHPK3PXPADMINDEMOSECRETA' };

/** Signs a demo operator in from a console page on origin (aurelia's by default), through the realm's password and (if theirs) code pages. */
export async function signIn(page: Page, role: string, path = '/operator/', origin = brandOrigin('aurelia')): Promise<void> {
  await page.goto(`${origin}${path}`);
  await expect(page.getByRole('heading', { name: 'Operator sign-in' })).toBeVisible();
  await page.getByLabel('Work e-mail').fill(`${role}@operators.demo`);
  await page.getByLabel('Password').fill(OPERATOR_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const signedIn = page.getByText(`Signed in as ${role}@operators.demo`);
  const secret = OPERATOR_TOTP_SECRETS[role];
  if (secret) {
    const totp = new TOTP({ secret, algorithm: 'SHA1', digits: 6, period: 30 });
    await page.getByLabel('Authenticator code').fill(totp.generate());
    await page.getByRole('button', { name: 'Continue' }).click();
    // Each code is good once: a run moments ago may have spent this one; the next step's code is within the realm's drift.
    const spent = page.getByText(/already used/);
    await expect(signedIn.or(spent)).toBeVisible();
    if (await spent.isVisible()) {
      await page.getByLabel('Authenticator code').fill(totp.generate({ timestamp: Date.now() + 30_000 }));
      await page.getByRole('button', { name: 'Continue' }).click();
    }
  }
  await expect(signedIn).toBeVisible();
  await expect(page).toHaveURL(`${origin}${path}`);
}

/** The operator realm access token the console holds in this tab. */
export async function consoleToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    const key = Object.keys(sessionStorage).find((name) => name.startsWith('operator.user:'));
    return (JSON.parse(sessionStorage.getItem(key ?? '') ?? '{}') as { access_token?: string }).access_token ?? '';
  });
}

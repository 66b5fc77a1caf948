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
    // Each code is good once per operator: another test (another worker) signing the same operator in
    // within the same 30 s may have spent it. Then the next step's code, which the realm accepts one step
    // early; when that is spent too, the one after, once it is within that step.
    // (The field's own message is the one looked for: the error summary above the form repeats it as a link.)
    const spent = page.locator('.field-error').filter({ hasText: /already used/ });
    let step = Math.floor(Date.now() / 30_000);
    for (let tries = 1; ; tries += 1) {
      const early = (step - 1) * 30_000 - Date.now();
      if (early > 0) await page.waitForTimeout(early + 500);
      await page.getByLabel('Authenticator code').fill(totp.generate({ timestamp: step * 30_000 }));
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(signedIn.or(spent)).toBeVisible();
      if (await signedIn.isVisible()) break;
      if (tries === 4) throw new Error(`${role}@operators.demo: four authenticator codes in a row were already used`);
      step += 1;
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

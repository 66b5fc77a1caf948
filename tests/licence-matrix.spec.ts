/**
 * The licence table of spec section 6 over the six brands, as a signed-in player sees it: every row
 * that is built shows exactly where shared/licences.ts (the spec's table) says and nowhere else: the
 * global limits and self-exclusion pages in the account navigation, deposit limits (weekly and
 * monthly where allowed), loss limits, session limits, the reality check, the session clock, and the
 * wallet currency under cos.
 */
import { expect, test } from './support/test.ts';
import { loadBrands } from '../src/brands/load.server.ts';
import { LICENCE_PROFILES } from '../shared/licences.ts';
import { freshPlayer, graphql } from './support/player.ts';
import { brandOrigin } from './support/urls.ts';

const CALLING_CODES: Record<string, string> = { FI: '+358', NZ: '+64', CA: '+1', NO: '+47', FR: '+33', EE: '+372' };

for (const brand of loadBrands()) {
  const profile = LICENCE_PROFILES[brand.settings.license];
  const english = brand.locales.find((locale) => locale.startsWith('en'))!;
  test(`${brand.id} (${brand.settings.license}) shows the tools of its licence and no others`, async ({ page }) => {
    const { tokens } = await freshPlayer(page, brand.id, CALLING_CODES[brand.settings.defaultCountry]!);
    await page.goto(`${brandOrigin(brand.id)}/${english}/profile/limits/`);
    const nav = page.getByRole('navigation', { name: 'Account pages' });
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Global limits' })).toHaveCount(profile.globalLossLimitPeriods.length > 0 ? 1 : 0);
    await expect(nav.getByRole('link', { name: 'Self-exclusion' })).toHaveCount(profile.selfExclusionTerms.length > 0 ? 1 : 0);

    const expectedSections = [
      ...(profile.depositLimitPeriods.length > 0 ? ['Deposit limits'] : []),
      ...(profile.lossLimitPeriods.length > 0 ? ['Loss limits'] : []),
      ...(profile.sessionLimitMinutes.length > 0 ? ['Session limit'] : []),
    ];
    const limits = page.getByTestId('player-limits');
    if (expectedSections.length > 0) {
      await expect(limits.getByRole('heading', { level: 2 })).toHaveText([...expectedSections, 'Changes you made']);
      const periodNames = { Day: 'Daily', Week: 'Weekly', Month: 'Monthly' } as const;
      const deposit = page.getByTestId('limits-Deposit').getByRole('heading', { level: 3 });
      await expect(deposit).toHaveText(profile.depositLimitPeriods.map((period) => periodNames[period]));
    } else {
      await expect(limits).toHaveCount(0);
    }
    // Every licence offers a break; the reality check and the session clock only where the table says.
    await expect(page.getByTestId('break-timeout')).toBeVisible();
    await expect(page.getByTestId('reality-check-setting')).toHaveCount(profile.realityCheckMinutes.length > 0 ? 1 : 0);
    if (profile.sessionClock) await expect(page.getByTestId('session-clock')).toBeVisible();
    else await expect(page.getByTestId('session-clock')).toHaveCount(0);

    const wallet = await graphql<{ viewer: { wallet: { currency: string } } }>(page.request, brand.id, '{ viewer { wallet { currency } } }', {}, tokens.accessToken);
    expect(wallet.viewer.wallet.currency).toBe(profile.defaultUsdCurrency ? 'USD' : brand.settings.currency);
  });
}

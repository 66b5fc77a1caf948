/**
 * The player's account details end to end, against the built lobby and the real platform: personal
 * info edited by keyboard on /additional-information/, a value the platform refuses shown under its
 * field (and focused), fixed, saved, in the header's name at once and kept after a reload; verified
 * fields read-only; the dashboard's open Deposit task for a player without deposits, the limits at
 * a glance after a deposit limit is set (aurelia, mga), and a marketing switch kept after a reload;
 * the same on a phone in Finnish; the payment totals where the brand enables EnableFinancialHistory
 * (vantor) and nowhere else. Every page is axe-clean.
 */
import { expect, test, type Locator, type Page } from './support/test.ts';
import { seriousViolations } from './support/axe.ts';
import { waitForIslands } from './support/hydration.ts';
import { bankSignIn, freshPlayer, graphql } from './support/player.ts';
import { randomUUID } from 'node:crypto';
import { brandOrigin } from './support/urls.ts';

const AURELIA = brandOrigin('aurelia');

/** The field's error: the element its aria-describedby names that holds the error text. */
async function describedBy(page: Page, field: Locator): Promise<string> {
  const ids = (await field.getAttribute('aria-describedby')) ?? '';
  const texts = await Promise.all(ids.split(' ').filter(Boolean).map((id) => page.locator(`[id="${id}"]`).textContent()));
  return texts.join(' ');
}

/** Replaces a text field's value by keyboard: select all, then type. */
async function retype(page: Page, field: Locator, text: string): Promise<void> {
  await field.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(text);
}

test.describe('account details (mga)', () => {
  test('personal info edited by keyboard: a refused value is shown under its field, fixed, saved, shown in the header and kept', async ({ page }) => {
    await freshPlayer(page, 'aurelia', '+358');
    await page.goto(`${AURELIA}/en/additional-information/`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Additional information');
    const form = page.getByTestId('personal-info');
    await expect(form.getByRole('heading', { name: 'Personal details' })).toBeVisible();
    // Finland's addresses have no province: the field is not offered.
    await expect(form.getByLabel('Province')).toHaveCount(0);

    // Typed field after field with Tab; the date of birth by its segments (month, day, year in en-US).
    await form.getByLabel('First name').focus();
    await page.keyboard.type('Aada');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Lahtinen');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Mannerheimintie 5 B 12');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Helsinki');
    await page.keyboard.press('Tab');
    await page.keyboard.type('1234');
    await page.keyboard.press('Tab');
    const underAge = new Date().getUTCFullYear() - 17;
    await page.keyboard.type(`0101${underAge}`);
    await expect(form.getByLabel('Date of birth')).toHaveValue(`${underAge}-01-01`);
    await form.getByRole('button', { name: 'Save details' }).focus();
    await page.keyboard.press('Enter');

    // The platform refuses both; each message sits under its field, and the first one takes the focus.
    const zip = form.getByLabel('Postcode');
    const birth = form.getByLabel('Date of birth');
    await expect(form.getByRole('status')).toHaveText('Some details need fixing: see the message under each marked field.');
    await expect(zip).toBeFocused();
    await expect(zip).toHaveAttribute('aria-invalid', 'true');
    expect(await describedBy(page, zip)).toBe('Enter a postcode as it is written in your country, such as 00100.');
    await expect(birth).toHaveAttribute('aria-invalid', 'true');
    expect(await describedBy(page, birth)).toContain('You must be at least 18 years old to play here.');
    await expect(form.getByLabel('First name')).not.toHaveAttribute('aria-invalid', 'true');
    await waitForIslands(page);
    expect(await seriousViolations(page)).toEqual([]);

    // Fixed by keyboard and saved: the header's name changes without a reload.
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('00100');
    await page.keyboard.press('Tab');
    await page.keyboard.type('05171990');
    await expect(birth).toHaveValue('1990-05-17');
    await form.getByRole('button', { name: 'Save details' }).focus();
    await page.keyboard.press('Enter');
    await expect(form.getByRole('status')).toHaveText('Saved: your details are up to date.');
    await expect(zip).not.toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('button', { name: 'My account' }).click();
    await expect(page.locator('.account-menu__name')).toHaveText('Signed in as Aada Lahtinen');

    // Kept by the platform: a reload reads it back.
    await page.reload();
    await expect(form.getByLabel('First name')).toHaveValue('Aada');
    await expect(form.getByLabel('Last name')).toHaveValue('Lahtinen');
    await expect(form.getByLabel('Street address')).toHaveValue('Mannerheimintie 5 B 12');
    await expect(form.getByLabel('City')).toHaveValue('Helsinki');
    await expect(zip).toHaveValue('00100');
    await expect(birth).toHaveValue('1990-05-17');

    // A later change is checked again: a blank name is refused; the fields take at most 100 characters.
    await retype(page, form.getByLabel('Last name'), ' ');
    await page.keyboard.press('Enter');
    await expect(form.getByLabel('Last name')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByLabel('Last name')).toBeFocused();
    expect(await describedBy(page, form.getByLabel('Last name'))).toBe('Fill this in.');
    await expect(form.getByLabel('Street address')).toHaveAttribute('maxlength', '100');
  });

  test('the dashboard shows the open Deposit task, the limits at a glance after a deposit limit is set, and keeps a marketing switch', async ({ page }) => {
    await freshPlayer(page, 'aurelia', '+358');
    await page.goto(`${AURELIA}/en/profile/`);
    const tasks = page.getByTestId('open-tasks');
    await expect(tasks.getByRole('heading', { name: 'Open tasks' })).toBeVisible();
    await expect(tasks.getByRole('link')).toHaveText(['Make your first deposit']);
    await expect(tasks.getByRole('link', { name: 'Make your first deposit' })).toHaveAttribute('href', '/en/deposit/');
    const glance = page.getByTestId('limits-at-a-glance');
    await expect(glance).toContainText('You have not set any limits.');
    await expect(glance.getByRole('link', { name: 'Set or change your limits' })).toHaveAttribute('href', '/en/profile/limits/');

    // A daily deposit limit, then a raise that waits for the cooling-off.
    await glance.getByRole('link', { name: 'Set or change your limits' }).click();
    const daily = page.getByTestId('limit-Deposit-Day');
    await daily.getByLabel('New limit (EUR)').fill('30');
    await daily.getByRole('button', { name: 'Save limit' }).click();
    await expect(daily.getByRole('status')).toHaveText('Saved: your limit is now €30.00.');
    await daily.getByLabel('New limit (EUR)').fill('50');
    await daily.getByRole('button', { name: 'Save limit' }).click();
    await expect(daily.getByTestId('limit-pending')).toContainText('Rises to €50.00 on');

    await page.goto(`${AURELIA}/en/profile/`);
    const limit = glance.locator('[data-limit="Deposit-Day"]');
    await expect(limit.locator('dt')).toHaveText('Deposit limits · Daily');
    await expect(limit.locator('dd')).toContainText('€30.00');
    await expect(limit.locator('dd')).toContainText('Rises to €50.00 on');
    await expect(glance.locator('[data-limit]')).toHaveCount(1);

    // Marketing: four labelled switches, off for a new player; SMS switched on by keyboard and kept.
    const marketing = page.getByTestId('marketing-preferences');
    await expect(marketing.getByRole('switch')).toHaveCount(4);
    for (const name of ['Email', 'SMS', 'Phone call', 'Browser notifications']) await expect(marketing.getByRole('switch', { name })).not.toBeChecked();
    await marketing.getByRole('switch', { name: 'SMS' }).focus();
    await page.keyboard.press('Space');
    await expect(marketing.getByRole('status')).toHaveText('Saved: your marketing preferences are up to date.');
    await expect(marketing.getByRole('switch', { name: 'SMS' })).toBeChecked();
    await waitForIslands(page);
    expect(await seriousViolations(page)).toEqual([]);

    await page.reload();
    await expect(marketing.getByRole('switch', { name: 'SMS' })).toBeChecked();
    await expect(marketing.getByRole('switch', { name: 'Email' })).not.toBeChecked();
    await expect(marketing.getByTestId('marketing-blocked')).toHaveCount(0);
  });
});

test.describe('verified details (mga)', () => {
  test('a player whose identity is verified sees the name and date of birth read-only, with how to change them', async ({ page }) => {
    // Only read: the seeded demo player is shared with other specs.
    await bankSignIn(page, 'aurelia', 'verified');
    await page.goto(`${AURELIA}/en/additional-information/`);
    const form = page.getByTestId('personal-info');
    for (const [label, value] of [['First name', 'Aino'], ['Last name', 'Virtanen'], ['Date of birth', '1990-05-17']] as const) {
      const field = form.getByLabel(label);
      await expect(field).toHaveValue(value);
      await expect(field).toHaveAttribute('readonly', '');
      expect(await describedBy(page, field)).toBe('Verified with your ID. To change it, please contact customer support.');
    }
    await expect(form.getByLabel('Street address')).not.toHaveAttribute('readonly', '');
    await expect(form.getByLabel('Street address')).toHaveValue('Demo Street 1');
  });
});

test.describe('account details in Finnish on a phone', () => {
  test('personal info refused and fixed, the dashboard\'s tasks and switches, all fitting the phone @phone', async ({ page }) => {
    await freshPlayer(page, 'aurelia', '+358');
    await page.goto(`${AURELIA}/fi/additional-information/`);
    const form = page.getByTestId('personal-info');
    await expect(form.getByRole('heading', { name: 'Henkilötiedot' })).toBeVisible();
    await form.getByLabel('Etunimi').fill('Aada');
    await form.getByLabel('Sukunimi').fill('Lahtinen');
    await form.getByLabel('Katuosoite').fill('Hämeenkatu 1');
    await form.getByLabel('Kaupunki').fill('Tampere');
    await form.getByLabel('Postinumero').fill('33 100');
    await form.getByLabel('Syntymäaika').fill('1985-11-30');
    await form.getByRole('button', { name: 'Tallenna tiedot' }).click();
    await expect(form.getByLabel('Postinumero')).toBeFocused();
    expect(await describedBy(page, form.getByLabel('Postinumero'))).toBe('Anna postinumero maasi muodossa, esimerkiksi 00100.');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await waitForIslands(page);
    expect(await seriousViolations(page)).toEqual([]);
    await form.getByLabel('Postinumero').fill('33100');
    await form.getByRole('button', { name: 'Tallenna tiedot' }).click();
    await expect(form.getByRole('status')).toHaveText('Tallennettu: tietosi ovat ajan tasalla.');

    await page.goto(`${AURELIA}/fi/profile/`);
    await expect(page.getByTestId('profile-dashboard').getByRole('heading', { name: 'Hei, Aada Lahtinen' })).toBeVisible();
    await expect(page.getByTestId('open-tasks').getByRole('link')).toHaveText(['Tee ensimmäinen talletuksesi']);
    await expect(page.getByTestId('limits-at-a-glance')).toContainText('Et ole asettanut rajoja.');
    const marketing = page.getByTestId('marketing-preferences');
    await marketing.getByRole('switch', { name: 'Sähköposti' }).click();
    await expect(marketing.getByRole('switch', { name: 'Sähköposti' })).toBeChecked();
    await expect(marketing.getByRole('status')).toHaveText('Tallennettu: markkinointiasetuksesi ovat ajan tasalla.');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await waitForIslands(page);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test('EnableFinancialHistory: the dashboard shows money in and out (vantor), and other brands do not', async ({ page }) => {
  const { tokens } = await freshPlayer(page, 'vantor', '+372');
  const started = await graphql<{ initiateDeposit: { payment: { id: string } } }>(page.request, 'vantor', 'mutation ($input: InitiateDepositInput!) { initiateDeposit(input: $input) { payment { id } } }', {
    input: { amount: '25.50', currency: 'EUR', provider: 'TRUSTLY', idempotencyKey: randomUUID(), returnUrl: `${brandOrigin('vantor')}/en/` },
  }, tokens.accessToken);
  await graphql(page.request, 'vantor', 'mutation($p: ID!) { sandboxSendPaymentNotification(paymentId: $p, status: Completed, delivery: ONCE) { status } }', { p: started.initiateDeposit.payment.id });
  await page.goto(`${brandOrigin('vantor')}/en/profile/`);
  const card = page.getByTestId('financial-history');
  await card.scrollIntoViewIfNeeded();
  await expect(card.getByRole('heading', { name: 'Money in and out' })).toBeVisible();
  await expect(card.getByRole('row', { name: /^Deposited/ })).toHaveText(/Deposited\s*€25\.50\s*€25\.50/);
  await expect(card.getByRole('row', { name: /^Net/ })).toContainText('€25.50');
  await expect(card.getByRole('link', { name: 'Deposit history' })).toHaveAttribute('href', '/en/profile/deposit-history/');
  await waitForIslands(page);
  expect(await seriousViolations(page)).toEqual([]);

  await freshPlayer(page, 'aurelia', '+358');
  await page.goto(`${AURELIA}/en/profile/`);
  await expect(page.getByTestId('profile-dashboard')).toBeVisible();
  await expect(page.getByTestId('financial-history')).toHaveCount(0);
});

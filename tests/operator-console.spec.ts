/**
 * The operator console (issue 32) end to end, against the real platform: a visitor (or a player) is
 * sent to the operator realm's sign-in; the demo operators sign in with their password and, for
 * compliance and admin, a TOTP code computed here (otpauth). Compliance downloads, approves and
 * rejects a player's source-of-wealth documents and the player's banner changes live in another
 * browser; support finds and reads a player and ends a session but has no review controls, and the
 * platform refuses its approval; an editor cannot read consent records; the admin's audit log holds
 * those steps. Each console page is axe-clean. The tests run in order: the admin reads what the
 * others did.
 */
import { expect, test, type Page } from './support/test.ts';
import { seriousViolations } from './support/axe.ts';
import { consoleToken, signIn } from './support/operator.ts';
import { addTokenCookies, freshPlayer, graphql, smsTokens, unique, type Tokens } from './support/player.ts';
import { brandHost, brandOrigin, LOOPBACK } from './support/urls.ts';

const AURELIA = brandOrigin('aurelia');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

test.describe.configure({ mode: 'serial' });

/** What the compliance test reviewed, for the admin's audit log. */
const reviewed: string[] = [];

/** The reason the platform gives for refusing a GraphQL call. */
async function refusal(page: Page, query: string, variables: object, token: string): Promise<string | undefined> {
  try {
    await graphql(page.request, 'aurelia', query, variables, token);
    return 'accepted';
  } catch (error) {
    return (error as { reason?: string }).reason;
  }
}

/** Uploads a source-of-wealth proof as the player; the stored document's id. */
async function uploadProof(page: Page, tokens: Tokens, fundingType: string, name: string): Promise<string> {
  const response = await page.request.post(`${LOOPBACK}/platform/documents?kind=SourceOfWealth&fundingType=${fundingType}&name=${encodeURIComponent(name)}`, {
    headers: { ...brandHost('aurelia'), authorization: `Bearer ${tokens.accessToken}`, 'content-type': 'application/pdf' },
    data: PDF,
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { document: { id: string } }).document.id;
}

test('a visitor, and a player with their session, are sent to the operator sign-in; a player token opens no operator operation', async ({ page }) => {
  // The console's shell is staff-only: no shared cache keeps it, no search engine lists it.
  const shell = await page.request.get(`${LOOPBACK}/operator/`, { headers: brandHost('aurelia') });
  expect(shell.headers()).toMatchObject({ 'cache-control': 'private, no-store', 'x-robots-tag': 'noindex, nofollow' });
  await page.goto(`${AURELIA}/operator/compliance/`);
  await expect(page).toHaveURL(/\/auth\/realms\/operators\/login-actions\//);
  await expect(page.getByRole('heading', { name: 'Operator sign-in' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const tokens = await smsTokens(page.request, 'aurelia', `+35855${unique()}`);
  await addTokenCookies(page.context(), 'aurelia', tokens);
  await page.goto(`${AURELIA}/operator/`);
  await expect(page.getByRole('heading', { name: 'Operator sign-in' })).toBeVisible();
  expect(await refusal(page, '{ operatorMe { id } }', {}, tokens.accessToken)).toBe('OperatorAuthenticationFailure');
});

test('compliance downloads and reviews a player’s documents; the player’s banner changes live', async ({ page, browser }) => {
  // The player, in their own browser: asked for their source of wealth, they declare it with two proofs.
  const playerContext = await browser.newContext();
  const player = await playerContext.newPage();
  const { tokens } = await freshPlayer(player, 'aurelia', '+358');
  const { viewer } = await graphql<{ viewer: { player: { id: string } } }>(page.request, 'aurelia', '{ viewer { player { id } } }', {}, tokens.accessToken);
  await graphql(page.request, 'aurelia', 'mutation($p: ID!) { sandboxRequestSourceOfWealth(playerId: $p, dueInDays: 10) { id } }', { p: viewer.player.id });
  const payslip = `payslip-${unique()}.pdf`;
  const deed = `deed-${unique()}.pdf`;
  const salary = await uploadProof(page, tokens, 'Salary', payslip);
  const inheritance = await uploadProof(page, tokens, 'Inheritance', deed);
  await graphql(page.request, 'aurelia', 'mutation($d: [SourceOfWealthDeclaration!]!) { submitSourceOfWealth(declarations: $d) { id } }', {
    d: [{ type: 'Salary', optionIds: ['employment'], documentIds: [salary] }, { type: 'Inheritance', optionIds: ['inheritedCash'], documentIds: [inheritance] }],
  }, tokens.accessToken);
  await player.goto(`${AURELIA}/en/`);
  const notices = player.getByRole('region', { name: 'Account notices' });
  await expect(player.getByTestId('balance')).toBeVisible();
  await expect(notices.locator('[data-banner^="Sow"]')).toHaveCount(0);

  await signIn(page, 'compliance', '/operator/compliance/');
  await expect(page.getByRole('navigation', { name: 'Console sections' }).getByRole('link')).toHaveText(['Compliance']);
  const queue = page.getByRole('list', { name: 'Documents waiting for review, oldest first' });
  const payslipEntry = queue.locator(`[data-document="${salary}"]`);
  const deedEntry = queue.locator(`[data-document="${inheritance}"]`);
  await expect(payslipEntry).toContainText('Source of wealth (Salary)');
  expect(await seriousViolations(page)).toEqual([]);

  // The file is saved as a download, never opened in the page.
  const download = page.waitForEvent('download');
  await payslipEntry.getByRole('button', { name: `Download ${payslip}` }).click();
  expect((await download).suggestedFilename()).toBe(payslip);

  await payslipEntry.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('status').filter({ hasText: payslip })).toHaveText(`${payslip} is Approved. KYC: NotRequired; source of wealth: Pending.`);
  await expect(payslipEntry).toHaveCount(0);

  // A rejection needs a comment: said beside the field, which takes the focus.
  await deedEntry.getByRole('button', { name: 'Reject' }).click();
  const comment = deedEntry.getByLabel(`Comment for ${deed}`);
  await expect(comment).toBeFocused();
  await expect(comment).toHaveAccessibleDescription(/Write a comment saying what is wrong/);
  await comment.fill('The deed is unsigned: send the signed estate inventory');
  await deedEntry.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByRole('status').filter({ hasText: deed })).toHaveText(`${deed} is Rejected. KYC: NotRequired; source of wealth: Required.`);
  // PlayerUpdated reaches the player's open page: the upload banner is there without a reload.
  await expect(notices.locator('[data-banner="SowUploadRequired"]')).toBeVisible();
  reviewed.push(salary, inheritance);

  // Consent records of the player, exported as CSV.
  await page.getByLabel('Player id').fill(viewer.player.id);
  const csv = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export as CSV' }).click();
  expect((await csv).suggestedFilename()).toBe('consent-records-aurelia.csv');
  await playerContext.close();
});

test('support finds a player, reads them and ends a session, but cannot review: the platform refuses', async ({ page }) => {
  const phone = `+35855${unique()}`;
  const tokens = await smsTokens(page.request, 'aurelia', phone);
  await signIn(page, 'support', '/operator/support/');
  await expect(page.getByRole('navigation', { name: 'Console sections' }).getByRole('link')).toHaveText(['Support']);
  await page.getByRole('searchbox', { name: 'Find a player' }).fill(phone);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('button', { name: /^Open / }).click();
  const details = page.locator('[data-player]');
  await expect(details).toContainText(phone);
  await details.getByRole('button', { name: /^End the session started / }).first().click();
  const confirm = page.getByRole('dialog', { name: 'End this session?' });
  await expect(confirm).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await confirm.getByRole('button', { name: 'End the session' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The session is ended.' })).toBeVisible();
  expect(await refusal(page, '{ viewer { player { id } } }', {}, tokens.accessToken)).not.toBe('accepted');
  // On a phone the player's page fits the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  await page.goto(`${AURELIA}/operator/compliance/`);
  await expect(page.getByRole('heading', { name: 'Not available' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  const token = await consoleToken(page);
  expect(await refusal(page, 'mutation($d: ID!) { operatorReviewDocument(documentId: $d, status: Approved) { documentId } }', { d: reviewed[0] ?? 'none' }, token)).toBe('OperatorRoleRequired');
});

test('an editor sees the Content section only and cannot read consent records (on another brand’s host)', async ({ page }) => {
  await signIn(page, 'editor', '/operator/', brandOrigin('kororaa'));
  await expect(page.getByRole('navigation', { name: 'Console sections' }).getByRole('link')).toHaveText(['Content']);
  expect(await seriousViolations(page)).toEqual([]);
  const token = await consoleToken(page);
  expect(await refusal(page, '{ operatorConsentRecords(from: "2020-01-01T00:00:00Z") { id } }', {}, token)).toBe('OperatorRoleRequired');
});

test('an editor previews a draft menu on the real lobby: only the page with their preview cookie shows it, no shared cache keeps it', async ({ page, browser }) => {
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  const mainMenu = (of: Page) => of.getByRole('navigation', { name: 'Main menu' });
  // A visitor's page first, so the lobby's caches hold the published menu.
  await visitor.goto(`${AURELIA}/en/`);
  await expect(mainMenu(visitor).getByRole('link', { name: 'Home', exact: true })).toBeVisible();

  await signIn(page, 'editor', '/operator/');
  const token = await consoleToken(page);
  const { operatorContentDocument: menu } = await graphql<{ operatorContentDocument: { version: number; document: { menus: { lobbyMenu: { items: { label: Record<string, string> }[] } } } } }>(
    page.request, 'aurelia', '{ operatorContentDocument(path: "menu.json") { version document } }', {}, token,
  );
  const label = `Draft home ${unique()}`;
  const [home, ...rest] = menu.document.menus.lobbyMenu.items;
  const draft = { ...menu.document, menus: { ...menu.document.menus, lobbyMenu: { ...menu.document.menus.lobbyMenu, items: [{ ...home, label: { ...home!.label, en: label } }, ...rest] } } };
  try {
    await graphql(page.request, 'aurelia', 'mutation($d: JSON!, $b: Int!) { operatorSaveDraft(path: "menu.json", document: $d, baseVersion: $b) { savedAt } }', { d: draft, b: menu.version }, token);
    const { operatorPreviewToken: preview } = await graphql<{ operatorPreviewToken: { token: string } }>(page.request, 'aurelia', 'mutation { operatorPreviewToken(path: "menu.json") { token } }', {}, token);

    // The editor's own tab: the link moves the token into a cookie and the lobby shows the draft menu.
    const previewTab = await page.context().newPage();
    await previewTab.goto(`${AURELIA}/en/?atrium-preview=${encodeURIComponent(preview.token)}`);
    await expect(previewTab).toHaveURL(`${AURELIA}/en/`);
    await expect(mainMenu(previewTab).getByRole('link', { name: label })).toBeVisible();
    await expect(mainMenu(previewTab).getByRole('link', { name: 'Home', exact: true })).toHaveCount(0);
    // Another page of the lobby in the preview keeps the draft menu (the cookie).
    await previewTab.goto(`${AURELIA}/en/games/`);
    await expect(mainMenu(previewTab).getByRole('link', { name: label })).toBeVisible();

    // The visitor, after the preview rendered: the published menu, from every cache.
    for (const path of ['/en/', '/en/games/']) {
      await visitor.goto(`${AURELIA}${path}`);
      await expect(mainMenu(visitor).getByRole('link', { name: 'Home', exact: true })).toBeVisible();
      await expect(mainMenu(visitor).getByRole('link', { name: label })).toHaveCount(0);
    }
    const shared = await visitor.request.get(`${LOOPBACK}/en/`, { headers: brandHost('aurelia') });
    expect(await shared.text()).not.toContain(label);

    // Discarded: the same preview shows the published menu again.
    await graphql(page.request, 'aurelia', 'mutation { operatorDiscardDraft(path: "menu.json") }', {}, token);
    await previewTab.reload();
    await expect(mainMenu(previewTab).getByRole('link', { name: 'Home', exact: true })).toBeVisible();
    await expect(mainMenu(previewTab).getByRole('link', { name: label })).toHaveCount(0);
  } finally {
    await graphql(page.request, 'aurelia', 'mutation { operatorDiscardDraft(path: "menu.json") }', {}, token).catch(() => undefined);
    await visitorContext.close();
  }
});

test('the admin’s audit log shows the steps, and exports them as CSV', async ({ page }) => {
  await signIn(page, 'admin', '/operator/admin/');
  await expect(page.getByRole('navigation', { name: 'Console sections' }).getByRole('link')).toHaveText(['Compliance', 'Support', 'Content', 'Admin']);
  const log = page.getByTestId('audit-log');
  await page.getByLabel('Operator (e-mail or id)').fill('compliance@operators.demo');
  await page.getByLabel('Action').fill('document.review');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(log.locator('tbody tr').filter({ hasNotText: 'document.review' })).toHaveCount(0);
  for (const id of reviewed) await expect(log.locator('tbody tr').filter({ hasText: id })).toHaveCount(1);
  await page.getByLabel('Operator (e-mail or id)').fill('support@operators.demo');
  await page.getByLabel('Action').fill('');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(log.locator('tbody tr').filter({ hasNotText: 'support@operators.demo' })).toHaveCount(0);
  for (const action of ['session.end', 'player.view', 'player.search']) await expect(log.getByRole('cell', { name: action, exact: true }).first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  const csv = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export as CSV' }).click();
  expect((await csv).suggestedFilename()).toBe('audit-log-aurelia.csv');
});

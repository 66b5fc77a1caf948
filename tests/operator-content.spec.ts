/**
 * The operator console's editors' section (issue 32) end to end, against the real platform and
 * lobby: an editor reorders Aurelia's Swedish layout (layout.SE.json) by mouse and by keyboard,
 * edits a block in its generated form and sees the store's error beside the field, saves a draft,
 * previews it on the real lobby (visitors still see the published one), publishes (a Swedish visitor
 * sees it), reads the diff and rolls back; two operators editing the same document get a conflict,
 * not an overwrite; a scheduled publish waits and can be cancelled. Each screen is axe-clean, and the
 * section fits a phone.
 *
 * Only visitors from Sweden see layout.SE.json and no other spec asserts on them; the file is put
 * back as it was after the spec, whatever happens.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { expect, test, type Locator, type Page } from './support/test.ts';
import { seriousViolations } from './support/axe.ts';
import { signIn as signInOperator } from './support/operator.ts';
import { addTokenCookies, smsTokens, unique } from './support/player.ts';
import { SANDBOX_KEY_HEADERS } from './support/sandbox.ts';
import { brandOrigin, E2E_PORT } from './support/urls.ts';

const AURELIA = brandOrigin('aurelia');
const DOCUMENT = 'layout.SE.json';
const FILE = path.join(`.data/e2e-${E2E_PORT}-content`, 'aurelia', DOCUMENT);
/** Signs a demo operator in on the content section. */
const signIn = (page: Page, role: string): Promise<void> => signInOperator(page, role, '/operator/content/');

/** Opens the Swedish layout in the editor. */
async function openDocument(page: Page): Promise<void> {
  await page.getByLabel('Document', { exact: true }).selectOption(DOCUMENT);
  await expect(page.getByText(new RegExp(`^Editing ${DOCUMENT.replace('.', '\\.')}`))).toBeVisible();
  await expect(handles(page).first()).toBeVisible();
}

/** The blocks' drag handles, in the list's order. */
const handles = (page: Page): Locator => page.getByRole('button', { name: /^Move block / });

/** The block ids in the editor's list, in order. */
async function editorOrder(page: Page): Promise<string[]> {
  const names = await handles(page).evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label') ?? ''));
  return names.map((name) => name.replace(/^Move block /, '').replace(/ \(.*$/, ''));
}

/** A visitor from Sweden (the country header needs the sandbox key). */
async function swedishVisitor(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ extraHTTPHeaders: { ...SANDBOX_KEY_HEADERS, 'x-debug-country': 'SE' } });
  return context.newPage();
}

/** The lobby's block ids and text for a visitor, loaded fresh. */
async function lobbyText(visitor: Page): Promise<string> {
  const response = await visitor.goto(`${AURELIA}/en/`);
  expect(response?.status()).toBe(200);
  return visitor.locator('main').innerText();
}

/** The published document as the file holds it. */
const published = () => JSON.parse(readFileSync(FILE, 'utf8')) as { blocks: { id: string; title?: { en?: string } }[] };

// The tests that edit the Swedish layout run one after another in one worker, which alone restores the
// file: the phone project's worker runs only the @phone test below, outside this block and its hooks.
test.describe('the Swedish layout, edited and restored', () => {
  test.describe.configure({ mode: 'serial' });

  let original = '';
  test.beforeAll(() => {
    original = readFileSync(FILE, 'utf8');
  });
  test.afterAll(() => {
    if (original) writeFileSync(FILE, original);
  });

  test('an editor reorders by mouse and keyboard, edits with the store\'s checks, previews as a visitor and as a signed-in player, publishes, compares and rolls back', async ({ page, browser }) => {
    test.setTimeout(240_000);
    const stamp = `Preview hero ${Date.now().toString(36)}`;
    const visitor = await swedishVisitor(browser);
    expect(await lobbyText(visitor)).not.toContain(stamp);

    await signIn(page, 'editor');
    await openDocument(page);
    expect(await seriousViolations(page)).toEqual([]);
    const start = await editorOrder(page);
    expect(start.slice(0, 3)).toEqual(['hero', 'spelpaus', 'hot-games']);

    // By mouse: the second block's handle dragged above the first.
    const from = await handles(page).nth(1).boundingBox();
    const to = await handles(page).nth(0).boundingBox();
    if (!from || !to) throw new Error('the block handles have no box');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 5 });
    await page.mouse.move(to.x + to.width / 2, to.y + 2, { steps: 15 });
    await page.mouse.up();
    await expect.poll(() => editorOrder(page)).toEqual(['spelpaus', 'hero', 'hot-games', ...start.slice(3)]);

    // By keyboard: hot-games picked up with Space, moved up one, dropped with Space; the move is announced.
    await page.getByRole('button', { name: 'Move block hot-games (TOP_GAMES)' }).focus();
    await page.keyboard.press('Space');
    await expect(page.getByRole('button', { name: 'Move block hot-games (TOP_GAMES)' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText(/Picked up block hot-games \(TOP_GAMES\), position 3 of/)).toBeAttached();
    // The sensor listens for arrows from the frame after the pick-up: a key pressed before it is not a move.
    const moved = page.getByText(/Block hot-games \(TOP_GAMES\) moved to position 2 of/);
    await expect(async () => {
      if ((await moved.count()) === 0) await page.keyboard.press('ArrowUp');
      await expect(moved).toBeAttached({ timeout: 1000 });
    }).toPass({ timeout: 10_000 });
    await page.keyboard.press('Space');
    await expect.poll(() => editorOrder(page)).toEqual(['spelpaus', 'hot-games', 'hero', ...start.slice(3)]);
    await expect(page.getByText(/Block hot-games \(TOP_GAMES\) dropped at position 2 of/)).toBeAttached();
    await expect(page.getByRole('button', { name: 'Move block hot-games (TOP_GAMES)' })).toBeFocused();

    // The hero's form: a bad lobby path gets the store's error beside the field.
    await page.getByRole('button', { name: 'Edit hero (BANNER_MANUAL)' }).click();
    const hero = page.getByRole('group', { name: 'Fields of block hero (BANNER_MANUAL)' });
    const href = hero.getByLabel('Href', { exact: true });
    await href.fill('promotions');
    await expect(href).toHaveAttribute('aria-invalid', 'true');
    await expect(href).toHaveAccessibleDescription(/internal path with a trailing slash/);
    expect(await seriousViolations(page)).toEqual([]);
    await href.fill('/promotions/');
    await hero.getByLabel('Title (en)').fill(stamp);
    await expect(href).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('The content store accepts this document.')).toBeVisible();

    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByText(/^Draft saved at/)).toBeVisible();

    // The preview frames show the draft on the real lobby; a visitor still sees the published one.
    await page.getByRole('button', { name: 'Save and preview' }).click();
    for (const width of [390, 1280]) {
      const frame = page.frameLocator(`iframe[title="Preview of ${DOCUMENT} in en at ${width} pixels"]`);
      await expect(frame.getByText(stamp).first()).toBeAttached({ timeout: 20_000 });
      await expect(frame.getByText('Preview', { exact: true }).first()).toBeAttached();
    }
    expect(await lobbyText(visitor)).not.toContain(stamp);
    const desktop = page.frameLocator(`iframe[title="Preview of ${DOCUMENT} in en at 1280 pixels"]`);
    await expect(desktop.getByRole('button', { name: 'My account' })).toHaveCount(0);

    // A player signed in in the editor's browser: the frames show the draft as that player sees it.
    await addTokenCookies(page.context(), 'aurelia', await smsTokens(page.request, 'aurelia', `+35855${unique()}`));
    await page.getByRole('button', { name: 'Refresh preview' }).click();
    await expect(desktop.getByRole('button', { name: 'My account' })).toBeVisible({ timeout: 20_000 });
    await expect(desktop.getByTestId('balance')).toBeAttached();
    await expect(desktop.getByText(stamp).first()).toBeAttached();

    // Publish: the file is written and a Swedish visitor sees it on a later load.
    await page.getByLabel('Note for the version history (optional)').fill('e2e: new hero title');
    await page.getByRole('button', { name: 'Publish now' }).click();
    const publishedAs = page.getByText(/^Published as version (\d+)\./);
    await expect(publishedAs).toBeVisible();
    const version = Number(/version (\d+)/.exec(await publishedAs.innerText())?.[1]);
    expect(published().blocks.slice(0, 3).map((block) => block.id)).toEqual(['spelpaus', 'hot-games', 'hero']);
    await expect(async () => expect(await lobbyText(visitor)).toContain(stamp)).toPass({ timeout: 20_000 });

    // The versions: the note, and a diff whose added line is marked in words.
    const versions = page.getByRole('table', { name: 'Every published version, newest first' });
    await expect(versions.getByRole('row', { name: new RegExp(`^${version} editor@operators\\.demo`) })).toContainText('e2e: new hero title');
    await expect(page.getByLabel('From version', { exact: true })).toHaveValue(String(version - 1));
    await expect(page.getByLabel('To version', { exact: true })).toHaveValue(String(version));
    await page.getByRole('button', { name: 'Show changes' }).click();
    const added = page.locator('.op-diff li').filter({ hasText: stamp });
    await expect(added).toContainText('Added:');
    await expect(added.locator('ins')).toContainText(stamp);
    await expect(page.locator('.op-diff li').filter({ hasText: 'Removed:' }).first()).toBeAttached();
    expect(await seriousViolations(page)).toEqual([]);

    // One click (and a confirmation) rolls back; the visitor's lobby is as before.
    await page.getByRole('button', { name: `Roll back to version ${version - 1}` }).click();
    const confirm = page.getByRole('dialog', { name: `Roll back to version ${version - 1}?` });
    await confirm.getByRole('button', { name: 'Roll back' }).click();
    await expect(page.getByText(`Rolled back: version ${version + 1} restores version ${version - 1}.`)).toBeVisible();
    expect(published().blocks.slice(0, 3).map((block) => block.id)).toEqual(start.slice(0, 3));
    await expect(async () => expect(await lobbyText(visitor)).not.toContain(stamp)).toPass({ timeout: 20_000 });
    await expect.poll(() => editorOrder(page)).toEqual(start);
    await visitor.context().close();

    // A draft thrown away: the form is the published version again, and a reload restores no draft.
    const discard = page.getByRole('button', { name: 'Discard my draft' });
    await expect(discard).toHaveCount(0);
    await page.getByRole('button', { name: 'Edit hero (BANNER_MANUAL)' }).click();
    const heroTitle = page.getByRole('group', { name: /^Fields of block hero/ }).getByLabel('Title (en)');
    const publishedTitle = await heroTitle.inputValue();
    await heroTitle.fill(`Thrown away ${stamp}`);
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByText(/^Draft saved at /)).toBeVisible();
    await discard.click();
    await expect(page.getByText(/^Your draft is discarded: the form shows version \d+ as published/)).toBeVisible();
    await expect(discard).toHaveCount(0);
    await page.reload();
    await openDocument(page);
    await page.getByRole('button', { name: 'Edit hero (BANNER_MANUAL)' }).click();
    await expect(heroTitle).toHaveValue(publishedTitle);
    await expect(page.getByText(/^Your saved draft \(from /)).toHaveCount(0);
  });

  test('two operators editing the same document get a conflict, not an overwrite, and the loser keeps their work; a publish at a time waits and can be cancelled', async ({ page, browser }) => {
    test.setTimeout(180_000);
    const mine = `Mine ${Date.now().toString(36)}`;
    const theirs = `Theirs ${Date.now().toString(36)}`;
    await signIn(page, 'editor');
    await openDocument(page);
    const other = await (await browser.newContext()).newPage();
    await signIn(other, 'admin');
    await openDocument(other);

    // The admin publishes first.
    await other.getByRole('button', { name: 'Edit hero (BANNER_MANUAL)' }).click();
    await other.getByRole('group', { name: /^Fields of block hero/ }).getByLabel('Title (en)').fill(theirs);
    await other.getByRole('button', { name: 'Publish now' }).click();
    await expect(other.getByText(/^Published as version/)).toBeVisible();

    // The editor, who opened the version before it, is refused and told who published what.
    await page.getByRole('button', { name: 'Edit hero (BANNER_MANUAL)' }).click();
    const title = page.getByRole('group', { name: /^Fields of block hero/ }).getByLabel('Title (en)');
    await title.fill(mine);
    await page.getByRole('button', { name: 'Publish now' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Someone published first' });
    await expect(alert).toContainText('admin@operators.demo');
    await expect(title).toHaveValue(mine);
    expect(published().blocks.find((block) => block.id === 'hero')?.title?.en).toBe(theirs);
    expect(await seriousViolations(page)).toEqual([]);

    // Their version loads; the editor's own document is kept to copy or apply again.
    await alert.getByRole('button', { name: /Load their version/ }).click();
    await page.getByRole('button', { name: 'Edit hero (BANNER_MANUAL)' }).click();
    await expect(page.getByRole('group', { name: /^Fields of block hero/ }).getByLabel('Title (en)')).toHaveValue(theirs);
    await expect(page.getByLabel('Your edits (JSON), kept for you')).toHaveValue(new RegExp(mine));
    await other.context().close();

    // A publish at a time: it waits, listed with Cancel, until cancelled (editor sign-ins are rate-limited, so this test goes on).
    const cancels = page.getByRole('button', { name: /^Cancel publish at / });
    const waitingBefore = await cancels.count();
    // Tomorrow at 09:mm (a minute of this run) in the browser's own time zone.
    const minute = String(10 + (Date.now() % 50));
    const at = await page.evaluate((mm) => {
      const date = new Date(Date.now() + 24 * 3600_000);
      const pad = (value: number) => String(value).padStart(2, '0');
      return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T09:${mm}`;
    }, minute);
    await page.getByLabel(/^Publish at \(your time zone/).fill(at);
    await page.getByRole('button', { name: 'Schedule publish' }).click();
    await expect(page.getByText(new RegExp(`^Scheduled for .*09:${minute}`))).toBeVisible();
    await expect(cancels).toHaveCount(waitingBefore + 1);
    const ours = page.getByRole('listitem').filter({ hasText: `09:${minute}` }).filter({ hasText: 'by editor@operators.demo' });
    await expect(ours).toHaveCount(1);
    expect(await seriousViolations(page)).toEqual([]);
    await ours.getByRole('button', { name: /^Cancel publish at / }).click();
    await expect(page.getByText(new RegExp(`^The publish at .*09:${minute}.* is cancelled\\.`))).toBeVisible();
    await expect(ours).toHaveCount(0);
    await expect(cancels).toHaveCount(waitingBefore);
    if (waitingBefore === 0) await expect(page.getByText('No publish is waiting.')).toBeVisible();
    writeFileSync(FILE, original);
  });

  test('other documents get the same generated form: a menu, a legal page with HTML fields, promotions with a choice of action; texts per locale beside the English', async ({ page }) => {
    test.setTimeout(120_000);
    const failures: string[] = [];
    page.on('pageerror', (error) => failures.push(error.message));
    await signIn(page, 'editor');
    const documentPicker = page.getByLabel('Document', { exact: true });

    await documentPicker.selectOption('menu.json');
    const lobbyMenu = page.getByRole('group', { name: 'lobbyMenu', exact: true });
    await expect(lobbyMenu.getByRole('group', { name: 'Items 1', exact: true }).getByLabel('Label (en)')).toHaveValue('Home');
    await expect(lobbyMenu.getByRole('group', { name: 'Items 1', exact: true }).getByLabel('Icon')).toHaveValue('home');
    // Items reorder by their buttons, and the focus goes with the moved item (nothing is saved here).
    const second = await lobbyMenu.getByRole('group', { name: 'Items 2', exact: true }).getByLabel('Label (en)').inputValue();
    await lobbyMenu.getByRole('button', { name: 'Move Items 2 up' }).click();
    await expect(lobbyMenu.getByRole('group', { name: 'Items 1', exact: true }).getByLabel('Label (en)')).toHaveValue(second);
    await expect(lobbyMenu.getByRole('group', { name: 'Items 2', exact: true }).getByLabel('Label (en)')).toHaveValue('Home');
    await expect(lobbyMenu.getByRole('button', { name: 'Move Items 1 down' })).toBeFocused();
    await expect(lobbyMenu.getByRole('button', { name: 'Move Items 1 up' })).toHaveCount(0);
    await page.keyboard.press('Enter');
    await expect(lobbyMenu.getByRole('group', { name: 'Items 1', exact: true }).getByLabel('Label (en)')).toHaveValue('Home');
    expect(await seriousViolations(page)).toEqual([]);

    await documentPicker.selectOption('legal/privacy-policy.json');
    await expect(page.getByLabel('Title (en)')).not.toHaveValue('');
    // An HTML fragment is a rich-text field: a multi-line textbox under its toolbar, described by the hint.
    const fragment = page.getByRole('textbox', { name: 'Body (en) 1', exact: true });
    await expect(fragment).toHaveAttribute('aria-multiline', 'true');
    await expect(fragment).toHaveAccessibleDescription(/HTML/);
    const toolbar = page.getByRole('toolbar', { name: 'Formatting of Body (en) 1' });
    const tool = (name: string) => toolbar.getByRole('button', { name, exact: true });
    // By keyboard: the toolbar is one tab stop before the text (arrows move along it); a button formats and hands the text the focus back.
    await fragment.focus();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Shift+Tab');
    await expect(tool('Heading')).toBeFocused();
    for (let step = 0; step < 3; step += 1) await page.keyboard.press('ArrowRight');
    await expect(tool('Bold')).toBeFocused();
    await page.keyboard.press('Space');
    await expect(fragment).toBeFocused();
    await page.keyboard.type('Play for fun.');
    await expect(tool('Bold')).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('Shift+Tab');
    await expect(tool('Bold')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(tool('Bold')).toHaveAttribute('aria-pressed', 'false');
    await expect(fragment).toBeFocused();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(tool('Bulleted list')).toBeFocused();
    await page.keyboard.press('Space');
    await expect(tool('Bulleted list')).toHaveAttribute('aria-pressed', 'true');
    await expect(fragment).toBeFocused();
    await page.keyboard.type('Responsible gaming');
    await page.keyboard.press('Shift+Home');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowLeft');
    await expect(tool('Link')).toBeFocused();
    await page.keyboard.press('Space');
    // Only https:, mailto: or a lobby path: anything else is refused beside the address.
    const address = page.getByLabel('Link address');
    await expect(address).toBeFocused();
    await page.keyboard.type('//evil.example/');
    await page.keyboard.press('Enter');
    await expect(address).toHaveAttribute('aria-invalid', 'true');
    await expect(address).toHaveAccessibleDescription(/Use an https:\/\/ address/);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('/responsible-gaming/');
    await page.keyboard.press('Enter');
    await expect(fragment).toBeFocused();
    await expect(address).toHaveCount(0);
    await expect(fragment.locator('strong')).toHaveText('Play for fun.');
    await expect(fragment.locator('ul > li a[href="/responsible-gaming/"]')).toHaveText('Responsible gaming');
    await expect(tool('Link')).toHaveAttribute('aria-pressed', 'true');
    // The HTML source shows what the document stores, and the store's checks accept it.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('End');
    await expect(tool('HTML source')).toBeFocused();
    await page.keyboard.press('Space');
    await expect(tool('HTML source')).toHaveAttribute('aria-pressed', 'true');
    const source = page.getByLabel('Body (en) 1 (HTML source)');
    await expect(source).toHaveValue(/<p><strong>Play for fun\.<\/strong><\/p><ul><li><p><a href="\/responsible-gaming\/">Responsible gaming<\/a><\/p><\/li><\/ul>$/);
    await expect(page.getByText('The content store accepts this document.')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Space');
    await expect(source).toHaveCount(0);
    await expect(fragment).toBeVisible();
    // Finnish: the same fields in Finnish, the English beside them.
    await page.getByLabel('Language of the texts you edit').selectOption('fi');
    await expect(page.getByLabel('Title (fi)')).not.toHaveValue('');
    await expect(page.getByText(/^English: /).first()).toBeVisible();
    // A bad date gets the store's error beside the field; nothing is written.
    await page.getByLabel('Updated').fill('');
    await expect(page.getByLabel('Updated')).toHaveAttribute('aria-invalid', 'true');
    // A refused save says so, keeps the edits and takes the editor to the first field with a problem.
    await page.getByLabel('Title (fi)').fill('Tietosuojaseloste (luonnos)');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByText('Nothing was saved: fix the fields marked below and try again.')).toBeVisible();
    await expect(page.getByLabel('Updated')).toBeFocused();
    await expect(page.getByLabel('Title (fi)')).toHaveValue('Tietosuojaseloste (luonnos)');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel('Language of the texts you edit').selectOption('en');
    await documentPicker.selectOption('promotions.json');
    const first = page.getByRole('group', { name: 'Promotions 1', exact: true });
    await expect(first.getByLabel('Title (en)')).toHaveValue('Deposit boost');
    await expect(first.getByLabel('Kind: Type')).toHaveValue('DEPOSIT');
    await expect(first.getByLabel('Trigger')).toHaveValue('ALWAYS');
    expect(await seriousViolations(page)).toEqual([]);
    expect(failures).toEqual([]);
  });
});

test('the content section fits a phone @phone', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'editor');
  await openDocument(page);
  await page.getByRole('button', { name: 'Edit hero (BANNER_MANUAL)' }).click();
  await expect(page.getByRole('group', { name: /^Fields of block hero/ }).getByLabel('Title (en)')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const handle = await handles(page).first().boundingBox();
  expect(handle?.width).toBeGreaterThanOrEqual(44);
  expect(await seriousViolations(page)).toEqual([]);
});

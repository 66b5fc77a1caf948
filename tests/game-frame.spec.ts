/**
 * The game frame shows the whole game (issue #14, "The game frame hides the game"): for a brand of
 * each layout (aurelia default, kororaa layout1, nordvik layout2), on a 1280×900 desktop and a
 * 390×844 phone held upright and sideways, a demo slot played for fun sits wholly in view (under
 * the sticky header, above layout2's tab bar), is no thin strip, is letterboxed to the game's
 * aspect ratio where the screen is large, and shows its Spin button, bet and balance inside the
 * frame without scrolling. Screenshots of each case go to the test's output folder. The Full
 * screen button puts the stage in full screen by keyboard or pointer, and Escape or the button
 * leaves it; where the Fullscreen API is missing (iPhone Safari) the stage covers the window instead.
 * No floating control of the page covers the game's controls or the stage's: while a game plays,
 * the chat button moves into the stage's bar (issue 27: it covered Full screen at 1280×900).
 */
import { expect, test, type Page } from './support/test.ts';
import { seriousViolations } from './support/axe.ts';
import { graphql } from './support/player.ts';
import { brandOrigin } from './support/urls.ts';
import { coveredControls } from './support/layout.ts';

interface Slot {
  slug: string;
  name: string;
  playForFun: boolean;
  isLiveCasino: boolean;
  aspectRatio: number;
}

const BRANDS = [
  { brand: 'aurelia', layout: 'default' },
  { brand: 'kororaa', layout: 'layout1' },
  { brand: 'nordvik', layout: 'layout2' },
] as const;

const VIEWPORTS = [
  { name: 'desktop 1280×900', viewport: { width: 1280, height: 900 }, tag: '' },
  { name: 'phone upright 390×844', viewport: { width: 390, height: 844 }, tag: ' @phone' },
  { name: 'phone sideways 844×390', viewport: { width: 844, height: 390 }, tag: ' @phone' },
] as const;

const frameSelector = '[data-testid="game-frame"]';

/** A play-for-fun slot of the brand's catalogue. */
async function funSlot(page: Page, brand: string): Promise<Slot> {
  const data = await graphql<{ listOfGames: { games: { edges: { node: Slot }[] } } }>(
    page.request, brand,
    '{ listOfGames(listOfGamesSlug: "slots", first: 40) { games { edges { node { slug name playForFun isLiveCasino aspectRatio } } } } }',
  );
  const slot = data.listOfGames.games.edges.map((edge) => edge.node).find((game) => game.playForFun && !game.isLiveCasino);
  expect(slot, `a play-for-fun slot in ${brand}'s catalogue`).toBeTruthy();
  return slot!;
}

/** Opens the slot's game page and plays it for fun until the game says it is ready. */
async function playForFun(page: Page, brand: string, slot: Slot): Promise<void> {
  const response = await page.goto(`${brandOrigin(brand)}/en/games/${slot.slug}/`);
  expect(response?.status()).toBe(200);
  await page.getByTestId('game-play-fun').click();
  await expect(page.getByTestId('game-stage')).toHaveAttribute('data-ready', 'true');
  const game = page.frameLocator(frameSelector);
  await expect(game.locator('#play')).toBeEnabled();
  await expect(game.locator('#balance')).toHaveText(/\d/);
}

/** What hides part of the frame (off screen, or something drawn over it), or null when it is wholly on screen and on top. */
async function frameHiddenBy(page: Page): Promise<string | null> {
  return page.locator(frameSelector).evaluate((frame) => {
    const box = frame.getBoundingClientRect();
    const at = `frame ${Math.round(box.left)},${Math.round(box.top)} ${Math.round(box.width)}×${Math.round(box.height)} in ${window.innerWidth}×${window.innerHeight}`;
    if (box.left < -0.5 || box.top < -0.5 || box.right > window.innerWidth + 0.5 || box.bottom > window.innerHeight + 0.5) return `off screen: ${at}`;
    // The middle of each edge (the stage's rounded corners clip the very corners) and the centre.
    const inset = 2;
    const [midX, midY] = [box.left + box.width / 2, box.top + box.height / 2];
    const points = [
      [midX, box.top + inset], [midX, box.bottom - inset], [box.left + inset, midY], [box.right - inset, midY], [midX, midY],
    ] as const;
    for (const [x, y] of points) {
      const hit = document.elementFromPoint(x, y);
      if (hit !== frame) return `covered at ${Math.round(x)},${Math.round(y)} by ${hit ? `${hit.tagName.toLowerCase()}.${[...hit.classList].join('.')}` : 'nothing'}: ${at}`;
    }
    return null;
  });
}

type Box = { x: number; y: number; width: number; height: number };
const within = (inner: Box, outer: Box) =>
  inner.x >= outer.x - 0.5 && inner.y >= outer.y - 0.5
  && inner.x + inner.width <= outer.x + outer.width + 0.5 && inner.y + inner.height <= outer.y + outer.height + 0.5;

for (const { name, viewport, tag } of VIEWPORTS) {
  test.describe(`the game frame on a ${name}`, () => {
    test.use({ viewport });

    for (const { brand, layout } of BRANDS) {
      test(`${brand} (${layout}) shows the whole game: in view, not a strip, Spin, bet and balance inside the frame${tag}`, async ({ page }, testInfo) => {
        const slot = await funSlot(page, brand);
        expect(slot.aspectRatio).toBeCloseTo(16 / 9, 3);
        await playForFun(page, brand, slot);

        // Launching brings the stage into view: the whole frame, under the header, over no tab bar.
        await expect.poll(() => frameHiddenBy(page), { message: 'the frame is wholly in view and uncovered' }).toBeNull();
        // No floating control of the page (aurelia's chat button) covers the game's own controls or
        // the stage's: the chat moves into the stage's bar while a game plays.
        const game = page.frameLocator(frameSelector);
        const controls = {
          'Full screen': page.getByTestId('game-fullscreen'), "the game's close button": game.locator('#close'),
          Spin: game.getByRole('button', { name: 'Spin' }), 'the bet': game.locator('#bet'),
          ...(brand === 'aurelia' ? { 'the chat in the bar': page.getByTestId('game-live-chat') } : {}),
        };
        if (brand === 'aurelia') await expect(page.getByTestId('live-chat-button'), 'the layout has its chat button').toBeAttached();
        expect(await coveredControls(page, controls), 'controls drawn under something else').toEqual([]);
        const frame = (await page.locator(frameSelector).boundingBox())!;
        const portrait = viewport.height > viewport.width;
        expect(frame.width, 'frame width').toBeGreaterThanOrEqual(viewport.width * (portrait ? 0.85 : 0.5));
        expect(frame.height, 'frame height').toBeGreaterThanOrEqual(viewport.height * (portrait ? 0.6 : 0.4));
        if (viewport.width >= 1024) {
          // Letterboxed to the game's shape where the screen has room for it.
          expect(frame.width / frame.height).toBeCloseTo(slot.aspectRatio, 1);
        }

        for (const [what, control] of [['Spin', game.getByRole('button', { name: 'Spin' })], ['bet', game.locator('#bet')], ['balance', game.locator('.balance')]] as const) {
          await expect(control, `${what} shows`).toBeVisible();
          const box = (await control.boundingBox())!;
          expect(within(box, frame), `${what} ${JSON.stringify(box)} lies inside the frame ${JSON.stringify(frame)}`).toBe(true);
        }
        // Nothing of the game waits below its fold.
        const overflow = await game.locator('html').evaluate((html) => html.scrollHeight - html.clientHeight);
        expect(overflow, 'the game page needs no scrolling').toBeLessThanOrEqual(1);

        await page.screenshot({ path: testInfo.outputPath(`${brand}-${viewport.width}x${viewport.height}.png`) });

        // The game still plays there.
        const balance = await game.locator('#balance').textContent();
        await game.getByRole('button', { name: 'Spin' }).click();
        await expect(game.locator('#announcer')).toHaveText(/Payline/);
        expect(balance).toMatch(/\d/);
      });
    }
  });
}

test.describe('full screen', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('the labelled Full screen button puts the stage in full screen by keyboard; Escape and the button leave it', async ({ page }, testInfo) => {
    const slot = await funSlot(page, 'kororaa');
    await playForFun(page, 'kororaa', slot);
    const stage = page.getByTestId('game-stage');
    const enter = page.getByRole('button', { name: 'Full screen', exact: true });
    const leave = page.getByRole('button', { name: 'Exit full screen', exact: true });
    const fullscreenIsStage = () => page.evaluate(() => document.fullscreenElement?.getAttribute('data-testid') ?? null);
    expect(await seriousViolations(page, { include: '[data-testid="game-stage"]' })).toEqual([]);

    await enter.focus();
    await page.keyboard.press('Enter');
    await expect.poll(fullscreenIsStage).toBe('game-stage');
    await expect(stage).toHaveAttribute('data-fullscreen', 'true');
    await expect(leave).toBeVisible();
    // The game fills the screen at its own shape: as wide as the screen or as tall as it less the bar.
    const frame = (await page.locator(frameSelector).boundingBox())!;
    expect(Math.max(frame.width / 1280, frame.height / (900 - 44))).toBeGreaterThan(0.97);
    expect(frame.width / frame.height).toBeCloseTo(slot.aspectRatio, 1);
    await expect(page.frameLocator(frameSelector).getByRole('button', { name: 'Spin' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('kororaa-fullscreen.png') });

    await page.keyboard.press('Escape');
    await expect.poll(fullscreenIsStage).toBeNull();
    await expect(stage).toHaveAttribute('data-fullscreen', 'false');
    await expect(enter).toBeVisible();

    // Space works too, and the button leaves full screen as well as Escape does.
    await enter.focus();
    await page.keyboard.press('Space');
    await expect.poll(fullscreenIsStage).toBe('game-stage');
    await leave.click();
    await expect.poll(fullscreenIsStage).toBeNull();
    await expect(enter).toBeFocused();
    // The game is still there, in its frame.
    await expect(stage).toHaveAttribute('data-ready', 'true');
  });
});

test('while a game plays, the chat opens from the stage\'s bar, where it covers nothing', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const slot = await funSlot(page, 'aurelia');
  await playForFun(page, 'aurelia', slot);
  await expect(page.getByTestId('live-chat-button')).toBeHidden();
  // The suite's visitor allowed only the necessary cookies: the chat asks for the preferences first, as from its own button.
  await page.getByRole('button', { name: 'Chat with us' }).click();
  await expect(page.getByTestId('live-chat-consent')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Allow and chat' })).toBeFocused();
  await page.getByRole('button', { name: 'Not now' }).click();
  await expect(page.getByTestId('game-live-chat'), 'the focus goes back to the control that asked').toBeFocused();
});

test.describe('full screen without the Fullscreen API', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the stage covers the window instead, and the button brings it back @phone', async ({ page }) => {
    // As on an iPhone: no element full screen.
    await page.addInitScript(() => {
      Object.defineProperty(Document.prototype, 'fullscreenEnabled', { get: () => false });
    });
    const slot = await funSlot(page, 'nordvik');
    await playForFun(page, 'nordvik', slot);
    const stage = page.getByTestId('game-stage');
    await page.getByRole('button', { name: 'Full screen', exact: true }).click();
    await expect(stage).toHaveAttribute('data-fullscreen', 'true');
    await expect.poll(async () => (await stage.boundingBox())).toEqual({ x: 0, y: 0, width: 390, height: 844 });
    await expect.poll(() => frameHiddenBy(page)).toBeNull();
    await expect(page.frameLocator(frameSelector).getByRole('button', { name: 'Spin' })).toBeVisible();
    await page.getByRole('button', { name: 'Exit full screen', exact: true }).click();
    await expect(stage).toHaveAttribute('data-fullscreen', 'false');
    await expect(page.getByRole('button', { name: 'Full screen', exact: true })).toBeVisible();
  });
});

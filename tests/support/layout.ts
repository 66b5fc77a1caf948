/**
 * Layout checks for the end-to-end tests: a page no wider than its screen, content that stays
 * inside its card, selects that show their whole text, and controls nothing else is drawn over.
 * Each returns what is wrong, in words a failure message can show, or an empty list.
 */
import type { Locator, Page } from '@playwright/test';

/**
 * Why the page is wider than `width` (the screen's width: on a phone the browser widens its layout
 * viewport to fit a page too wide, so `innerWidth` cannot be the measure), or an empty list: the
 * document's width, then the elements whose right edge passes the screen.
 */
export async function horizontalOverflow(page: Page, width: number): Promise<string[]> {
  return page.evaluate((width) => {
    const name = (element: Element) => `${element.tagName.toLowerCase()}${[...element.classList].map((c) => `.${c}`).join('')} "${(element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)}"`;
    const documentWidth = document.documentElement.scrollWidth;
    if (documentWidth <= width) return [];
    // Left out of the list: what a box that scrolls or clips holds, and what is fixed to the window
    // (the consent prompt), which only follows a page made too wide by something else.
    const clippedInside = (element: Element) => {
      for (let node: Element | null = element; node && node !== document.body; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.position === 'fixed') return true;
        if (node !== element && style.overflowX !== 'visible' && node.getBoundingClientRect().right <= width + 0.5) return true;
      }
      return false;
    };
    const past = [...document.body.querySelectorAll('*')]
      .filter((element) => element.getBoundingClientRect().right > width + 0.5 && !clippedInside(element))
      .slice(0, 6)
      .map((element) => `${name(element)} ends at ${Math.round(element.getBoundingClientRect().right)} px`);
    return [`the document is ${documentWidth} px wide on a ${width} px screen`, ...past];
  }, width);
}

/**
 * What sticks out of each card `cards` matches (a descendant drawn past the card's left or right
 * edge; screen-reader-only text is left out), or an empty list.
 */
export async function spillsOutOfCards(cards: Locator): Promise<string[]> {
  return cards.evaluateAll((elements) => {
    const name = (element: Element) => `${element.tagName.toLowerCase()}${[...element.classList].map((c) => `.${c}`).join('')} "${(element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)}"`;
    const spills: string[] = [];
    for (const card of elements) {
      const box = card.getBoundingClientRect();
      for (const inside of card.querySelectorAll('*')) {
        if (inside.closest('.visually-hidden')) continue;
        const part = inside.getBoundingClientRect();
        if (part.width === 0) continue;
        const by = Math.max(part.right - box.right, box.left - part.left);
        if (by > 0.5) spills.push(`${name(inside)} sticks ${Math.round(by)} px out of ${name(card)}`);
      }
    }
    return spills;
  });
}

/** How many lines an element's text takes (its height over its line height). */
export async function lineCount(element: Locator): Promise<number> {
  return element.evaluate((node) => {
    const lineHeight = parseFloat(getComputedStyle(node).lineHeight) || parseFloat(getComputedStyle(node).fontSize) * 1.2;
    return Math.round(node.getBoundingClientRect().height / lineHeight);
  });
}

/**
 * The selects on the page narrower than their longest option (a select cannot wrap its text, so
 * the option is cut), or an empty list. The measure is the select's own width when nothing
 * constrains it: a copy with width, min- and max-width and flex left to the browser.
 */
export async function cutSelects(page: Page): Promise<string[]> {
  return page.locator('select').evaluateAll((selects: HTMLSelectElement[]) =>
    selects.flatMap((select) => {
      if (select.getBoundingClientRect().width === 0) return [];
      const copy = select.cloneNode(true) as HTMLSelectElement;
      copy.removeAttribute('id');
      Object.assign(copy.style, { position: 'absolute', visibility: 'hidden', width: 'auto', minWidth: '0', maxWidth: 'none', flex: 'none' });
      select.parentElement!.append(copy);
      const needed = copy.getBoundingClientRect().width;
      copy.remove();
      const has = select.getBoundingClientRect().width;
      const longest = [...select.options].map((option) => option.text).sort((a, b) => b.length - a.length)[0];
      return has + 0.5 < needed ? [`the select of "${longest}" is ${Math.round(has)} px wide, its longest option needs ${Math.round(needed)} px`] : [];
    }));
}

/**
 * The controls drawn under something else (another element is on top at the control's centre, or
 * at either end of its middle line), or an empty list. A control inside a frame is checked in its
 * own document and, in the page, must have its frame on top at the same points: so a floating
 * button of the page over a game's own Spin button counts.
 */
export async function coveredControls(page: Page, controls: Record<string, Locator>): Promise<string[]> {
  const covered: string[] = [];
  const name = (hit: string | null) => hit ?? 'nothing';
  for (const [what, control] of Object.entries(controls)) {
    const box = await control.boundingBox();
    if (!box) {
      covered.push(`${what} is not on screen`);
      continue;
    }
    const inset = Math.min(box.width, box.height) / 2;
    const points = [[box.x + box.width / 2, box.y + box.height / 2], [box.x + inset, box.y + box.height / 2], [box.x + box.width - inset, box.y + box.height / 2]];
    const handle = await control.elementHandle();
    const frame = await handle!.ownerFrame();
    const frameElement = frame && frame !== page.mainFrame() ? await frame.frameElement() : null;
    const offset = frameElement ? (await frameElement.boundingBox())! : { x: 0, y: 0 };
    // In the control's own document: nothing of the game (or of the page) is drawn over it there.
    const ownHits = await handle!.evaluate((element, points) =>
      points.flatMap(([x, y]) => {
        const hit = document.elementFromPoint(x!, y!);
        return hit && (hit === element || element.contains(hit)) ? [] : [hit ? `${hit.tagName.toLowerCase()}.${[...hit.classList].join('.')}` : null];
      }), points.map(([x, y]) => [x! - offset.x, y! - offset.y]));
    if (ownHits.length > 0) covered.push(`${what} is under ${name(ownHits[0]!)}`);
    // In the page: where the control is inside a frame, that frame is what the page has on top there.
    if (frameElement) {
      const pageHits = await frameElement.evaluate((element, points) =>
        points.flatMap(([x, y]) => {
          const hit = document.elementFromPoint(x!, y!);
          return hit === element ? [] : [hit ? `${hit.tagName.toLowerCase()}.${[...hit.classList].join('.')}` : null];
        }), points);
      if (pageHits.length > 0) covered.push(`${what} (in the game's frame) is under the page's ${name(pageHits[0]!)}`);
    }
    await handle!.dispose();
  }
  return covered;
}

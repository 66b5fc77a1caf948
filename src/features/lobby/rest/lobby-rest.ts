/**
 * Browser: fills the lobby's later blocks in (LobbyRest.astro). The request starts as soon as the
 * first screen has painted. The blocks go in once the whole stylesheet has loaded (the after-paint
 * gate's promise), so they appear styled, and once they are wanted: their space comes within
 * WANTED_MARGIN of the screen, or the visitor scrolls, types, clicks or touches anything (so a
 * keyboard user's first Tab brings them in before focus could pass them). A phone that is only
 * looking at its first screen is not made to lay out a dozen blocks below it. Their islands
 * hydrate as they would have in the page.
 *
 * The visitor's own action comes first: the blocks are parsed one per idle period after they
 * arrive (tasks of their own, not the one that opens the gate), and one per task once wanted, so no
 * task parses them all. Wanted by a tap or a key, they go in after the frame that answers it has
 * painted, so that first interaction does not wait for the rest of the lobby (nothing on screen
 * moves: their space is then more than WANTED_MARGIN below it). Wanted by a scroll or by their
 * space coming near, they go in as soon as the last is parsed; the placeholder holds their space
 * until then, so nothing moves. They go in at once (blocks put in one by one moved the footer on
 * screen each time); each block below the screen skips its layout until it comes near
 * (`content-visibility: auto` in _lobby.scss). A visitor who jumped past their space keeps what
 * they see: the page scrolls by what the blocks add (putInPlace).
 */
import { afterPaintOpened } from '../../after-paint/opened.ts';
import { afterNextPaint, nextTask, whenIdle } from '../../../lib/yield-to-browser.ts';
import { BLOCK_SEPARATOR } from './block-separator.ts';

/** How far below the screen the later blocks' space may be when they go in. */
const WANTED_MARGIN = '0px 0px 200px 0px';
/** Anything the visitor does that brings the later blocks in at once. */
const INTERACTIONS = ['scroll', 'wheel', 'keydown', 'pointerdown', 'touchstart'] as const;
/** The interactions answered by a paint of their own before the blocks go in (what INP times). */
const DISCRETE: ReadonlySet<string> = new Set(['keydown', 'pointerdown', 'touchstart']);

/** Resolves when the later blocks are wanted (see above), with whether a tap or key wanted them. */
function wanted(slot: HTMLElement): Promise<{ discrete: boolean }> {
  return new Promise((resolve) => {
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) done();
      // Parked until wanted: said on the slot, so a test can tell "waiting" from "not yet checked".
      else slot.dataset.lobbyRestState = 'parked';
    }, { rootMargin: WANTED_MARGIN });
    function done(event?: Event) {
      observer.disconnect();
      for (const type of INTERACTIONS) window.removeEventListener(type, done, true);
      resolve({ discrete: DISCRETE.has(event?.type ?? '') });
    }
    observer.observe(slot);
    for (const type of INTERACTIONS) window.addEventListener(type, done, { capture: true, passive: true });
  });
}

/**
 * Parses the later blocks one per task (the whole run in one task was 70-170 ms on a phone at 4x
 * CPU): each in an idle period while nobody wants them, then one after another, yielding between
 * blocks so a frame or an input can go first (their space is still below the screen, or the
 * placeholder holds it). The lobby's own server-rendered markup, parsed in templates: its scripts
 * stay inert; the islands' runtime is already on the page.
 */
async function parseInTurns(html: string, want: Promise<unknown>): Promise<DocumentFragment> {
  let wantedNow = false;
  void want.then(() => (wantedNow = true));
  const blocks = document.createDocumentFragment();
  for (const part of html.split(BLOCK_SEPARATOR)) {
    await (wantedNow ? nextTask() : Promise.race([whenIdle(), want]));
    const template = document.createElement('template');
    template.innerHTML = part;
    blocks.append(template.content);
  }
  return blocks;
}

/**
 * Puts the blocks in the placeholder's place. A visitor who went past it (a jump to the end: the End
 * key, a link to the footer) has what follows it on screen, and keeps it there: the page scrolls by
 * what the blocks add. The blocks are laid out whole for that one frame (`content-visibility:
 * visible`), so what they add is their real height, which `contain-intrinsic-size: auto` then
 * remembers for each block once it skips its layout again; none of them changes height later under
 * the visitor. Chromium's scroll anchoring did none of this: it anchored on the placeholder, then on
 * a block whose real height replaced its estimate, and the footer fell 1,000-2,200 px, off screen,
 * under a desktop visitor's pointer (a click meant for its Cookie settings landed on a block).
 */
function putInPlace(slot: HTMLElement, blocks: DocumentFragment): void {
  if (slot.getBoundingClientRect().bottom >= window.innerHeight) {
    slot.replaceWith(blocks);
    return;
  }
  const height = document.documentElement.scrollHeight;
  const scrolled = window.scrollY;
  const laidOut = [...blocks.children].filter((block): block is HTMLElement => block instanceof HTMLElement);
  for (const block of laidOut) block.style.contentVisibility = 'visible';
  slot.replaceWith(blocks);
  const grown = document.documentElement.scrollHeight - height;
  // Unless the browser has anchored it after all.
  if (grown !== 0 && window.scrollY === scrolled) window.scrollBy({ top: grown, behavior: 'instant' });
  // Each block's size is remembered once a frame has rendered it; then it may skip its layout again.
  void afterNextPaint().then(() => {
    for (const block of laidOut) block.style.removeProperty('content-visibility');
  });
}

/** Replaces the lobby's placeholder with the blocks the server renders for it. */
export async function loadLobbyRest(): Promise<void> {
  const slot = document.querySelector<HTMLElement>('[data-lobby-rest]');
  const url = slot?.dataset.lobbyRest;
  if (!slot || !url) return;
  try {
    const response = await fetch(url, { credentials: 'same-origin', headers: { accept: 'text/html' } });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    const html = await response.text();
    await afterPaintOpened();
    const want = wanted(slot);
    const blocks = await parseInTurns(html, want);
    if ((await want).discrete) await afterNextPaint();
    const liveJackpot = blocks.querySelector('[data-jackpot-live]') !== null;
    putInPlace(slot, blocks);
    // A JACKPOT block among them: its ticker script came inert, so start the ticker here (loaded only then).
    if (liveJackpot) void import('../../jackpot/client/ticker.ts').then(({ startJackpotTicker }) => startJackpotTicker());
  } catch (error) {
    console.error('[lobby] The rest of the lobby could not load:', error);
    slot.removeAttribute('aria-busy');
    slot.classList.add('lobby-rest--failed');
    slot.querySelector<HTMLElement>('[data-lobby-rest-fallback]')?.removeAttribute('hidden');
  }
}

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
 * screen each time), those below the screen skipped, and are shown one a frame (showInTurns); each
 * block below the screen then skips its layout until it comes near (`content-visibility: auto` in
 * _lobby.scss), or the End key asks for the page's real end. A
 * visitor who jumped past their space keeps what they see: the page scrolls by what the blocks add
 * (putInPlace). The End key is the exception to "the visitor first": it asks for the end of the
 * page, so the blocks go in before its scroll does.
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

/** What wanted the later blocks: a tap or key answered first (discrete), or a key that scrolls to the end. */
interface Wish {
  discrete: boolean;
  toEnd: boolean;
}

/** Input types whose End key scrolls the page. */
const INPUTS_WITHOUT_END: ReadonlySet<string> = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'image', 'file', 'color']);

/**
 * The End key (Ctrl+End, Fn+Right) or a Mac's Cmd+Down outside a text field: its default action, run
 * after the listeners, scrolls to the end of the page as it is laid out then. The blocks go in
 * before it, laid out whole, or a first End stopped at the old end, some 2,200 px above the footer.
 */
function scrollsToEnd(event: Event | undefined): boolean {
  if (!(event instanceof KeyboardEvent) || event.altKey) return false;
  if (event.key !== 'End' && !(event.key === 'ArrowDown' && event.metaKey)) return false;
  const target = event.target;
  if (!(target instanceof HTMLElement)) return true;
  // A field that takes End itself: text, a number, a range, a list; checkboxes and buttons do not.
  if (target instanceof HTMLInputElement) return INPUTS_WITHOUT_END.has(target.type);
  return !(target.isContentEditable || target.closest('textarea, select') !== null);
}

/** Resolves when the later blocks are wanted (see above), and by what. */
function wanted(slot: HTMLElement): Promise<Wish> {
  return new Promise((resolve) => {
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) done();
      // Parked until wanted: said on the slot, so a test can tell "waiting" from "not yet checked".
      else slot.dataset.lobbyRestState = 'parked';
    }, { rootMargin: WANTED_MARGIN });
    function done(event?: Event) {
      observer.disconnect();
      for (const type of INTERACTIONS) window.removeEventListener(type, done, true);
      const toEnd = scrollsToEnd(event);
      resolve({ discrete: !toEnd && DISCRETE.has(event?.type ?? ''), toEnd });
    }
    observer.observe(slot);
    for (const type of INTERACTIONS) window.addEventListener(type, done, { capture: true, passive: true });
  });
}

/**
 * Parses the later blocks one per task (the whole run in one task was 70-170 ms on a phone at 4x
 * CPU): each in an idle period while nobody wants them, then one after another, yielding between
 * blocks so a frame or an input can go first (their space is still below the screen, or the
 * placeholder holds it); wanted by the End key, the rest at once (scrollsToEnd). The lobby's own
 * server-rendered markup, parsed in templates: its scripts stay inert; the islands' runtime is
 * already on the page.
 */
async function parseInTurns(html: string, want: Promise<Wish>): Promise<DocumentFragment> {
  let wish: Wish | undefined;
  void want.then((value) => (wish = value));
  const blocks = document.createDocumentFragment();
  for (const part of html.split(BLOCK_SEPARATOR)) {
    // The End key's scroll waits for nobody: the rest are parsed before its default action runs.
    if (!wish?.toEnd) await (wish ? nextTask() : Promise.race([whenIdle(), want]));
    const template = document.createElement('template');
    template.innerHTML = part;
    blocks.append(template.content);
  }
  return blocks;
}

/**
 * Lays the blocks out whole from now on (`content-visibility: visible`), so the page has their real
 * height. Not for one frame only: a block that skipped its layout again (`auto`), and was then
 * scrolled to, moved in Chromium's layout-shift accounting (CLS 0.4-0.7 in lobby-rest.spec).
 */
function layOutWhole(blocks: readonly Element[]): void {
  for (const block of blocks) if (block instanceof HTMLElement) block.style.contentVisibility = 'visible';
}

/**
 * Puts the blocks in the placeholder's place. A visitor who went past it (a jump to the end: a
 * scrollbar dragged down, a link to the footer) has what follows it on screen, and keeps it there:
 * the page scrolls by what the blocks add, laid out whole. Chromium's scroll anchoring did not: it
 * anchored on the placeholder, then on a block whose real height replaced its estimate, and the
 * footer fell 1,000-2,200 px, off screen, under a desktop visitor's pointer (a click meant for its
 * Cookie settings landed on a block). For the End key they are laid out whole too, so the end its
 * scroll heads for is the real one.
 */
function putInPlace(slot: HTMLElement, blocks: DocumentFragment, toEnd: boolean): void {
  const space = slot.getBoundingClientRect();
  const jumpedPast = space.bottom < window.innerHeight;
  if (!jumpedPast && !toEnd) {
    const added = [...blocks.children].filter((block) => block instanceof HTMLElement);
    for (const block of added) block.style.contentVisibility = 'hidden';
    slot.replaceWith(blocks);
    // Read before they went in: read after, it laid them out in this task (10-16 ms at 4x), not in the frame.
    showInTurns(added, space.top < window.innerHeight);
    return;
  }
  const height = document.documentElement.scrollHeight;
  const scrolled = window.scrollY;
  // The page's own later blocks too: one below the screen has only its estimate as well.
  layOutWhole([...blocks.children, ...(slot.parentElement?.children ?? [])]);
  slot.replaceWith(blocks);
  const grown = document.documentElement.scrollHeight - height;
  // Unless the browser has anchored it after all.
  if (jumpedPast && grown !== 0 && window.scrollY === scrolled) window.scrollBy({ top: grown, behavior: 'instant' });
}

/** The longest a block waits for its frame: a page the browser is not painting still shows them all soon. */
const FRAME_WAIT_MS = 100;
const nextFrame = () => Promise.race([afterNextPaint(), new Promise<void>((resolve) => setTimeout(resolve, FRAME_WAIT_MS))]);

/** Keys whose default action moves the focus or scrolls the page. */
const MOVING_KEYS: ReadonlySet<string> = new Set(['Tab', 'End', 'Home', 'PageDown', 'PageUp', 'ArrowDown', 'ArrowUp', ' ']);

/**
 * Whether an interaction needs every block laid out before its default action: the page scrolling
 * (a wheel, a scroll of the page itself, a key that scrolls) must not see a block change its height
 * on screen, and a Tab must be able to reach their links. Anything else (a tap, another key, a
 * carousel swiped) gets its own frame painted first: all the blocks in that frame would be the
 * long one the interaction is timed by (INP).
 */
function needsAllNow(event: Event): boolean {
  if (event.type === 'wheel') return true;
  if (event.type === 'scroll') return event.target === document;
  return event instanceof KeyboardEvent && MOVING_KEYS.has(event.key);
}

/**
 * The blocks go in skipped (`content-visibility: hidden`: their estimated height, nothing inside
 * styled or laid out) and are shown one a frame from the top (back to `auto`), so no frame takes
 * them all. Put in as `auto`, all in one frame cost 80-170 ms on a phone at 4x CPU: about half for
 * the one or two near the screen, which `auto` lays out, and half for the far ones it skips (with
 * them `hidden` instead, 16-21 ms). They are shown one a frame only while they went in below the
 * screen, so all that changes is below it; if their space was on screen when they went in
 * (`onScreen`: the visitor scrolled to it), all are shown at once. A scroll of the page, a wheel
 * or a key that scrolls or moves the focus shows the rest at once (needsAllNow); any other tap or
 * key, after its own frame.
 */
function showInTurns(blocks: readonly HTMLElement[], onScreen: boolean): void {
  const waiting = [...blocks];
  const show = (block: HTMLElement) => {
    // Unless the End key has laid it out whole meanwhile (layOutWhole).
    if (block.style.contentVisibility === 'hidden') block.style.contentVisibility = '';
  };
  const showAll = () => {
    for (const type of INTERACTIONS) window.removeEventListener(type, onInteraction, true);
    for (const block of waiting.splice(0)) show(block);
  };
  function onInteraction(event: Event) {
    if (needsAllNow(event)) showAll();
    else void nextFrame().then(showAll);
  }
  if (onScreen) return showAll();
  for (const type of INTERACTIONS) window.addEventListener(type, onInteraction, { capture: true, passive: true });
  const next = () => {
    const block = waiting.shift();
    if (!block) return showAll();
    show(block);
    void nextFrame().then(next);
  };
  void nextFrame().then(next);
}

/**
 * Once the blocks are in, each one below the screen has only its estimated height (320 px; a
 * phone's sports block is 1,300) until it first comes near, so the End key's scroll stopped short of
 * the real end, 1,100-2,200 px above the footer. The first End lays them all out before its default
 * action runs (the listener bubbles, so a carousel that keeps End to itself is left alone). They are
 * not laid out ahead of it in idle time: one block a frame made 2-5 more tasks over 50 ms on a phone
 * at 4x CPU (its largest blocks take 50-130 ms each), for a key a phone seldom has.
 */
function layOutWholeOnFirstEnd(lobby: Element): void {
  const onKey = (event: KeyboardEvent) => {
    if (event.defaultPrevented || !scrollsToEnd(event)) return;
    window.removeEventListener('keydown', onKey);
    layOutWhole([...lobby.children]);
  };
  window.addEventListener('keydown', onKey);
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
    const wish = await want;
    // In a task of their own, apart from the last block's parsing; the End key's scroll waits for nobody.
    if (wish.discrete) await afterNextPaint();
    else if (!wish.toEnd) await nextTask();
    const liveJackpot = blocks.querySelector('[data-jackpot-live]') !== null;
    const lobby = slot.parentElement;
    putInPlace(slot, blocks, wish.toEnd);
    if (lobby && !wish.toEnd) layOutWholeOnFirstEnd(lobby);
    // A JACKPOT block among them: its ticker script came inert, so start the ticker here (loaded only
    // then), in a task of its own: the import's preloading walks the page just grown (10-15 ms at 4x).
    if (liveJackpot) {
      void nextTask()
        .then(() => import('../../jackpot/client/ticker.ts'))
        .then(({ startJackpotTicker }) => startJackpotTicker());
    }
  } catch (error) {
    console.error('[lobby] The rest of the lobby could not load:', error);
    slot.removeAttribute('aria-busy');
    slot.classList.add('lobby-rest--failed');
    slot.querySelector<HTMLElement>('[data-lobby-rest-fallback]')?.removeAttribute('hidden');
  }
}

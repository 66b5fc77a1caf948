/**
 * Browser: fills the lobby's later blocks in (LobbyRest.astro). The request starts as soon as the
 * first screen has painted; the blocks go in once the whole stylesheet has loaded (the after-paint
 * gate's promise), so they appear styled. Their islands hydrate as they would have in the page.
 */
type GatedWindow = Window & { __atriumAfterPaint?: Promise<void> };

/** Replaces the lobby's placeholder with the blocks the server renders for it. */
export async function loadLobbyRest(): Promise<void> {
  const slot = document.querySelector<HTMLElement>('[data-lobby-rest]');
  const url = slot?.dataset.lobbyRest;
  if (!slot || !url) return;
  try {
    const response = await fetch(url, { credentials: 'same-origin', headers: { accept: 'text/html' } });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    const html = await response.text();
    await ((window as GatedWindow).__atriumAfterPaint ?? Promise.resolve());
    // The lobby's own server-rendered markup. Parsed in a template: its scripts stay inert; the
    // islands' runtime is already on the page.
    const template = document.createElement('template');
    template.innerHTML = html;
    slot.replaceWith(template.content);
  } catch (error) {
    console.error('[lobby] The rest of the lobby could not load:', error);
    slot.removeAttribute('aria-busy');
    slot.classList.add('lobby-rest--failed');
    slot.querySelector<HTMLElement>('[data-lobby-rest-fallback]')?.removeAttribute('hidden');
  }
}

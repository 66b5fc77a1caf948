/**
 * Another control on the page can stand in for the floating chat button where that button would
 * cover something (the game stage's bar while a game plays): it asks the page's chat to open with
 * this window event, without importing the chat's code.
 */

/** The window event LiveChat answers by opening, as a click on its own button does. */
export const OPEN_LIVE_CHAT_EVENT = 'atrium:open-live-chat';

/** Asks the page's live chat to open (asking for the preferences consent first where it must). */
export function openLiveChat(): void {
  window.dispatchEvent(new Event(OPEN_LIVE_CHAT_EVENT));
}

/**
 * The attribute on <html> while a game plays: the floating chat button hides (LiveChatButton.astro's
 * `:root[data-game-playing]` rule), the stage's bar carrying the chat instead.
 */
export const GAME_PLAYING_ATTRIBUTE = 'data-game-playing';

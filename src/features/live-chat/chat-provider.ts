/**
 * Starting the chat provider (spec section 8), the part of the live-chat button that runs only once
 * a visitor asks for the chat: its script (load-script.ts), the widget's locale and open/close
 * events, and a player's sign-in with the generateZendeskToken JWT. LiveChat.tsx imports this
 * module on the first click (fetching it ahead as the pointer, a touch or focus reaches the button),
 * so a page where nobody asks for the chat never downloads it.
 */
import { $player } from '../session/player-store.ts';
import { loadChatScript } from './load-script.ts';

/** The provider's messaging widget command API (`zE`). */
export type ChatCommand = (scope: string, command: string, argument?: unknown) => void;

/** The widget's command function, once its script has run. */
export function chatCommand(): ChatCommand | undefined {
  return (window as unknown as { zE?: ChatCommand }).zE;
}

/** The player's status once the session check has settled (LOADING waits). */
function settledStatus(): Promise<string> {
  const now = $player.get().status;
  if (now !== 'LOADING') return Promise.resolve(now);
  return new Promise((resolve) => {
    const stop = $player.listen((value) => {
      if (value.status === 'LOADING') return;
      stop();
      resolve(value.status);
    });
  });
}

/** What the button hears from the widget. */
export interface ChatEvents {
  /** The widget is wired: from now on it can be reset (a consent taken back). */
  ready(): void;
  opened(): void;
  closed(): void;
}

/**
 * Loads the provider's script and wires its widget; resolves once a player is signed in to it (a
 * visitor chats as a guest). Rejects when the script did not load or brought no widget.
 */
export async function startChat(provider: { scriptUrl: string; scriptId: string; locale: string }, events: ChatEvents): Promise<void> {
  await loadChatScript(provider.scriptUrl, { id: provider.scriptId });
  const chat = chatCommand();
  if (!chat) throw new Error(`The live-chat script brought no widget: ${provider.scriptUrl}`);
  events.ready();
  chat('messenger:set', 'locale', provider.locale);
  chat('messenger:on', 'open', () => {
    events.opened();
    // Telemetry (spec section 7): the brand's analytics hear of it, with consent (features/tags/).
    void import('../tags/analytics.ts').then((analytics) => analytics.track('live_chat_open'));
  });
  chat('messenger:on', 'close', events.closed);
  if ((await settledStatus()) === 'LOGGED_IN') {
    chat('messenger', 'loginUser', (callback: (jwt: string) => void) => {
      // A token that cannot be had leaves the player chatting as a guest.
      void import('./api.ts').then(({ chatToken }) => chatToken()).then(callback, () => undefined);
    });
  }
}

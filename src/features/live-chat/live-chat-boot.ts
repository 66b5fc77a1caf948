/**
 * Browser: wires the server-rendered chat button (LiveChatButton.astro) without the chat's code.
 * As the pointer, a touch or the focus reaches the button, the chat component's code is fetched;
 * a click, or another control asking through openLiveChat (open-event.ts), starts it in the
 * button's place (mount-live-chat.tsx), which then opens the chat (asking for the preferences
 * consent first where it must). Until then, taking the preferences consent back forgets a
 * conversation from an earlier page, as the component does once it runs.
 */
import { importOnce } from '../../lib/import-once.ts';
import { consentManager } from '../consent/consent-store.ts';
import type { LiveChatProps } from './LiveChat.tsx';
import { OPEN_LIVE_CHAT_EVENT } from './open-event.ts';

/** The chat component's code, fetched once (and again after a failed download). */
const loadComponent = importOnce(() => import('./mount-live-chat.tsx'));

/** What reaches for the button: its code is fetched ahead of a likely click. */
const REACHING = ['pointerenter', 'touchstart', 'focusin'] as const;

/** Wires the page's chat button, if it has one; marks it `data-live-chat-ready` once it answers clicks. */
export function bootLiveChat(): void {
  const host = document.querySelector<HTMLElement>('[data-live-chat]');
  const button = host?.querySelector<HTMLButtonElement>('button');
  if (!host || !button) return;
  const props = JSON.parse(host.dataset.liveChat ?? '{}') as LiveChatProps;
  const label = button.querySelector<HTMLElement>('.live-chat-button__label');
  const prefetch = () => void loadComponent().catch(() => undefined);

  // A conversation from an earlier page, forgotten when the consent it needed is taken back.
  const unsubscribe = consentManager().subscribe((current, previous) => {
    if (!previous.preferences || current.preferences || !props.forgetUrl) return;
    void fetch(props.forgetUrl, { method: 'POST', credentials: 'same-origin', redirect: 'manual' }).catch(() => undefined);
  });

  let starting = false;
  const start = async () => {
    if (starting) return;
    starting = true;
    const focused = document.activeElement === button;
    button.dataset.state = 'loading';
    button.setAttribute('aria-busy', 'true');
    if (label) label.textContent = props.texts.loading;
    try {
      const { mountLiveChat } = await loadComponent();
      for (const type of REACHING) button.removeEventListener(type, prefetch);
      button.removeEventListener('click', onClick);
      window.removeEventListener(OPEN_LIVE_CHAT_EVENT, onOpen);
      unsubscribe();
      mountLiveChat(host, props, { focus: focused || document.activeElement === button });
    } catch (error) {
      // The code did not download (offline): the button says so, and a click tries again.
      console.error('[live-chat] The chat could not start:', error);
      button.dataset.state = 'error';
      button.removeAttribute('aria-busy');
      if (label) label.textContent = props.texts.unavailable;
      starting = false;
    }
  };
  const onClick = () => void start();
  const onOpen = () => void start();
  for (const type of REACHING) button.addEventListener(type, prefetch, { passive: true });
  button.addEventListener('click', onClick);
  window.addEventListener(OPEN_LIVE_CHAT_EVENT, onOpen);
  host.dataset.liveChatReady = '';
}

/**
 * The live-chat button (spec sections 2, 7 and 8): in the layout, hidden on the sports route and on
 * the handler (guard) routes; the brand turns it on with the enableZendeskWebWidget feature.
 *
 * The chat keeps the conversation in a cookie, so it needs the preferences consent (spec section 1):
 * without it a click first asks for that, in place, and taking the consent back later closes the
 * chat and forgets the conversation.
 *
 * Nothing of the provider loads until the visitor asks: the first click loads its script (3
 * attempts, 500 ms apart; a failed script is removed and the button says the chat is unavailable,
 * and a click tries again), signs a player in with the generateZendeskToken JWT, and opens the
 * chat, telling the analytics (a `live_chat_open` event). The code that does this (chat-provider.ts)
 * is fetched then too, or as the pointer, a touch or focus reaches the button. The button hides
 * while the chat is open and takes the focus back when it closes. The
 * provider is the sandbox widget unless the operator configures their own (LIVE_CHAT_SCRIPT_URL);
 * both speak the messaging widget's `zE` command API.
 */
import { useEffect, useRef, useState } from 'react';
import { importOnce } from '../../lib/import-once.ts';
import { consentManager } from '../consent/consent-store.ts';
import { OPEN_LIVE_CHAT_EVENT } from './open-event.ts';

/** The button's texts, translated on the server. */
export interface LiveChatTexts {
  open: string;
  loading: string;
  unavailable: string;
  /** Why the chat asks for the preferences consent, and the two answers. */
  consent: string;
  allow: string;
  notNow: string;
}

/** What the server hands the chat (LiveChatButton.astro). */
export interface LiveChatProps {
  /** The provider's script, with the page's locale. */
  scriptUrl: string;
  /** The id the provider's script element gets (some providers find their key by it). */
  scriptId: string;
  /** Where the sandbox provider forgets a conversation without its script (null for an operator's provider). */
  forgetUrl: string | null;
  locale: string;
  texts: LiveChatTexts;
}

interface Props extends LiveChatProps {
  /** Started by a click on the server's button (live-chat-boot.ts): open at once. */
  openNow?: boolean;
  /** The server's button had the focus: this one takes it over. */
  focusOnMount?: boolean;
}

type State = 'idle' | 'asking' | 'loading' | 'open' | 'closed' | 'error';

/** The provider-starting code, fetched once (and again after a failed download). */
const loadProvider = importOnce(() => import('./chat-provider.ts'));
/** Fetches the provider-starting code ahead of a likely click. */
const prefetchProvider = () => void loadProvider().catch(() => undefined);

export default function LiveChat({ scriptUrl, scriptId, forgetUrl, locale, texts, openNow = false, focusOnMount = false }: Props) {
  const [state, setState] = useState<State>('idle');
  const button = useRef<HTMLButtonElement>(null);
  const allowButton = useRef<HTMLButtonElement>(null);
  const ready = useRef(false);
  // Where the focus goes back to when the chat closes: the control that opened it (this button, or
  // one standing in for it while this one is hidden).
  const opener = useRef<HTMLElement | null>(null);
  const returnFocus = () => requestAnimationFrame(() => {
    const target = opener.current?.isConnected && opener.current.checkVisibility() ? opener.current : button.current;
    target?.focus();
  });
  const zE = () => (window as unknown as { zE?: (scope: string, command: string) => void }).zE;

  // Taking the preferences consent back closes the chat and forgets its conversation.
  // Only when it is taken back (granted before, not now: here or in another tab), not on every page
  // without it: a conversation exists only where the consent was once given.
  useEffect(() => consentManager().subscribe((current, previous) => {
    if (!previous.preferences || current.preferences) return;
    if (ready.current) {
      zE()?.('messenger', 'resetWidget');
      setState('closed');
    } else if (forgetUrl) {
      // A conversation from an earlier page: forgotten without loading the provider.
      void fetch(forgetUrl, { method: 'POST', credentials: 'same-origin', redirect: 'manual' }).catch(() => undefined);
    }
  }), [forgetUrl]);

  useEffect(() => {
    if (state === 'asking') allowButton.current?.focus();
  }, [state]);

  const allowAndOpen = () => {
    const current = consentManager().get();
    consentManager().save({ preferences: true, analytics: current.analytics, marketing: current.marketing, uncategorized: current.uncategorized });
    void open();
  };

  const open = async () => {
    if (state === 'loading') return;
    // From the consent question the opener stays the control that asked the question.
    if (state !== 'asking' && document.activeElement instanceof HTMLElement && document.activeElement !== document.body) opener.current = document.activeElement;
    if (!consentManager().get().preferences) {
      setState('asking');
      return;
    }
    if (!ready.current) {
      setState('loading');
      try {
        const { startChat } = await loadProvider();
        await startChat({ scriptUrl, scriptId, locale }, {
          ready: () => {
            ready.current = true;
          },
          opened: () => setState('open'),
          closed: () => {
            setState('closed');
            // The button is shown again on the next render; focus it (or the opener) once it is.
            returnFocus();
          },
        });
      } catch {
        if (!ready.current) {
          setState('error');
          return;
        }
      }
    }
    zE()?.('messenger', 'open');
  };

  // Started by a click on the server's button: this button takes its place (and its focus) and opens.
  useEffect(() => {
    if (focusOnMount) button.current?.focus();
    if (openNow) void open();
    // Once, on mount: `open` is this first render's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A control standing in for the button (open-event.ts) opens the chat as a click here does
  // (listening anew after each render, so with this render's state).
  useEffect(() => {
    const onOpen = () => void open();
    window.addEventListener(OPEN_LIVE_CHAT_EVENT, onOpen);
    return () => window.removeEventListener(OPEN_LIVE_CHAT_EVENT, onOpen);
  });

  const label = state === 'loading' ? texts.loading : state === 'error' ? texts.unavailable : texts.open;
  if (state === 'asking') {
    const dismiss = () => {
      setState('idle');
      returnFocus();
    };
    const escape = (event: { key: string }) => {
      if (event.key === 'Escape') dismiss();
    };
    return (
      <section className="live-chat-consent" aria-label={texts.open} data-testid="live-chat-consent">
        <p>{texts.consent}</p>
        <div className="live-chat-consent__actions">
          <button ref={allowButton} type="button" className="button" onClick={allowAndOpen} onKeyDown={escape}>{texts.allow}</button>
          <button type="button" className="button button--secondary" onClick={dismiss} onKeyDown={escape}>{texts.notNow}</button>
        </div>
      </section>
    );
  }
  return (
    <button
      ref={button}
      type="button"
      className="live-chat-button"
      data-testid="live-chat-button"
      data-state={state}
      hidden={state === 'open'}
      aria-busy={state === 'loading'}
      onPointerEnter={prefetchProvider}
      onTouchStart={prefetchProvider}
      onFocus={prefetchProvider}
      onClick={() => void open()}
    >
      <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
        <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z" />
      </svg>
      <span className="live-chat-button__label" aria-live="polite">{label}</span>
    </button>
  );
}

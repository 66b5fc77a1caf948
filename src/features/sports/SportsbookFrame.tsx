/**
 * The sportsbook on /sports/: the platform's sandbox sportsbook page in a frame from its own
 * origin. Visitors get the public page (its "Sign in to bet" posts login-required, which sends
 * them to sign in); players get a session launched with their token, so bets debit their wallet
 * and the header balance follows. Messages are accepted only from the sportsbook's origin and
 * from this frame.
 */
import { useEffect, useRef, useState } from 'react';
import { showFeedback } from '../feedback/store.ts';
import { useHydrated } from '../session/use-hydrated.ts';
import { acceptSportsbookMessage, visitorSportsbookUrl } from './sportsbook-messages.ts';

/** Texts of the frame, translated on the server. */
export interface SportsbookTexts {
  title: string;
  loading: string;
  betPlaced: string;
  insufficientFunds: string;
  launchFailed: string;
}

/** Props of the sportsbook island. */
export interface SportsbookFrameProps {
  brand: string;
  locale: string;
  sport: string | null;
  sportsbookOrigin: string;
  /** The server's view: the request carries a refreshable session. */
  signedIn: boolean;
  /** Where login-required sends a visitor (with autoSignIn=1). */
  loginPath: string;
  texts: SportsbookTexts;
}

/** The embedded sportsbook. */
export default function SportsbookFrame({ brand, locale, sport, sportsbookOrigin, signedIn, loginPath, texts }: SportsbookFrameProps) {
  const hydrated = useHydrated();
  const frameRef = useRef<HTMLIFrameElement>(null);
  const [frame, setFrame] = useState<{ url: string; origin: string } | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    if (!signedIn) {
      // The frame's address carries the page's own origin, which only the browser knows.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setFrame({ url: visitorSportsbookUrl(sportsbookOrigin, { brand, locale, sport, lobbyOrigin: location.origin }), origin: sportsbookOrigin });
      return;
    }
    let cancelled = false;
    import('./launch-sportsbook.ts')
      .then(({ launchSportsbook }) => launchSportsbook({ lobbyOrigin: location.origin, locale, sport }))
      .then((launch) => {
        if (cancelled) return;
        // No player after all (the session ended): the public page still shows the odds.
        const origin = launch?.gameServerOrigin || sportsbookOrigin;
        const url = launch?.url ?? visitorSportsbookUrl(sportsbookOrigin, { brand, locale, sport, lobbyOrigin: location.origin });
        if (new URL(url).origin !== origin) throw new Error('Unexpected sportsbook origin');
        setFrame({ url, origin });
      })
      .catch((error: unknown) => {
        console.error('[sports] launch failed:', error);
        if (!cancelled) showFeedback('error', texts.launchFailed, { namespace: 'sports' });
      });
    return () => {
      cancelled = true;
    };
  }, [brand, locale, sport, sportsbookOrigin, signedIn, texts.launchFailed]);

  useEffect(() => {
    if (!frame) return;
    const onMessage = (event: MessageEvent) => {
      const message = acceptSportsbookMessage(event, frame.origin);
      if (!message) return;
      if (frameRef.current && event.source !== frameRef.current.contentWindow) return;
      switch (message.event) {
        case 'ready':
          setReady(true);
          break;
        case 'login-required':
          location.assign(loginPath);
          break;
        case 'bet-placed':
          if (!message.replayed) showFeedback('success', texts.betPlaced, { namespace: 'sports' });
          void import('./launch-sportsbook.ts').then(({ refreshBalance }) => refreshBalance());
          break;
        case 'error':
          // The frame shows its own errors next to the slip; a low balance is the lobby's business (deposit).
          if (message.reason === 'InsufficientFunds') showFeedback('warning', texts.insufficientFunds, { namespace: 'sports' });
          break;
        default:
          break;
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [frame, loginPath, texts.betPlaced, texts.insufficientFunds]);

  return (
    <div className="sportsbook" data-testid="sportsbook" data-ready={ready ? 'true' : 'false'}>
      {hydrated && frame ? (
        <iframe
          ref={frameRef}
          className="sportsbook__frame"
          src={frame.url}
          title={texts.title}
          referrerPolicy="no-referrer"
          data-testid="sportsbook-frame"
        />
      ) : (
        <p className="sportsbook__loading" role="status">{texts.loading}</p>
      )}
    </div>
  );
}

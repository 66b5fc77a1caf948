/**
 * The sportsbook on /sports/: the platform's sandbox sportsbook page in a frame from its own
 * origin. Visitors get the public page (its "Sign in to bet" posts login-required, which sends
 * them to sign in); players get a session launched with their token, so bets debit their wallet
 * and the header balance follows. The slip the frame reports is kept for the tab and handed back to
 * the next frame, so a visitor signs in and comes back to the same picks. Messages are accepted only
 * from the sportsbook's origin and from this frame.
 */
import { useEffect, useRef, useState } from 'react';
import { showFeedback } from '../feedback/store.ts';
import type { Locale } from '../../i18n/locales.ts';
import { refusalOf, type Refusal, type RefusalTexts } from '../protection/refusal.ts';
import { $wallet } from '../wallet/wallet-store.ts';
import { useHydrated } from '../session/use-hydrated.ts';
import { acceptSportsbookMessage, couponFor, couponOf, SPORTS_COUPON_KEY, visitorSportsbookUrl, withCoupon } from './sportsbook-messages.ts';

/** The coupon this tab keeps (sportsbook-messages.ts) if this page may have it; none where storage is refused. */
function keptCoupon(signedIn: boolean): string | null {
  try {
    const coupon = couponFor(sessionStorage.getItem(SPORTS_COUPON_KEY), signedIn);
    if (!coupon) sessionStorage.removeItem(SPORTS_COUPON_KEY);
    return coupon;
  } catch {
    return null;
  }
}

function keepCoupon(coupon: string | null): void {
  try {
    if (coupon) sessionStorage.setItem(SPORTS_COUPON_KEY, coupon);
    else sessionStorage.removeItem(SPORTS_COUPON_KEY);
  } catch {
    // Storage refused (a private window's quota): the slip lasts as long as the page.
  }
}

/** Texts of the frame, translated on the server. */
export interface SportsbookTexts {
  title: string;
  loading: string;
  betPlaced: string;
  insufficientFunds: string;
  /** The launch failed for a reason that is not a refusal (the network, the platform's own fault). */
  launchFailed: string;
  /** Why the platform refuses the player the sportsbook (a break, a blocked account, a spent session limit…). */
  refusals: RefusalTexts;
}

/** Props of the sportsbook island. */
export interface SportsbookFrameProps {
  brand: string;
  locale: Locale;
  /** The brand's currency, for a refusal that names an amount before the wallet has loaded. */
  currency: string;
  sport: string | null;
  sportsbookOrigin: string;
  /** The server's view: the request carries a refreshable session. */
  signedIn: boolean;
  /** Where login-required sends a visitor (with autoSignIn=1). */
  loginPath: string;
  texts: SportsbookTexts;
}

/** The embedded sportsbook. */
export default function SportsbookFrame({ brand, locale, currency, sport, sportsbookOrigin, signedIn, loginPath, texts }: SportsbookFrameProps) {
  const hydrated = useHydrated();
  const frameRef = useRef<HTMLIFrameElement>(null);
  const [frame, setFrame] = useState<{ url: string; origin: string } | null>(null);
  const [ready, setReady] = useState(false);
  /** Why there is no sportsbook for this player: the platform's refusal, or the generic failure. */
  const [failure, setFailure] = useState<Refusal | { reason: null; text: string; link: null } | null>(null);

  useEffect(() => {
    if (!signedIn) {
      // The frame's address carries the page's own origin, which only the browser knows.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setFrame({ url: withCoupon(visitorSportsbookUrl(sportsbookOrigin, { brand, locale, sport, lobbyOrigin: location.origin }), keptCoupon(signedIn)), origin: sportsbookOrigin });
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
        setFrame({ url: withCoupon(url, keptCoupon(signedIn)), origin });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        // A refusal says why, until when and what the player can do, in the frame's place: never "Loading…" for ever.
        const refused = refusalOf(error, 'sports', texts.refusals, locale, $wallet.get().wallet?.currency ?? currency);
        if (!refused) console.error('[sports] launch failed:', error);
        setFailure(refused ?? { reason: null, text: texts.launchFailed, link: null });
      });
    return () => {
      cancelled = true;
    };
  }, [brand, locale, currency, sport, sportsbookOrigin, signedIn, texts.launchFailed, texts.refusals]);

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
        case 'betslip':
          keepCoupon(couponOf(message, signedIn));
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
  }, [frame, loginPath, signedIn, texts.betPlaced, texts.insufficientFunds]);

  return (
    <div className="sportsbook" data-testid="sportsbook" data-ready={ready ? 'true' : 'false'}>
      {failure ? (
        <p className="refusal sportsbook__refusal" role="alert" data-testid="sportsbook-refusal" data-reason={failure.reason ?? undefined}>
          {failure.text}
          {failure.link && <> <a href={failure.link.href}>{failure.link.label}</a></>}
        </p>
      ) : hydrated && frame ? (
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

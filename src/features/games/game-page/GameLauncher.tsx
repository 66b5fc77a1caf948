/**
 * The game page's launch island: Play (REAL, signed-in players), Play for fun (visitors, games
 * with play-for-fun) or a sign-in link; the launched game in a 16:9 frame served from the game
 * server's origin. Messages from the frame are accepted only from that origin (game-messages.ts).
 */
import { useEffect, useRef, useState } from 'react';
import { graphqlRequest } from '../../../lib/graphql-client.ts';
import { showFeedback } from '../../feedback/store.ts';
import type { Locale } from '../../../i18n/locales.ts';
import { restrictionMessage, restrictionOfError, type RestrictionTexts } from '../../protection/restriction.ts';
import { $session } from '../../session/session-store.ts';
import { acceptGameMessage } from './game-messages.ts';
import { LAUNCH_GAME_MUTATION, type GameLaunch } from './queries.ts';
import { useHydrated, useStoreAfterHydration } from '../../session/use-hydrated.ts';

export interface GameLauncherTexts {
  play: string;
  playForFun: string;
  signInToPlay: string;
  launchFailed: string;
  insufficientFunds: string;
  loading: string;
  /** Why real-money play is refused (self-exclusion, timeout, closed or blocked account), with {date}. */
  restriction: RestrictionTexts;
}

interface Props {
  slug: string;
  name: string;
  playForFun: boolean;
  /** The server's view: the request carries a refreshable session. */
  signedIn: boolean;
  /** The brand's currency, for play for fun. */
  currency: string;
  locale: Locale;
  gameServerOrigin: string;
  loginPath: string;
  texts: GameLauncherTexts;
}

async function launchFun(slug: string, currency: string, locale: string): Promise<GameLaunch> {
  const data = await graphqlRequest<{ launchGame: GameLaunch }>('LaunchGame', LAUNCH_GAME_MUTATION, {
    slug, mode: 'FUN', currency, lobbyOrigin: location.origin, locale,
  });
  return data.launchGame;
}

/** The launch buttons and, once launched, the game frame. */
export default function GameLauncher({ slug, name, playForFun, signedIn, currency, locale, gameServerOrigin, loginPath, texts }: Props) {
  const session = useStoreAfterHydration($session, null);
  // The play buttons wait for the island: a click in the moment before hydration would be lost.
  const hydrated = useHydrated();
  const isPlayer = signedIn || session !== null;
  const [launch, setLaunch] = useState<GameLaunch | null>(null);
  const [busy, setBusy] = useState(false);
  const [ready, setReady] = useState(false);
  const frameRef = useRef<HTMLIFrameElement>(null);

  useEffect(() => {
    if (!launch) return;
    // The launch's origin is the frame's; both must be the game server's.
    const origin = launch.gameServerOrigin || gameServerOrigin;
    const onMessage = (event: MessageEvent) => {
      const message = acceptGameMessage(event, origin);
      if (!message) return;
      if (frameRef.current && event.source !== frameRef.current.contentWindow) return;
      if (message.gameSessionId && message.gameSessionId !== launch.gameSessionId) return;
      switch (message.event) {
        case 'ready':
          setReady(true);
          break;
        case 'error':
          if (message.reason === 'InsufficientFunds') showFeedback('warning', texts.insufficientFunds, { namespace: 'game' });
          break;
        case 'close':
          setLaunch(null);
          setReady(false);
          break;
        default:
          break;
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [launch, gameServerOrigin, texts.insufficientFunds]);

  async function start(mode: 'REAL' | 'FUN') {
    setBusy(true);
    try {
      const next = mode === 'REAL'
        ? await (await import('./launch-real.ts')).launchReal({ slug, lobbyOrigin: location.origin, locale })
        : await launchFun(slug, currency, locale);
      if (new URL(next.url).origin !== (next.gameServerOrigin || gameServerOrigin)) throw new Error('Unexpected game origin');
      setReady(false);
      setLaunch(next);
    } catch (error) {
      // A refusal the player can do nothing about now says why and until when, not "try again".
      const restriction = restrictionOfError(error);
      const refused = restriction && restrictionMessage(restriction, 'play', texts.restriction, locale);
      if (!refused) console.error('[game] launch failed:', error);
      showFeedback('error', refused ?? texts.launchFailed, { namespace: 'game' });
    } finally {
      setBusy(false);
    }
  }

  if (launch) {
    return (
      <div className="game-stage" data-testid="game-stage" data-ready={ready ? 'true' : 'false'} data-mode={launch.mode}>
        <iframe
          ref={frameRef}
          className="game-stage__frame"
          src={launch.url}
          title={name}
          allow="fullscreen"
          allowFullScreen
          referrerPolicy="no-referrer"
          data-testid="game-frame"
        />
      </div>
    );
  }

  return (
    <div className="game-stage game-stage--idle" data-testid="game-stage">
      <div className="game-stage__actions">
        {isPlayer ? (
          <button type="button" className="button" disabled={!hydrated || busy} aria-busy={busy} onClick={() => void start('REAL')} data-testid="game-play">
            {busy ? texts.loading : texts.play}
          </button>
        ) : playForFun ? (
          <button type="button" className="button" disabled={!hydrated || busy} aria-busy={busy} onClick={() => void start('FUN')} data-testid="game-play-fun">
            {busy ? texts.loading : texts.playForFun}
          </button>
        ) : (
          <a className="button" href={loginPath} data-testid="game-sign-in">{texts.signInToPlay}</a>
        )}
      </div>
    </div>
  );
}

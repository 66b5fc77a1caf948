/**
 * The game page's launch island: Play (REAL, signed-in players), Play for fun (visitors, games
 * with play-for-fun) or a sign-in link; the launched game in a frame served from the game server's
 * origin. Messages from the frame are accepted only from that origin (game-messages.ts).
 *
 * The stage fits the game to the room it has (_games.scss): a box of the game's aspect ratio,
 * no taller than the viewport under the header, the frame letterboxed inside; on a phone a
 * responsive game gets all the room. A Full screen button puts the stage in full screen (the
 * Fullscreen API, or a fixed overlay where the browser has none); Escape or the button leaves it.
 */
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { graphqlRequest } from '../../../lib/graphql-client.ts';
import { showFeedback } from '../../feedback/store.ts';
import type { Locale } from '../../../i18n/locales.ts';
import { refusalOf, type Refusal, type RefusalTexts } from '../../protection/refusal.ts';
import { $wallet } from '../../wallet/wallet-store.ts';
import { $session } from '../../session/session-store.ts';
import { acceptGameMessage } from './game-messages.ts';
import { GAME_PLAYING_ATTRIBUTE, openLiveChat } from '../../live-chat/open-event.ts';
import { LaunchGameDocument } from '../../../lib/graphql/generated/graphql.ts';
import type { GameLaunch } from './queries.ts';
import { useHydrated, useStoreAfterHydration } from '../../session/use-hydrated.ts';

export interface GameLauncherTexts {
  play: string;
  playForFun: string;
  signInToPlay: string;
  launchFailed: string;
  insufficientFunds: string;
  loading: string;
  fullscreen: string;
  exitFullscreen: string;
  /** Why real-money play is refused (a break, a blocked account, a spent session limit, the country…) and what to do. */
  refusals: RefusalTexts;
}

interface Props {
  slug: string;
  name: string;
  playForFun: boolean;
  /** Width over height of the game's design (the platform's Game.aspectRatio). */
  aspectRatio: number;
  /** The game lays out to any box (Game.responsive): phones frame it in all the room they have. */
  responsive: boolean;
  /** The server's view: the request carries a refreshable session. */
  signedIn: boolean;
  /** The brand's currency, for play for fun. */
  currency: string;
  locale: Locale;
  gameServerOrigin: string;
  loginPath: string;
  /**
   * The chat button's label when the page has the live chat: while a game plays the bar carries
   * the chat button, and the floating one (which would cover the game's corner) steps aside.
   */
  liveChat?: string;
  texts: GameLauncherTexts;
}

async function launchFun(slug: string, currency: string, locale: string): Promise<GameLaunch> {
  const data = await graphqlRequest(LaunchGameDocument, {
    slug, mode: 'FUN', currency, lobbyOrigin: location.origin, locale,
  });
  return data.launchGame;
}

/** A usable ratio: the platform's, or 16:9 when it is missing or absurd. */
function stageRatio(aspectRatio: number): number {
  return Number.isFinite(aspectRatio) && aspectRatio >= 0.25 && aspectRatio <= 4 ? aspectRatio : 16 / 9;
}

/** The full-screen icon: four corners, or four corners pointing in once in full screen. */
function FullscreenIcon({ exit }: { exit: boolean }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      {exit
        ? <path d="M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5" />
        : <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />}
    </svg>
  );
}

/** The live chat's speech bubble, as on the floating chat button. */
function ChatIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z" />
    </svg>
  );
}

/** The launch buttons and, once launched, the game frame. */
export default function GameLauncher({ slug, name, playForFun, aspectRatio, responsive, signedIn, currency, locale, gameServerOrigin, loginPath, liveChat, texts }: Props) {
  const session = useStoreAfterHydration($session, null);
  // The play buttons wait for the island: a click in the moment before hydration would be lost.
  const hydrated = useHydrated();
  const isPlayer = signedIn || session !== null;
  const [launch, setLaunch] = useState<GameLaunch | null>(null);
  const [busy, setBusy] = useState(false);
  /** The platform's last refusal to start the game: shown in place until the player tries again. */
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [ready, setReady] = useState(false);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  /** The stage is the document's full-screen element. */
  const [fullscreen, setFullscreen] = useState(false);
  /** The stage covers the window as a fixed overlay: full screen where the Fullscreen API is missing or refused. */
  const [expanded, setExpanded] = useState(false);
  const stageStyle = { '--game-ratio': String(stageRatio(aspectRatio)) } as CSSProperties;

  // The browser leaves full screen on its own (Escape, the back gesture): follow it.
  useEffect(() => {
    const onChange = () => setFullscreen(stageRef.current !== null && document.fullscreenElement === stageRef.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  // Escape leaves full screen (browsers do it themselves; the overlay needs it) while focus is in the lobby.
  useEffect(() => {
    if (!fullscreen && !expanded) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
      setExpanded(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [fullscreen, expanded]);

  // A launched game is brought fully into view: the stage is sized to fit under the header.
  const launchedId = launch?.gameSessionId;
  useEffect(() => {
    if (launchedId) stageRef.current?.scrollIntoView({ block: 'nearest' });
  }, [launchedId]);

  // While a game plays, <html> says so: the floating chat button gives the game its corner
  // (LiveChatButton.astro). An attribute, not `:root:has(.game-stage--playing)`, which made every
  // change anywhere in the page check the root's style again.
  const playing = launch !== null;
  useEffect(() => {
    if (!playing) return;
    document.documentElement.setAttribute(GAME_PLAYING_ATTRIBUTE, '');
    return () => document.documentElement.removeAttribute(GAME_PLAYING_ATTRIBUTE);
  }, [playing]);

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
          // Removing the stage ends full screen too.
          setLaunch(null);
          setReady(false);
          setExpanded(false);
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
    setRefusal(null);
    try {
      const next = mode === 'REAL'
        ? await (await import('./launch-real.ts')).launchReal({ slug, lobbyOrigin: location.origin, locale })
        : await launchFun(slug, currency, locale);
      if (new URL(next.url).origin !== (next.gameServerOrigin || gameServerOrigin)) throw new Error('Unexpected game origin');
      setReady(false);
      setLaunch(next);
    } catch (error) {
      // A refusal says why, until when and what the player can do, where it stays: never "try again".
      const refused = refusalOf(error, 'play', texts.refusals, locale, $wallet.get().wallet?.currency ?? currency);
      if (refused) {
        setRefusal(refused);
      } else {
        console.error('[game] launch failed:', error);
        showFeedback('error', texts.launchFailed, { namespace: 'game' });
      }
    } finally {
      setBusy(false);
    }
  }

  async function toggleFullscreen() {
    const stage = stageRef.current;
    if (!stage) return;
    if (document.fullscreenElement) {
      await document.exitFullscreen().catch(() => undefined);
      return;
    }
    if (expanded) {
      setExpanded(false);
      return;
    }
    if (document.fullscreenEnabled && typeof stage.requestFullscreen === 'function') {
      try {
        await stage.requestFullscreen({ navigationUI: 'hide' });
        return;
      } catch {
        // Refused (a policy, no user gesture left): the overlay below still gives the game the window.
      }
    }
    setExpanded(true);
  }

  if (launch) {
    const full = fullscreen || expanded;
    const classes = ['game-stage', 'game-stage--playing', responsive ? 'game-stage--responsive' : '', expanded ? 'game-stage--expanded' : ''].filter(Boolean).join(' ');
    return (
      <div
        ref={stageRef}
        className={classes}
        style={stageStyle}
        data-testid="game-stage"
        data-ready={ready ? 'true' : 'false'}
        data-mode={launch.mode}
        data-fullscreen={full ? 'true' : 'false'}
      >
        <div className="game-stage__viewport">
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
        <div className="game-stage__bar">
          {liveChat && !full && (
            <button type="button" className="button button--secondary button--small game-stage__chat" onClick={openLiveChat} data-testid="game-live-chat">
              <ChatIcon />
              <span className="game-stage__chat-label">{liveChat}</span>
            </button>
          )}
          <button type="button" className="button button--secondary button--small game-stage__fullscreen" onClick={() => void toggleFullscreen()} data-testid="game-fullscreen">
            <FullscreenIcon exit={full} />
            <span className="game-stage__fullscreen-label">{full ? texts.exitFullscreen : texts.fullscreen}</span>
          </button>
        </div>
      </div>
    );
  }

  return (
    <div className="game-stage game-stage--idle" style={stageStyle} data-testid="game-stage">
      <div className="game-stage__viewport game-stage__actions">
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
        {refusal && (
          <p className="refusal game-stage__refusal" role="alert" data-testid="game-refusal" data-reason={refusal.reason}>
            {refusal.text}
            {refusal.link && <> <a href={refusal.link.href}>{refusal.link.label}</a></>}
          </p>
        )}
      </div>
    </div>
  );
}

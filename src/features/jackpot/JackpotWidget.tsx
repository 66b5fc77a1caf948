/**
 * The floating jackpot widget (spec sections 2, 4, 5, 6, 9), for signed-in players: the pots
 * ticking from the page's jackpot socket, a detail panel (pots, or odds and contribution), the
 * opt-in toggle and the contribution choice, in the modes expanded, collapsed, spotlight,
 * leaderboard (a link to the jackpot page's leaderboard) and mobile game page. The opt-in status
 * moves loading → true | false from the status fetch, → failed on an error ('Error', or 'Error
 * fetching the status', with a Reload button). A pot dropping opens the win overlay for its winner
 * and a notification for the community winners (and, under mga and est, for everyone) for 6 s.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { fillText } from '../../i18n/fill.ts';
import { formatCurrency } from '../../i18n/format.ts';
import type { Locale } from '../../i18n/locales.ts';
import { openOverlay } from '../overlay/store.ts';
import { $player } from '../session/player-store.ts';
import { settledPlayerRuntime } from '../session/player-runtime.ts';
import { decodeJwtClaims } from '../session/tokens.ts';
import { $wallet } from '../wallet/wallet-store.ts';
import type { JackpotPageConfig } from './client/config.ts';
import { fetchJackpotInstances, JACKPOT_FETCH_RETRY, withRetries } from './client/jackpot-rest.ts';
import { sharedJackpotSocket, type JackpotSocket } from './client/jackpot-socket.ts';
import { enrichedPlayerId, type JackpotPot, type JackpotServerMessage } from './client/protocol.ts';
import { OPEN_JACKPOT_WIDGET_EVENT } from './open-widget.ts';
import { takeRegistrationJackpot } from './registration-opt-in.ts';
import type { JackpotWidgetTexts } from './texts.ts';
import {
  AUTO_OPT_IN_ATTEMPTS, chosenContribution, JACKPOT_TIMINGS, optInUnavailable, smallestContribution,
  statusFromFetch, type OptInStatus, type WidgetMode,
} from './widget-rules.ts';

// The panel (opt-in, contribution, tabs) and the win overlay's body load when first needed: a
// signed-in lobby's first screen carries only the bar and the socket.
const JackpotPanel = lazy(() => import('./JackpotPanel.tsx'));
const WinCelebration = lazy(() => import('./WinCelebration.tsx'));

/** The settings the widget uses (jackpotSettings, spec section 3). */
export interface WidgetSettings {
  instanceId: string;
  operatorId: string;
  initialContributionValue: number;
  contributionOptions: number[];
  showContributionAsPercentage: boolean;
  enabledCommunity: boolean;
  logoUrl: string;
  winnerNotificationUrl: string;
}

interface Props {
  config: JackpotPageConfig;
  settings: WidgetSettings | null;
  locale: Locale;
  texts: JackpotWidgetTexts;
  /** The server-rendered pots (page currency). */
  initialPots: JackpotPot[];
  /** Whether the licence shows every player's jackpot notification (spec section 6: mga, est). */
  notifyAll: boolean;
  /** The JackpotAutoOptIn server toggle. */
  autoOptIn: boolean;
  /** The jackpot page, whose leaderboard the leaderboard mode opens. */
  leaderboardHref: string;
  /** The starting mode: collapsed on the lobby, mobile-game on a game page. */
  initialMode?: WidgetMode;
  /** A contribution chosen elsewhere (the registration flow); applied only if it is one of the options. */
  customContribution?: number | null;
}

interface Notification { kind: 'winner' | 'community'; text: string }

/** The widget island. */
export default function JackpotWidget({ config, settings, locale, texts, initialPots, notifyAll, autoOptIn, leaderboardHref, initialMode = 'collapsed', customContribution = null }: Props) {
  const [mode, setMode] = useState<WidgetMode>(initialMode);
  const [pots, setPots] = useState<JackpotPot[]>(initialPots);
  const [currency, setCurrency] = useState(config.currency);
  const [status, setStatus] = useState<OptInStatus>('loading');
  const [failure, setFailure] = useState<'error' | 'status' | 'settings' | null>(null);
  const [contribution, setContribution] = useState<number>(settings ? chosenContribution(customContribution, settings.contributionOptions, settings.initialContributionValue) : 0);
  const [inTheDraw, setInTheDraw] = useState(false);
  const [optOutLine, setOptOutLine] = useState(0);
  const [notification, setNotification] = useState<Notification | null>(null);
  const [signedIn, setSignedIn] = useState(false);
  const socketRef = useRef<JackpotSocket | null>(null);
  const playerIdRef = useRef<string | null>(null);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  const later = (ms: number, action: () => void) => timers.current.push(setTimeout(action, ms));
  const toggleRef = useRef<HTMLButtonElement>(null);

  // The /jackpot/ page's opt-in section (open-widget.ts) opens the panel and hands it the focus.
  useEffect(() => {
    const open = () => {
      setMode('expanded');
      toggleRef.current?.focus();
    };
    window.addEventListener(OPEN_JACKPOT_WIDGET_EVENT, open);
    return () => window.removeEventListener(OPEN_JACKPOT_WIDGET_EVENT, open);
  }, []);

  useEffect(() => {
    let stopped = false;
    const stops: (() => void)[] = [];
    const pending = timers.current;
    void settledPlayerRuntime().then(async (runtime) => {
      if (stopped || !runtime) return;
      setSignedIn(true);
      const token = await runtime.accessToken();
      const plain = token ? decodeJwtClaims(token)?.player_id ?? null : null;
      const walletCurrency = $wallet.get().wallet?.currency || config.currency;
      const enriched = plain ? enrichedPlayerId(plain, walletCurrency, config.brand) : null;
      playerIdRef.current = enriched;
      if (optInUnavailable({ settings, enrichedPlayerId: enriched }) || !settings) {
        setFailure('settings');
        setStatus('failed');
        return;
      }
      const socket = sharedJackpotSocket({ ...config, instanceIds: [config.instanceId], accessToken: () => runtime.accessToken() });
      socketRef.current = socket;
      stops.push(socket.listen((message) => onMessage(message)));
      // The status fetch (10 attempts, 2 s apart): loading → true | false, or failed.
      let optedIn = false;
      // A player who never opted in or out has no preferences: JackpotAutoOptIn is for them only.
      let neverChose = false;
      try {
        // An answer without the player's part (a token refreshed meanwhile, a service restarting) is
        // retried like a failed request: only ten failures in a row show 'Error fetching the status'.
        const { mine, player } = await withRetries(async () => {
          const instances = await fetchJackpotInstances({ serviceUrl: config.serviceUrl }, { brand: config.brand, currency: config.currency, token: () => runtime.accessToken(), playerId: plain ?? undefined }, { attempts: 1, delayMs: 0 });
          const found = instances.find((instance) => instance.id === config.instanceId);
          if (!found?.player) throw new Error(`The jackpot service sent no opt-in status for ${config.instanceId}`);
          return { mine: found, player: found.player };
        }, JACKPOT_FETCH_RETRY);
        optedIn = player.opted_in;
        neverChose = !player.opted_in && Object.keys(player.contribution_preferences ?? {}).length === 0;
        setPots(mine.pots);
        setStatus(statusFromFetch({ optedIn }));
        setContribution(chosenContribution(customContribution ?? player.preferred_contribution_value, settings.contributionOptions, settings.initialContributionValue));
      } catch (error) {
        console.warn('[jackpot] The opt-in status could not be fetched:', error);
        if (stopped) return;
        setFailure('status');
        setStatus(statusFromFetch('error'));
        return;
      }
      if (stopped) return;
      // A sign-up that joined the jackpot (JackpotInRegistrationFlow): the chosen, or initial, option.
      const joinedAtSignUp = takeRegistrationJackpot();
      if (!optedIn && (joinedAtSignUp || (customContribution !== null && settings.contributionOptions.includes(customContribution)))) {
        void optIn(true, chosenContribution(customContribution, settings.contributionOptions, settings.initialContributionValue));
      } else if (autoOptIn && neverChose) {
        void autoOptInAttempts(smallestContribution(settings.contributionOptions));
      }
    });
    return () => {
      stopped = true;
      for (const stop of stops) stop();
      for (const timer of pending) clearTimeout(timer);
    };
    // The widget starts once per page; its inputs are the server's and do not change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The opt-out text alternates every 3 s while the player is out.
  useEffect(() => {
    if (status !== 'false') return;
    const timer = setInterval(() => setOptOutLine((line) => 1 - line), JACKPOT_TIMINGS.optOutAlternateMs);
    return () => clearInterval(timer);
  }, [status]);

  const confirmations = useRef<((optedIn: boolean) => void)[]>([]);

  function onMessage(message: JackpotServerMessage) {
    if (message.type === 'JackpotUpdate' && message.instance_id === config.instanceId) {
      setPots(message.pots);
      setCurrency(message.currency);
      if (message.player) {
        setStatus(message.player.opted_in ? 'true' : 'false');
        for (const confirm of confirmations.current.splice(0)) confirm(message.player.opted_in);
      }
    } else if (message.type === 'Error' && message.request_type === 'PlayerOptInRequest') {
      setFailure('error');
      setStatus('failed');
      for (const confirm of confirmations.current.splice(0)) confirm(false);
    } else if (message.type === 'WinEvent' && message.instance_id === config.instanceId) {
      onWin(message);
    } else if (message.type === 'RaffleWinEvent') {
      openOverlay({
        variant: 'raffle-win',
        title: texts['jackpot.win.raffleTitle'],
        body: <Suspense fallback={null}><WinCelebration locale={locale} amount={message.win_amount} currency={message.currency} imageUrl={settings?.winnerNotificationUrl ?? ''} text={fillText(texts['jackpot.win.raffleBody'], { type: texts[`raffle.drop.${message.raffle_type}`] })} back={texts['jackpot.win.back']} /></Suspense>,
      });
    }
  }

  function potName(id: string): string {
    return texts[`jackpot.pot.${id}` as keyof JackpotWidgetTexts] ?? id;
  }

  function onWin(event: Extract<JackpotServerMessage, { type: 'WinEvent' }>) {
    const me = playerIdRef.current;
    const samePlayer = (id: string) => me !== null && id.split(':')[0] === me.split(':')[0];
    if (samePlayer(event.player_id)) {
      openOverlay({
        variant: 'jackpot-win',
        title: texts['jackpot.win.title'],
        body: <Suspense fallback={null}><WinCelebration locale={locale} amount={event.player_win.win_amount} currency={event.player_win.currency} imageUrl={settings?.winnerNotificationUrl ?? ''} text={fillText(texts['jackpot.win.body'], { pot: potName(event.win_pot_id) })} back={texts['jackpot.win.back']} /></Suspense>,
      });
      return;
    }
    const share = event.community_winners.find((winner) => samePlayer(winner.player_id));
    if (share) notify({ kind: 'community', text: fillText(texts['jackpot.widget.community'], { amount: formatCurrency(share.win_amount, share.currency, locale) }) });
    else if (notifyAll) notify({ kind: 'winner', text: fillText(texts['jackpot.widget.winner'], { pot: potName(event.win_pot_id), amount: formatCurrency(event.player_win.win_amount, event.player_win.currency, locale) }) });
  }

  function notify(next: Notification) {
    setNotification(next);
    later(JACKPOT_TIMINGS.winnerNotificationMs, () => setNotification((shown) => (shown === next ? null : shown)));
  }

  function optIn(optedIn: boolean, value: number = contribution): Promise<boolean> {
    const socket = socketRef.current;
    const playerId = playerIdRef.current;
    if (!socket || !playerId || !settings) return Promise.resolve(false);
    socket.send({
      type: 'PlayerOptInRequest', instance_id: config.instanceId, player_id: playerId, brand_id: `${settings.operatorId}:${config.brand}`,
      ...($player.get().player?.country?.code ? { player_country: $player.get().player!.country!.code } : {}),
      opt_in: optedIn, contribution_value: value,
    });
    setFailure(null);
    setStatus(optedIn ? 'true' : 'false');
    if (optedIn) {
      setInTheDraw(true);
      later(JACKPOT_TIMINGS.optInMessageMs, () => setInTheDraw(false));
    }
    return new Promise((resolve) => {
      confirmations.current.push(resolve);
      later(5_000, () => resolve(false));
    });
  }

  async function autoOptInAttempts(value: number | null) {
    if (value === null) return;
    for (let attempt = 0; attempt < AUTO_OPT_IN_ATTEMPTS; attempt += 1) {
      setContribution(value);
      if (await optIn(true, value)) return;
    }
    setFailure('error');
    setStatus('failed');
  }

  if (!signedIn) return null;
  const total = pots.find((pot) => pot.id === 'total');
  const money = (value: string) => formatCurrency(value, currency, locale);
  // Collapsed and the game page's bar show the total only; the other modes open the panel.
  const expanded = mode !== 'collapsed' && mode !== 'mobile-game';

  return (
    <aside className={`jackpot-widget jackpot-widget--${mode}`} aria-label={texts['jackpot.widget.title']} data-status={status}>
      <div className="jackpot-widget__bar">
        <button ref={toggleRef} type="button" className="jackpot-widget__toggle" aria-expanded={expanded} aria-controls="jackpot-widget-panel" onClick={() => setMode(expanded ? initialMode : 'expanded')}>
          <span>{texts['jackpot.widget.title']}</span>
          {total && <strong data-jackpot-total>{money(total.current_value)}</strong>}
          <span className="visually-hidden">{expanded ? texts['jackpot.widget.collapse'] : texts['jackpot.widget.expand']}</span>
        </button>
      </div>
      <div id="jackpot-widget-panel" className="jackpot-widget__panel" hidden={!expanded}>
        {expanded && (
          <Suspense fallback={<p>{texts['jackpot.widget.loading']}</p>}>
            <JackpotPanel
              texts={texts} locale={locale} mode={mode} onMode={setMode} pots={pots} currency={currency} leaderboardHref={leaderboardHref}
              settings={settings} status={status} failure={failure} contribution={contribution} optOutLine={optOutLine}
              onOptIn={(optedIn) => void optIn(optedIn)}
              onContribution={(value) => {
                setContribution(value);
                if (status === 'true') void optIn(true, value);
              }}
            />
          </Suspense>
        )}
      </div>
      <div role="status" className="jackpot-widget__notification">{notification?.text ?? (inTheDraw ? texts['jackpot.widget.inTheDraw'] : '')}</div>
    </aside>
  );
}

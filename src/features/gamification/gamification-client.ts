/**
 * Browser, signed-in players only: the player's half of the gamification rule and the provider's
 * widget frames. The server render has already checked the toggle, consent and the provider's
 * settings (gamification.server.ts) and rendered the gated parts (`[data-gamification-gated]`: the
 * page's content and the menu's links) hidden. This script reads the player (GetPlayerInfo's
 * account, GetGamanzaInfo's block flag), and either shows them or removes them (enablement.ts).
 *
 * Then each `[data-gamification-widget]` gets the provider's widget in a frame from the provider's
 * own origin: the script trades the player's platform token for the provider's (POST
 * <providerPath>v1/token, same origin) and hands it to the widget when it says `ready`. A widget
 * that reports an error or does not load within 10 s is reloaded up to 5 times, 1 s longer each
 * time, and then the page says so. After the opt-in switch changes, the player's status is read
 * again 2 s later (spec section 9) and written into `[data-gamification-status]`.
 */
import { formatNumber } from '../../i18n/format.ts';
import type { Locale } from '../../i18n/locales.ts';
import { GetGamanzaInfoDocument, type GetGamanzaInfoQuery } from '../../lib/graphql/generated/player.ts';
import { playerRequest } from '../session/player-call.ts';
import { $player, type Player } from '../session/player-store.ts';
import { settledPlayerRuntime, type PlayerRuntime } from '../session/player-runtime.ts';
import { gamificationOffReason } from './enablement.ts';
import {
  acceptWidgetMessage, STATUS_REFRESH_MS, WIDGET_LOAD_TIMEOUT_MS, WIDGET_MESSAGE_TYPE, widgetReloadDelay, widgetUrl,
} from './widget-protocol.ts';

/** What the page tells the script (`data-gamification-config`). */
export interface GamificationScriptConfig {
  brand: string;
  locale: Locale;
  clientId: string;
  providerPath: string;
  /** The provider's origin (the platform's game server origin), null when unknown. */
  widgetOrigin: string | null;
  texts: { failed: string; status: string; optedOut: string };
}

type GamanzaPlayer = NonNullable<GetGamanzaInfoQuery['viewer']>['player'];

function loadedPlayer(): Promise<Player | null> {
  return new Promise((resolve) => {
    const check = () => {
      const state = $player.get();
      if (state.status === 'LOADING') return false;
      resolve(state.player);
      return true;
    };
    if (check()) return;
    const stop = $player.listen(() => {
      if (check()) stop();
    });
  });
}

async function gamanzaInfo(): Promise<GamanzaPlayer | null> {
  return (await playerRequest(GetGamanzaInfoDocument, {})).viewer?.player ?? null;
}

function writeStatus(config: GamificationScriptConfig, info: GamanzaPlayer | null): void {
  for (const node of document.querySelectorAll<HTMLElement>('[data-gamification-status]')) {
    if (!info) continue;
    const details = info.playerGamificationDetails;
    node.dataset.optedIn = details.optedIn ? 'true' : 'false';
    node.textContent = details.optedIn
      ? config.texts.status.replace('{level}', formatNumber(details.level, config.locale)).replace('{rank}', details.rank ?? '').replace('{points}', formatNumber(details.points, config.locale))
      : config.texts.optedOut;
    node.hidden = false;
  }
}

/** A current provider token for the player (the page asks once and reuses it for every frame). */
function providerToken(config: GamificationScriptConfig, runtime: PlayerRuntime): () => Promise<string> {
  let pending: Promise<string> | null = null;
  return () => {
    pending ??= (async () => {
      const identityToken = await runtime.accessToken();
      if (!identityToken) throw new Error('No player session');
      const response = await fetch(`${config.providerPath}v1/token`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, credentials: 'same-origin',
        body: JSON.stringify({ clientId: config.clientId, identityToken }),
      });
      if (!response.ok) throw new Error(`The gamification provider refused a token (HTTP ${response.status})`);
      return ((await response.json()) as { accessToken: string }).accessToken;
    })();
    pending.catch(() => (pending = null));
    return pending;
  };
}

/** Frames one widget, reloading it when it fails. */
function hostWidget(holder: HTMLElement, config: GamificationScriptConfig & { widgetOrigin: string }, token: () => Promise<string>, onOptChanged: () => void): void {
  const view = (holder.dataset.gamificationWidget ?? 'missions') as 'missions' | 'tournaments' | 'settings';
  const src = widgetUrl(config.widgetOrigin, { brand: config.brand, locale: config.locale, view, lobbyOrigin: location.origin, providerPath: config.providerPath });
  let frame: HTMLIFrameElement | null = null;
  let reloads = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const fail = () => {
    clearTimeout(timer);
    reloads += 1;
    const delay = widgetReloadDelay(reloads);
    holder.dataset.reloads = String(reloads);
    if (delay === null) {
      frame?.remove();
      frame = null;
      holder.dataset.state = 'failed';
      const alert = document.createElement('p');
      alert.className = 'gamification-widget__failed';
      alert.setAttribute('role', 'alert');
      alert.textContent = config.texts.failed;
      holder.replaceChildren(alert);
      return;
    }
    holder.dataset.state = 'reloading';
    timer = setTimeout(open, delay);
  };

  function open() {
    holder.dataset.state = 'loading';
    frame?.remove();
    frame = document.createElement('iframe');
    frame.className = 'gamification-widget__frame';
    frame.title = holder.dataset.title ?? '';
    frame.src = src;
    frame.referrerPolicy = 'no-referrer';
    holder.querySelector('[data-gamification-placeholder]')?.remove();
    holder.append(frame);
    timer = setTimeout(fail, WIDGET_LOAD_TIMEOUT_MS);
  }

  window.addEventListener('message', (event) => {
    const message = acceptWidgetMessage(event, config.widgetOrigin);
    if (!message || !frame || event.source !== frame.contentWindow) return;
    const target = frame.contentWindow;
    switch (message.event) {
      case 'ready':
        token()
          .then((accessToken) => target?.postMessage({ type: WIDGET_MESSAGE_TYPE, event: 'session', accessToken }, config.widgetOrigin))
          .catch((error: unknown) => {
            console.warn('[gamification] no provider token:', error);
            fail();
          });
        break;
      case 'loaded':
        clearTimeout(timer);
        holder.dataset.state = 'loaded';
        break;
      case 'error':
        fail();
        break;
      case 'resize':
        if (typeof message.height === 'number' && message.height > 0 && message.height < 20_000) frame.style.height = `${Math.ceil(message.height)}px`;
        break;
      case 'opt-changed':
        onOptChanged();
        break;
      default:
        break;
    }
  });
  open();
}

/** Runs the player's half of the rule on this page, then its widgets. */
export async function runGamification(): Promise<void> {
  const holder = document.querySelector<HTMLElement>('[data-gamification-config]');
  if (!holder) return;
  const config = JSON.parse(holder.dataset.gamificationConfig ?? '{}') as GamificationScriptConfig;
  const gated = () => [...document.querySelectorAll<HTMLElement>('[data-gamification-gated]')];
  const runtime = await settledPlayerRuntime();
  const player = runtime ? await loadedPlayer() : null;
  const info = player ? await gamanzaInfo().catch(() => null) : null;
  // Without a player there is no one to check (the server rendered a visitor's page); without the provider's answer, off.
  const reason = !runtime || !player ? null : info ? gamificationOffReason(
    { feature: true, consent: { preferences: true, analytics: true }, settings: { enabled: true, clientId: config.clientId } },
    { ...player, isPlayerBlockedInGamanza: info.isPlayerBlockedInGamanza },
  ) : 'blocked';
  document.documentElement.dataset.gamification = reason ? `off:${reason}` : 'on';
  if (reason) {
    for (const node of gated()) node.remove();
    return;
  }
  for (const node of gated()) node.hidden = false;
  if (!runtime || !player) return;
  writeStatus(config, info);
  const widgetOrigin = config.widgetOrigin;
  if (!widgetOrigin) return;
  const token = providerToken(config, runtime);
  let refresh: ReturnType<typeof setTimeout> | undefined;
  const onOptChanged = () => {
    clearTimeout(refresh);
    refresh = setTimeout(() => {
      gamanzaInfo().then((fresh) => writeStatus(config, fresh)).catch((error: unknown) => console.warn('[gamification] status not refreshed:', error));
    }, STATUS_REFRESH_MS);
  };
  for (const widget of document.querySelectorAll<HTMLElement>('[data-gamification-widget]')) hostWidget(widget, { ...config, widgetOrigin }, token, onOptChanged);
}

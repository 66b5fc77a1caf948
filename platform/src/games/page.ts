/**
 * The HTML of a demo game page (GET /games/play/<gameSessionId>): one self-contained document per
 * launch with its style and script inline under a CSP nonce. The page knows its session id and the
 * lobby origin it may post to, nothing else: no token, no cookie. Its controls are native buttons,
 * selects and radios (keyboard playable), and every result is announced in a polite live region.
 * It speaks the locale the lobby launched the session with; the script's texts and number format
 * come in the same JSON data block as its configuration (no inline data in the script itself).
 * The page fills whatever box frames it (game-page.css): the table on top and the controls under it
 * in a portrait box, side by side in a landscape one, so Spin, the bet and the balance always show.
 */
import { readFileSync } from 'node:fs';
import { pageLocale, requestedLocale, type PageLocale, type PageTextKey } from '../i18n/page-texts.ts';
import { escapeHtml } from '../web/html.ts';
import { jsonForScript } from '../web/embedding.ts';
import { ROULETTE_BETS, SLOT_SYMBOLS, WHEEL_CHOICES } from './engines.ts';
import type { GameSessionInfo } from './service.ts';
import { withPageKit } from '../web/page-kit.ts';

// The page's script, with the shared page kit (texts and Intl formats) ahead of it in one scope.
const CLIENT_SCRIPT = withPageKit(readFileSync(new URL('./game-page.client.js', import.meta.url), 'utf8'));
const STYLE = readFileSync(new URL('./game-page.css', import.meta.url), 'utf8');

/** The engine-specific controls: what the player picks before playing. */
function pickControls(session: GameSessionInfo, texts: PageLocale): string {
  const t = (key: PageTextKey, values?: Record<string, string>) => escapeHtml(texts.t(key, values));
  switch (session.engine) {
    case 'roulette':
      return `<div class="field"><label for="pick-bet">${t('game.yourBet')}</label>
<select id="pick-bet" name="bet">${Object.keys(ROULETTE_BETS).map((value) => `<option value="${value}">${t(`game.roulette.${value}` as PageTextKey)}</option>`).join('')}</select></div>
<div class="field" id="pick-number-field" hidden><label for="pick-number">${t('game.number')}</label>
<input id="pick-number" name="number" type="number" inputmode="numeric" min="0" max="36" value="17"></div>`;
    case 'baccarat':
      return `<fieldset class="field choices"><legend>${t('game.betOn')}</legend>
<label><input type="radio" name="side" value="player" checked> ${t('game.js.player')} <span class="hint">${t('game.pays', { odds: '1:1' })}</span></label>
<label><input type="radio" name="side" value="banker"> ${t('game.js.banker')} <span class="hint">${t('game.pays', { odds: `${texts.decimal('0.95')}:1` })}</span></label>
<label><input type="radio" name="side" value="tie"> ${t('game.js.tie')} <span class="hint">${t('game.pays', { odds: '8:1' })}</span></label></fieldset>`;
    case 'wheel':
      return `<fieldset class="field choices"><legend>${t('game.betOnNumber')}</legend>
${WHEEL_CHOICES.map((value, index) => `<label><input type="radio" name="segment" value="${value}"${index === 0 ? ' checked' : ''}> ${value} <span class="hint">${t('game.pays', { odds: `${value}:1` })}</span></label>`).join('\n')}</fieldset>`;
    default:
      return '';
  }
}

/** What the stage shows before the first round. */
function stage(session: GameSessionInfo, texts: PageLocale): string {
  const t = (key: PageTextKey, values?: Record<string, string>) => escapeHtml(texts.t(key, values));
  switch (session.engine) {
    case 'slot':
      return `<div class="reels" id="reels" role="img" aria-label="${t('game.reelsNotSpun')}">${[0, 1, 2]
        .map(() => `<div class="reel">${[0, 1, 2].map((row) => `<span class="symbol${row === 1 ? ' line' : ''}">?</span>`).join('')}</div>`)
        .join('')}</div>
<details class="paytable"><summary>${t('game.paytable')}</summary><table><thead><tr><th scope="col">${t('game.paytable.symbol')}</th><th scope="col">${t('game.paytable.three')}</th><th scope="col">${t('game.paytable.two')}</th></tr></thead><tbody>
${SLOT_SYMBOLS.map((symbol) => `<tr><th scope="row"><span aria-hidden="true">${escapeHtml(symbol.glyph)}</span> ${t(`game.js.symbol.${symbol.id}` as PageTextKey)}</th><td>${t('game.paytable.times', { multiplier: String(symbol.three) })}</td><td>${symbol.two > 0n ? t('game.paytable.times', { multiplier: String(symbol.two) }) : '–'}</td></tr>`).join('\n')}
</tbody></table></details>`;
    case 'roulette':
      return '<div class="table-result" id="result-display" aria-hidden="true"><span class="pocket">–</span></div>';
    case 'wheel':
      return '<div class="table-result" id="result-display" aria-hidden="true"><span class="pocket">–</span></div>';
    default:
      return `<div class="hands" id="hands"><div class="hand"><h2>${t(session.engine === 'blackjack' ? 'game.dealer' : 'game.js.banker')}</h2><p class="cards" id="hand-top">–</p></div>
<div class="hand"><h2>${t(session.engine === 'blackjack' ? 'game.you' : 'game.js.player')}</h2><p class="cards" id="hand-bottom">–</p></div></div>`;
  }
}

/** The page's locale: the session's (one of the fourteen, checked at launch), else English. */
export function sessionTexts(session: Pick<GameSessionInfo, 'locale'>): PageLocale {
  return pageLocale(requestedLocale(session.locale) ?? 'en');
}

/** The full page for a playable session. */
export function gamePageHtml(session: GameSessionInfo, nonce: string): string {
  const { game } = session;
  const texts = sessionTexts(session);
  const t = (key: PageTextKey, values?: Record<string, string>) => escapeHtml(texts.t(key, values));
  const modeLabel = t(session.mode === 'REAL' ? 'game.mode.REAL' : 'game.mode.FUN');
  const playLabel = t(session.engine === 'slot' ? 'game.play.spin' : session.live ? 'game.play.bet' : session.engine === 'roulette' ? 'game.play.spin' : 'game.play.deal');
  const config = {
    /** For Intl: balances and bets are shown in the page's locale. */
    languageTag: texts.tag,
    texts: texts.pick('game.js.'),
    gameSessionId: session.id,
    lobbyOrigin: session.lobbyOrigin,
    mode: session.mode,
    currency: session.currency,
    engine: session.engine,
    live: session.live,
    slug: game.slug,
    name: game.name,
    symbols: Object.fromEntries(SLOT_SYMBOLS.map((symbol) => [symbol.id, { glyph: symbol.glyph, label: texts.t(`game.js.symbol.${symbol.id}` as PageTextKey) }])),
  };
  return `<!doctype html>
<html lang="${escapeHtml(texts.tag)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(game.name)} – ${escapeHtml(modeLabel)}</title>
<style nonce="${nonce}">${STYLE}</style>
</head>
<body class="playing" data-engine="${session.engine}"${session.live ? ' data-live' : ''}>
<main class="game">
<header class="top">
<div><h1>${escapeHtml(game.name)}</h1>
<p class="meta">${escapeHtml(game.studioName)} · <span class="mode mode-${session.mode.toLowerCase()}">${modeLabel}</span>${session.live ? ` · <span class="live-badge">${t('game.live')}</span>` : ''}</p></div>
<button type="button" class="close" id="close" aria-label="${t('game.close', { game: game.name })}">✕</button>
</header>
${session.live ? `<section class="live" aria-label="${t('game.liveTable')}"><p class="round"><span id="live-round">${t('game.round', { round: '–' })}</span> · <span id="live-phase">${t('game.connecting')}</span> <span class="countdown" id="live-countdown" aria-hidden="true"></span></p>
<p class="history">${t('game.lastResults')} <span id="live-history">–</span></p></section>` : ''}
<section class="stage" aria-label="${t('game.table')}">${stage(session, texts)}</section>
<div class="panel">
<form class="controls" id="controls" novalidate>
${pickControls(session, texts)}
<div class="field"><label for="bet">${t('game.bet', { currency: session.currency })}</label>
<select id="bet" name="amount" disabled><option>…</option></select></div>
<div class="buttons">
<button type="submit" id="play" disabled>${playLabel}</button>
${session.engine === 'blackjack' ? `<button type="button" id="hit" hidden>${t('game.hit')}</button><button type="button" id="stand" hidden>${t('game.stand')}</button>` : ''}
${session.mode === 'FUN' ? `<button type="button" id="refill" class="secondary" hidden>${t('game.refill')}</button>` : ''}
</div>
</form>
<p class="balance">${t('game.balance')} <output id="balance" aria-live="off">…</output></p>
<p class="status" id="announcer" role="status" aria-live="polite" aria-atomic="true"></p>
<p class="error" id="error" role="alert"></p>
<p class="small">${t('game.footer', { game: game.name })}${session.mode === 'FUN' ? ` ${t('game.footerFun')}` : ''}</p>
</div>
</main>
<script type="application/json" id="game-config">${jsonForScript(config)}</script>
<script nonce="${nonce}">${CLIENT_SCRIPT}</script>
</body>
</html>`;
}

/** A short page for a session that cannot be played (unknown, expired, signed out), in the given locale. */
export function gameMessageHtml(texts: PageLocale, title: string, message: string, nonce: string): string {
  return `<!doctype html>
<html lang="${escapeHtml(texts.tag)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title><style nonce="${nonce}">${STYLE}</style></head>
<body><main class="game"><h1>${escapeHtml(title)}</h1><p role="alert">${escapeHtml(message)}</p></main></body></html>`;
}

/**
 * The HTML of a demo game page (GET /games/play/<gameSessionId>): one self-contained document per
 * launch with its style and script inline under a CSP nonce. The page knows its session id and the
 * lobby origin it may post to, nothing else: no token, no cookie. Its controls are native buttons,
 * selects and radios (keyboard playable), and every result is announced in a polite live region.
 * The page fills whatever box frames it (game-page.css): the table on top and the controls under it
 * in a portrait box, side by side in a landscape one, so Spin, the bet and the balance always show.
 */
import { readFileSync } from 'node:fs';
import { escapeHtml } from '../web/html.ts';
import { jsonForScript } from '../web/embedding.ts';
import { ROULETTE_BETS, SLOT_SYMBOLS, WHEEL_CHOICES } from './engines.ts';
import type { GameSessionInfo } from './service.ts';

const CLIENT_SCRIPT = readFileSync(new URL('./game-page.client.js', import.meta.url), 'utf8');
const STYLE = readFileSync(new URL('./game-page.css', import.meta.url), 'utf8');

const ROULETTE_LABELS: Record<keyof typeof ROULETTE_BETS, string> = {
  red: 'Red (pays 1:1)', black: 'Black (pays 1:1)', odd: 'Odd (pays 1:1)', even: 'Even (pays 1:1)', low: '1 to 18 (pays 1:1)',
  high: '19 to 36 (pays 1:1)', dozen1: '1st dozen, 1-12 (pays 2:1)', dozen2: '2nd dozen, 13-24 (pays 2:1)', dozen3: '3rd dozen, 25-36 (pays 2:1)',
  straight: 'A single number (pays 35:1)',
};

/** The engine-specific controls: what the player picks before playing. */
function pickControls(session: GameSessionInfo): string {
  switch (session.engine) {
    case 'roulette':
      return `<div class="field"><label for="pick-bet">Your bet</label>
<select id="pick-bet" name="bet">${Object.entries(ROULETTE_LABELS).map(([value, label]) => `<option value="${value}">${escapeHtml(label)}</option>`).join('')}</select></div>
<div class="field" id="pick-number-field" hidden><label for="pick-number">Number (0-36)</label>
<input id="pick-number" name="number" type="number" inputmode="numeric" min="0" max="36" value="17"></div>`;
    case 'baccarat':
      return `<fieldset class="field choices"><legend>Bet on</legend>
<label><input type="radio" name="side" value="player" checked> Player <span class="hint">pays 1:1</span></label>
<label><input type="radio" name="side" value="banker"> Banker <span class="hint">pays 0.95:1</span></label>
<label><input type="radio" name="side" value="tie"> Tie <span class="hint">pays 8:1</span></label></fieldset>`;
    case 'wheel':
      return `<fieldset class="field choices"><legend>Bet on a number</legend>
${WHEEL_CHOICES.map((value, index) => `<label><input type="radio" name="segment" value="${value}"${index === 0 ? ' checked' : ''}> ${value} <span class="hint">pays ${value}:1</span></label>`).join('\n')}</fieldset>`;
    default:
      return '';
  }
}

/** What the stage shows before the first round. */
function stage(session: GameSessionInfo): string {
  switch (session.engine) {
    case 'slot':
      return `<div class="reels" id="reels" role="img" aria-label="Reels, not spun yet">${[0, 1, 2]
        .map(() => `<div class="reel">${[0, 1, 2].map((row) => `<span class="symbol${row === 1 ? ' line' : ''}">?</span>`).join('')}</div>`)
        .join('')}</div>
<details class="paytable"><summary>Paytable</summary><table><thead><tr><th scope="col">Symbol</th><th scope="col">Three on the line</th><th scope="col">First two</th></tr></thead><tbody>
${SLOT_SYMBOLS.map((symbol) => `<tr><th scope="row"><span aria-hidden="true">${escapeHtml(symbol.glyph)}</span> ${escapeHtml(symbol.label)}</th><td>${symbol.three}× bet</td><td>${symbol.two > 0n ? `${symbol.two}× bet` : '–'}</td></tr>`).join('\n')}
</tbody></table></details>`;
    case 'roulette':
      return '<div class="table-result" id="result-display" aria-hidden="true"><span class="pocket">–</span></div>';
    case 'wheel':
      return '<div class="table-result" id="result-display" aria-hidden="true"><span class="pocket">–</span></div>';
    default:
      return `<div class="hands" id="hands"><div class="hand"><h2>${session.engine === 'blackjack' ? 'Dealer' : 'Banker'}</h2><p class="cards" id="hand-top">–</p></div>
<div class="hand"><h2>${session.engine === 'blackjack' ? 'You' : 'Player'}</h2><p class="cards" id="hand-bottom">–</p></div></div>`;
  }
}

/** The full page for a playable session. */
export function gamePageHtml(session: GameSessionInfo, nonce: string): string {
  const { game } = session;
  const modeLabel = session.mode === 'REAL' ? 'Real money' : 'Play for fun';
  const playLabel = session.engine === 'slot' ? 'Spin' : session.live ? 'Place bet' : session.engine === 'roulette' ? 'Spin' : 'Deal';
  const config = {
    gameSessionId: session.id,
    lobbyOrigin: session.lobbyOrigin,
    mode: session.mode,
    currency: session.currency,
    engine: session.engine,
    live: session.live,
    slug: game.slug,
    name: game.name,
    symbols: Object.fromEntries(SLOT_SYMBOLS.map((symbol) => [symbol.id, { glyph: symbol.glyph, label: symbol.label }])),
  };
  return `<!doctype html>
<html lang="${escapeHtml(session.locale.split('_')[0] ?? 'en')}">
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
<p class="meta">${escapeHtml(game.studioName)} · <span class="mode mode-${session.mode.toLowerCase()}">${modeLabel}</span>${session.live ? ' · <span class="live-badge">Live</span>' : ''}</p></div>
<button type="button" class="close" id="close" aria-label="Close ${escapeHtml(game.name)}">✕</button>
</header>
${session.live ? `<section class="live" aria-label="Live table"><p class="round"><span id="live-round">Round –</span> · <span id="live-phase">Connecting…</span> <span class="countdown" id="live-countdown" aria-hidden="true"></span></p>
<p class="history">Last results: <span id="live-history">–</span></p></section>` : ''}
<section class="stage" aria-label="Table">${stage(session)}</section>
<div class="panel">
<form class="controls" id="controls" novalidate>
${pickControls(session)}
<div class="field"><label for="bet">Bet (${escapeHtml(session.currency)})</label>
<select id="bet" name="amount" disabled><option>…</option></select></div>
<div class="buttons">
<button type="submit" id="play" disabled>${playLabel}</button>
${session.engine === 'blackjack' ? '<button type="button" id="hit" hidden>Hit</button><button type="button" id="stand" hidden>Stand</button>' : ''}
${session.mode === 'FUN' ? '<button type="button" id="refill" class="secondary" hidden>Refill demo balance</button>' : ''}
</div>
</form>
<p class="balance">Balance: <output id="balance" aria-live="off">…</output> <span id="currency">${escapeHtml(session.currency)}</span></p>
<p class="status" id="announcer" role="status" aria-live="polite" aria-atomic="true"></p>
<p class="error" id="error" role="alert"></p>
<p class="small">A demo of ${escapeHtml(game.name)} served by the platform: every outcome is drawn by the server.${session.mode === 'FUN' ? ' Play-for-fun balance, no real money.' : ''}</p>
</div>
</main>
<script type="application/json" id="game-config">${jsonForScript(config)}</script>
<script nonce="${nonce}">${CLIENT_SCRIPT}</script>
</body>
</html>`;
}

/** A short page for a session that cannot be played (unknown, expired, signed out). */
export function gameMessageHtml(title: string, message: string, nonce: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title><style nonce="${nonce}">${STYLE}</style></head>
<body><main class="game"><h1>${escapeHtml(title)}</h1><p role="alert">${escapeHtml(message)}</p></main></body></html>`;
}

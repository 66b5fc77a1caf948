/**
 * The embedded sportsbook page (GET /sportsbook/?brand=&locale=&sport=&session=&origin=), served
 * from the platform's own origin for the lobby to frame on /sports/. It lists live and upcoming
 * events with odds buttons and keeps a bet slip; every slip change is posted to the lobby as
 * { type: 'atrium:sportsbook', event: 'betslip', … }. With a session (launchSportsbook) the page
 * places bets itself through its own API; a visitor's "Place bet" posts 'login-required' instead.
 */
import { readFileSync } from 'node:fs';
import type { Brand } from '../brands/brands.ts';
import { escapeHtml } from '../web/html.ts';
import { jsonForScript } from '../web/embedding.ts';
import type { SportsEvent } from './events.ts';
import { formatOdds } from './events.ts';

const CLIENT_SCRIPT = readFileSync(new URL('./sportsbook-page.client.js', import.meta.url), 'utf8');
const STYLE = readFileSync(new URL('./sportsbook-page.css', import.meta.url), 'utf8');

/** What the page shows. */
export interface SportsbookPageInput {
  brand: Brand;
  locale: string;
  sport: string | null;
  sports: { slug: string; name: string; liveCount: number; upcomingCount: number }[];
  live: SportsEvent[];
  upcoming: SportsEvent[];
  lobbyOrigin: string;
  /** The page's session and the signed-in player's wallet, or null for a visitor. */
  session: { id: string; currency: string; balance: string } | null;
  currency: string;
  minStake: string;
  maxStake: string;
  /** What the stake field starts with. */
  defaultStake: string;
}

function when(event: SportsEvent): string {
  if (event.status === 'LIVE') {
    const score = event.score ? ` ${event.score.home}–${event.score.away}` : '';
    return `<span class="live-badge">Live</span> <span class="clock">${event.minute ?? 0}′</span><span class="score" data-score>${escapeHtml(score)}</span>`;
  }
  const text = `${event.startsAt.slice(0, 10)} ${event.startsAt.slice(11, 16)} UTC`;
  return `<time datetime="${escapeHtml(event.startsAt)}" data-local-time>${escapeHtml(text)}</time>`;
}

function eventHtml(event: SportsEvent): string {
  const markets = event.markets
    .map(
      (market) => `<div class="market" role="group" aria-label="${escapeHtml(market.name)}"><p class="market-name" aria-hidden="true">${escapeHtml(market.name)}</p><div class="outcomes">${market.outcomes
        .map((outcome) => {
          const label = `${outcome.name}, ${market.name}, ${event.name}, odds ${formatOdds(outcome.oddsHundredths)}`;
          return `<button type="button" class="odds" aria-pressed="false" aria-label="${escapeHtml(label)}" data-event="${escapeHtml(event.id)}" data-event-name="${escapeHtml(event.name)}" data-market="${market.id}" data-market-name="${escapeHtml(market.name)}" data-outcome="${escapeHtml(outcome.id)}" data-outcome-name="${escapeHtml(outcome.name)}" data-odds="${formatOdds(outcome.oddsHundredths)}"${market.suspended ? ' disabled' : ''}><span class="outcome-name">${escapeHtml(outcome.name)}</span><span class="price">${formatOdds(outcome.oddsHundredths)}</span></button>`;
        })
        .join('')}</div></div>`,
    )
    .join('');
  return `<article class="event" data-event-id="${escapeHtml(event.id)}" aria-labelledby="event-${escapeHtml(event.id)}">
<h3 id="event-${escapeHtml(event.id)}">${escapeHtml(event.name)}</h3>
<p class="meta">${escapeHtml(event.sportName)} · ${escapeHtml(event.competition)} · ${when(event)}</p>
${markets}
</article>`;
}

/** The whole page. */
export function sportsbookPageHtml(input: SportsbookPageInput, nonce: string): string {
  const { brand, locale, sport, sports } = input;
  const link = (slug: string | null) => {
    const params = new URLSearchParams({ brand: brand.id, locale });
    if (slug) params.set('sport', slug);
    if (input.session) params.set('session', input.session.id);
    params.set('origin', input.lobbyOrigin);
    return `/sportsbook/?${params.toString()}`;
  };
  const tabs = [{ slug: null as string | null, name: 'All sports', liveCount: sports.reduce((sum, entry) => sum + entry.liveCount, 0) }, ...sports]
    .map((entry) => `<li><a href="${escapeHtml(link(entry.slug))}"${entry.slug === sport ? ' aria-current="page"' : ''}>${escapeHtml(entry.name)}${entry.liveCount ? ` <span class="count">${entry.liveCount} live</span>` : ''}</a></li>`)
    .join('');
  const config = {
    brand: brand.id,
    locale,
    sport,
    lobbyOrigin: input.lobbyOrigin,
    sessionId: input.session?.id ?? null,
    currency: input.currency,
    minStake: input.minStake,
    maxStake: input.maxStake,
  };
  const section = (id: string, title: string, events: SportsEvent[], empty: string) =>
    `<section class="events" aria-labelledby="${id}"><h2 id="${id}">${title}</h2>${events.length ? events.map(eventHtml).join('\n') : `<p class="empty">${empty}</p>`}</section>`;
  return `<!doctype html>
<html lang="${escapeHtml(locale.split('_')[0] ?? 'en')}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Sportsbook – ${escapeHtml(brand.title)}</title>
<style nonce="${nonce}">${STYLE}</style>
</head>
<body>
<div class="layout">
<main>
<header class="top"><h1>Sportsbook</h1><p class="meta">Sandbox: invented teams, simulated matches${input.session ? ` · Balance <output id="balance">${escapeHtml(input.session.balance)}</output> ${escapeHtml(input.session.currency)}` : ''}</p></header>
<nav aria-label="Sports"><ul class="tabs">${tabs}</ul></nav>
${section('live-heading', 'Live now', input.live, 'No live events right now.')}
${section('upcoming-heading', 'Starting soon', input.upcoming, 'No upcoming events.')}
</main>
<aside class="slip" aria-labelledby="slip-heading">
<h2 id="slip-heading">Bet slip</h2>
<ul id="slip-list" class="slip-list"></ul>
<p class="empty" id="slip-empty">Pick odds to add selections.</p>
<form id="slip-form" novalidate>
<label for="stake">Stake (${escapeHtml(input.currency)})</label>
<input id="stake" name="stake" type="text" inputmode="decimal" maxlength="12" value="${escapeHtml(input.defaultStake)}" aria-describedby="stake-hint">
<span class="hint" id="stake-hint">From ${escapeHtml(input.minStake)} to ${escapeHtml(input.maxStake)} ${escapeHtml(input.currency)}</span>
<p>Total odds: <output id="total-odds">–</output></p>
<p>Potential return: <output id="potential">–</output></p>
<button type="submit" id="place" disabled>${input.session ? 'Place bet' : 'Sign in to bet'}</button>
</form>
<p class="status" id="slip-status" role="status" aria-live="polite"></p>
<p class="error" id="slip-error" role="alert"></p>
</aside>
</div>
<script type="application/json" id="sportsbook-config">${jsonForScript(config)}</script>
<script nonce="${nonce}">${CLIENT_SCRIPT}</script>
</body>
</html>`;
}

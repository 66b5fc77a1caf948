/**
 * The embedded sportsbook page (GET /sportsbook/?brand=&locale=&sport=&origin=[#session=]), served
 * from the platform's own origin for the lobby to frame on /sports/. It lists live and upcoming
 * events with odds buttons and keeps a bet slip; every slip change is posted to the lobby as
 * { type: 'atrium:sportsbook', event: 'betslip', … }. It is always rendered as a visitor's page: with
 * a session in the fragment (launchSportsbook) the script loads the player's wallet and places bets
 * itself through its own API; a visitor's "Sign in to bet" posts 'login-required' instead.
 * Everything is worded in the lobby's locale (sports, markets, the slip; odds and money with Intl);
 * team and competition names are invented proper names and stay as they are. The script's texts
 * come in the JSON configuration block.
 */
import { readFileSync } from 'node:fs';
import type { Brand } from '../brands/brands.ts';
import { PAGE_TEXT_KEYS, pageLocale, requestedLocale, type PageLocale, type PageTextKey } from '../i18n/page-texts.ts';
import { escapeHtml } from '../web/html.ts';
import { jsonForScript } from '../web/embedding.ts';
import type { Market, Outcome, SportsEvent } from './events.ts';
import { formatOdds, totalUnit } from './events.ts';
import { withPageKit } from '../web/page-kit.ts';

// The page's script, with the shared page kit (texts and Intl formats) ahead of it in one scope.
const CLIENT_SCRIPT = withPageKit(readFileSync(new URL('./sportsbook-page.client.js', import.meta.url), 'utf8'));
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
  /** The brand's currency: a visitor's stakes; a player's come from their session (routes.ts). */
  currency: string;
  minStake: string;
  maxStake: string;
  /** What the stake field starts with. */
  defaultStake: string;
}

/** The page's locale: the requested one (already one the brand offers), else English. */
export function sportsbookTexts(locale: string): PageLocale {
  return pageLocale(requestedLocale(locale) ?? 'en');
}

/** A sport's name in the page's language (the catalogue's name for a sport without a text). */
function sportName(texts: PageLocale, slug: string, fallback: string): string {
  const key = `sportsbook.sport.${slug}`;
  return (PAGE_TEXT_KEYS as string[]).includes(key) ? texts.t(key as PageTextKey) : fallback;
}

/** A market's name in the page's language (winner markets with a draw are "match result"). */
function marketName(texts: PageLocale, event: SportsEvent, market: Market): string {
  if (market.id === 'winner') return texts.t(market.outcomes.some((outcome) => outcome.id === 'draw') ? 'sportsbook.market.matchResult' : 'sportsbook.market.winner');
  return texts.t(`sportsbook.market.total.${totalUnit(event.sport)}` as PageTextKey);
}

/** An outcome's name: the teams as they are, draw and over/under lines worded for the locale. */
function outcomeName(texts: PageLocale, market: Market, outcome: Outcome): string {
  if (outcome.id === 'draw') return texts.t('sportsbook.draw');
  if ((outcome.id === 'over' || outcome.id === 'under') && market.line) return texts.t(outcome.id === 'over' ? 'sportsbook.over' : 'sportsbook.under', { line: texts.decimal(market.line) });
  return outcome.name;
}

function when(event: SportsEvent, texts: PageLocale): string {
  if (event.status === 'LIVE') {
    const score = event.score ? ` ${event.score.home}–${event.score.away}` : '';
    return `<span class="live-badge">${escapeHtml(texts.t('sportsbook.live'))}</span> <span class="clock">${event.minute ?? 0}′</span><span class="score" data-score>${escapeHtml(score)}</span>`;
  }
  // The script rewrites it in the player's time zone; until then, the locale's own format in UTC.
  const text = new Intl.DateTimeFormat(texts.tag, { dateStyle: 'short', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(event.startsAt));
  return `<time datetime="${escapeHtml(event.startsAt)}" data-local-time>${escapeHtml(text)} UTC</time>`;
}

function eventHtml(event: SportsEvent, texts: PageLocale): string {
  const markets = event.markets
    .map((market) => {
      const name = marketName(texts, event, market);
      return `<div class="market" role="group" aria-label="${escapeHtml(name)}"><p class="market-name" aria-hidden="true">${escapeHtml(name)}</p><div class="outcomes">${market.outcomes
        .map((outcome) => {
          const odds = formatOdds(outcome.oddsHundredths);
          const shown = outcomeName(texts, market, outcome);
          const label = texts.t('sportsbook.oddsLabel', { outcome: shown, market: name, event: event.name, odds: texts.decimal(odds) });
          return `<button type="button" class="odds" aria-pressed="false" aria-label="${escapeHtml(label)}" data-event="${escapeHtml(event.id)}" data-event-name="${escapeHtml(event.name)}" data-market="${market.id}" data-market-name="${escapeHtml(name)}" data-outcome="${escapeHtml(outcome.id)}" data-outcome-name="${escapeHtml(shown)}" data-odds="${odds}"${market.suspended ? ' disabled' : ''}><span class="outcome-name">${escapeHtml(shown)}</span><span class="price">${escapeHtml(texts.decimal(odds))}</span></button>`;
        })
        .join('')}</div></div>`;
    })
    .join('');
  return `<article class="event" data-event-id="${escapeHtml(event.id)}" aria-labelledby="event-${escapeHtml(event.id)}">
<h3 id="event-${escapeHtml(event.id)}">${escapeHtml(event.name)}</h3>
<p class="meta">${escapeHtml(sportName(texts, event.sport, event.sportName))} · ${escapeHtml(event.competition)} · ${when(event, texts)}</p>
${markets}
</article>`;
}

/** The whole page. */
export function sportsbookPageHtml(input: SportsbookPageInput, nonce: string): string {
  const { brand, locale, sport, sports } = input;
  const texts = sportsbookTexts(locale);
  const t = (key: PageTextKey, values?: Record<string, string | number>) => escapeHtml(texts.t(key, values));
  const link = (slug: string | null) => {
    const params = new URLSearchParams({ brand: brand.id, locale });
    if (slug) params.set('sport', slug);
    params.set('origin', input.lobbyOrigin);
    return `/sportsbook/?${params.toString()}`;
  };
  const tabs = [
    { slug: null as string | null, name: texts.t('sportsbook.allSports'), liveCount: sports.reduce((sum, entry) => sum + entry.liveCount, 0) },
    ...sports.map((entry) => ({ ...entry, name: sportName(texts, entry.slug, entry.name) })),
  ]
    .map((entry) => `<li><a href="${escapeHtml(link(entry.slug))}"${entry.slug === sport ? ' aria-current="page"' : ''}>${escapeHtml(entry.name)}${entry.liveCount ? ` <span class="count">${t('sportsbook.liveCount', { count: entry.liveCount })}</span>` : ''}</a></li>`)
    .join('');
  const config = {
    brand: brand.id,
    locale,
    /** For Intl: odds, money and start times in the page's locale. */
    languageTag: texts.tag,
    // The player's words too: the script turns the visitor's page into the player's once its session loads.
    texts: {
      ...texts.pick('sportsbook.js.'),
      placeBet: texts.t('sportsbook.placeBet'),
      signInToBet: texts.t('sportsbook.signInToBet'),
      stake: texts.t('sportsbook.stake'),
      stakeHint: texts.t('sportsbook.stakeHint'),
    },
    sport,
    lobbyOrigin: input.lobbyOrigin,
    currency: input.currency,
    minStake: input.minStake,
    maxStake: input.maxStake,
  };
  const section = (id: string, title: string, events: SportsEvent[], empty: string) =>
    `<section class="events" aria-labelledby="${id}"><h2 id="${id}">${title}</h2>${events.length ? events.map((event) => eventHtml(event, texts)).join('\n') : `<p class="empty">${empty}</p>`}</section>`;
  return `<!doctype html>
<html lang="${escapeHtml(texts.tag)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${t('sportsbook.title')} – ${escapeHtml(brand.title)}</title>
<style nonce="${nonce}">${STYLE}</style>
</head>
<body>
<div class="layout">
<main>
<header class="top"><h1>${t('sportsbook.title')}</h1><p class="meta">${t('sportsbook.sandbox')}<span id="balance-line" hidden> · ${t('sportsbook.balance')} <output id="balance"></output></span></p></header>
<nav aria-label="${t('sportsbook.sports')}"><ul class="tabs">${tabs}</ul></nav>
${section('live-heading', t('sportsbook.liveNow'), input.live, t('sportsbook.noLive'))}
${section('upcoming-heading', t('sportsbook.startingSoon'), input.upcoming, t('sportsbook.noUpcoming'))}
</main>
<aside class="slip" aria-labelledby="slip-heading">
<h2 id="slip-heading">${t('sportsbook.betSlip')}</h2>
<ul id="slip-list" class="slip-list"></ul>
<p class="empty" id="slip-empty">${t('sportsbook.slipEmpty')}</p>
<form id="slip-form" novalidate>
<label for="stake" id="stake-label">${t('sportsbook.stake', { currency: input.currency })}</label>
<input id="stake" name="stake" type="text" inputmode="decimal" maxlength="12" value="${escapeHtml(texts.decimal(input.defaultStake))}" aria-describedby="stake-hint">
<span class="hint" id="stake-hint">${t('sportsbook.stakeHint', { min: texts.money(input.minStake, input.currency), max: texts.money(input.maxStake, input.currency) })}</span>
<p>${t('sportsbook.totalOdds')} <output id="total-odds">–</output></p>
<p>${t('sportsbook.potential')} <output id="potential">–</output></p>
<button type="submit" id="place" disabled>${t('sportsbook.signInToBet')}</button>
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

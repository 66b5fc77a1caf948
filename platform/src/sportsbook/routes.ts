/**
 * The sportsbook's HTTP side, on the game server's origin like the demo games:
 *
 *   GET  /sportsbook/?brand=<id>&locale=<locale>[&sport=<slug>][&origin=<lobby origin>][#session=<id>]
 *   GET  /sportsbook/api/events?sport=&live=&first=     events with scores and odds (the page's refresh)
 *   GET  /sportsbook/api/<sessionId>/session            the player's side of the page: wallet, stakes, lobby origin
 *   POST /sportsbook/api/<sessionId>/bets               { selections, stake, idempotencyKey }
 *
 * The session id is a bearer capability, so it never travels in the page's query (where it would
 * land in access logs, browser history and Referer headers): the launch puts it in the fragment,
 * which the browser keeps to itself, and the page's script fetches the player's side from
 * /session. The page is therefore always rendered as a visitor's, and is the same for everyone.
 *
 * The page may be framed only by the brand's lobby (CSP frame-ancestors) and posts its messages only
 * to the lobby origin: the session's, else `origin` when it is on the brand's hosts, else the brand's
 * public origin.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuthSettings } from '../auth/settings.ts';
import type { BrandRegistry } from '../brands/brands.ts';
import { betMinorIn } from '../catalogue/money.ts';
import { PlatformError } from '../graphql/errors.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { formatMinor } from '../ledger/money.ts';
import { embeddedPageCsp, frameAncestors, lobbyOriginFor, newNonce } from '../web/embedding.ts';
import { escapeHtml } from '../web/html.ts';
import { assertSameOriginJson, readJson, sendApiError, sendJson } from '../web/json.ts';
import { formatOdds, listSportsEvents, SPORT_SLUGS, sportsSummary } from './events.ts';
import { brandPageLocale, pageLocale, requestedLocale, type PageLocale } from '../i18n/page-texts.ts';
import { sportsbookPageHtml } from './page.ts';
import type { SelectionInput, Sportsbook } from './service.ts';

/** The stake bounds and the slip's starting stake in a currency, as exact decimals. */
function stakes(currency: string): { currency: string; minStake: string; maxStake: string; defaultStake: string } {
  return {
    currency,
    minStake: formatMinor(betMinorIn(10n, currency), currency),
    maxStake: formatMinor(betMinorIn(100_000n, currency), currency),
    defaultStake: formatMinor(betMinorIn(500n, currency), currency),
  };
}

/** Creates the /sportsbook/ handler. */
export function createSportsbookRoutes(options: { sportsbook: Sportsbook; brands: BrandRegistry; ledger: Ledger; settings: AuthSettings }) {
  const { sportsbook, brands, ledger, settings } = options;

  function refuse(res: ServerResponse, status: number, texts: PageLocale, message: string): void {
    const nonce = newNonce();
    res.writeHead(status, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'content-security-policy': embeddedPageCsp(nonce, []),
    });
    const title = escapeHtml(texts.t('sportsbook.title'));
    res.end(`<!doctype html><html lang="${escapeHtml(texts.tag)}"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1><p role="alert">${escapeHtml(message)}</p></main></body></html>`);
  }

  async function page(req: IncomingMessage, res: ServerResponse, params: URLSearchParams): Promise<void> {
    const brandId = params.get('brand');
    const brand = brandId ? brands.get(brandId) : undefined;
    if (!brand) {
      const texts = pageLocale(requestedLocale(params.get('locale')) ?? 'en');
      refuse(res, 400, texts, texts.t('sportsbook.unknownBrand', { brands: [...brands.keys()].join(', ') }));
      return;
    }
    // The lobby's locale when the brand offers it, else the brand's default (a launch names the session's).
    const texts = brandPageLocale(brand, params.get('locale'));
    const locale = texts.locale;
    const sport = params.get('sport');
    if (sport && !SPORT_SLUGS.includes(sport)) {
      refuse(res, 400, texts, texts.t('sportsbook.unknownSport', { sport, sports: SPORT_SLUGS.join(', ') }));
      return;
    }
    let lobbyOrigin: string;
    try {
      lobbyOrigin = lobbyOriginFor(brand, params.get('origin'), settings);
    } catch (error) {
      refuse(res, 400, texts, (error as Error).message);
      return;
    }
    const now = Date.now();
    const nonce = newNonce();
    const html = sportsbookPageHtml(
      {
        brand,
        locale,
        sport,
        sports: sportsSummary(now),
        live: listSportsEvents({ sport, live: true, first: 30, nowMs: now }),
        upcoming: listSportsEvents({ sport, live: false, first: 30, nowMs: now }),
        lobbyOrigin,
        ...stakes(brand.currency),
      },
      nonce,
    );
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'content-security-policy': embeddedPageCsp(nonce, frameAncestors(brand, lobbyOrigin)),
    });
    res.end(req.method === 'HEAD' ? undefined : html);
  }

  /**
   * What the page's script needs to bet for the session's player (what the page's server render
   * used to hold): NotFound for an unknown id, GameSessionEnded once the session or its lobby
   * session ended, so the page stays a visitor's.
   */
  async function sessionView(sessionId: string) {
    const session = await sportsbook.session(sessionId);
    if (!session) throw new PlatformError('NotFound', `No sportsbook session "${sessionId}": reload the sports page`);
    const bettor = await sportsbook.bettorForSession(session.id);
    const balances = await ledger.balances(bettor.walletId);
    return {
      brand: session.brand,
      lobbyOrigin: session.lobbyOrigin,
      locale: session.locale,
      balance: formatMinor(balances.cash, bettor.currency),
      ...stakes(bettor.currency),
    };
  }

  return async function handleSportsbook(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://platform');
    try {
      if (path === '/sportsbook' || path === '/sportsbook/') {
        if (req.method !== 'GET' && req.method !== 'HEAD') {
          res.writeHead(405, { allow: 'GET, HEAD' }).end();
          return;
        }
        if (path === '/sportsbook') {
          res.writeHead(301, { location: `/sportsbook/${url.search}` }).end();
          return;
        }
        return await page(req, res, url.searchParams);
      }
      if (path === '/sportsbook/api/events') {
        const sport = url.searchParams.get('sport');
        if (sport && !SPORT_SLUGS.includes(sport)) throw new PlatformError('BadUserInput', `Unknown sport "${sport}": use one of ${SPORT_SLUGS.join(', ')}`);
        const live = url.searchParams.get('live');
        const first = Math.min(Math.max(Number(url.searchParams.get('first') ?? 50) || 50, 1), 100);
        const events = listSportsEvents({ sport, live: live === null ? null : live === 'true', first }).map((event) => ({
          ...event,
          markets: event.markets.map((market) => ({ ...market, outcomes: market.outcomes.map((outcome) => ({ id: outcome.id, name: outcome.name, odds: formatOdds(outcome.oddsHundredths) })) })),
        }));
        sendJson(res, 200, { events });
        return;
      }
      const own = /^\/sportsbook\/api\/([A-Za-z0-9_-]{1,64})\/session$/.exec(path);
      if (own) {
        if (req.method !== 'GET') {
          res.writeHead(405, { allow: 'GET' }).end();
          return;
        }
        sendJson(res, 200, await sessionView(own[1] as string));
        return;
      }
      const bets = /^\/sportsbook\/api\/([A-Za-z0-9_-]{1,64})\/bets$/.exec(path);
      if (bets) {
        if (req.method !== 'POST') {
          res.writeHead(405, { allow: 'POST' }).end();
          return;
        }
        assertSameOriginJson(req);
        const body = await readJson(req);
        const bettor = await sportsbook.bettorForSession(bets[1] as string);
        if (!Array.isArray(body.selections)) throw new PlatformError('BadUserInput', 'selections must be a list of { eventId, marketId, outcomeId, odds }');
        const selections = (body.selections as Record<string, unknown>[]).map((selection) => ({
          eventId: String(selection?.eventId ?? ''),
          marketId: String(selection?.marketId ?? ''),
          outcomeId: String(selection?.outcomeId ?? ''),
          odds: selection?.odds === undefined || selection?.odds === null ? null : String(selection.odds),
        })) satisfies SelectionInput[];
        sendJson(res, 200, await sportsbook.place(bettor, { selections, stake: String(body.stake ?? ''), idempotencyKey: String(body.idempotencyKey ?? '') }));
        return;
      }
      sendJson(res, 404, { error: { reason: 'NotFound', message: `Nothing at ${path}: the sportsbook page is /sportsbook/?brand=<id>` } });
    } catch (error) {
      sendApiError(res, error, `${req.method} ${path}`);
    }
  };
}

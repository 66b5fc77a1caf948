/**
 * The game server's HTTP side, on the platform's own origin (PLATFORM_GAME_ORIGIN):
 *
 *   GET  /games/play/<gameSessionId>                         the game page (framed by the lobby), in the
 *                                                            launch's locale (?locale= only words the not-found page)
 *   GET  /games/api/<gameSessionId>/state                    balance, bet sizes, open rounds, live table
 *   POST /games/api/<gameSessionId>/rounds                   { roundId, bet, choice? } plays a round
 *   POST /games/api/<gameSessionId>/rounds/<roundId>/actions { action: hit|stand, step? } (blackjack)
 *   POST /games/api/<gameSessionId>/fun-balance/reset        refills a play-for-fun balance
 *
 * The page is the only intended caller: POSTs must be JSON and, when a browser sends an Origin, come
 * from this same origin, so another site cannot drive a session even if it learnt the id. Errors are
 * `{ error: { reason, message, traceId } }` with an HTTP status that matches the reason.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BrandRegistry } from '../brands/brands.ts';
import { embeddedPageCsp, frameAncestors, newNonce } from '../web/embedding.ts';
import { assertSameOriginJson, readJson, sendApiError, sendJson } from '../web/json.ts';
import { pageLocale, requestedLocale } from '../i18n/page-texts.ts';
import { gameMessageHtml, gamePageHtml, sessionTexts } from './page.ts';
import type { GameService } from './service.ts';

/** Creates the /games/ handler. */
export function createGameRoutes(options: { games: GameService; brands: BrandRegistry }) {
  const { games, brands } = options;

  async function page(req: IncomingMessage, res: ServerResponse, id: string): Promise<void> {
    const nonce = newNonce();
    const session = await games.session(id);
    const brand = session ? brands.get(session.brand) : undefined;
    const ancestors = brand && session ? frameAncestors(brand, session.lobbyOrigin) : [];
    const headers = {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'content-security-policy': embeddedPageCsp(nonce, ancestors),
    };
    let status = 200;
    let html: string;
    if (!session) {
      status = 404;
      const texts = pageLocale(requestedLocale(new URL(req.url ?? '/', 'http://platform').searchParams.get('locale')) ?? 'en');
      html = gameMessageHtml(texts, texts.t('game.notFound'), texts.t('game.notFoundBody'), nonce);
    } else if (session.ended) {
      status = 410;
      const texts = sessionTexts(session);
      html = gameMessageHtml(texts, texts.t('game.ended'), texts.t(session.endedReason === 'signedOut' ? 'game.endedSignedOut' : 'game.endedExpired'), nonce);
    } else {
      html = gamePageHtml(session, nonce);
    }
    res.writeHead(status, headers);
    res.end(req.method === 'HEAD' ? undefined : html);
  }

  return async function handleGames(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const play = /^\/games\/play\/([A-Za-z0-9_-]{1,64})\/?$/.exec(path);
    if (play) {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { allow: 'GET, HEAD' }).end();
        return;
      }
      return page(req, res, play[1] as string);
    }
    const api = /^\/games\/api\/([A-Za-z0-9_-]{1,64})\/(state|rounds|fun-balance\/reset|rounds\/([A-Za-z0-9_-]{1,64})\/actions)$/.exec(path);
    if (!api) {
      sendJson(res, 404, { error: { reason: 'NotFound', message: `Nothing at ${path}: the game page lives at /games/play/<gameSessionId>` } });
      return;
    }
    const [, id, action, roundId] = api as unknown as [string, string, string, string | undefined];
    try {
      if (action === 'state') {
        if (req.method !== 'GET') {
          res.writeHead(405, { allow: 'GET' }).end();
          return;
        }
        sendJson(res, 200, await games.state(id));
        return;
      }
      if (req.method !== 'POST') {
        res.writeHead(405, { allow: 'POST' }).end();
        return;
      }
      assertSameOriginJson(req);
      const body = await readJson(req);
      if (action === 'rounds') sendJson(res, 200, await games.play(id, { roundId: body.roundId, bet: body.bet, choice: body.choice }));
      else if (action === 'fun-balance/reset') sendJson(res, 200, await games.resetFunBalance(id));
      else sendJson(res, 200, await games.act(id, roundId as string, { action: body.action, step: body.step }));
    } catch (error) {
      sendApiError(res, error, `${req.method} ${path}`);
    }
  };
}

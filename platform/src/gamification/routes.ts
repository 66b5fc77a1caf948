/**
 * The gamification provider's REST side (spec section 7), under GAMIFICATION_PREFIX, shaped like the
 * providers operators run (platform/README.md, "Gamification provider", has the shapes):
 *
 *   POST /gamification-service/v1/token                      { clientId, identityToken } → { accessToken, tokenType, expiresIn }
 *   GET  /gamification-service/v1/player                     → { id, gamificationOpt: { enable }, isPlayerBlockedInGamanza, playerGamificationDetails }
 *   POST /gamification-service/v1/player/gamification-opt    { enable: true | false } → the player data
 *   GET  /gamification-service/v1/missions[?locale=]         → { missions: [ … ] } with the player's progress
 *   GET  /gamification-service/v1/tournaments[?locale=&size=] → { tournaments: [ … ] } with leaderboards and the player's line
 *   GET  /gamification-service/v1/tournaments/<id>/leaderboard[?size=]
 *   GET  /gamification-service/v1/tournaments/<id>/stream    Server-Sent Events: `leaderboard` on every change, `closed` at the close
 *   GET  /gamification-service/widget/?brand=&locale=&view=missions|tournaments|settings&origin=   the embeddable widget (widget.ts)
 *
 * The token endpoint is rate-limited (rule `gamification`): per player, once the identity token is
 * verified, and per client address for every attempt; past it a 429 with Retry-After.
 *
 * Everything but the token needs `Authorization: Bearer <the provider's accessToken>`; the
 * leaderboard and its stream are public (initials only). A bad input is a 400
 * `{ error: { reason: "BadUserInput", message } }` saying what to fix; a bad token a 401.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuthSettings } from '../auth/settings.ts';
import type { BrandRegistry } from '../brands/brands.ts';
import { PlatformError } from '../graphql/errors.ts';
import { brandPageLocale, pageLocale, requestedLocale, type PageLocale } from '../i18n/page-texts.ts';
import { isLocale, LOCALES } from '../i18n/locales.ts';
import type { EventBus } from '../realtime/events.ts';
import { clientAddress } from '../security/client-address.ts';
import { rateLimitMessage, type RateLimiter } from '../security/rate-limit.ts';
import { embeddedPageCsp, frameAncestors, lobbyOriginFor, newNonce } from '../web/embedding.ts';
import { escapeHtml } from '../web/html.ts';
import { readJson, sendApiError, sendJson } from '../web/json.ts';
import { isWidgetView, WIDGET_VIEWS, widgetPageHtml } from './widget.ts';
import { GAMIFICATION_TOPIC, type GamificationBroadcast, type GamificationService } from './service.ts';
import { leaderboardJson, missionJson, playerJson, tournamentJson } from './views.ts';

/** Where the provider answers. Not /loyalty-program/ or /tournaments/: those are the lobby's pages. */
export const GAMIFICATION_PREFIX = '/gamification-service/';
/** How many leaderboard lines a stream carries. */
export const STREAM_SIZE = 10;
/** A stream's changes are read at most this often per window and process, however many rounds score. */
export const STREAM_COALESCE_MS = 100;

const LEADERBOARD_PATH = /^v1\/tournaments\/([A-Za-z0-9-]{1,120})\/(leaderboard|stream)$/;

function localeOf(params: URLSearchParams): string {
  const locale = params.get('locale') ?? 'en';
  if (!isLocale(locale)) throw new PlatformError('BadUserInput', `Unknown locale "${locale}": use one of ${LOCALES.join(', ')}`);
  return locale;
}

function sizeOf(params: URLSearchParams, fallback: number): number {
  const text = params.get('size');
  if (text === null) return fallback;
  const size = Number(text);
  if (!Number.isInteger(size) || size < 1 || size > 100) throw new PlatformError('BadUserInput', `size must be a whole number from 1 to 100, not "${text}"`);
  return size;
}

/** What the provider's paths are served with. */
export interface GamificationRouteOptions {
  gamification: GamificationService;
  events: EventBus;
  isDraining: () => boolean;
  /** For the widget: its brand, and the lobby origins that may frame it. */
  brands: BrandRegistry;
  settings: AuthSettings;
  /** Limits the token endpoint (rule `gamification`); none in unit tests that build the routes alone. */
  rateLimiter?: RateLimiter;
}

/** Creates the handler of the provider's paths. */
export function createGamificationRoutes(options: GamificationRouteOptions) {
  const { gamification, events, brands, settings, rateLimiter } = options;

  /** Counts one token request; refuses it (429) past the player's or the address's limit. */
  async function limitToken(subject: string, req: IncomingMessage): Promise<void> {
    if (!rateLimiter) return;
    const decision = await rateLimiter.attempt('gamification', subject, clientAddress(req));
    if (!decision.allowed) throw new PlatformError('RateLimited', rateLimitMessage('gamification token requests', decision), { retryAfterSeconds: decision.retryAfterSeconds });
  }

  function widgetRefusal(res: ServerResponse, texts: PageLocale, message: string): void {
    const nonce = newNonce();
    res.writeHead(400, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', 'content-security-policy': embeddedPageCsp(nonce, []) });
    const title = escapeHtml(texts.t('gamification.settings'));
    res.end(`<!doctype html><html lang="${escapeHtml(texts.tag)}"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1><p role="alert">${escapeHtml(texts.t('gamification.badRequest', { message }))}</p></main></body></html>`);
  }

  /** The widget's page: framed only by the brand's lobby, posting only to the lobby origin it names. */
  function widget(req: IncomingMessage, res: ServerResponse, params: URLSearchParams): void {
    const brandId = params.get('brand');
    const brand = brandId ? brands.get(brandId) : undefined;
    if (!brand) {
      widgetRefusal(res, pageLocale(requestedLocale(params.get('locale')) ?? 'en'), `brand "${brandId ?? ''}" is unknown: use one of ${[...brands.keys()].join(', ')}`);
      return;
    }
    const texts = brandPageLocale(brand, params.get('locale'));
    const view = params.get('view') ?? 'missions';
    if (!isWidgetView(view)) {
      widgetRefusal(res, texts, `view "${view}" is unknown: use one of ${WIDGET_VIEWS.join(', ')}`);
      return;
    }
    let lobbyOrigin: string;
    try {
      lobbyOrigin = lobbyOriginFor(brand, params.get('origin'), settings);
    } catch (error) {
      widgetRefusal(res, texts, (error as Error).message);
      return;
    }
    const nonce = newNonce();
    const html = widgetPageHtml({ brand, texts, view, lobbyOrigin, providerPath: GAMIFICATION_PREFIX }, nonce);
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'content-security-policy': embeddedPageCsp(nonce, frameAncestors(brand, lobbyOrigin)),
    });
    res.end(req.method === 'HEAD' ? undefined : html);
  }
  /** This process's open streams, by window. */
  const streams = new Map<string, Set<ServerResponse>>();
  const pending = new Set<string>();

  async function push(instanceId: string, event: 'leaderboard' | 'closed'): Promise<void> {
    const clients = streams.get(instanceId);
    if (!clients || clients.size === 0) return;
    const board = leaderboardJson(await gamification.leaderboard(instanceId, STREAM_SIZE, null));
    const frame = `event: ${event}\ndata: ${JSON.stringify({ id: instanceId, ...board })}\n\n`;
    for (const client of clients) client.write(frame);
  }

  events.onBroadcast(GAMIFICATION_TOPIC, (payload) => {
    const message = payload as GamificationBroadcast;
    if (!streams.has(message.instanceId)) return;
    if (message.kind === 'closed') {
      void push(message.instanceId, 'closed').catch((error: unknown) => console.error('[platform] a leaderboard stream was not updated:', error));
      return;
    }
    // One read per window and process for a burst of rounds, not one per round.
    if (pending.has(message.instanceId)) return;
    pending.add(message.instanceId);
    setTimeout(() => {
      pending.delete(message.instanceId);
      void push(message.instanceId, 'leaderboard').catch((error: unknown) => console.error('[platform] a leaderboard stream was not updated:', error));
    }, STREAM_COALESCE_MS).unref();
  });

  // Streams end within a second of the platform draining, so they do not hold its shutdown (clients
  // reconnect elsewhere); a comment every 15 s keeps proxies from closing a quiet one.
  let ticks = 0;
  const keepAlive = setInterval(() => {
    ticks += 1;
    const draining = options.isDraining();
    if (!draining && ticks % 15 !== 0) return;
    for (const clients of streams.values()) {
      for (const client of clients) {
        // Its connection too: an ended response leaves a keep-alive connection the server's close would wait for.
        if (draining) client.destroy();
        else client.write(': keep-alive\n\n');
      }
    }
  }, 1000);
  keepAlive.unref();

  async function stream(req: IncomingMessage, res: ServerResponse, instanceId: string): Promise<void> {
    const board = await gamification.leaderboard(instanceId, STREAM_SIZE, null);
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', 'x-accel-buffering': 'no' });
    res.write(`retry: 2000\nevent: leaderboard\ndata: ${JSON.stringify({ id: instanceId, ...leaderboardJson(board) })}\n\n`);
    let clients = streams.get(instanceId);
    if (!clients) streams.set(instanceId, (clients = new Set()));
    clients.add(res);
    req.on('close', () => {
      clients.delete(res);
      if (clients.size === 0) streams.delete(instanceId);
    });
  }

  const bearerOf = (req: IncomingMessage) => /^Bearer\s+(\S+)\s*$/i.exec(String(req.headers.authorization ?? ''))?.[1] ?? null;

  async function answer(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://platform');
    const params = url.searchParams;
    const route = path.slice(GAMIFICATION_PREFIX.length);
    const method = req.method ?? 'GET';
    const only = (allowed: string) => {
      if (method !== allowed && !(allowed === 'GET' && method === 'HEAD')) {
        res.setHeader('allow', allowed === 'GET' ? 'GET, HEAD' : allowed);
        throw new PlatformError('BadRequest', `${method} is not served at ${path}: use ${allowed}`);
      }
    };
    if (route === 'widget/' || route === 'widget') {
      only('GET');
      widget(req, res, params);
      return;
    }
    if (route === 'v1/token') {
      only('POST');
      const body = await readJson(req);
      const clientId = typeof body.clientId === 'string' ? body.clientId : '';
      const identityToken = typeof body.identityToken === 'string' ? body.identityToken : '';
      const issued = await gamification.issueToken(clientId, identityToken, { beforeIssue: (playerId) => limitToken(`player:${playerId}`, req) });
      sendJson(res, 200, { accessToken: issued.accessToken, tokenType: 'Bearer', expiresIn: issued.expiresIn });
      return;
    }
    const leaderboard = LEADERBOARD_PATH.exec(route);
    if (leaderboard) {
      only('GET');
      const [, instanceId = '', kind] = leaderboard;
      if (kind === 'stream') return stream(req, res, instanceId);
      const bearer = bearerOf(req);
      const player = bearer ? await gamification.authenticate(bearer) : null;
      const board = await gamification.leaderboard(instanceId, sizeOf(params, 50), player?.playerId ?? null);
      if (!board) throw new PlatformError('NotFound', `No tournament window "${instanceId}" has scores yet: take ids from ${GAMIFICATION_PREFIX}v1/tournaments`);
      sendJson(res, 200, { id: instanceId, status: board.status, startsAt: board.startsAt.toISOString(), endsAt: board.endsAt.toISOString(), ...leaderboardJson(board) });
      return;
    }
    const known = ['v1/player', 'v1/player/gamification-opt', 'v1/missions', 'v1/tournaments'];
    if (!known.includes(route)) {
      throw new PlatformError('NotFound', `Nothing at ${path}: the provider serves ${['v1/token', ...known, 'v1/tournaments/<id>/leaderboard', 'v1/tournaments/<id>/stream'].map((name) => GAMIFICATION_PREFIX + name).join(', ')}`);
    }
    const player = await gamification.authenticate(bearerOf(req));
    const locale = localeOf(params);
    if (route === 'v1/player') {
      only('GET');
      sendJson(res, 200, playerJson(await gamification.playerData(player.playerId, player.brand), locale));
    } else if (route === 'v1/player/gamification-opt') {
      only('POST');
      const body = await readJson(req);
      if (typeof body.enable !== 'boolean') throw new PlatformError('BadUserInput', 'Send { "enable": true } to opt in or { "enable": false } to opt out');
      sendJson(res, 200, playerJson(await gamification.setOptIn(player.playerId, player.brand, body.enable), locale));
    } else if (route === 'v1/missions') {
      only('GET');
      sendJson(res, 200, { missions: (await gamification.missions(player.brand, player.playerId)).map((view) => missionJson(view, locale)) });
    } else {
      only('GET');
      const views = await gamification.tournaments(player.brand, player.playerId, sizeOf(params, 10));
      sendJson(res, 200, { tournaments: views.map((view) => tournamentJson(view, locale)) });
    }
  }

  return async function handleGamification(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    try {
      await answer(req, res, path);
    } catch (error) {
      if (error instanceof PlatformError && error.reason === 'AuthenticationFailure') res.setHeader('www-authenticate', 'Bearer error="invalid_token"');
      if (error instanceof PlatformError && error.reason === 'RateLimited' && !res.headersSent) res.setHeader('retry-after', String(error.details.retryAfterSeconds ?? 1));
      if (res.headersSent) {
        res.end();
        return;
      }
      sendApiError(res, error, `${req.method} ${path}`);
    }
  };
}

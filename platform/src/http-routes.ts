/**
 * The platform's HTTP routing table: which handler answers which path. GraphQL, media, the game
 * server and sportsbook pages (on the game origin), the jackpot feed, the OIDC realms, the cashier's
 * payment and sandbox routes, pay-and-play, the SMS and e-mail outboxes, the sandbox error-report
 * collector, live chat and analytics tags, the sandbox key unlock, the JWKS and the health checks (web/health.ts);
 * anything else is a JSON 404. A handler that throws answers 500 with a trace id.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { GraphQLSchema } from 'graphql';
import { createOutboxHandler, OUTBOX_PATHS } from './auth/outbox-routes.ts';
import { signInOrigin } from './auth/sign-in-origin.ts';
import type { Brand } from './brands/brands.ts';
import { createCashierRoutes } from './cashier/routes.ts';
import { LOGOS_FOLDER } from './content/more-casinos.ts';
import { createFeedHandler } from './feed/routes.ts';
import { createGameRoutes } from './games/routes.ts';
import type { PlatformServices } from './graphql/context.ts';
import { newTraceId } from './graphql/errors.ts';
import { BodyTooLargeError } from './web/body.ts';
import { createGraphQLHandler } from './graphql/http.ts';
import { createMediaHandler } from './media/routes.ts';
import { createOidcRealms } from './oidc/provider.ts';
import { createPayAndPlayHandler } from './sandbox/pay-and-play.ts';
import { createErrorCollector } from './sandbox/error-collector.ts';
import { createLiveChatRoutes, LIVE_CHAT_PREFIX } from './live-chat/routes.ts';
import { createTagRoutes, TAGS_PREFIX } from './tags/routes.ts';
import { SANDBOX_KEY_PATH } from './sandbox/gate.ts';
import type { RateLimiter } from './security/rate-limit.ts';
import { createSportsbookRoutes } from './sportsbook/routes.ts';
import { createDocumentRoute } from './players/documents.ts';
import { DOCUMENT_UPLOAD_PATH } from '../../shared/http-limits.ts';
import { createHealthHandler, HEALTH_PATHS } from './web/health.ts';

/** What the routes are built from besides the platform's services. */
export interface HttpRouteOptions {
  services: PlatformServices;
  schema: GraphQLSchema;
  rateLimiter: RateLimiter;
  /** Folder with one `<brand>/brand.json` per brand (the OIDC realms read their clients there). */
  brandsDir: string;
  /** Folder of the brands' content (the media routes serve its logo library). */
  contentDir: string;
  /** Whether the platform is shutting down (/readyz answers 503). */
  isDraining(): boolean;
}

/** Builds every HTTP handler and returns the request listener that routes to them. */
export function createHttpRoutes(options: HttpRouteOptions): RequestListener {
  const { services, schema, rateLimiter } = options;
  const { db, brands, catalogue, content, sandbox, auth, authSettings, ledger, sms, registration, secrets, games, sportsbook, cashier } = services;
  const graphql = createGraphQLHandler(services, schema);
  const media = createMediaHandler(catalogue, { logosDir: join(options.contentDir, LOGOS_FOLDER) });
  const origin = (req: IncomingMessage, brand: Brand) => signInOrigin(req, brand, services);
  const oidc = createOidcRealms({ db, brands, brandsDir: options.brandsDir, secrets, settings: authSettings, auth, rateLimiter, content, registration, signInOrigin: origin });
  const payAndPlay = createPayAndPlayHandler({ db, brands, auth, ledger, settings: authSettings, rateLimiter, content, clock: services.clock, signInOrigin: origin });
  const outbox = createOutboxHandler(sms, registration, sandbox);
  const gameRoutes = createGameRoutes({ games, brands });
  const sportsbookRoutes = createSportsbookRoutes({ sportsbook, brands, ledger, settings: authSettings });
  const feed = createFeedHandler({ brands, catalogue });
  const cashierRoutes = createCashierRoutes({ cashier, brands, db, sandbox });
  const documents = createDocumentRoute({ db, auth });
  const errorCollector = createErrorCollector({ db, sandbox, brands });
  const tags = createTagRoutes({ db, sandbox, brands });
  const liveChat = createLiveChatRoutes({ db, brands, secrets, auth, sandbox, brandsDir: options.brandsDir });
  const health = createHealthHandler({ db, brandCount: () => brands.size, isDraining: options.isDraining });

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const rawPath = (req.url ?? '/').split('?')[0] ?? '/';
    // First, so a health check costs no more than it must and never meets brand routing.
    if (HEALTH_PATHS.has(rawPath)) return health(req, res, rawPath);
    if (rawPath === '/graphql' || rawPath === '/api/graphql' || rawPath === '/graphql/' || rawPath === '/api/graphql/') {
      return graphql(req, res);
    }
    if (rawPath.startsWith('/media/')) return media(req, res, rawPath);
    const gameOriginPage = rawPath.startsWith('/games/') || rawPath === '/sportsbook' || rawPath.startsWith('/sportsbook/');
    // Browsers reach these on the game origin directly, not through the lobby that sets
    // X-Forwarded-For: a client's own claim of its address counts only with the sandbox key.
    if (gameOriginPage && !sandbox.allows(req)) delete req.headers['x-forwarded-for'];
    if (rawPath.startsWith('/games/')) return gameRoutes(req, res, rawPath);
    if (rawPath === '/sportsbook' || rawPath.startsWith('/sportsbook/')) return sportsbookRoutes(req, res, rawPath);
    if (rawPath === '/api/feed' || rawPath === '/api/feed/') return feed(req, res);
    if (rawPath.startsWith('/auth/realms/') && (await oidc.handle(req, res))) return;
    if ((rawPath.startsWith('/platform/payments/') || rawPath.startsWith('/platform/sandbox/')) && (await cashierRoutes(req, res, rawPath))) return;
    if (rawPath.startsWith('/platform/sandbox/')) return payAndPlay(req, res, rawPath);
    if (rawPath === DOCUMENT_UPLOAD_PATH) return documents(req, res);
    if (OUTBOX_PATHS.has(rawPath)) return outbox(req, res, rawPath);
    if (rawPath.startsWith('/platform/error-reports') && (await errorCollector(req, res, rawPath))) return;
    if (rawPath.startsWith(LIVE_CHAT_PREFIX) && (await liveChat(req, res, rawPath))) return;
    if (rawPath.startsWith(TAGS_PREFIX.slice(0, -1)) && (await tags(req, res, rawPath))) return;
    if (rawPath === SANDBOX_KEY_PATH) return sandbox.unlock(req, res);
    if (rawPath === '/platform/jwks.json') {
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'public, max-age=300' }).end(JSON.stringify(auth.jwks()));
      return;
    }
    res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: `Nothing at ${rawPath}` }));
  }

  return (req, res) => {
    // Every answer, whichever route writes it: no browser may guess another type than the one declared.
    res.setHeader('x-content-type-options', 'nosniff');
    route(req, res).catch((error: unknown) => {
      if (error instanceof BodyTooLargeError) {
        // Whichever route read it: a 413 that says the ceiling, and the upload ends with the connection.
        if (!res.headersSent) res.writeHead(413, { 'content-type': 'application/json; charset=utf-8', connection: 'close' });
        res.end(JSON.stringify({ error: error.message }));
        return;
      }
      const traceId = newTraceId();
      console.error(`[platform] ${req.method} ${req.url} failed (traceId ${traceId}):`, error);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'Internal error', traceId }));
    });
  };
}

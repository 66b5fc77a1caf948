/**
 * The platform's HTTP routes: the handler of each entry of route-table.ts (which paths it answers,
 * and whether it exists only in the sandbox). GraphQL, media, the game
 * server and sportsbook pages (on the game origin), the jackpot feed and the jackpot service's REST, the gamification provider's REST, the OIDC realms (and the operator console's REST), the cashier's
 * payment and sandbox routes, pay-and-play, the SMS and e-mail outboxes, the sandbox error-report
 * collector, live chat and analytics tags, the sandbox key unlock, the JWKS and the health checks (web/health.ts);
 * anything else is a JSON 404. A handler that throws answers 500 with a trace id.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { GraphQLSchema } from 'graphql';
import { createOutboxHandler } from './auth/outbox-routes.ts';
import { signInOrigin } from './auth/sign-in-origin.ts';
import type { Brand } from './brands/brands.ts';
import { createCashierRoutes } from './cashier/routes.ts';
import { LOGOS_FOLDER } from './content/more-casinos.ts';
import { createFeedHandler } from './feed/routes.ts';
import { createJackpotRoutes } from './jackpot/routes.ts';
import { createGamificationRoutes } from './gamification/routes.ts';
import { createGameRoutes } from './games/routes.ts';
import type { PlatformServices } from './graphql/context.ts';
import { newTraceId } from './graphql/errors.ts';
import { BodyTooLargeError } from './web/body.ts';
import { secureDataAnswers } from './web/json.ts';
import { createGraphQLHandler } from './graphql/http.ts';
import { createMediaHandler } from './media/routes.ts';
import { createOidcRealms } from './oidc/provider.ts';
import { createPayAndPlayHandler } from './sandbox/pay-and-play.ts';
import { createErrorCollector } from './sandbox/error-collector.ts';
import { createLiveChatRoutes } from './live-chat/routes.ts';
import { createTagRoutes } from './tags/routes.ts';
import type { RateLimiter } from './security/rate-limit.ts';
import { createSportsbookRoutes } from './sportsbook/routes.ts';
import { createDocumentRoute } from './players/documents.ts';
import { createOperatorRoutes } from './operators/routes.ts';
import { createHealthHandler } from './web/health.ts';
import { PLATFORM_ROUTES, type PlatformRoute, type PlatformRouteId } from './route-table.ts';

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
  const oidc = createOidcRealms({ db, brands, brandsDir: options.brandsDir, secrets, settings: authSettings, auth, rateLimiter, content, registration, signInOrigin: origin, operators: services.operators });
  const payAndPlay = createPayAndPlayHandler({ db, brands, auth, ledger, settings: authSettings, rateLimiter, content, clock: services.clock, signInOrigin: origin });
  const outbox = createOutboxHandler(sms, registration, sandbox);
  const gameRoutes = createGameRoutes({ games, brands });
  const sportsbookRoutes = createSportsbookRoutes({ sportsbook, brands, ledger, settings: authSettings });
  const feed = createFeedHandler({ brands, catalogue, jackpot: services.jackpot });
  const jackpot = createJackpotRoutes({ jackpot: services.jackpot, brands, auth });
  const gamification = createGamificationRoutes({ gamification: services.gamification, events: services.events, isDraining: options.isDraining, brands, settings: authSettings, rateLimiter });
  const cashierRoutes = createCashierRoutes({ cashier, brands, db, sandbox });
  const documents = createDocumentRoute({ db, auth });
  const operator = createOperatorRoutes(services);
  const errorCollector = createErrorCollector({ db, sandbox, brands });
  const tags = createTagRoutes({ db, sandbox, brands });
  const liveChat = createLiveChatRoutes({ db, brands, secrets, auth, sandbox, brandsDir: options.brandsDir });
  const health = createHealthHandler({ db, brandCount: () => brands.size, isDraining: options.isDraining });

  /** What answers each route of the table; `false` lets a path fall through to the routes after it. */
  type Handler = (req: IncomingMessage, res: ServerResponse, path: string) => Promise<boolean | void> | boolean | void;
  const handlers: Record<PlatformRouteId, Handler> = {
    health: (req, res, path) => health(req, res, path),
    graphql: (req, res) => graphql(req, res),
    media: (req, res, path) => media(req, res, path),
    games: (req, res, path) => gameRoutes(req, res, path),
    sportsbook: (req, res, path) => sportsbookRoutes(req, res, path),
    feed: (req, res) => feed(req, res),
    jackpot: (req, res, path) => jackpot(req, res, path),
    gamification: (req, res, path) => gamification(req, res, path),
    oidc: (req, res) => oidc.handle(req, res),
    'payment-notifications': (req, res, path) => cashierRoutes(req, res, path),
    'sandbox-banks': async (req, res, path) => (await cashierRoutes(req, res, path)) || payAndPlay(req, res, path),
    documents: (req, res) => documents(req, res),
    operator: (req, res, path) => operator(req, res, path),
    outboxes: (req, res, path) => outbox(req, res, path),
    'error-reports': (req, res, path) => errorCollector(req, res, path),
    'live-chat': (req, res, path) => liveChat(req, res, path),
    tags: (req, res, path) => tags(req, res, path),
    'sandbox-key': (req, res) => sandbox.unlock(req, res),
    jwks: (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'public, max-age=300' }).end(JSON.stringify(auth.jwks()));
    },
  };
  // A production platform has no sandbox routes at all: their paths are as unknown as any other.
  const routesServed = PLATFORM_ROUTES.filter((entry) => sandbox.enabled || !entry.sandboxOnly);

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const rawPath = (req.url ?? '/').split('?')[0] ?? '/';
    for (const entry of routesServed) {
      if (!entry.matches(rawPath)) continue;
      if ((await handlers[entry.id](req, res, rawPath)) !== false) return;
    }
    // A sandbox path on a production platform: as unknown as any other, with a word for the operator.
    const hint = sandbox.enabled ? undefined : (PLATFORM_ROUTES as readonly PlatformRoute[]).find((entry) => entry.sandboxOnly && entry.matches(rawPath))?.productionHint;
    res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: `Nothing at ${rawPath}${hint ? `: ${hint}` : ''}` }));
  }

  return (req, res) => {
    // Every answer, whichever route writes it: no browser may guess another type than the one declared.
    res.setHeader('x-content-type-options', 'nosniff');
    // And every JSON or text answer: no framing, no rendering as a document, no referrer.
    secureDataAnswers(res);
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

/**
 * Every HTTP route the platform serves, as data: which paths each answers, a few paths that reach
 * it, and whether it is a sandbox stand-in. http-routes.ts dispatches through this table (each id
 * must have a handler there, the type check says so), and the production-posture tests walk it, so
 * a route added here is walked the day it is added, and a sandbox route cannot answer in production.
 *
 * A sandbox-only route does not exist on a production platform (PLATFORM_ENABLE_SANDBOX_ADMIN unset
 * or 0): its paths answer the platform's plain JSON 404, as any unknown path does.
 */
import { OUTBOX_PATHS } from './auth/outbox-routes.ts';
import { JACKPOT_PREFIX } from './jackpot/routes.ts';
import { GAMIFICATION_PREFIX } from './gamification/routes.ts';
import { LIVE_CHAT_PREFIX } from './live-chat/routes.ts';
import { SANDBOX_KEY_PATH } from './sandbox/gate.ts';
import { ERROR_REPORTS_JSON } from './sandbox/error-collector.ts';
import { TAGS_PREFIX } from './tags/routes.ts';
import { HEALTH_PATHS } from './web/health.ts';
import { OPERATOR_REST_PREFIX } from './operators/routes.ts';
import { DOCUMENT_UPLOAD_PATH } from '../../shared/http-limits.ts';
import { ERROR_REPORTS_PREFIX } from '../../shared/error-reporting.ts';

/** One entry of the routing table. */
export interface PlatformRoute {
  /** The handler's name in http-routes.ts. */
  readonly id: string;
  /** Whether the route answers a path (without its query). */
  matches(path: string): boolean;
  /** Paths (with a query where it matters) that reach the route: the production walk requests each. */
  readonly samples: readonly string[];
  /** A sandbox stand-in: absent unless the sandbox is on. */
  readonly sandboxOnly: boolean;
  /** For a sandbox stand-in: what an operator points at instead, said in the 404 of a production platform. */
  readonly productionHint?: string;
}

const GRAPHQL_PATHS = new Set(['/graphql', '/api/graphql', '/graphql/', '/api/graphql/']);
const A_PAYMENT_ID = '00000000-0000-4000-8000-000000000000';

/** The table, in the order paths are tried (the first route that answers a path serves it). */
export const PLATFORM_ROUTES = [
  { id: 'health', matches: (path) => HEALTH_PATHS.has(path), samples: [...HEALTH_PATHS], sandboxOnly: false },
  { id: 'graphql', matches: (path) => GRAPHQL_PATHS.has(path), samples: [...GRAPHQL_PATHS], sandboxOnly: false },
  { id: 'media', matches: (path) => path.startsWith('/media/'), samples: ['/media/games/none.webp', '/media/logos/none.svg'], sandboxOnly: false },
  { id: 'games', matches: (path) => path.startsWith('/games/'), samples: ['/games/', '/games/none/', '/games/play/none'], sandboxOnly: false },
  { id: 'sportsbook', matches: (path) => path === '/sportsbook' || path.startsWith('/sportsbook/'), samples: ['/sportsbook', '/sportsbook/?brand=aurelia&locale=en'], sandboxOnly: false },
  {
    id: 'jackpot',
    matches: (path) => path.startsWith(JACKPOT_PREFIX),
    samples: [`${JACKPOT_PREFIX}v1/currencies`, `${JACKPOT_PREFIX}v1/instances?source=casino&brand=aurelia`, `${JACKPOT_PREFIX}v1/instances?source=hourly&brand=aurelia`],
    sandboxOnly: false,
  },
  {
    id: 'gamification',
    matches: (path) => path.startsWith(GAMIFICATION_PREFIX),
    samples: [`${GAMIFICATION_PREFIX}v1/player`, `${GAMIFICATION_PREFIX}v1/tournaments/none/leaderboard`, `${GAMIFICATION_PREFIX}v1/nothing`],
    sandboxOnly: false,
  },
  { id: 'feed', matches: (path) => path === '/api/feed' || path === '/api/feed/', samples: ['/api/feed', '/api/feed/?brand=aurelia'], sandboxOnly: false },
  {
    id: 'oidc',
    matches: (path) => path.startsWith('/auth/realms/'),
    samples: ['/auth/realms/aurelia/.well-known/openid-configuration', '/auth/realms/aurelia/protocol/openid-connect/auth', '/auth/realms/none/'],
    sandboxOnly: false,
  },
  {
    // The sandbox providers' signed notifications: no real provider's adapter ships, so in production there is none to receive.
    id: 'payment-notifications',
    matches: (path) => path.startsWith('/platform/payments/'),
    samples: ['/platform/payments/notifications/trustly', '/platform/payments/notifications/zimpler', '/platform/payments/notifications/piq'],
    sandboxOnly: true,
    productionHint: 'the sandbox payment providers exist only in the sandbox; a real provider’s adapter receives its own notifications (README, payment providers)',
  },
  {
    // The sandbox banks: pay-and-play sign-in (and first deposit) and the hosted pay pages.
    id: 'sandbox-banks',
    matches: (path) => path.startsWith('/platform/sandbox/'),
    samples: ['trustly', 'zimpler', 'piq'].flatMap((provider) => [`/platform/sandbox/${provider}/?brand=aurelia&locale=en`, `/platform/sandbox/${provider}/pay/${A_PAYMENT_ID}/`]),
    sandboxOnly: true,
    productionHint: 'the sandbox banks exist only in the sandbox (PLATFORM_ENABLE_SANDBOX_ADMIN=1)',
  },
  { id: 'documents', matches: (path) => path === DOCUMENT_UPLOAD_PATH, samples: [DOCUMENT_UPLOAD_PATH], sandboxOnly: false },
  {
    // The operator console's files and exports (operators/routes.ts): an operator realm token and a role, in production too.
    id: 'operator',
    matches: (path) => path.startsWith(OPERATOR_REST_PREFIX),
    samples: [`${OPERATOR_REST_PREFIX}documents/none`, `${OPERATOR_REST_PREFIX}consent-records.csv?brand=aurelia`, `${OPERATOR_REST_PREFIX}audit-log.csv?brand=aurelia`],
    sandboxOnly: false,
  },
  { id: 'outboxes', matches: (path) => OUTBOX_PATHS.has(path), samples: [...OUTBOX_PATHS], sandboxOnly: true, productionHint: 'the outboxes exist only in the sandbox: production delivers codes through an SMS and e-mail gateway (README, going live)' },
  {
    id: 'error-reports',
    matches: (path) => path === ERROR_REPORTS_JSON || path.startsWith(ERROR_REPORTS_PREFIX),
    samples: [ERROR_REPORTS_JSON, `${ERROR_REPORTS_PREFIX}api/1/envelope/`],
    sandboxOnly: true,
    productionHint: 'the error-report collector is a sandbox stand-in and the sandbox is off: point ERROR_REPORTING_DSN at your service',
  },
  {
    id: 'live-chat',
    matches: (path) => path.startsWith(LIVE_CHAT_PREFIX),
    samples: [`${LIVE_CHAT_PREFIX}widget.js`, `${LIVE_CHAT_PREFIX}conversations.json`],
    sandboxOnly: true,
    productionHint: 'the live chat is a sandbox stand-in and the sandbox is off: point LIVE_CHAT_SCRIPT_URL at your provider',
  },
  {
    id: 'tags',
    matches: (path) => path.startsWith(TAGS_PREFIX) || path === TAGS_PREFIX.slice(0, -1),
    samples: [TAGS_PREFIX, `${TAGS_PREFIX}gtm.js?id=GTM-TEST`, `${TAGS_PREFIX}hits.json`],
    sandboxOnly: true,
    productionHint: 'the tags here are sandbox stand-ins and the sandbox is off: set ANALYTICS_TAGS=real on the lobby to load the real ones',
  },
  { id: 'sandbox-key', matches: (path) => path === SANDBOX_KEY_PATH, samples: [`${SANDBOX_KEY_PATH}?key=guess-guess-guess-guess`], sandboxOnly: true, productionHint: 'the sandbox is off on this platform, so there is nothing to unlock' },
  { id: 'jwks', matches: (path) => path === '/platform/jwks.json', samples: ['/platform/jwks.json'], sandboxOnly: false },
] as const satisfies readonly PlatformRoute[];

/** A route's id. */
export type PlatformRouteId = (typeof PLATFORM_ROUTES)[number]['id'];

/** Paths nothing serves, walked beside the table's samples (the 404 must leak nothing either). */
export const UNROUTED_SAMPLES: readonly string[] = ['/', '/platform/', '/platform/nothing', '/.env', '/%2e%2e/etc/passwd'];

/**
 * The embedded platform as a library: `createPlatform(options)` opens and prepares the database,
 * loads brands, builds the services and hands them to the HTTP routes (http-routes.ts holds the
 * routing table) and the WebSocket server; `listen` and `close` start and stop it. main.ts, the
 * lobby's start script and the tests all start it through here.
 */
import { createServer } from 'node:http';
import type { IncomingMessage, Server } from 'node:http';
import { join } from 'node:path';
import type { Duplex } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { loadBrands, watchBrands } from './brands/brands.ts';
import type { BrandRegistry } from './brands/brands.ts';
import { createCatalogueRepository } from './catalogue/repository.ts';
import { createContentStore } from './content/store.ts';
import { sealPlainTotpSecrets } from './operators/accounts.ts';
import { createContentEditing } from './operators/content-editing.ts';
import type { Db } from './db/db.ts';
import { lockDataDir } from './db/lock.ts';
import { openDatabase, prepareDatabase } from './db/open.ts';
import type { PrepareReport } from './db/open.ts';
import { loadIpCountryTable } from './geo/ip-country.ts';
import type { PlatformServices } from './graphql/context.ts';
import { createTranslationStore, licenceNameFrom } from './i18n/translations.ts';
import { loadSecrets } from './auth/secrets.ts';
import { createAuthService, type AuthService } from './auth/sessions.ts';
import { DEFAULT_AUTH_SETTINGS } from './auth/settings.ts';
import type { AuthSettings } from './auth/settings.ts';
import { createSmsService } from './auth/sms.ts';
import { createEmailRegistration } from './auth/email-registration.ts';
import { createSchema } from './graphql/schema.ts';
import { createCashier } from './cashier/payments.ts';
import { createLedger } from './ledger/ledger.ts';
import { assertNoDemoPlayers, seedDemoPlayers } from './players/demo.ts';
import { assertNoDemoOperators, seedDemoOperators } from './operators/demo.ts';
import { createOperatorAccess } from './operators/access.ts';
import { createDatabaseEventBus, eventChannel } from './realtime/events.ts';
import { createJobs } from './jobs/jobs.ts';
import { createRealtime } from './realtime/websocket.ts';
import type { SocketLimits } from './realtime/websocket.ts';
import { createSandboxGate } from './sandbox/gate.ts';
import { createGameSearch } from './games/search.ts';
import { createHttpRoutes } from './http-routes.ts';
import { loadJackpotConfig, type JackpotConfig } from './jackpot/config.ts';
import { createJackpotService, type JackpotService } from './jackpot/service.ts';
import { createRewardsService, wageringProgressOf } from './rewards/service.ts';
import { createJackpotSockets } from './jackpot/socket.ts';
import { createGamificationService } from './gamification/service.ts';
import { composeDepositListeners, createPromotionsService } from './promotions/service.ts';
import { createShopService } from './shop/service.ts';
import { createCalendarService } from './calendar/service.ts';
import { createCashbackService } from './cashback/service.ts';
import { createGameService } from './games/service.ts';
import type { GameService } from './games/service.ts';
import { composeStakeListeners } from './games/round-money.ts';
import type { Cashier } from './cashier/payments.ts';
import { PAYMENT_PROVIDERS } from './cashier/providers.ts';
import { createSportsbook } from './sportsbook/service.ts';
import { applyRateLimits } from './security/limited-mutations.ts';
import { RateLimiter, type RateRule, type RateRuleName } from './security/rate-limit.ts';
import { compileProxyTrust, settleClientAddress } from './security/client-address.ts';

/** The platform's own data folder (IP table, translations). */
export const PLATFORM_DATA = fileURLToPath(new URL('../data/', import.meta.url));

/** How to start a platform. Paths are absolute or relative to the working directory. */
export interface PlatformOptions {
  /** Folder with one `<brand>/brand.json` per brand. */
  brandsDir: string;
  /** Keep the brands in step with brandsDir while running (default true). */
  watchBrands?: boolean;
  /** Folder with one `<brand>/` content folder per brand. */
  contentDir: string;
  /** A postgres:// URL: use that server instead of PGlite. */
  databaseUrl?: string;
  /** With databaseUrl: keep all tables in this schema (tests use a throwaway one). */
  databaseSchema?: string;
  /** PGlite data folder; omitted (and no databaseUrl) means an in-memory database. */
  dataDir?: string;
  /**
   * PGlite only: a data folder dumped with dumpDataDir to start from instead of an empty database.
   * The test suite migrates and seeds one once and gives every platform its own copy.
   */
  databaseTemplate?: Blob;
  /** An already prepared database to share (tests); the platform will not close it. */
  db?: Db;
  /** Folder of `<locale>.json` translation files (default platform/data/translations). */
  translationsDir?: string;
  /** The IP-to-country table (default platform/data/ip-country.json). */
  ipCountryFile?: string;
  /** Honour x-debug-country / x-debug-subdivision (test-only). */
  allowCountryOverride?: boolean;
  /** Token lifetimes, SMS rules, public URL and the sandbox switch (defaults in auth/settings.ts). */
  auth?: Partial<AuthSettings>;
  /** Public origin of the game server and sportsbook pages (PLATFORM_GAME_ORIGIN); default http://127.0.0.1:<listening port>. */
  gameOrigin?: string;
  /** How long the sandbox payment providers wait before a LATE notification delivery (default 3000 ms). */
  lateDeliveryMs?: number;
  /** Where limits, cooling-offs and session clocks read the time (default the system clock; tests move it). */
  clock?: () => Date;
  /** Rate-limit thresholds (PLATFORM_RATE_LIMIT_*; defaults in security/rate-limit.ts). */
  rateRules?: Record<RateRuleName, RateRule>;
  /** How often due live-table bets and finished sports bets are settled; 0 turns the sweep off (default 5000 ms). */
  settleIntervalMs?: number;
  /**
   * The demo players (published password, funded wallets): `seed` them (the sandbox's default),
   * `refuse` to start on a database that holds any (production's default: none is ever seeded
   * there), or `keep` whatever the database has (tests that share one prepared database).
   */
  demoPlayers?: 'seed' | 'refuse' | 'keep';
  /**
   * The jackpot service's instances and raffle prizes (default platform/data/jackpots.json; a path,
   * or a configuration tests build).
   */
  jackpots?: string | JackpotConfig;
  /** How often ended raffle windows are drawn and unfinished payouts resumed; 0 turns the job off (default 5000 ms). */
  jackpotIntervalMs?: number;
  /** How often the rewards sweep applies due starts and expiries a lost one-off job missed; 0 turns it off (default 5000 ms). */
  rewardsIntervalMs?: number;
  /** How often ended tournament windows are closed and unpaid prizes paid (the safety net of each window's close job); 0 turns the sweep off (default 5000 ms). */
  gamificationIntervalMs?: number;
  /** How often owed promotion bonuses and shop purchases a stopped process left behind are given; 0 turns it off (default 5000 ms). */
  promotionsIntervalMs?: number;
  /** How often waiting scheduled content publishes get a worker here and due ones a stopped process left are published; 0 turns the sweep off (default 5000 ms). */
  contentSchedulesIntervalMs?: number;
  /** How often the weekly cashback job looks for last week's unpaid cashback; 0 turns it off (default an hour). */
  cashbackIntervalMs?: number;
  /** WebSocket caps: frame size, operations per socket, sockets per player and per address (defaults in realtime/websocket.ts). */
  socketLimits?: Partial<SocketLimits>;
  /**
   * The proxies whose X-Forwarded-For is believed (PLATFORM_TRUST_PROXY): addresses, CIDR ranges and
   * `loopback`, `linklocal`, `uniquelocal`. Default none: the socket's peer is the client.
   */
  trustProxy?: readonly string[];
}

/** A started (not yet listening) platform. */
export interface Platform {
  server: Server;
  db: Db;
  brands: BrandRegistry;
  /** What preparing the database did (null when a shared db was passed in). */
  prepared: PrepareReport | null;
  /** Brands whose demo players were seeded by this start. */
  playersSeeded: string[];
  /** The services behind the routes (tests publish events and read settings through them). */
  services: PlatformServices;
  /** Starts listening; rejects with the listen error (EADDRINUSE) instead of crashing. */
  listen(port: number, host?: string): Promise<void>;
  /** The base URL once listening, such as http://127.0.0.1:4322. */
  url(): string;
  /** Whether shutdown has begun (/readyz answers 503 from then on). */
  isDraining(): boolean;
  /**
   * Graceful stop (SIGTERM): readiness turns 503 at once and answers carry `connection: close`;
   * WebSockets close with 1012 so clients reconnect elsewhere; due-bet sweeps and the cashier's
   * pending deliveries finish; then the server stops taking connections and waits for requests in
   * flight (money mutations among them); past `graceMs` in all, whatever is left is cut off. Then the
   * database it opened is closed. With `drainMs`, the platform first keeps serving (readiness 503,
   * sockets open) that long, so a load balancer's health check takes it out before anything closes.
   */
  shutdown(options?: { graceMs?: number; drainMs?: number }): Promise<void>;
  /** shutdown with a short grace: time for a late sandbox notification, and two seconds for requests (tests, start-up failures). */
  close(): Promise<void>;
}

/** How long a graceful shutdown waits for in-flight work by default (PLATFORM_SHUTDOWN_GRACE_MS). */
export const DEFAULT_SHUTDOWN_GRACE_MS = 10_000;

/** Resolves when `work` settles or `ms` have passed, whichever is first; never rejects. */
async function within(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([work.catch(() => undefined), new Promise((resolve) => (timer = setTimeout(resolve, Math.max(0, ms))))]);
  clearTimeout(timer);
}

/** Opens the database, applies migrations and the seed, loads brands and builds the HTTP server. */
export async function createPlatform(options: PlatformOptions): Promise<Platform> {
  // Configuration errors first: they are cheaper to report than a database start-up.
  const brands = loadBrands(options.brandsDir);
  // The registry is shared by every route; the watcher updates it in place, so new brands answer at once.
  const brandWatch = options.watchBrands === false ? null : watchBrands(options.brandsDir, brands);
  const ipTable = loadIpCountryTable(options.ipCountryFile ?? join(PLATFORM_DATA, 'ip-country.json'));
  const jackpotConfig = typeof options.jackpots === 'object' ? options.jackpots : loadJackpotConfig(options.jackpots);

  const releaseLock = !options.db && !options.databaseUrl && options.dataDir ? lockDataDir(options.dataDir) : () => {};
  let db: Db;
  let prepared: PrepareReport | null = null;
  try {
    db = options.db ?? (await openDatabase({
      ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : {}),
      ...(options.databaseSchema ? { schema: options.databaseSchema } : {}),
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      ...(options.databaseTemplate ? { template: options.databaseTemplate } : {}),
    }));
  } catch (error) {
    releaseLock();
    throw error;
  }
  try {
    if (!options.db) prepared = await prepareDatabase(db);
    // TOTP secrets a database from before migration 067 holds in plain text are sealed before anyone signs in.
    await sealPlainTotpSecrets(db);
  } catch (error) {
    await db.close().catch(() => {});
    releaseLock();
    throw error;
  }

  const catalogue = createCatalogueRepository(db);
  const authSettings: AuthSettings = { ...DEFAULT_AUTH_SETTINGS, ...options.auth };
  const sandbox = createSandboxGate(authSettings.enableSandboxAdmin, authSettings.sandboxKey);
  const clock = options.clock ?? (() => new Date());
  // Live events travel through the database (LISTEN/NOTIFY), so every platform process on it delivers them.
  const events = createDatabaseEventBus(db, eventChannel(options.databaseSchema));
  const jobs = createJobs(db, options.databaseSchema ? { schema: options.databaseSchema } : {});
  // Every balance update carries the wallet's bonus wagering progress (rewards).
  const ledger = createLedger(db, events, { wageringProgress: wageringProgressOf });
  let playersSeeded: string[];
  let secrets;
  let games: GameService;
  let cashier: Cashier;
  const translations = createTranslationStore(options.translationsDir ?? join(PLATFORM_DATA, 'translations'));
  const content = createContentStore(options.contentDir, catalogue, { licenceName: licenceNameFrom(translations) });
  const jackpot: JackpotService = createJackpotService({ db, ledger, events, jobs, content, brands, clock, config: jackpotConfig });
  const rewards = createRewardsService({ db, ledger, events, jobs, content, clock });
  // The provider checks identity tokens with the platform's own verifier, built once the secrets are loaded (below).
  let authReady: AuthService | null = null;
  const gamification = createGamificationService({
    db, ledger, events, jobs, content, brands, clock,
    auth: { authenticate: (bearer, brand) => (authReady ? authReady.authenticate(bearer, brand) : Promise.reject(new Error('The platform is still starting'))) },
  });
  const promotions = createPromotionsService({ db, jobs, content, rewards, clock });
  const shop = createShopService({ db, jobs, content, rewards, clock });
  const calendar = createCalendarService({ db, content, rewards, clock });
  const cashback = createCashbackService({ db, jobs, content, rewards, clock });
  // The game server's default origin is this server's own port, known once it listens.
  let listeningServer: Server | null = null;
  const gameOrigin = (): string => {
    if (options.gameOrigin) return options.gameOrigin;
    const address = listeningServer?.address();
    if (!address || typeof address === 'string') throw new Error('The game origin is unknown until the platform listens: set PLATFORM_GAME_ORIGIN');
    return `http://127.0.0.1:${address.port}`;
  };
  // The sandbox payment providers notify the platform over real HTTP, at its own listening address.
  const selfOrigin = (): string => {
    const address = listeningServer?.address();
    if (!address || typeof address === 'string') throw new Error('The sandbox payment providers cannot notify the platform before it listens');
    return `http://127.0.0.1:${address.port}`;
  };
  try {
    await events.start();
    secrets = await loadSecrets(db);
    const demoPlayers = options.demoPlayers ?? (sandbox.enabled ? 'seed' : 'refuse');
    if (demoPlayers === 'refuse') await Promise.all([assertNoDemoPlayers(db), assertNoDemoOperators(db)]);
    playersSeeded = demoPlayers === 'seed' ? await seedDemoPlayers(db, brands, ledger) : [];
    // The demo operators (one per role, platform/README.md) come with the demo players.
    if (demoPlayers === 'seed') await seedDemoOperators(db);
    // Every real-money stake feeds these, inside its transaction (add a feature's listener here): the
    // jackpot and raffles, the wagering of bonus money, gamification's points, missions and
    // tournaments, and the rewards shop's coins. Free spins stand in for a stake.
    games = await createGameService({
      db, ledger, gameOrigin, clock,
      onRealStake: composeStakeListeners(jackpot.onRealStake, rewards.onRealStake, gamification.onRealStake, shop.onRealStake),
      onRealPayout: gamification.onRealPayout,
      freeSpins: rewards.takeFreeSpin,
    });
    cashier = await createCashier({
      db, ledger, selfOrigin, clock, licenceOf: (id) => brands.get(id)?.license ?? null, onDepositCompleted: composeDepositListeners(gamification.onDepositCompleted, promotions.onDepositCompleted),
      ...(options.lateDeliveryMs !== undefined ? { lateDeliveryMs: options.lateDeliveryMs } : {}),
    });
  } catch (error) {
    await events.close().catch(() => {});
    if (!options.db) await db.close().catch(() => {});
    releaseLock();
    throw error;
  }
  const auth = createAuthService(db, secrets, authSettings, events);
  authReady = auth;
  const sms = createSmsService(db, authSettings, content);
  const services: PlatformServices = {
    db,
    catalogue,
    brands,
    ipTable,
    translations,
    content,
    allowCountryOverride: options.allowCountryOverride ?? false,
    sandbox,
    paymentProviders: sandbox.enabled ? PAYMENT_PROVIDERS : [],
    auth,
    authSettings,
    ledger,
    events,
    jobs,
    sms,
    registration: createEmailRegistration(db),
    secrets,
    games,
    gameSearch: createGameSearch(catalogue),
    sportsbook: createSportsbook({ db, ledger, clock }),
    cashier,
    jackpot,
    rewards,
    promotions,
    shop,
    calendar,
    cashback,
    gamification,
    operators: createOperatorAccess(db),
    contentEditing: createContentEditing({ db, content, contentDir: options.contentDir, jobs, clock }),
    gameOrigin,
    clock,
  };
  const schema = createSchema();
  const rateLimiter = new RateLimiter(db, options.rateRules, () => clock().getTime());
  applyRateLimits(schema, rateLimiter);
  const realtime = createRealtime(services, schema, options.socketLimits);
  const jackpotSockets = createJackpotSockets({ jackpot, brands, auth, events, ...(options.socketLimits?.socketsPerAddress ? { socketsPerAddress: options.socketLimits.socketsPerAddress } : {}) });
  let draining = false;
  const routes = createHttpRoutes({ services, schema, rateLimiter, brandsDir: options.brandsDir, contentDir: options.contentDir, isDraining: () => draining });
  // Every request and upgrade gets its client address here, before any route or limit reads it.
  const proxyTrust = compileProxyTrust(options.trustProxy ?? []);
  const server = createServer((req, res) => {
    settleClientAddress(req, proxyTrust);
    // While draining, keep-alive clients are told to reconnect (a load balancer sends them elsewhere).
    if (draining) res.setHeader('connection', 'close');
    routes(req, res);
  });
  // An idle connection from a load balancer is closed by the balancer, not by us under its next
  // request (Node's default of 5 s races HAProxy's reuse of idle backend connections).
  server.keepAliveTimeout = 65_000;

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    settleClientAddress(req, proxyTrust);
    if (draining) {
      socket.end('HTTP/1.1 503 Service Unavailable\r\nconnection: close\r\nretry-after: 1\r\n\r\n');
      return;
    }
    if (!realtime.handleUpgrade(req, socket, head) && !jackpotSockets.handleUpgrade(req, socket, head)) {
      socket.end('HTTP/1.1 404 Not Found\r\nconnection: close\r\n\r\n');
    }
  });

  // Live-table bets and sports bets settle when their round or events end, whoever is watching: in
  // one process at a time across the database (jobs/jobs.ts), once per interval.
  const settleEvery = options.settleIntervalMs ?? 5000;
  if (settleEvery > 0) {
    jobs.every('settle-due-bets', settleEvery, async () => {
      await games.settleDue();
      await services.sportsbook.settleDue();
    });
  }
  // Raffle draws at each window's end, and payouts a restart cut short: once across processes.
  jackpot.start(options.jackpotIntervalMs ?? 5000);
  // Reward starts and expiries are one-off jobs; this sweep is their safety net.
  await rewards.startJobs(options.rewardsIntervalMs ?? 5000);
  // Tournament windows close at their end (a one-off job each) and the sweep catches what a job missed.
  gamification.start(options.gamificationIntervalMs ?? 5000);
  // A deposit's promotion bonus is given right after it; this sweep gives what a stopped process left owed.
  promotions.start(options.promotionsIntervalMs ?? 5000);
  // A purchase's reward is given right after it; this sweep gives what a stopped process left paid.
  shop.start(options.promotionsIntervalMs ?? 5000);
  // Last week's cashback, hourly (each run idempotent): the first run after Monday 00:00 UTC pays it.
  cashback.start(options.cashbackIntervalMs ?? 3_600_000);
  // Scheduled content publishes get a worker in every process that sweeps, whenever they were made.
  await services.contentEditing.start(options.contentSchedulesIntervalMs ?? 5000);
  jobs.every('sweep-rate-limit-windows', 60_000, async () => {
    await rateLimiter.sweep();
  });

  let shuttingDown: Promise<void> | null = null;
  const shutdown = async (graceMs: number, drainMs = 0): Promise<void> => {
    draining = true;
    if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
    const deadline = Date.now() + graceMs;
    brandWatch?.stop();
    // Scheduled work takes no new runs from now on; a run in hand (a settlement) finishes before the
    // database closes, without holding the server open meanwhile.
    const jobsStopped = jobs.close();
    await Promise.all([realtime.close(), jackpotSockets.close()]);
    // Money work that is not a request: the sandbox providers' pending notifications (they call this
    // server, so it keeps listening until they are in).
    await within(cashier.drain(), deadline - Date.now());
    if (server.listening) {
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      // Requests in flight finish; past the deadline their sockets go too.
      await within(stopped, deadline - Date.now());
      server.closeAllConnections();
      await stopped;
    }
    await within(jobsStopped, deadline - Date.now());
    await events.close();
    if (!options.db) await db.close();
    releaseLock();
  };

  return {
    server,
    db,
    brands,
    prepared,
    playersSeeded,
    services,
    listen(port, host = '127.0.0.1') {
      return new Promise((resolve, reject) => {
        const onError = (error: Error) => reject(error);
        server.once('error', onError);
        server.listen(port, host, () => {
          server.off('error', onError);
          listeningServer = server;
          jobs.start();
          resolve();
        });
      });
    },
    url() {
      const address = server.address();
      if (!address || typeof address === 'string') throw new Error('The platform is not listening');
      const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      return `http://${host}:${address.port}`;
    },
    isDraining: () => draining,
    shutdown({ graceMs = DEFAULT_SHUTDOWN_GRACE_MS, drainMs = 0 } = {}) {
      shuttingDown ??= shutdown(graceMs, drainMs);
      return shuttingDown;
    },
    close() {
      // As before graceful shutdown existed: a late sandbox notification still lands, then 2 s for requests.
      shuttingDown ??= shutdown((options.lateDeliveryMs ?? 3000) + 2000);
      return shuttingDown;
    },
  };
}

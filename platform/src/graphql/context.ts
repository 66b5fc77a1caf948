/**
 * The per-request GraphQL context: the platform's services plus lazily resolved request facts
 * (brand from x-brand, locale from x-locale, country from the client address).
 */
import type { IncomingMessage } from 'node:http';
import type { Brand, BrandRegistry } from '../brands/brands.ts';
import type { CatalogueRepository } from '../catalogue/repository.ts';
import type { ContentStore } from '../content/store.ts';
import type { AuthService, Authenticated } from '../auth/sessions.ts';
import type { AuthSettings } from '../auth/settings.ts';
import type { Db } from '../db/db.ts';
import { resolveCountry } from '../geo/country.ts';
import type { CountryResolution } from '../geo/country.ts';
import type { IpCountryTable } from '../geo/ip-country.ts';
import { isLocale, LOCALES } from '../i18n/locales.ts';
import type { TranslationStore } from '../i18n/translations.ts';
import type { Ledger } from '../ledger/ledger.ts';
import type { EventBus } from '../realtime/events.ts';
import type { Jobs } from '../jobs/jobs.ts';
import type { SmsService } from '../auth/sms.ts';
import type { EmailRegistration } from '../auth/email-registration.ts';
import type { PlatformSecrets } from '../auth/secrets.ts';
import type { GameSearch } from '../games/search.ts';
import type { GameService } from '../games/service.ts';
import type { Sportsbook } from '../sportsbook/service.ts';
import type { Cashier } from '../cashier/payments.ts';
import type { JackpotService } from '../jackpot/service.ts';
import type { PromotionsService } from '../promotions/service.ts';
import type { ShopService } from '../shop/service.ts';
import type { CalendarService } from '../calendar/service.ts';
import type { CashbackService } from '../cashback/service.ts';
import type { RewardsService } from '../rewards/service.ts';
import type { GamificationService } from '../gamification/service.ts';
import { PlatformError } from './errors.ts';
import type { SandboxGate } from '../sandbox/gate.ts';
import type { PaymentProvider } from '../cashier/providers.ts';
import type { OperatorAccess } from '../operators/access.ts';
import type { ContentEditing } from '../operators/content-editing.ts';

/** Everything resolvers need that outlives a request. */
export interface PlatformServices {
  db: Db;
  catalogue: CatalogueRepository;
  brands: BrandRegistry;
  ipTable: IpCountryTable;
  translations: TranslationStore;
  content: ContentStore;
  /** Whether x-debug-country / x-debug-subdivision are honoured (tests only, and only with the sandbox key). */
  allowCountryOverride: boolean;
  /** Sandbox mode and its operator key: every sandbox power asks it. */
  sandbox: SandboxGate;
  /**
   * The payment providers players may deposit and withdraw through: the sandbox's three in sandbox
   * mode; none in production, where an operator's adapter would add its own (cashier/providers.ts).
   */
  paymentProviders: readonly PaymentProvider[];
  auth: AuthService;
  authSettings: AuthSettings;
  ledger: Ledger;
  events: EventBus;
  /** Work that runs once across every platform process: every() for periodic, at()/handle() for one-off jobs. */
  jobs: Jobs;
  sms: SmsService;
  /** E-mail registration (the identity provider's form) and the e-mail outbox. */
  registration: EmailRegistration;
  secrets: PlatformSecrets;
  /** The demo game server (game sessions, rounds). */
  games: GameService;
  /** Catalogue search. */
  gameSearch: GameSearch;
  /** The sandbox sportsbook. */
  sportsbook: Sportsbook;
  /** Deposits and withdrawals through the sandbox payment providers. */
  cashier: Cashier;
  /** The jackpot and raffle service (pots, opt-ins, draws; its REST and socket are routes of their own). */
  jackpot: JackpotService;
  /** The reward engine (assignations, claims, bonus wagering, free spins). */
  rewards: RewardsService;
  promotions: PromotionsService;
  shop: ShopService;
  calendar: CalendarService;
  cashback: CashbackService;
  /** The gamification provider (points, ranks, missions, tournaments; its REST is a route of its own). */
  gamification: GamificationService;
  /** The operator realm's tokens: every operator operation resolves its caller here (operators/access.ts). */
  operators: OperatorAccess;
  /** The console's content editing: drafts, versions, scheduled publishes, preview tokens (operators/content-editing.ts). */
  contentEditing: ContentEditing;
  /** The public origin of the game server (PLATFORM_GAME_ORIGIN, else http://127.0.0.1:<port>). */
  gameOrigin(): string;
  /** The time limits and cooling-offs are judged by (tests move it forward). */
  clock(): Date;
}

/** What a resolver gets as its context (a type, not an interface, so graphql-http accepts it as an operation context). */
export type GraphQLContext = {
  services: PlatformServices;
  req: IncomingMessage;
  /** The brand named by x-brand; throws UnknownBrand when it is missing or unknown. */
  brand(): Brand;
  /** The brand named by x-brand, or null; for fields that only use it for defaults. */
  brandOrNull(): Brand | null;
  /** The locale argument when given, else x-locale, else en; BadUserInput for an unknown code. */
  locale(argument?: string | null): string;
  /** The requester's country context for the brand (memoised per request). */
  country(): CountryResolution;
  /** The signed-in player (memoised); AuthenticationFailure without a valid bearer token. */
  auth(): Promise<Authenticated>;
  /** The signed-in player, or null when no token was sent; a bad token still fails. */
  authOptional(): Promise<Authenticated | null>;
  /** Over a WebSocket: aborted the moment the socket stops speaking for its player; the player's event streams take nothing after it. */
  streamGate: AbortSignal | null;
};

/** Where a context's bearer token comes from when it is not the Authorization header (WebSocket connection params). */
export interface ContextOverrides {
  bearer?: string | null;
  /** The socket's gate for the player's event streams (see GraphQLContext.streamGate). */
  streamGate?: AbortSignal | null;
}

/** Builds the context of one request. */
export function createContext(services: PlatformServices, req: IncomingMessage, overrides: ContextOverrides = {}): GraphQLContext {
  const header = (name: string) => {
    const value = req.headers[name];
    return (Array.isArray(value) ? value[0] : value)?.trim() || null;
  };
  const brandId = header('x-brand');
  let country: CountryResolution | null = null;
  let authentication: Promise<Authenticated> | null = null;
  const bearer =
    overrides.bearer !== undefined ? overrides.bearer : (/^Bearer\s+(\S+)\s*$/i.exec(header('authorization') ?? '')?.[1] ?? null);

  const context: GraphQLContext = {
    services,
    req,
    streamGate: overrides.streamGate ?? null,
    brand() {
      const brand = brandId ? services.brands.get(brandId) : undefined;
      if (brand) return brand;
      const known = [...services.brands.keys()].join(', ') || '(none loaded)';
      throw new PlatformError(
        'UnknownBrand',
        brandId
          ? `Unknown brand "${brandId}" in the x-brand header: known brands are ${known}`
          : `This field needs the x-brand request header naming the brand (known brands: ${known})`,
      );
    },
    brandOrNull() {
      return (brandId && services.brands.get(brandId)) || null;
    },
    locale(argument) {
      const [value, from] = argument ? [argument, 'locale argument'] : [header('x-locale'), 'x-locale header'];
      if (!value) return 'en';
      if (!isLocale(value)) throw new PlatformError('BadUserInput', `Unknown locale "${value}" in the ${from}: use one of ${LOCALES.join(', ')}`);
      return value;
    },
    country() {
      country ??= resolveCountry(req, services.ipTable, context.brand().defaultCountry, services.allowCountryOverride && services.sandbox.allows(req));
      return country;
    },
    auth() {
      authentication ??= services.auth.authenticate(bearer, brandId && services.brands.has(brandId) ? brandId : null);
      return authentication;
    },
    async authOptional() {
      return bearer ? context.auth() : null;
    },
  };
  return context;
}

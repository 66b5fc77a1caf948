/**
 * The jackpot service's REST calls (spec section 7) with the spec's retries (section 9): the
 * jackpot instances 10 attempts 2 s apart, a raffle's 3 attempts 2 s apart ('Failed to fetch all
 * raffle instances' logged when none come), and the currency multipliers that turn the service's
 * EUR figures (contribution options, win amounts) into the player's currency. No framework: the
 * JACKPOT block's ticker, the widget and the server render all use these.
 */
import type { CurrencyMultipliers, JackpotPlayerStatus, JackpotPot } from './protocol.ts';

/** The sources the service serves: the casino jackpot and the three raffle drops. */
export type JackpotSource = 'casino' | 'hourly' | 'daily' | 'weekly';

/** A casino jackpot instance as GET v1/instances?source=casino gives it. */
export interface JackpotInstance {
  id: string;
  name: string;
  source: 'casino';
  operator: string;
  version: number;
  pots: JackpotPot[];
  player?: JackpotPlayerStatus;
}

/** A raffle drop's current window as GET v1/instances?source=hourly|daily|weekly gives it. */
export interface RaffleInstance {
  id: string;
  type: 'hourly' | 'daily' | 'weekly';
  source: 'hourly' | 'daily' | 'weekly';
  timestamp_start: string;
  timestamp_end: string;
  pots: { id: 'total'; current_value: string }[];
  prizes: string[];
  studio: { slug: string; name: string } | null;
  player?: { ticket_count: number };
}

/** What a call needs: the service's base URL and how to wait and fetch (replaceable in tests). */
export interface JackpotRestOptions {
  /** The service's base URL, such as `/jackpot-service` (same-origin through the lobby) or an operator's https URL. */
  serviceUrl: string;
  /** Resolves a relative serviceUrl (the page's origin in the browser; required on the server). */
  origin?: string;
  fetch?: typeof fetch;
  /** Gives up on an attempt after this long (a server render must not wait on a service that hangs). */
  timeoutMs?: number;
  sleep?: (ms: number) => Promise<void>;
  log?: Pick<Console, 'warn'>;
}

/** The query of an instances call. */
export interface InstancesQuery {
  brand: string;
  currency?: string;
  countryCode?: string;
  /** The plain or enriched id: with `token`, the answer carries the player's part. */
  playerId?: string;
  /** The player's access token, or how to get a fresh one: asked again for every attempt, so a retry never sends one that ran out meanwhile. */
  token?: string | null | (() => Promise<string | null>);
}

/** Jackpot fetches: 10 attempts, 2 s apart (spec section 9). */
export const JACKPOT_FETCH_RETRY = { attempts: 10, delayMs: 2_000 } as const;
/** Raffle fetches: 3 attempts, 2 s apart (spec section 9). */
export const RAFFLE_FETCH_RETRY = { attempts: 3, delayMs: 2_000 } as const;
/** Logged when no raffle instance could be fetched (spec section 8). */
export const RAFFLE_FETCH_FAILED = 'Failed to fetch all raffle instances';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The absolute URL of a path under the service. */
export function jackpotServiceUrl(options: Pick<JackpotRestOptions, 'serviceUrl' | 'origin'>, path: string): URL {
  const base = options.serviceUrl.replace(/\/$/, '');
  const origin = options.origin ?? (typeof location === 'undefined' ? undefined : location.origin);
  if (!/^https?:/.test(base) && !origin) throw new Error(`The jackpot service URL "${options.serviceUrl}" is relative: pass origin (the lobby's) to resolve it on the server`);
  return new URL(`${base}${path}`, origin ? `${origin}/` : undefined);
}

/** Calls `attempt` up to `attempts` times, `delayMs` apart; the last error is thrown. */
export async function withRetries<T>(attempt: () => Promise<T>, retry: { attempts: number; delayMs: number }, sleep = wait): Promise<T> {
  let last: unknown;
  for (let index = 0; index < retry.attempts; index += 1) {
    if (index > 0) await sleep(retry.delayMs);
    try {
      return await attempt();
    } catch (error) {
      last = error;
    }
  }
  throw last;
}

async function getJson<T>(options: JackpotRestOptions, url: URL, tokenOf?: InstancesQuery['token']): Promise<T> {
  const token = typeof tokenOf === 'function' ? await tokenOf() : tokenOf;
  const response = await (options.fetch ?? fetch)(url, {
    headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(options.timeoutMs ? { signal: AbortSignal.timeout(options.timeoutMs) } : {}),
  });
  if (!response.ok) {
    const body = await response.text().catch(() => '');
    throw new Error(`Could not fetch: ${url.pathname}${url.search}. Message: ${response.status} ${body.slice(0, 200)}`);
  }
  return (await response.json()) as T;
}

function instancesUrl(options: JackpotRestOptions, source: JackpotSource, query: InstancesQuery): URL {
  const url = jackpotServiceUrl(options, '/v1/instances');
  url.searchParams.set('source', source);
  url.searchParams.set('brand', query.brand);
  if (query.currency) url.searchParams.set('currency', query.currency);
  if (query.countryCode) url.searchParams.set('country_code', query.countryCode);
  if (query.playerId && query.token) url.searchParams.set('player_id', query.playerId);
  return url;
}

/** The brand's casino jackpot instances (empty when its jackpot is off), 10 attempts 2 s apart. */
export async function fetchJackpotInstances(options: JackpotRestOptions, query: InstancesQuery, retry: { attempts: number; delayMs: number } = JACKPOT_FETCH_RETRY): Promise<JackpotInstance[]> {
  const url = instancesUrl(options, 'casino', query);
  const body = await withRetries(() => getJson<{ instances: JackpotInstance[] }>(options, url, query.token), retry, options.sleep);
  return body.instances;
}

/** One raffle drop's current window (empty when the raffle is off or the drop has no prize), 3 attempts 2 s apart. */
export async function fetchRaffleInstances(options: JackpotRestOptions, source: Exclude<JackpotSource, 'casino'>, query: InstancesQuery, retry: { attempts: number; delayMs: number } = RAFFLE_FETCH_RETRY): Promise<RaffleInstance[]> {
  const url = instancesUrl(options, source, query);
  const body = await withRetries(() => getJson<{ instances: RaffleInstance[] }>(options, url, query.token), retry, options.sleep);
  return body.instances;
}

/** The three drops' windows; a drop that cannot be fetched counts as none, and none at all is logged. */
export async function fetchAllRaffleInstances(options: JackpotRestOptions, query: InstancesQuery): Promise<RaffleInstance[]> {
  const settled = await Promise.allSettled((['hourly', 'daily', 'weekly'] as const).map((source) => fetchRaffleInstances(options, source, query)));
  const instances = settled.flatMap((result) => (result.status === 'fulfilled' ? result.value : []));
  if (instances.length === 0) (options.log ?? console).warn(RAFFLE_FETCH_FAILED);
  return instances;
}

/** GET v1/currencies: the multipliers (jackpot retries). */
export async function fetchCurrencyMultipliers(options: JackpotRestOptions): Promise<CurrencyMultipliers> {
  const url = jackpotServiceUrl(options, '/v1/currencies');
  return withRetries(() => getJson<CurrencyMultipliers>(options, url), JACKPOT_FETCH_RETRY, options.sleep);
}

const ZERO_DECIMAL_CURRENCIES: ReadonlySet<string> = new Set(['JPY', 'KRW', 'ISK', 'CLP', 'VND', 'UGX', 'XAF', 'XOF']);

/** How many decimals a currency's amounts have (2, or 0 for the yen and its like). */
export function currencyExponent(currency: string): number {
  return ZERO_DECIMAL_CURRENCIES.has(currency) ? 0 : 2;
}

function toScaled(amount: number | string, scale: number): bigint {
  const text = typeof amount === 'number' ? amount.toFixed(scale) : amount;
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) throw new Error(`"${amount}" is not a decimal amount such as 0.05`);
  const fraction = (match[3] ?? '').padEnd(scale, '0').slice(0, scale);
  const value = BigInt(`${match[2]}${fraction}`);
  return match[1] ? -value : value;
}

/**
 * A base-currency (EUR) amount in another currency, as a decimal string with that currency's
 * decimals, rounded half up like the service (0.05 EUR at 11.5 NOK → "0.58"). Bigint work on the
 * multiplier's ten-thousandths, never a float.
 */
export function convertFromBase(amount: number | string, currency: string, multipliers: CurrencyMultipliers): string {
  const multiplier = currency === multipliers.base ? 1 : multipliers.multipliers[currency];
  if (multiplier === undefined) throw new Error(`No jackpot multiplier for ${currency}: the service's v1/currencies lists ${Object.keys(multipliers.multipliers).join(', ')}`);
  const exponent = currencyExponent(currency);
  // amount in 1e-6 units × multiplier in 1e-4 units = 1e-10 units; down to the currency's minor unit.
  const numerator = toScaled(amount, 6) * toScaled(multiplier, 4);
  const divisor = 10n ** BigInt(10 - exponent);
  const negative = numerator < 0n;
  const absolute = negative ? -numerator : numerator;
  let minor = absolute / divisor;
  if ((absolute % divisor) * 2n >= divisor) minor += 1n;
  const digits = minor.toString().padStart(exponent + 1, '0');
  const text = exponent ? `${digits.slice(0, -exponent)}.${digits.slice(-exponent)}` : digits;
  return negative && minor !== 0n ? `-${text}` : text;
}

/**
 * The jackpot service's REST side (spec section 7), under JACKPOT_PREFIX, reached through the lobby
 * same-origin like /graphql:
 *
 *   GET /jackpot-service/v1/currencies
 *     → { base: "EUR", multipliers: { EUR: 1, USD: 1.08, … } }
 *   GET /jackpot-service/v1/instances?source=casino|hourly|daily|weekly&brand=<id>[&player_id=][&country_code=][&currency=]
 *     (Authorization: Bearer <access token> optional)
 *     → { source, brand, currency, instances: [ … ] } (platform/README.md, "The jackpot service", has the shapes)
 *
 * A player's opt-in state and contribution (casino) or tickets (raffles) are added only with a valid
 * bearer token of that player; player_id, when given, must be theirs. Bad input is a 400
 * `{ error: { reason: "BadUserInput", message } }` saying what to fix; a bad token a 401.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuthService } from '../auth/sessions.ts';
import type { BrandRegistry } from '../brands/brands.ts';
import { PlatformError } from '../graphql/errors.ts';
import { formatMinor } from '../ledger/money.ts';
import { sendApiError, sendJson } from '../web/json.ts';
import { POT_IDS, POT_NAMES, RAFFLE_TYPES, type PotId, type RaffleType } from './config.ts';
import { BASE_CURRENCY, CURRENCY_MULTIPLIERS, fromBase, isJackpotCurrency, multipliersJson } from './currencies.ts';
import { plainPlayerId, type JackpotService, type PotValues } from './service.ts';

/** Where the jackpot service answers (REST and the WebSocket). Not /jackpot/: that is the lobby's page. */
export const JACKPOT_PREFIX = '/jackpot-service/';
/** The WebSocket's path. */
export const JACKPOT_SOCKET_PATH = `${JACKPOT_PREFIX}v1/ws`;

/** Pots as the protocol shows them: mega, major, minor, shared and their total, in a currency (decimal strings). */
export function potsJson(values: PotValues, currency: string): { id: PotId | 'total'; name: string; current_value: string }[] {
  const pots = POT_IDS.map((id) => ({ id, name: POT_NAMES[id], minor: fromBase(values.pots[id], currency) }));
  const total = fromBase(POT_IDS.reduce((sum, id) => sum + values.pots[id], 0n), currency);
  return [...pots, { id: 'total' as const, name: POT_NAMES.total, minor: total }].map((pot) => ({ id: pot.id, name: pot.name, current_value: formatMinor(pot.minor, currency) }));
}

/** A currency parameter (default the brand's), checked. */
export function jackpotCurrency(value: string | null, fallback: string): string {
  const currency = (value ?? fallback).trim().toUpperCase();
  if (!isJackpotCurrency(currency)) {
    throw new PlatformError('BadUserInput', `Unsupported currency "${value}": use one of ${Object.keys(CURRENCY_MULTIPLIERS).join(', ')}`);
  }
  return currency;
}

/** Creates the handler of the REST paths. */
export function createJackpotRoutes(options: { jackpot: JackpotService; brands: BrandRegistry; auth: AuthService }) {
  const { jackpot, brands, auth } = options;

  async function instances(req: IncomingMessage, params: URLSearchParams) {
    const known = [...brands.keys()].join(', ');
    const brandId = params.get('brand');
    if (!brandId) throw new PlatformError('BadUserInput', `brand is required: ${JACKPOT_PREFIX}v1/instances?source=casino&brand=<id> (brands: ${known})`);
    const brand = brands.get(brandId);
    if (!brand) throw new PlatformError('BadUserInput', `Unknown brand "${brandId}": use one of ${known}`);
    const sources = ['casino', ...RAFFLE_TYPES];
    const source = params.get('source') ?? '';
    if (!sources.includes(source)) throw new PlatformError('BadUserInput', `source must be one of ${sources.join(', ')} (got "${source}")`);
    const country = params.get('country_code')?.trim().toUpperCase() || null;
    if (country && !/^[A-Z]{2}$/.test(country)) throw new PlatformError('BadUserInput', `country_code "${country}" is not a two-letter country code such as FI`);
    const currency = jackpotCurrency(params.get('currency'), BASE_CURRENCY);
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(String(req.headers.authorization ?? ''))?.[1] ?? null;
    const player = bearer ? await auth.authenticate(bearer, brand.id) : null;
    const named = params.get('player_id');
    if (named && (!player || plainPlayerId(named) !== player.playerId)) {
      throw new PlatformError('AuthenticationFailure', 'player_id needs the bearer token of that player: send Authorization: Bearer <access token>');
    }
    const base = { source, brand: brand.id, currency };
    if (source === 'casino') {
      const found = await jackpot.instanceFor(brand.id, country);
      if (!found) return { ...base, instances: [] };
      const values = await jackpot.pots(found.instance.id);
      return {
        ...base,
        instances: [{
          id: found.instance.id,
          name: found.instance.name,
          source,
          operator: found.instance.operator,
          version: values.version,
          pots: potsJson(values, currency),
          ...(player ? { player: await jackpot.optInStatus(found.instance.id, player.playerId, found.settings) } : {}),
        }],
      };
    }
    const raffles = (await jackpot.raffles(brand.id, country)).filter((raffle) => raffle.type === (source as RaffleType));
    const tickets = player ? await jackpot.tickets(player.playerId, raffles.map((raffle) => raffle.id)) : null;
    return {
      ...base,
      instances: raffles.map((raffle) => ({
        id: raffle.id,
        type: raffle.type,
        source,
        timestamp_start: raffle.startsAt.toISOString(),
        timestamp_end: raffle.endsAt.toISOString(),
        pots: [{ id: 'total', current_value: formatMinor(fromBase(raffle.prizesMinor.reduce((sum, prize) => sum + prize, 0n), currency), currency) }],
        prizes: raffle.prizesMinor.map((prize) => formatMinor(fromBase(prize, currency), currency)),
        studio: raffle.studio,
        ...(tickets ? { player: { ticket_count: Number(tickets.get(raffle.id) ?? 0n) } } : {}),
      })),
    };
  }

  return async function handleJackpot(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    try {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'application/json' }).end(JSON.stringify({ error: { reason: 'BadRequest', message: 'Only GET' } }));
        return;
      }
      const params = new URL(req.url ?? '/', 'http://platform').searchParams;
      if (path === `${JACKPOT_PREFIX}v1/currencies`) {
        sendJson(res, 200, multipliersJson(), { 'cache-control': 'public, max-age=300' });
        return;
      }
      if (path === `${JACKPOT_PREFIX}v1/instances`) {
        const body = await instances(req, params);
        sendJson(res, 200, body, { 'cache-control': req.headers.authorization ? 'private, no-store' : 'public, max-age=2', vary: 'authorization' });
        return;
      }
      throw new PlatformError('NotFound', `Nothing at ${path}: the jackpot service has ${JACKPOT_PREFIX}v1/currencies, ${JACKPOT_PREFIX}v1/instances and the WebSocket ${JACKPOT_SOCKET_PATH}`);
    } catch (error) {
      if (error instanceof PlatformError && error.reason === 'AuthenticationFailure') res.setHeader('www-authenticate', 'Bearer error="invalid_token"');
      sendApiError(res, error, `GET ${path}`);
    }
  };
}

/**
 * GET /api/feed?brand=<id>&operator=<id>&currency=<code> (spec section 7, REST): the lobby's
 * jackpot ticker and live-casino lobby in one request. The pots are the jackpot service's (src/jackpot/),
 * fed by real bets: the brand's instance, or none when its jackpot is disabled.
 *
 *   { brand, operator, currency, generatedAt,
 *     jackpots:   [{ id: mega|major|minor|shared|total, name: epic|super|mini|shared|total, current_value: "1234567.89", currency }],
 *     liveCasino: [{ id, slug, name, studio: { slug, name, imageUrl }, imageUrl, href, category, players,
 *                    seats: { taken, total } | null, minBet, maxBet, currency, round: { number, phase, bettingClosesAt, resultAt } }] }
 *
 * A missing or unknown brand, an operator that does not run the brand or an unsupported currency
 * is a 400 with `{ error: { reason: "BadUserInput", message } }`. Values change every second, so
 * responses may be cached for 5 seconds.
 */
import { gameImageUrl } from '../media/artwork.ts';
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BrandRegistry } from '../brands/brands.ts';
import { formatBet } from '../catalogue/money.ts';
import type { CatalogueRepository, GameRow } from '../catalogue/repository.ts';
import { PlatformError } from '../graphql/errors.ts';
import { engineFor } from '../games/engines.ts';
import { liveRoundAt } from '../games/live.ts';
import { isOffered } from '../games/search.ts';
import { sendApiError, sendJson } from '../web/json.ts';
import { CURRENCY_MULTIPLIERS } from '../jackpot/currencies.ts';
import { potsJson } from '../jackpot/routes.ts';
import type { JackpotService } from '../jackpot/service.ts';

/** A live table's audience: deterministic per table and five minutes, so it drifts but stays plausible. */
function audience(game: GameRow, nowMs: number): { players: number; seats: { taken: number; total: number } | null } {
  const bucket = Math.floor(nowMs / 300_000);
  const roll = createHash('sha256').update(`audience:${game.id}:${bucket}`).digest().readUInt32BE(0);
  if (game.categories.includes('blackjack')) {
    const taken = roll % 8;
    return { players: taken + ((roll >>> 8) % 40), seats: { taken, total: 7 } };
  }
  const scale = game.categories.includes('game-shows') ? 2400 : game.categories.includes('roulette') ? 900 : 300;
  return { players: 12 + ((roll >>> 4) % scale), seats: null };
}

/** Creates the /api/feed handler. */
export function createFeedHandler(options: { brands: BrandRegistry; catalogue: CatalogueRepository; jackpot: JackpotService }) {
  const { brands, catalogue, jackpot } = options;
  let liveGames: Promise<GameRow[]> | null = null;

  return async function handleFeed(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { allow: 'GET, HEAD' }).end();
        return;
      }
      const params = new URL(req.url ?? '/', 'http://platform').searchParams;
      const brandId = params.get('brand');
      const known = [...brands.keys()].join(', ');
      if (!brandId) throw new PlatformError('BadUserInput', `brand is required: /api/feed?brand=<id>&operator=<id>&currency=<code> (brands: ${known})`);
      const brand = brands.get(brandId);
      if (!brand) throw new PlatformError('BadUserInput', `Unknown brand "${brandId}": use one of ${known}`);
      const operator = params.get('operator');
      if (operator && operator !== brand.operator) {
        throw new PlatformError('BadUserInput', `Operator "${operator}" does not run brand "${brand.id}": its operator is "${brand.operator}"`);
      }
      const currency = (params.get('currency') ?? brand.currency).trim().toUpperCase();
      if (CURRENCY_MULTIPLIERS[currency] === undefined) {
        throw new PlatformError('BadUserInput', `Unsupported currency "${params.get('currency')}": use one of ${Object.keys(CURRENCY_MULTIPLIERS).join(', ')}`);
      }
      const now = Date.now();
      // The catalogue is fixed while the platform runs: the live tables are read once.
      liveGames ??= catalogue.allGames().then((games) => games.filter((game) => game.isLiveCasino));
      // The brand's jackpot pots as the jackpot service holds them (none when its jackpot is disabled).
      const found = await jackpot.instanceFor(brand.id, null);
      const pots = found ? potsJson(await jackpot.pots(found.instance.id), currency) : [];
      const tables = (await liveGames).filter((game) => isOffered(game, { license: brand.license, places: [] }));
      const body = {
        brand: brand.id,
        operator: brand.operator,
        currency,
        generatedAt: new Date(now).toISOString(),
        jackpots: pots.map((pot) => ({ ...pot, currency })),
        liveCasino: tables.map((game) => {
          const round = liveRoundAt(game.id, now);
          return {
            id: game.id,
            slug: game.slug,
            name: game.name,
            studio: { slug: game.studioSlug, name: game.studioName, imageUrl: `/media/studios/${game.studioSlug}.webp` },
            imageUrl: gameImageUrl(game.slug),
            href: `/games/${game.slug}/`,
            category: game.categories.find((category) => category !== 'live-casino') ?? 'live-casino',
            engine: engineFor(game).engine,
            ...audience(game, now),
            minBet: formatBet(game.minBetMinor, currency),
            maxBet: formatBet(game.maxBetMinor, currency),
            currency,
            round: { number: round.round, phase: round.phase, bettingClosesAt: new Date(round.bettingClosesAt).toISOString(), resultAt: new Date(round.resultAt).toISOString() },
          };
        }),
      };
      sendJson(res, 200, body, { 'cache-control': 'public, max-age=5' });
    } catch (error) {
      sendApiError(res, error, `GET /api/feed`);
    }
  };
}

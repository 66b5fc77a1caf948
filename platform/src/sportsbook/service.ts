/**
 * Sportsbook bets: placing one takes the stake from the wallet as a SportsBet ledger transaction,
 * once per (player, idempotency key) however often it is retried; settling pays the winnings (or
 * refunds a void bet) as a SportsWin transaction. Both publish Wallet.balanceUpdated with moneyType
 * SportsBet. Odds are integer hundredths and the payout is stake × Π odds / 100ⁿ rounded down, so
 * no float ever touches money. Bets settle by the events' results once all have finished (a sweep
 * runs every few seconds), or at once through the sandbox mutation.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Brand } from '../brands/brands.ts';
import { betMinorIn } from '../catalogue/money.ts';
import type { Db, Queryable } from '../db/db.ts';
import { PlatformError } from '../graphql/errors.ts';
import type { Ledger, PostResult } from '../ledger/ledger.ts';
import { formatMinor, parseAmount } from '../ledger/money.ts';
import { assertMayBet } from '../players/protection.ts';
import { formatOdds, selectionResult, sportsEvent } from './events.ts';

/** Most selections on one bet slip. */
export const MAX_SELECTIONS = 10;
/** Stake limits in EUR cents, converted with the catalogue's stake ladder (0.10 to 1000 EUR). */
const MIN_STAKE_EUR_CENTS = 10n;
const MAX_STAKE_EUR_CENTS = 100_000n;
/** How long an embedded sportsbook session lasts. */
const SESSION_TTL_MS = 8 * 3600_000;

/** A selection as the bet slip sends it. */
export interface SelectionInput {
  eventId: string;
  marketId: string;
  outcomeId: string;
  /** The price the player saw ("2.35"); OddsChanged when it moved. Omitted: take the current price. */
  odds?: string | null;
}

/** A placed bet as GraphQL and the page show it. */
export interface SportsBetView {
  id: string;
  status: 'OPEN' | 'WON' | 'LOST' | 'VOID';
  stake: string;
  currency: string;
  totalOdds: string;
  potentialPayout: string;
  payout: string | null;
  placedAt: string;
  settledAt: string | null;
  selections: {
    eventId: string; sport: string; eventName: string; startsAt: string; marketId: string; marketName: string;
    outcomeId: string; outcomeName: string; odds: string; result: string | null;
  }[];
}

/** A bet placement's answer. */
export interface Placement {
  bet: SportsBetView;
  replayed: boolean;
  balance: string;
  bonusBalance: string;
  currency: string;
}

/** The player a bet is for. */
export interface Bettor {
  playerId: string;
  walletId: string;
  currency: string;
}

/** An embedded sportsbook page's session. */
export interface SportsbookSession {
  id: string;
  brand: string;
  playerId: string;
  lobbyOrigin: string;
  locale: string;
  ended: string | null;
}

/** The sportsbook service. */
export interface Sportsbook {
  /** Places a bet (or returns the bet this key already placed). */
  place(bettor: Bettor, input: { selections: SelectionInput[]; stake: string; idempotencyKey: string }): Promise<Placement>;
  /** The player's bets, newest first. */
  bets(playerId: string, options: { first: number; status?: string | null }): Promise<SportsBetView[]>;
  /** Settles one bet, by its events' results or by a forced outcome. */
  settle(betId: string, forced?: 'won' | 'lost' | 'void' | null, nowMs?: number): Promise<SportsBetView>;
  /** Settles every open bet whose events have all finished; returns how many. */
  settleDue(nowMs?: number): Promise<number>;
  /** Opens an embedded page session for a signed-in player. */
  openSession(input: { brand: Brand; playerId: string; sid: string; lobbyOrigin: string; locale: string }): Promise<{ id: string; expiresAt: string }>;
  /** A page session, or null. */
  session(id: string): Promise<SportsbookSession | null>;
  /** The bettor behind a page session; GameSessionEnded when it ended. */
  bettorForSession(id: string): Promise<Bettor & { brand: string }>;
}

interface BetRow {
  id: string;
  player_id: string;
  wallet_id: string;
  content_hash: string;
  currency: string;
  stake_minor: string;
  total_odds_hundredths: string;
  potential_payout_minor: string;
  status: 'open' | 'won' | 'lost' | 'void';
  payout_minor: string | null;
  placed_at: string;
  settled_at: string | null;
}

interface SelectionRow {
  bet_id: string;
  position: number;
  event_id: string;
  sport: string;
  event_name: string;
  starts_at: string;
  market_id: string;
  market_name: string;
  outcome_id: string;
  outcome_name: string;
  odds_hundredths: string;
  result: string | null;
}

const iso = (column: string, name: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ${name}`;
const BET_SQL = `select id, player_id, wallet_id, content_hash, currency, stake_minor::text, total_odds_hundredths::text,
  potential_payout_minor::text, status, payout_minor::text, ${iso('placed_at', 'placed_at')}, ${iso('settled_at', 'settled_at')} from sports_bets`;
const SELECTION_SQL = `select bet_id, position, event_id, sport, event_name, ${iso('starts_at', 'starts_at')}, market_id, market_name, outcome_id,
  outcome_name, odds_hundredths::text, result from sports_bet_selections`;

/** Parses decimal odds text ("2.35", "2.3", "3") into hundredths. */
function parseOdds(text: string): number {
  const match = /^(\d{1,4})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) throw new PlatformError('BadUserInput', `odds "${text}" are not decimal odds such as "2.35"`);
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0') || '0');
}

/** Creates the sportsbook over the database and the ledger. */
export function createSportsbook(options: { db: Db; ledger: Ledger }): Sportsbook {
  const { db, ledger } = options;

  const load = async (on: Queryable, where: string, params: unknown[]): Promise<SportsBetView[]> => {
    const { rows: bets } = await on.query<BetRow>(`${BET_SQL} ${where}`, params);
    if (bets.length === 0) return [];
    const { rows: selections } = await on.query<SelectionRow>(`${SELECTION_SQL} where bet_id = any($1::text[]) order by bet_id, position`, [bets.map((bet) => bet.id)]);
    return bets.map((bet) => ({
      id: bet.id,
      status: bet.status.toUpperCase() as SportsBetView['status'],
      stake: formatMinor(BigInt(bet.stake_minor), bet.currency),
      currency: bet.currency,
      totalOdds: formatOdds(BigInt(bet.total_odds_hundredths)),
      potentialPayout: formatMinor(BigInt(bet.potential_payout_minor), bet.currency),
      payout: bet.payout_minor === null ? null : formatMinor(BigInt(bet.payout_minor), bet.currency),
      placedAt: bet.placed_at,
      settledAt: bet.settled_at,
      selections: selections
        .filter((selection) => selection.bet_id === bet.id)
        .map((selection) => ({
          eventId: selection.event_id,
          sport: selection.sport,
          eventName: selection.event_name,
          startsAt: selection.starts_at,
          marketId: selection.market_id,
          marketName: selection.market_name,
          outcomeId: selection.outcome_id,
          outcomeName: selection.outcome_name,
          odds: formatOdds(BigInt(selection.odds_hundredths)),
          result: selection.result,
        })),
    }));
  };

  const one = async (on: Queryable, id: string): Promise<SportsBetView> => {
    const [bet] = await load(on, 'where id = $1', [id]);
    if (!bet) throw new PlatformError('NotFound', `No sports bet "${id}"`);
    return bet;
  };

  const book: Sportsbook = {
    async place(bettor, input) {
      const key = input.idempotencyKey.trim();
      if (!key || key.length > 100) throw new PlatformError('BadUserInput', 'idempotencyKey must be 1 to 100 characters: a new one per bet slip, the same one when retrying it');
      const selections = input.selections;
      if (selections.length < 1 || selections.length > MAX_SELECTIONS) {
        throw new PlatformError('BadUserInput', `A bet takes 1 to ${MAX_SELECTIONS} selections, not ${selections.length}`);
      }
      const events = new Set(selections.map((selection) => selection.eventId));
      if (events.size !== selections.length) throw new PlatformError('BadUserInput', 'Each selection must be from a different event: outcomes of one event cannot be combined');
      const stakeMinor = parseAmount(input.stake, bettor.currency, 'stake');
      const minStake = betMinorIn(MIN_STAKE_EUR_CENTS, bettor.currency);
      const maxStake = betMinorIn(MAX_STAKE_EUR_CENTS, bettor.currency);
      if (stakeMinor < minStake || stakeMinor > maxStake) {
        throw new PlatformError('BadUserInput', `The stake must be between ${formatMinor(minStake, bettor.currency)} and ${formatMinor(maxStake, bettor.currency)} ${bettor.currency}, not ${input.stake}`);
      }
      // What the key stands for: the picks and the stake (not the odds, which may be re-quoted on a retry).
      const hash = createHash('sha256')
        .update(JSON.stringify([stakeMinor.toString(), selections.map((s) => [s.eventId, s.marketId, s.outcomeId]).sort()]))
        .digest('hex');

      const posted: PostResult[] = [];
      const placement = await db.transaction(async (tx) => {
        // One placement per wallet at a time, so the key check below cannot race a concurrent retry.
        await tx.query('select id from wallets where id = $1 for update', [bettor.walletId]);
        const { rows: earlier } = await tx.query<{ id: string; content_hash: string }>(
          'select id, content_hash from sports_bets where player_id = $1 and idempotency_key = $2',
          [bettor.playerId, key],
        );
        if (earlier[0]) {
          if (earlier[0].content_hash !== hash) {
            throw new PlatformError('IdempotencyConflict', `idempotencyKey "${key}" was already used for a different bet: use a new key for a new bet slip`);
          }
          return { bet: await one(tx, earlier[0].id), replayed: true };
        }
        await assertMayBet(tx, bettor.playerId);
        const now = Date.now();
        const priced = selections.map((selection, position) => {
          const event = sportsEvent(selection.eventId, now);
          if (!event) throw new PlatformError('BadUserInput', `No sports event "${selection.eventId}": pick events from sportsEvents`);
          if (event.status === 'FINISHED') throw new PlatformError('BadUserInput', `${event.name} has finished: remove it from the bet slip`);
          const market = event.markets.find((candidate) => candidate.id === selection.marketId);
          if (!market) throw new PlatformError('BadUserInput', `${event.name} has no market "${selection.marketId}": use one of ${event.markets.map((m) => m.id).join(', ')}`);
          if (market.suspended) throw new PlatformError('BadUserInput', `${market.name} of ${event.name} is suspended`);
          const outcome = market.outcomes.find((candidate) => candidate.id === selection.outcomeId);
          if (!outcome) throw new PlatformError('BadUserInput', `${market.name} has no outcome "${selection.outcomeId}": use one of ${market.outcomes.map((o) => o.id).join(', ')}`);
          if (selection.odds && parseOdds(selection.odds) !== outcome.oddsHundredths) {
            throw new PlatformError(
              'OddsChanged',
              `The odds of ${outcome.name} (${event.name}) moved from ${selection.odds} to ${formatOdds(outcome.oddsHundredths)}: confirm the new odds and place the bet again`,
              { eventId: event.id, marketId: market.id, outcomeId: outcome.id, odds: formatOdds(outcome.oddsHundredths) },
            );
          }
          return { position, event, market, outcome };
        });
        const product = priced.reduce((total, entry) => total * BigInt(entry.outcome.oddsHundredths), 1n);
        const scale = 100n ** BigInt(priced.length);
        const totalOdds = product / 100n ** BigInt(priced.length - 1);
        const potential = (stakeMinor * product) / scale;
        const balance = (await ledger.balances(bettor.walletId, tx)).cash;
        if (balance < stakeMinor) {
          throw new PlatformError(
            'InsufficientFunds',
            `Your balance is ${formatMinor(balance, bettor.currency)} ${bettor.currency}, less than the ${formatMinor(stakeMinor, bettor.currency)} ${bettor.currency} stake: lower the stake or make a deposit`,
            { balance: formatMinor(balance, bettor.currency), stake: formatMinor(stakeMinor, bettor.currency) },
          );
        }
        const id = randomUUID();
        await tx.query(
          `insert into sports_bets (id, player_id, wallet_id, idempotency_key, content_hash, currency, stake_minor, total_odds_hundredths, potential_payout_minor)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
          [id, bettor.playerId, bettor.walletId, key, hash, bettor.currency, stakeMinor.toString(), totalOdds.toString(), potential.toString()],
        );
        await tx.query(
          `insert into sports_bet_selections (bet_id, position, event_id, sport, event_name, starts_at, ends_at, market_id, market_name, outcome_id, outcome_name, odds_hundredths)
           select $1::text, * from json_to_recordset($2::json) as s(position int, event_id text, sport text, event_name text, starts_at timestamptz,
             ends_at timestamptz, market_id text, market_name text, outcome_id text, outcome_name text, odds_hundredths bigint)`,
          [
            id,
            JSON.stringify(
              priced.map(({ position, event, market, outcome }) => ({
                position, event_id: event.id, sport: event.sport, event_name: event.name, starts_at: event.startsAt, ends_at: event.endsAt,
                market_id: market.id, market_name: market.name, outcome_id: outcome.id, outcome_name: outcome.name, odds_hundredths: outcome.oddsHundredths,
              })),
            ),
          ],
        );
        posted.push(
          await ledger.postWithin(tx, {
            idempotencyKey: `sports:${bettor.playerId}:${key}:stake`,
            walletId: bettor.walletId,
            kind: 'SportsBet',
            entries: [{ account: 'cash', amountMinor: -stakeMinor }, { account: 'house:sportsbook', amountMinor: stakeMinor }],
            metadata: { betId: id },
          }),
        );
        return { bet: await one(tx, id), replayed: false };
      });
      for (const posting of posted) ledger.publish(posting);
      const balances = await ledger.balances(bettor.walletId);
      return { ...placement, balance: formatMinor(balances.cash, bettor.currency), bonusBalance: formatMinor(balances.bonus, bettor.currency), currency: bettor.currency };
    },

    async bets(playerId, { first, status }) {
      const filter = status ? 'and status = $3' : '';
      return load(db, `where player_id = $1 ${filter} order by placed_at desc, id limit $2`, status ? [playerId, first, status.toLowerCase()] : [playerId, first]);
    },

    async settle(betId, forced, nowMs = Date.now()) {
      const posted: PostResult[] = [];
      const view = await db.transaction(async (tx) => {
        const { rows } = await tx.query<BetRow>(`${BET_SQL} where id = $1 for update`, [betId]);
        const bet = rows[0];
        if (!bet) throw new PlatformError('NotFound', `No sports bet "${betId}"`);
        if (bet.status !== 'open') return one(tx, betId);
        const { rows: selections } = await tx.query<SelectionRow>(`${SELECTION_SQL} where bet_id = $1 order by position`, [betId]);
        const results = selections.map((selection) => forced ?? selectionResult(selection.event_id, selection.market_id, selection.outcome_id, nowMs));
        const running = selections.find((_, index) => results[index] === null);
        if (running) {
          throw new PlatformError('BadUserInput', `${running.event_name} has not finished yet: wait for it, or pass outcome WON, LOST or VOID to settle the bet now`);
        }
        const stake = BigInt(bet.stake_minor);
        let status: 'won' | 'lost' | 'void';
        let payout = 0n;
        if (results.includes('lost')) status = 'lost';
        else if (results.every((result) => result === 'void')) {
          status = 'void';
          payout = stake;
        } else {
          status = 'won';
          // A void leg counts as odds 1.00; the others multiply as placed.
          const legs = selections.map((selection, index) => (results[index] === 'void' ? 100n : BigInt(selection.odds_hundredths)));
          payout = (stake * legs.reduce((total, odds) => total * odds, 1n)) / 100n ** BigInt(legs.length);
        }
        await tx.query(`update sports_bets set status = $2, payout_minor = $3, settled_at = now() where id = $1`, [betId, status, payout.toString()]);
        await tx.query(
          `update sports_bet_selections s set result = r.result from (select unnest($2::int[]) as position, unnest($3::text[]) as result) r
            where s.bet_id = $1 and s.position = r.position`,
          [betId, selections.map((selection) => selection.position), results],
        );
        if (payout > 0n) {
          posted.push(
            await ledger.postWithin(tx, {
              idempotencyKey: `sports:bet:${betId}:settle`,
              walletId: bet.wallet_id,
              kind: 'SportsWin',
              entries: [{ account: 'cash', amountMinor: payout }, { account: 'house:sportsbook', amountMinor: -payout }],
              metadata: { betId, status },
            }),
          );
        }
        return one(tx, betId);
      });
      for (const posting of posted) ledger.publish(posting);
      return view;
    },

    async settleDue(nowMs = Date.now()) {
      const { rows } = await db.query<{ id: string }>(
        `select b.id from sports_bets b
          where b.status = 'open'
            and not exists (select 1 from sports_bet_selections s where s.bet_id = b.id and s.ends_at > $1::timestamptz)
          order by b.placed_at limit 200`,
        [new Date(nowMs).toISOString()],
      );
      let settled = 0;
      for (const row of rows) {
        await book.settle(row.id, null, nowMs);
        settled++;
      }
      return settled;
    },

    async openSession(input) {
      const id = randomBytes(24).toString('base64url');
      const expiresAt = new Date(Date.now() + SESSION_TTL_MS).toISOString();
      await db.query(
        'insert into sportsbook_sessions (id, brand, player_id, sid, lobby_origin, locale, expires_at) values ($1, $2, $3, $4, $5, $6, $7)',
        [id, input.brand.id, input.playerId, input.sid, input.lobbyOrigin, input.locale, expiresAt],
      );
      return { id, expiresAt };
    },

    async session(id) {
      if (!/^[A-Za-z0-9_-]{16,64}$/.test(id)) return null;
      const { rows } = await db.query<{ id: string; brand: string; player_id: string; lobby_origin: string; locale: string; expired: boolean; signed_out: boolean }>(
        `select s.id, s.brand, s.player_id, s.lobby_origin, s.locale, s.expires_at < now() as expired, coalesce(p.revoked_at is not null, true) as signed_out
           from sportsbook_sessions s left join sessions p on p.sid = s.sid where s.id = $1`,
        [id],
      );
      const row = rows[0];
      if (!row) return null;
      return {
        id: row.id,
        brand: row.brand,
        playerId: row.player_id,
        lobbyOrigin: row.lobby_origin,
        locale: row.locale,
        ended: row.expired
          ? 'This sportsbook session has expired: reload the sports page'
          : row.signed_out
            ? 'You signed out of the lobby: sign in again to place bets'
            : null,
      };
    },

    async bettorForSession(id) {
      const session = await book.session(id);
      if (!session) throw new PlatformError('NotFound', `No sportsbook session "${id}": reload the sports page`);
      if (session.ended) throw new PlatformError('GameSessionEnded', session.ended);
      const { rows } = await db.query<{ wallet_id: string; currency: string }>('select id as wallet_id, currency from wallets where player_id = $1', [session.playerId]);
      const wallet = rows[0];
      if (!wallet) throw new PlatformError('GameSessionEnded', 'The player of this sportsbook session no longer exists');
      return { playerId: session.playerId, walletId: wallet.wallet_id, currency: wallet.currency, brand: session.brand };
    },
  };
  return book;
}

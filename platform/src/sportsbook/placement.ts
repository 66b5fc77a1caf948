/**
 * Placing a sports bet: the bet slip's selections are priced at the current odds (OddsChanged when
 * the player saw another price), the stake is checked against the limits and the balance, and the
 * bet is stored and its stake taken from the wallet as one SportsBet ledger transaction, once per
 * (player, idempotency key) however often it is retried. Odds are integer hundredths: the payout
 * is stake × Π odds / 100ⁿ rounded down, so no float ever touches money.
 */
import { createHash, randomUUID } from 'node:crypto';
import { betMinorIn } from '../catalogue/money.ts';
import type { Db } from '../db/db.ts';
import { PlatformError } from '../graphql/errors.ts';
import type { Ledger, PostResult } from '../ledger/ledger.ts';
import { formatMinor, parseAmount } from '../ledger/money.ts';
import { assertMayBet } from '../players/protection.ts';
import { assertWithinPlayLimits, lockPlayerForMoney, type Clock } from '../players/limits.ts';
import { betById } from './bets.ts';
import type { SportsBetView } from './bets.ts';
import { formatOdds, sportsEvent } from './events.ts';

/** Most selections on one bet slip. */
export const MAX_SELECTIONS = 10;
/** Stake limits in EUR cents, converted with the catalogue's stake ladder (0.10 to 1000 EUR). */
const MIN_STAKE_EUR_CENTS = 10n;
const MAX_STAKE_EUR_CENTS = 100_000n;
/** A selection as the bet slip sends it. */
export interface SelectionInput {
  eventId: string;
  marketId: string;
  outcomeId: string;
  /** The price the player saw ("2.35"); OddsChanged when it moved. Omitted: take the current price. */
  odds?: string | null;
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
  /** The lobby session the bet is placed in (session limits); null when unknown. */
  sid: string | null;
}

/** The player a bet is for. */
export interface Bettor {
  playerId: string;
  walletId: string;
  currency: string;
}

/** Parses decimal odds text ("2.35", "2.3", "3") into hundredths. */
function parseOdds(text: string): number {
  const match = /^(\d{1,4})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) throw new PlatformError('BadUserInput', `odds "${text}" are not decimal odds such as "2.35"`);
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0') || '0');
}

/** Places a bet (or returns the bet this key already placed): the stake leaves the wallet in the same transaction. */
export async function placeBet(db: Db, ledger: Ledger, bettor: Bettor, input: { selections: SelectionInput[]; stake: string; idempotencyKey: string }, clock: Clock = () => new Date()): Promise<Placement> {
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
      // The player's row, then the wallet (the order every money transaction takes): one placement per
      // player at a time, so neither the key check nor the loss limits below can race a concurrent bet.
      await lockPlayerForMoney(tx, bettor.playerId);
      await tx.query('select id from wallets where id = $1 for update', [bettor.walletId]);
      const { rows: earlier } = await tx.query<{ id: string; content_hash: string }>(
        'select id, content_hash from sports_bets where player_id = $1 and idempotency_key = $2',
        [bettor.playerId, key],
      );
      if (earlier[0]) {
        if (earlier[0].content_hash !== hash) {
          throw new PlatformError('IdempotencyConflict', `idempotencyKey "${key}" was already used for a different bet: use a new key for a new bet slip`);
        }
        return { bet: await betById(tx, earlier[0].id), replayed: true };
      }
      await assertMayBet(tx, bettor.playerId);
      await assertWithinPlayLimits(tx, { playerId: bettor.playerId, stakeMinor, currency: bettor.currency, product: 'sports', sid: bettor.sid, now: clock() });
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
      return { bet: await betById(tx, id), replayed: false };
    });
    for (const posting of posted) ledger.publish(posting);
    const balances = await ledger.balances(bettor.walletId);
    return { ...placement, balance: formatMinor(balances.cash, bettor.currency), bonusBalance: formatMinor(balances.bonus, bettor.currency), currency: bettor.currency };
}

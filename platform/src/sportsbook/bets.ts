/**
 * Stored sports bets: the tables' rows and how a bet is read back, with its selections, in the
 * shape GraphQL and the sportsbook page show (money and odds as decimal text).
 */
import type { Queryable } from '../db/db.ts';
import { PlatformError } from '../graphql/errors.ts';
import { formatMinor } from '../ledger/money.ts';
import { formatOdds } from './events.ts';

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

/** A sports_bets row (money and odds as text). */
export interface BetRow {
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

/** A sports_bet_selections row. */
export interface SelectionRow {
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
export const BET_SQL = `select id, player_id, wallet_id, content_hash, currency, stake_minor::text, total_odds_hundredths::text,
  potential_payout_minor::text, status, payout_minor::text, ${iso('placed_at', 'placed_at')}, ${iso('settled_at', 'settled_at')} from sports_bets`;
export const SELECTION_SQL = `select bet_id, position, event_id, sport, event_name, ${iso('starts_at', 'starts_at')}, market_id, market_name, outcome_id,
  outcome_name, odds_hundredths::text, result from sports_bet_selections`;

/** The bets a where-clause finds, with their selections, as GraphQL shows them. */
export async function loadBets(on: Queryable, where: string, params: unknown[]): Promise<SportsBetView[]> {
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
}

/** One bet by id; NotFound when there is none. */
export async function betById(on: Queryable, id: string): Promise<SportsBetView> {
  const [bet] = await loadBets(on, 'where id = $1', [id]);
  if (!bet) throw new PlatformError('NotFound', `No sports bet "${id}"`);
  return bet;
}

/**
 * Missions: a player's progress on each of their brand's missions moves with real rounds (a rounds
 * or wager goal, for the games the mission names) and completed deposits (a deposits goal), inside
 * that round's or deposit's transaction. The transaction that meets the goal marks the mission
 * completed and pays its reward through the ledger (key mission:<brand>:<mission>:<player>), so a
 * reward is paid exactly once, with the money that earned it, or not at all.
 */
import type { Queryable } from '../db/db.ts';
import type { Ledger, PostResult } from '../ledger/ledger.ts';
import { parseAmount } from '../ledger/money.ts';
import { BASE_CURRENCY, fromBase } from '../jackpot/currencies.ts';
import type { GamesFilter, MissionContent } from './content.ts';

/** What a round's game is, for the games filters. */
export interface GameFacts {
  megaways: boolean;
  liveCasino: boolean;
  categories: string[];
}

/** Reads a game's facts through the caller's connection (a stake's transaction). */
export async function gameFacts(q: Queryable, gameId: string): Promise<GameFacts | null> {
  const { rows } = await q.query<{ is_megaways: boolean; is_live_casino: boolean; categories: string[] }>(
    'select is_megaways, is_live_casino, categories from games where id = $1',
    [gameId],
  );
  const row = rows[0];
  return row ? { megaways: row.is_megaways, liveCasino: row.is_live_casino, categories: row.categories } : null;
}

/** Whether a game counts under a filter. */
export function gameCounts(filter: GamesFilter, game: GameFacts): boolean {
  if (filter === 'any') return true;
  if (filter === 'megaways') return game.megaways;
  if (filter === 'live-casino') return game.liveCasino;
  return game.categories.includes(filter.category);
}

/** Whether a mission runs at a moment (its optional window). */
export function missionActive(mission: MissionContent, now: Date): boolean {
  if (mission.startsAt && Date.parse(mission.startsAt) > now.getTime()) return false;
  if (mission.endsAt && Date.parse(mission.endsAt) <= now.getTime()) return false;
  return true;
}

/** A mission's goal as a number: rounds, EUR cents wagered, or deposits. */
export function missionTarget(mission: MissionContent): bigint {
  const { goal } = mission;
  if ('rounds' in goal) return BigInt(goal.rounds);
  if ('wager' in goal) return parseAmount(goal.wager, BASE_CURRENCY);
  return BigInt(goal.deposits);
}

/** What moved: a real round (its stake in EUR cents and its game) or a completed deposit. */
export type MissionEvent = { kind: 'round'; baseMinor: bigint; game: GameFacts } | { kind: 'deposit' };

/** How far an event moves a mission (0: not at all). */
export function missionStep(mission: MissionContent, event: MissionEvent): bigint {
  const { goal } = mission;
  if (event.kind === 'deposit') return 'deposits' in goal ? 1n : 0n;
  if ('deposits' in goal || !gameCounts(mission.games, event.game)) return 0n;
  return 'rounds' in goal ? 1n : event.baseMinor;
}

/** A mission completed by this transaction. */
export interface CompletedMission {
  missionId: string;
  amountMinor: bigint;
  currency: string;
}

/**
 * Moves the player's active missions by an event inside tx; a mission it completes is paid here
 * (its posting pushed to `posted`, published after the commit).
 */
export async function advanceMissions(
  tx: Queryable,
  ledger: Ledger,
  input: { brand: string; playerId: string; walletId: string; currency: string; missions: readonly MissionContent[]; event: MissionEvent; now: Date },
  posted: PostResult[],
): Promise<CompletedMission[]> {
  const completed: CompletedMission[] = [];
  for (const mission of input.missions) {
    if (!missionActive(mission, input.now)) continue;
    const step = missionStep(mission, input.event);
    if (step <= 0n) continue;
    const target = missionTarget(mission);
    // The row's lock orders concurrent rounds of one player; a completed mission moves no more.
    const { rows } = await tx.query<{ progress: string; target: string }>(
      `insert into gamification_mission_progress (brand, mission_id, player_id, progress, target) values ($1, $2, $3, least($4::bigint, $5::bigint), $5)
       on conflict (brand, mission_id, player_id) do update
         set progress = least(gamification_mission_progress.progress + $4::bigint, gamification_mission_progress.target)
         where gamification_mission_progress.completed_at is null
       returning progress::text, target::text`,
      [input.brand, mission.id, input.playerId, step.toString(), target.toString()],
    );
    const row = rows[0];
    if (!row || BigInt(row.progress) < BigInt(row.target)) continue;
    const amountMinor = fromBase(parseAmount(mission.reward, BASE_CURRENCY), input.currency);
    const { rows: marked } = await tx.query(
      `update gamification_mission_progress set completed_at = $4, currency = $5, reward_minor = $6
        where brand = $1 and mission_id = $2 and player_id = $3 and completed_at is null returning mission_id`,
      [input.brand, mission.id, input.playerId, input.now, input.currency, amountMinor.toString()],
    );
    if (marked.length === 0) continue;
    if (amountMinor > 0n) {
      posted.push(await ledger.postWithin(tx, {
        idempotencyKey: `mission:${input.brand}:${mission.id}:${input.playerId}`,
        walletId: input.walletId,
        kind: 'MissionReward',
        entries: [{ account: 'cash', amountMinor }, { account: 'house:gamification', amountMinor: -amountMinor }],
        metadata: { missionId: mission.id, brand: input.brand },
      }));
    }
    completed.push({ missionId: mission.id, amountMinor, currency: input.currency });
  }
  return completed;
}

/** A player's progress on their brand's missions, by mission id. */
export async function missionProgress(q: Queryable, brand: string, playerId: string): Promise<Map<string, { progress: bigint; target: bigint; completedAt: Date | null }>> {
  const { rows } = await q.query<{ mission_id: string; progress: string; target: string; completed_at: Date | null }>(
    'select mission_id, progress::text, target::text, completed_at from gamification_mission_progress where brand = $1 and player_id = $2',
    [brand, playerId],
  );
  return new Map(rows.map((row) => [row.mission_id, { progress: BigInt(row.progress), target: BigInt(row.target), completedAt: row.completed_at }]));
}

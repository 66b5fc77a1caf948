/**
 * Promotions (issue 29): the brand's promotions from content (content.ts) with their bonus actions,
 * and the deposit bonus triggers. A player chooses a DEPOSIT promotion (its button, before the
 * cashier opens); a deposit completed after that which meets the promotion's trigger and minimum
 * earns its reward once per player, given through the reward engine's `assign` (key
 * `promotion:<promotion>:<player>`), never by a crediting path of its own.
 *
 * The deposit's transaction only records what is owed (promotion_awards, one row per player and
 * promotion): the engine's assign works outside any transaction and locks the player itself, so it
 * runs right after that transaction ends (it waits for the wallet's row lock the deposit holds, so it
 * reads the committed row), and a periodic sweep gives what a stopped process left owed.
 */
import type { ContentStore } from '../content/store.ts';
import type { Db, Queryable } from '../db/db.ts';
import { PlatformError } from '../graphql/errors.ts';
import type { Jobs } from '../jobs/jobs.ts';
import { parseAmount } from '../ledger/money.ts';
import type { CompletedDeposit, DepositListener } from '../cashier/notifications.ts';
import type { RewardsService } from '../rewards/service.ts';
import type { DepositTrigger, PromotionContent } from './content.ts';

/** The periodic job that gives owed bonuses a stopped process left behind. */
export const PROMOTIONS_SWEEP_JOB = 'promotions-sweep';

/** A player's choice of a promotion, and whether it has paid out. */
export interface PromotionChoice {
  promotionId: string;
  chosenAt: Date;
  /** The reward engine's assignation once the bonus was given; null while it is not. */
  assignationId: string | null;
}

/** The service. */
export interface PromotionsService {
  /** The brand's promotions live now (within startsAt / endsAt), in the file's order. */
  live(brand: string): Promise<PromotionContent[]>;
  /** Records the player's choice of a live DEPOSIT promotion they can still earn (idempotent). */
  choose(playerId: string, promotionId: string): Promise<PromotionChoice>;
  /** The player's choices, newest first. */
  choices(playerId: string): Promise<PromotionChoice[]>;
  /** The cashier's hook: a completed deposit that meets a chosen promotion's trigger owes its reward. */
  onDepositCompleted: DepositListener;
  /** Gives every owed bonus (the sweep; tests call it). */
  sweep(): Promise<void>;
  /** Registers the sweep (every intervalMs; 0: none). */
  start(intervalMs: number): void;
}

/** Whether a deposit meets a trigger, given how many completed deposits the player had before it. */
export function meetsTrigger(trigger: DepositTrigger, earlierDeposits: number): boolean {
  if (trigger === 'FIRST_TIME_DEPOSIT') return earlierDeposits === 0;
  if (trigger === 'EXISTING_DEPOSITS') return earlierDeposits > 0;
  return true;
}

/** A promotion's minimum in minor units; one the currency cannot hold (decimals JPY lacks) is never met, and never fails the deposit. */
function minimumOf(text: string, currency: string): bigint {
  try {
    return parseAmount(text, currency, 'minDeposit');
  } catch {
    return BigInt(Number.MAX_SAFE_INTEGER);
  }
}

/** Whether a promotion is live at a time. */
function isLive(promotion: PromotionContent, now: Date): boolean {
  if (promotion.startsAt && Date.parse(promotion.startsAt) > now.getTime()) return false;
  if (promotion.endsAt && Date.parse(promotion.endsAt) <= now.getTime()) return false;
  return true;
}

interface AwardRow {
  player_id: string;
  promotion_id: string;
  reward_id: string;
  wallet_id: string;
}

/** Creates the service. */
export function createPromotionsService(options: { db: Db; jobs: Jobs; content: ContentStore; rewards: RewardsService; clock: () => Date }): PromotionsService {
  const { db, jobs, content, rewards, clock } = options;

  async function live(brand: string): Promise<PromotionContent[]> {
    const now = clock();
    return (await content.promotions(brand)).filter((promotion) => isLive(promotion, now));
  }

  const completedBefore = async (tx: Queryable, playerId: string, paymentId: string | null) =>
    (await tx.query<{ n: number }>(
      `select count(*)::int as n from payments where player_id = $1 and type = 'Deposit' and status in ('Completed', 'RollbackInitialized', 'RolledBacked') and ($2::text is null or id <> $2)`,
      [playerId, paymentId],
    )).rows[0]?.n ?? 0;

  /** Gives an owed bonus through the engine, once the deposit's transaction has ended. */
  async function give(playerId: string, promotionId: string): Promise<void> {
    const row = await db.transaction(async (tx) => {
      const { rows } = await tx.query<AwardRow>(
        'select player_id, promotion_id, reward_id, wallet_id from promotion_awards where player_id = $1 and promotion_id = $2 and assignation_id is null and failure is null',
        [playerId, promotionId],
      );
      return rows[0] ?? null;
    });
    if (!row) return;
    let assignation;
    try {
      assignation = await rewards.assign({
        playerId, rewardId: row.reward_id, idempotencyKey: `promotion:${promotionId}:${playerId}`, reason: `Promotion ${promotionId}`,
      });
    } catch (error) {
      // A reward the content cannot give (missing from rewards.json, another currency): kept with why, not retried.
      if (!(error instanceof PlatformError) || error.reason !== 'BadUserInput') throw error;
      await db.query('update promotion_awards set failure = $3 where player_id = $1 and promotion_id = $2', [playerId, promotionId, error.message]);
      console.error(`[platform] promotion ${promotionId} cannot give reward "${row.reward_id}": ${error.message}`);
      return;
    }
    await db.query('update promotion_awards set assignation_id = $3 where player_id = $1 and promotion_id = $2', [playerId, promotionId, assignation.id]);
  }

  /** After the deposit's transaction: the wallet's row lock orders this read after its commit. */
  async function giveAfter(deposit: CompletedDeposit, promotionId: string): Promise<void> {
    try {
      await db.transaction(async (tx) => {
        await tx.query('select id from wallets where id = $1 for update', [deposit.walletId]);
      });
      await give(deposit.playerId, promotionId);
    } catch (error) {
      console.error(`[platform] promotion ${promotionId} bonus for player ${deposit.playerId} is left to the sweep: ${(error as Error).message}`);
    }
  }

  async function sweep(): Promise<void> {
    const { rows } = await db.query<{ player_id: string; promotion_id: string }>(
      'select player_id, promotion_id from promotion_awards where assignation_id is null and failure is null order by created_at limit 200',
    );
    for (const row of rows) {
      try {
        await give(row.player_id, row.promotion_id);
      } catch (error) {
        console.error(`[platform] promotion ${row.promotion_id} bonus for player ${row.player_id} failed: ${(error as Error).message}`);
      }
    }
  }

  return {
    live,
    async choose(playerId, promotionId) {
      const { rows: players } = await db.query<{ brand: string }>('select brand from players where id = $1', [playerId]);
      const brand = players[0]?.brand;
      if (!brand) throw new PlatformError('NotFound', `No player "${playerId}"`);
      const promotion = (await live(brand)).find((entry) => entry.id === promotionId);
      if (!promotion) throw new PlatformError('NotFound', `No live promotion "${promotionId}" on ${brand}: use an id from the promotions query`);
      if (promotion.action.type !== 'DEPOSIT') throw new PlatformError('BadUserInput', `Promotion "${promotionId}" is a PAGE_LINK: only a DEPOSIT promotion is chosen before a deposit`);
      const earned = await db.query('select 1 from promotion_awards where player_id = $1 and promotion_id = $2', [playerId, promotionId]);
      if (earned.rows.length > 0) throw new PlatformError('PromotionNotEligible', `This promotion's bonus was already given to you: it is given once per player`, { promotionId });
      if (!meetsTrigger(promotion.action.trigger, await completedBefore(db, playerId, null))) {
        const why = promotion.action.trigger === 'FIRST_TIME_DEPOSIT' ? 'it is for a first deposit and you have deposited before' : 'it is for players who have deposited before: make a first deposit first';
        throw new PlatformError('PromotionNotEligible', `You cannot get this promotion's bonus: ${why}`, { promotionId, trigger: promotion.action.trigger });
      }
      const { rows } = await db.query<{ chosen_at: string }>(
        `insert into promotion_choices (player_id, promotion_id, chosen_at) values ($1, $2, $3)
         on conflict (player_id, promotion_id) do update set chosen_at = promotion_choices.chosen_at
         returning to_char(chosen_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as chosen_at`,
        [playerId, promotionId, clock()],
      );
      return { promotionId, chosenAt: new Date(rows[0]?.chosen_at ?? clock()), assignationId: null };
    },
    async choices(playerId) {
      const { rows } = await db.query<{ promotion_id: string; chosen_at: string; assignation_id: string | null }>(
        `select c.promotion_id, to_char(c.chosen_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as chosen_at, a.assignation_id
           from promotion_choices c left join promotion_awards a on a.player_id = c.player_id and a.promotion_id = c.promotion_id
          where c.player_id = $1 order by c.chosen_at desc`,
        [playerId],
      );
      return rows.map((row) => ({ promotionId: row.promotion_id, chosenAt: new Date(row.chosen_at), assignationId: row.assignation_id }));
    },

    async onDepositCompleted(tx, deposit) {
      const { rows: chosen } = await tx.query<{ promotion_id: string; brand: string }>(
        `select c.promotion_id, p.brand from promotion_choices c join players p on p.id = c.player_id
          where c.player_id = $1 and not exists (select 1 from promotion_awards a where a.player_id = c.player_id and a.promotion_id = c.promotion_id)`,
        [deposit.playerId],
      );
      if (chosen.length === 0) return;
      // Only the promotions file here: reading rewards.json may ask the catalogue outside this
      // transaction, which on PGlite's one connection waits for it. give() checks the reward.
      const promotions = await live(chosen[0]!.brand);
      const earlier = await completedBefore(tx, deposit.playerId, deposit.paymentId);
      const now = clock();
      for (const choice of chosen) {
        const promotion = promotions.find((entry) => entry.id === choice.promotion_id);
        if (!promotion || promotion.action.type !== 'DEPOSIT') continue;
        const { action } = promotion;
        if (!meetsTrigger(action.trigger, earlier)) continue;
        if (action.minDeposit && deposit.amountMinor < minimumOf(action.minDeposit, deposit.currency)) continue;
        const { rows } = await tx.query(
          `insert into promotion_awards (player_id, promotion_id, reward_id, payment_id, wallet_id, created_at) values ($1, $2, $3, $4, $5, $6)
           on conflict do nothing returning promotion_id`,
          [deposit.playerId, promotion.id, action.rewardId, deposit.paymentId, deposit.walletId, now],
        );
        if (rows.length > 0) void giveAfter(deposit, promotion.id);
      }
    },
    sweep,
    start(intervalMs) {
      if (intervalMs > 0) jobs.every(PROMOTIONS_SWEEP_JOB, intervalMs, sweep);
    },
  };
}

/** Runs deposit listeners in turn inside the deposit's transaction. */
export function composeDepositListeners(...listeners: DepositListener[]): DepositListener {
  return async (tx, deposit, posted) => {
    for (const listener of listeners) await listener(tx, deposit, posted);
  };
}

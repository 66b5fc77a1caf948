/**
 * The rewards shop (issue 29): coins earned by real-money casino stakes at the brand's rate
 * (content.ts), exact integers that never go negative, and items that each give a reward of the
 * brand's rewards.json through the reward engine's `assign` (key `shop:<purchase>`), never by a
 * crediting path of their own.
 *
 * A purchase is one transaction under the player's lock (the lock every stake takes first too): it
 * replays an earlier purchase with the same idempotency key, refuses too few coins with both
 * figures, and takes the coins with a guarded update. The reward is assigned right after that
 * commits; a reward the content cannot give (gone from rewards.json, another currency) gives the
 * coins back, and a purchase a stopped process left Paid is given by the sweep.
 */
import { randomUUID } from 'node:crypto';
import type { ContentStore } from '../content/store.ts';
import type { Db, Queryable } from '../db/db.ts';
import type { StakeListener } from '../games/round-money.ts';
import { PlatformError } from '../graphql/errors.ts';
import { toBase } from '../jackpot/currencies.ts';
import type { Jobs } from '../jobs/jobs.ts';
import { lockPlayerForMoney } from '../players/limits.ts';
import type { RewardsService } from '../rewards/service.ts';
import type { ShopContent, ShopItemContent } from './content.ts';

/** The periodic job that gives purchases a stopped process left Paid. */
export const SHOP_SWEEP_JOB = 'shop-sweep';

/** Purchase statuses. */
export type PurchaseStatus = 'Paid' | 'Given' | 'Refunded';

/** One purchase. */
export interface Purchase {
  id: string;
  itemId: string;
  rewardId: string;
  price: bigint;
  status: PurchaseStatus;
  assignationId: string | null;
  createdAt: Date;
}

/** The service. */
export interface ShopService {
  /** The brand's shop, or null when it has none. */
  shop(brand: string): Promise<ShopContent | null>;
  /** The player's coins. */
  coins(playerId: string): Promise<bigint>;
  /** Buys an item once per idempotency key: takes its price in coins and gives its reward. */
  buy(playerId: string, itemId: string, idempotencyKey: string): Promise<Purchase>;
  /** The player's last purchases, newest first. */
  purchases(playerId: string, last: number): Promise<Purchase[]>;
  /** Sandbox: gives a player coins (a positive whole number). */
  grant(playerId: string, coins: bigint): Promise<bigint>;
  /** The game server's hook: coins for every real-money stake. */
  onRealStake: StakeListener;
  /** Gives every purchase left Paid (the sweep; tests call it). */
  sweep(): Promise<void>;
  /** Registers the sweep (every intervalMs; 0: none). */
  start(intervalMs: number): void;
}

/** Coins a stake earns at a rate, with the carry of earlier stakes: whole coins and the new carry (base minor units). */
export function earnCoins(carryBase: bigint, stakeBase: bigint, wagerPerCoinBase: bigint): { coins: bigint; carry: bigint } {
  const total = carryBase + stakeBase;
  return { coins: total / wagerPerCoinBase, carry: total % wagerPerCoinBase };
}

/** "1.00" base units → base minor units (cents of EUR). */
function baseMinor(text: string): bigint {
  const [whole = '0', fraction = ''] = text.split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
}

interface PurchaseRow {
  id: string;
  item_id: string;
  reward_id: string;
  price: string;
  status: PurchaseStatus;
  assignation_id: string | null;
  created_at: string;
  player_id: string;
}

const PURCHASE_COLUMNS = `id, player_id, item_id, reward_id, price::text as price, status, assignation_id, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at`;

function toPurchase(row: PurchaseRow): Purchase {
  return { id: row.id, itemId: row.item_id, rewardId: row.reward_id, price: BigInt(row.price), status: row.status, assignationId: row.assignation_id, createdAt: new Date(row.created_at) };
}

/** Creates the service. */
export function createShopService(options: { db: Db; jobs: Jobs; content: ContentStore; rewards: RewardsService; clock: () => Date }): ShopService {
  const { db, jobs, content, rewards, clock } = options;

  const coinsOn = async (on: Queryable, playerId: string, lock = false) =>
    BigInt((await on.query<{ coins: string }>(`select coins::text as coins from shop_coins where player_id = $1${lock ? ' for update' : ''}`, [playerId])).rows[0]?.coins ?? '0');

  /** Gives a Paid purchase's reward; a reward the content cannot give refunds the coins. */
  async function give(purchase: Purchase, playerId: string): Promise<Purchase> {
    try {
      const assignation = await rewards.assign({ playerId, rewardId: purchase.rewardId, idempotencyKey: `shop:${purchase.id}`, reason: 'Rewards shop' });
      const { rows } = await db.query<PurchaseRow>(
        `update shop_purchases set status = 'Given', assignation_id = $2 where id = $1 and status = 'Paid' returning ${PURCHASE_COLUMNS}`,
        [purchase.id, assignation.id],
      );
      return rows[0] ? toPurchase(rows[0]) : { ...purchase, status: 'Given', assignationId: assignation.id };
    } catch (error) {
      if (!(error instanceof PlatformError) || error.reason !== 'BadUserInput') throw error;
      await db.transaction(async (tx) => {
        await lockPlayerForMoney(tx, playerId);
        const { rows } = await tx.query(`update shop_purchases set status = 'Refunded', failure = $2 where id = $1 and status = 'Paid' returning id`, [purchase.id, error.message]);
        if (rows.length > 0) await tx.query('update shop_coins set coins = coins + $2, updated_at = now() where player_id = $1', [playerId, purchase.price.toString()]);
      });
      throw new PlatformError('BadUserInput', `This item cannot be given right now (${error.message}); your coins were given back`, { itemId: purchase.itemId });
    }
  }

  async function sweep(): Promise<void> {
    const { rows } = await db.query<PurchaseRow>(`select ${PURCHASE_COLUMNS} from shop_purchases where status = 'Paid' order by created_at limit 200`);
    for (const row of rows) {
      try {
        await give(toPurchase(row), row.player_id);
      } catch (error) {
        console.error(`[platform] shop purchase ${row.id} could not be given: ${(error as Error).message}`);
      }
    }
  }

  return {
    shop: (brand) => content.shop(brand),
    coins: (playerId) => coinsOn(db, playerId),
    async buy(playerId, itemId, idempotencyKey) {
      const key = idempotencyKey.trim();
      if (!key || key.length > 200) throw new PlatformError('BadUserInput', 'idempotencyKey must be 1 to 200 characters: one per purchase, the same when retrying it');
      const { rows: players } = await db.query<{ brand: string; blocked: boolean | null }>(
        'select p.brand, c.is_rewards_blocked as blocked from players p left join customers c on c.player_id = p.id where p.id = $1',
        [playerId],
      );
      const player = players[0];
      if (!player) throw new PlatformError('NotFound', `No player "${playerId}"`);
      const shop = await content.shop(player.brand);
      const item: ShopItemContent | undefined = shop?.items.find((entry) => entry.id === itemId);
      const outcome = await db.transaction(async (tx) => {
        await lockPlayerForMoney(tx, playerId);
        const earlier = (await tx.query<PurchaseRow>(`select ${PURCHASE_COLUMNS} from shop_purchases where idempotency_key = $1`, [key])).rows[0];
        if (earlier) {
          if (earlier.player_id !== playerId || earlier.item_id !== itemId) throw new PlatformError('IdempotencyConflict', `idempotencyKey "${key}" already bought another item: use a new key for a new purchase`);
          return { purchase: toPurchase(earlier), fresh: false };
        }
        if (!item) throw new PlatformError('NotFound', `No item "${itemId}" in the ${player.brand} rewards shop: use an id from the shop query`);
        if (player.blocked) throw new PlatformError('RewardsBlocked', 'Rewards are blocked on this account (customer.isRewardsBlocked): nothing can be bought in the shop; contact support');
        const price = BigInt(item.price);
        const have = await coinsOn(tx, playerId, true);
        if (have < price) {
          throw new PlatformError('NotEnoughCoins', `This item costs ${price} coins and you have ${have}: earn ${price - have} more by playing, then buy it`, { price: Number(price), coins: have.toString() });
        }
        const taken = await tx.query('update shop_coins set coins = coins - $2, updated_at = now() where player_id = $1 and coins >= $2 returning coins', [playerId, price.toString()]);
        if (taken.rows.length === 0) throw new PlatformError('NotEnoughCoins', `This item costs ${price} coins and you have fewer`, { price: Number(price) });
        const { rows } = await tx.query<PurchaseRow>(
          `insert into shop_purchases (id, player_id, item_id, reward_id, price, idempotency_key, status, created_at)
           values ($1, $2, $3, $4, $5, $6, 'Paid', $7) returning ${PURCHASE_COLUMNS}`,
          [randomUUID(), playerId, item.id, item.rewardId, price.toString(), key, clock()],
        );
        return { purchase: toPurchase(rows[0]!), fresh: true };
      });
      // A replay of a purchase still Paid (its first request stopped half-way) gives it now.
      return outcome.purchase.status === 'Paid' ? give(outcome.purchase, playerId) : outcome.purchase;
    },
    async purchases(playerId, last) {
      const { rows } = await db.query<PurchaseRow>(`select ${PURCHASE_COLUMNS} from shop_purchases where player_id = $1 order by created_at desc, id limit $2`, [playerId, last]);
      return rows.map(toPurchase);
    },
    async grant(playerId, coins) {
      if (coins <= 0n) throw new PlatformError('BadUserInput', 'coins must be a positive whole number');
      const { rows } = await db.query<{ coins: string }>(
        `insert into shop_coins (player_id, coins) values ($1, $2) on conflict (player_id) do update set coins = shop_coins.coins + excluded.coins, updated_at = now() returning coins::text as coins`,
        [playerId, coins.toString()],
      );
      return BigInt(rows[0]!.coins);
    },
    async onRealStake(tx, stake) {
      const shop = await content.shop(stake.brand);
      if (!shop) return;
      const { rows } = await tx.query<{ carry: string }>('select carry_base::text as carry from shop_coins where player_id = $1 for update', [stake.playerId]);
      const earned = earnCoins(BigInt(rows[0]?.carry ?? '0'), toBase(stake.betMinor, stake.currency), baseMinor(shop.wagerPerCoin));
      await tx.query(
        `insert into shop_coins (player_id, coins, carry_base) values ($1, $2, $3)
         on conflict (player_id) do update set coins = shop_coins.coins + excluded.coins, carry_base = excluded.carry_base, updated_at = now()`,
        [stake.playerId, earned.coins.toString(), earned.carry.toString()],
      );
    },
    sweep,
    start(intervalMs) {
      if (intervalMs > 0) jobs.every(SHOP_SWEEP_JOB, intervalMs, sweep);
    },
  };
}

/**
 * Rewards' money under random play (fast-check): sequences of assignments (keys reused, so some are
 * replays), claims (repeated, and several at once), real bets (some at the free-spin stake), claims
 * while betting, forfeits, coins given and rewards-shop purchases (keys reused and sent several at
 * once; one item's reward is missing, so it is refunded), and time jumps with the sweep (expiries of
 * rewards and bonuses), for two players. After each sequence: the ledger sums to zero; no reward was
 * credited twice and every Credited one was credited once; no bonus converted twice or above its
 * maxPayout, and each wallet's bonus balance is what it started with plus its active bonuses; coins
 * never go negative and are exactly those given less the prices of the purchases kept; every
 * purchase given holds one reward, and a refunded one none.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlatformError } from '../src/graphql/errors.ts';
import { depositEntries } from '../src/ledger/ledger.ts';
import { DATABASES, startPlatform } from './helpers.ts';
import type { TestPlatform } from './helpers.ts';
import { jackpotPlayer, playRounds, type JackpotPlayer } from './jackpot-support.ts';
import { rewardsContent, SPIN_GAME } from './rewards-support.ts';

const REWARD_IDS = ['drop', 'bonus', 'capped', 'spins', 'auto'] as const;
const BETS = ['0.50', '5.00', '20.00'];
/** The shop's items: two whose rewards exist and one whose reward is missing (refunded when bought). */
const SHOP_ITEMS = [
  { id: 'cash', title: 'Cash', price: 40, rewardId: 'drop' },
  { id: 'spins', title: 'Spins', price: 70, rewardId: 'spins' },
  { id: 'ghost', title: 'Ghost', price: 30, rewardId: 'no-such-reward' },
] as const;
const COIN_GIFTS = [25n, 60n, 150n];

type Action =
  | { kind: 'assign'; player: number; reward: number; key: number }
  | { kind: 'claim'; player: number; pick: number; copies: number }
  | { kind: 'bet'; player: number; size: number; rounds: number }
  | { kind: 'claimWhileBetting'; player: number; pick: number }
  | { kind: 'forfeit'; player: number; pick: number }
  | { kind: 'later'; hours: number }
  | { kind: 'coins'; player: number; gift: number }
  | { kind: 'buy'; player: number; item: number; key: number; copies: number };

const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('assign' as const), player: fc.nat(1), reward: fc.nat(REWARD_IDS.length - 1), key: fc.nat(7) }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('claim' as const), player: fc.nat(1), pick: fc.nat(9), copies: fc.integer({ min: 1, max: 3 }) }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('bet' as const), player: fc.nat(1), size: fc.nat(BETS.length - 1), rounds: fc.integer({ min: 1, max: 3 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('claimWhileBetting' as const), player: fc.nat(1), pick: fc.nat(9) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('forfeit' as const), player: fc.nat(1), pick: fc.nat(9) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('later' as const), hours: fc.constantFrom(2, 30 * 24) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('coins' as const), player: fc.nat(1), gift: fc.nat(COIN_GIFTS.length - 1) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('buy' as const), player: fc.nat(1), item: fc.nat(SHOP_ITEMS.length - 1), key: fc.nat(4), copies: fc.integer({ min: 1, max: 3 }) }) },
);

/** Expected refusals (expired, blocked, not enough cash) are part of random play; anything else fails the run. */
async function tolerant(work: Promise<unknown>): Promise<void> {
  try {
    await work;
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
  }
}

describe.each(DATABASES)('rewards money under random play on $name', (database) => {
  let app: TestPlatform;
  let content: ReturnType<typeof rewardsContent>;
  let players: JackpotPlayer[] = [];
  const startBonus = new Map<string, bigint>();
  /** Coins given to each player by the test (bets earn none: the shop's rate is set out of reach). */
  const given = new Map<string, bigint>();
  let offsetMs = 0;
  let run = 0;
  const clock = () => new Date(Date.now() + offsetMs);

  beforeAll(async () => {
    content = rewardsContent();
    // A coin per 1,000,000.00 staked: every coin the players hold is one the test gave them.
    writeFileSync(join(content.dir, 'aurelia', 'shop.json'), JSON.stringify({ wagerPerCoin: '1000000.00', items: SHOP_ITEMS.map((item) => ({ ...item, title: { en: item.title }, text: { en: item.title } })) }));
    app = await startPlatform(database, { contentDir: content.dir, settleIntervalMs: 0, jackpotIntervalMs: 0, rewardsIntervalMs: 0, clock });
    players = await Promise.all(['wallet-eur', 'verified'].map((user) => jackpotPlayer(app, user)));
    for (const player of players) {
      await app.platform.services.ledger.post({ idempotencyKey: `rewards-property-topup-${player.id}`, walletId: player.walletId, kind: 'Deposit', entries: depositEntries(1_000_000n) });
      startBonus.set(player.id, (await app.platform.services.ledger.balances(player.walletId)).bonus);
    }
  });
  afterAll(async () => {
    await app?.close();
    content?.remove();
  });

  async function assignations(playerId: string): Promise<string[]> {
    const { rows } = await app.platform.db.query<{ id: string }>('select id from reward_assignations where player_id = $1 order by assigned_at, id', [playerId]);
    return rows.map((row) => row.id);
  }

  async function perform(step: Action): Promise<void> {
    const rewards = app.platform.services.rewards;
    if (step.kind === 'later') {
      offsetMs += step.hours * 3_600_000;
      await rewards.sweep();
      return;
    }
    const player = players[step.player] as JackpotPlayer;
    const pick = async (index: number) => {
      const ids = await assignations(player.id);
      return ids.length === 0 ? null : (ids[index % ids.length] as string);
    };
    switch (step.kind) {
      case 'coins': {
        const gift = COIN_GIFTS[step.gift] as bigint;
        await app.platform.services.shop.grant(player.id, gift);
        given.set(player.id, (given.get(player.id) ?? 0n) + gift);
        return;
      }
      case 'buy': {
        const item = SHOP_ITEMS[step.item]!;
        // The key names the item, as the lobby's would: a reused key is a replay of the same purchase.
        const key = `shop-property:${run}:${step.player}:${step.key}:${item.id}`;
        await Promise.all(Array.from({ length: step.copies }, () => tolerant(app.platform.services.shop.buy(player.id, item.id, key))));
        return;
      }
      case 'assign':
        await tolerant(rewards.assign({ playerId: player.id, rewardId: REWARD_IDS[step.reward] as string, idempotencyKey: `property:${run}:${step.player}:${step.key}`, reason: 'Property' }));
        return;
      case 'claim': {
        const id = await pick(step.pick);
        if (id) await Promise.all(Array.from({ length: step.copies }, () => tolerant(rewards.claim(player.id, id))));
        return;
      }
      case 'bet':
        await tolerant(playRounds(app, player, BETS[step.size] as string, step.rounds, SPIN_GAME));
        return;
      case 'claimWhileBetting': {
        const id = await pick(step.pick);
        await Promise.all([tolerant(playRounds(app, player, '20.00', 2, SPIN_GAME)), id ? tolerant(rewards.claim(player.id, id)) : Promise.resolve()]);
        return;
      }
      case 'forfeit': {
        const id = await pick(step.pick);
        const { rows } = await app.platform.db.query<{ id: string }>(`select id from reward_bonuses where id = $1 and status = 'Active'`, [id]);
        if (rows[0]) await tolerant(rewards.forfeitBonus(player.id, rows[0].id));
        return;
      }
    }
  }

  async function checkInvariants(): Promise<void> {
    const db = app.platform.db;
    const total = await db.query<{ total: string }>('select coalesce(sum(balance_minor), 0)::text as total from ledger_accounts');
    expect(total.rows[0]?.total).toBe('0');
    const postings = await db.query<{ total: string }>('select coalesce(sum(amount_minor), 0)::text as total from ledger_postings');
    expect(postings.rows[0]?.total).toBe('0');

    const { rows } = await db.query<{ id: string; status: string; variant: string; credits: number; bonus: number; spins: number }>(
      `select a.id, a.status, a.definition->>'variant' as variant,
              (select count(*)::int from ledger_transactions t where t.idempotency_key = 'reward:' || a.id || ':credit') as credits,
              (select count(*)::int from reward_bonuses b where b.id = a.id) as bonus,
              (select count(*)::int from reward_free_spins s where s.id = a.id) as spins
         from reward_assignations a`,
    );
    for (const row of rows) {
      const credited = row.status === 'Credited' ? 1 : 0;
      if (row.variant === 'FreeSpinReward') expect(row.spins, `${row.id} ${row.status}`).toBe(credited);
      else expect(row.credits, `${row.id} ${row.status}`).toBe(credited);
      if (row.variant === 'BonusMoneyDropReward') expect(row.bonus, row.id).toBe(credited);
    }

    const bonuses = await db.query<{ id: string; status: string; converted: string | null; max: string; wagered: string; required: string; conversions: number }>(
      `select b.id, b.status, b.converted_minor::text as converted, b.max_payout_minor::text as max, b.wagered_minor::text as wagered, b.required_minor::text as required,
              (select count(*)::int from ledger_transactions t where t.idempotency_key = 'reward:' || b.id || ':convert') as conversions
         from reward_bonuses b`,
    );
    for (const bonus of bonuses.rows) {
      expect(bonus.conversions, bonus.id).toBe(bonus.status === 'Converted' ? 1 : 0);
      expect(BigInt(bonus.wagered) <= BigInt(bonus.required), bonus.id).toBe(true);
      if (bonus.converted !== null) expect(BigInt(bonus.converted) <= BigInt(bonus.max), bonus.id).toBe(true);
    }
    for (const player of players) {
      const active = await db.query<{ total: string }>(`select coalesce(sum(amount_minor), 0)::text as total from reward_bonuses where wallet_id = $1 and status = 'Active'`, [player.walletId]);
      const held = (await app.platform.services.ledger.balances(player.walletId)).bonus;
      expect(held).toBe((startBonus.get(player.id) ?? 0n) + BigInt(active.rows[0]?.total ?? '0'));
    }

    const coins = await db.query<{ player_id: string; coins: string }>('select player_id, coins::text as coins from shop_coins');
    for (const row of coins.rows) expect(BigInt(row.coins) >= 0n, row.player_id).toBe(true);
    for (const player of players) {
      const kept = await db.query<{ spent: string }>(`select coalesce(sum(price), 0)::text as spent from shop_purchases where player_id = $1 and status <> 'Refunded'`, [player.id]);
      expect(await app.platform.services.shop.coins(player.id), player.id).toBe((given.get(player.id) ?? 0n) - BigInt(kept.rows[0]?.spent ?? '0'));
    }
    const purchases = await db.query<{ id: string; status: string; reward_id: string; assignation_id: string | null; rewards: number }>(
      `select p.id, p.status, p.reward_id, p.assignation_id,
              (select count(*)::int from reward_assignations a where a.idempotency_key = 'shop:' || p.id) as rewards
         from shop_purchases p`,
    );
    for (const purchase of purchases.rows) {
      // Nothing is left half-bought: a purchase is given with one reward, or refunded with none.
      expect(purchase.status, purchase.id).toBe(purchase.reward_id === 'no-such-reward' ? 'Refunded' : 'Given');
      expect(purchase.rewards, purchase.id).toBe(purchase.status === 'Given' ? 1 : 0);
      if (purchase.status === 'Given') expect(purchase.assignation_id, purchase.id).not.toBeNull();
    }
  }

  it('never credits a reward twice, never converts a bonus twice or above its cap, and keeps the ledger at zero', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 4, maxLength: 14 }), async (steps) => {
        run += 1;
        for (const step of steps) await perform(step);
        await checkInvariants();
      }),
      { numRuns: database.name === 'pglite' ? 8 : 10 },
    );
  }, 600_000);
});

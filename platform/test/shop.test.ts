/**
 * The rewards shop (issue 29): coins earned by real-money stakes at the brand's rate, exact and
 * never negative; a purchase takes the price once per idempotency key and gives the item's reward
 * through the reward engine; too few coins is a clear refusal with both figures.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopFile } from '../src/shop/content.ts';
import { earnCoins } from '../src/shop/service.ts';
import { bearer, DATABASES, startPlatform } from './helpers.ts';
import type { TestPlatform } from './helpers.ts';
import { jackpotPlayer, playRounds, type JackpotPlayer } from './jackpot-support.ts';
import { rewardsContent, SPIN_GAME, TEST_REWARDS } from './rewards-support.ts';

const SHOP = 'query { rewardsShop { wagerPerCoin items { id title price rewardId } } viewer { shopCoins } }';
const BUY = 'mutation ($item: ID!, $key: String!) { buyShopItem(itemId: $item, idempotencyKey: $key) { id itemId price status assignationId coinsLeft } }';
const GIVE = 'mutation ($p: ID!, $c: Int!) { sandboxGiveCoins(playerId: $p, coins: $c) }';

describe('coins', () => {
  it('are whole coins per wagerPerCoin staked, the rest carried to the next stake', () => {
    expect(earnCoins(0n, 250n, 100n)).toEqual({ coins: 2n, carry: 50n });
    expect(earnCoins(50n, 60n, 100n)).toEqual({ coins: 1n, carry: 10n });
    expect(earnCoins(0n, 99n, 100n)).toEqual({ coins: 0n, carry: 99n });
  });

  it('say what is wrong in shop.json and how to fix it', () => {
    const parsed = shopFile.safeParse({ wagerPerCoin: 'one', items: [{ id: 'x', title: 'X', price: 2.5, rewardId: 'r' }] });
    const text = JSON.stringify(parsed.error?.issues);
    expect(text).toContain('a decimal string');
    expect(text).toContain('a whole number of coins');
  });
});

describe.each(DATABASES)('the rewards shop on $name', (database) => {
  let app: TestPlatform;
  let content: ReturnType<typeof rewardsContent>;
  let eur: JackpotPlayer;
  let other: JackpotPlayer;
  let blocked: JackpotPlayer;

  beforeAll(async () => {
    // The demo shop sells weekend-drop, welcome-spins and reload-bonus: the test rewards plus those.
    const demo = [
      { variant: 'MoneyDropReward', rewardId: 'weekend-drop', name: 'Drop', rewardType: 'Incentive', claimType: 'manual', amount: '5.00', currency: 'EUR' },
      { variant: 'FreeSpinReward', rewardId: 'welcome-spins', name: 'Spins', rewardType: 'Incentive', claimType: 'manual', amount: 10, value: '0.50', currency: 'EUR', betLevel: 1, game: SPIN_GAME },
    ];
    content = rewardsContent([...TEST_REWARDS, ...demo]);
    app = await startPlatform(database, { contentDir: content.dir, settleIntervalMs: 0, jackpotIntervalMs: 0, rewardsIntervalMs: 0, promotionsIntervalMs: 0 });
    eur = await jackpotPlayer(app, 'wallet-eur');
    other = await jackpotPlayer(app, 'verified');
    blocked = await jackpotPlayer(app, 'restricted');
  });
  afterAll(async () => {
    await app?.close();
    content?.remove();
  });

  const shop = () => app.platform.services.shop;

  it('earns coins from real-money stakes at the brand rate, carrying the part of a coin', async () => {
    const before = await shop().coins(eur.id);
    await playRounds(app, eur, '2.50', 1, SPIN_GAME);
    await playRounds(app, eur, '0.60', 1, SPIN_GAME);
    // 1.00 EUR a coin: 2.50 gives 2 (0.50 carried), 0.60 more gives 1 (0.10 carried).
    expect((await shop().coins(eur.id)) - before).toBe(3n);
    const answer = await app.gql(SHOP, {}, { ...bearer(eur.token), 'x-locale': 'fi' });
    expect(answer.errors).toBeUndefined();
    expect(answer.data.rewardsShop).toMatchObject({ wagerPerCoin: '1.00', items: [{ id: 'cash-drop', title: 'Rahapudotus', price: 50, rewardId: 'weekend-drop' }, { id: 'free-spins', price: 100 }, { id: 'reload-bonus', price: 250 }] });
    expect(answer.data.viewer.shopCoins).toBe((before + 3n).toString());
  });

  it('buys once per key, gives the reward through the engine, and refuses too few coins with both figures', async () => {
    const start = BigInt((await app.gql(GIVE, { p: other.id, c: 120 })).data.sandboxGiveCoins as string);
    const bought = await Promise.all([1, 2, 3].map(() => app.gql(BUY, { item: 'cash-drop', key: 'buy-drop-1' }, bearer(other.token))));
    for (const answer of bought) expect(answer.errors).toBeUndefined();
    const ids = new Set(bought.map((answer) => answer.data.buyShopItem.id as string));
    expect(ids.size).toBe(1);
    expect(bought[0]!.data.buyShopItem).toMatchObject({ itemId: 'cash-drop', price: 50, status: 'Given' });
    expect(await shop().coins(other.id)).toBe(start - 50n);
    const assignationId = bought[0]!.data.buyShopItem.assignationId as string;
    const reward = await app.platform.services.rewards.get(other.id, assignationId);
    expect(reward).toMatchObject({ rewardId: 'weekend-drop', status: 'Unclaimed', reason: 'Rewards shop' });

    const refused = await app.gql(BUY, { item: 'free-spins', key: 'buy-spins-1' }, bearer(other.token));
    expect(refused.errors?.[0]?.extensions.reason).toBe('NotEnoughCoins');
    expect(refused.errors?.[0]?.message).toBe(`This item costs 100 coins and you have ${start - 50n}: earn ${100n - (start - 50n)} more by playing, then buy it`);
    expect(await shop().coins(other.id)).toBe(start - 50n);

    const conflict = await app.gql(BUY, { item: 'free-spins', key: 'buy-drop-1' }, bearer(other.token));
    expect(conflict.errors?.[0]?.extensions.reason).toBe('IdempotencyConflict');
    const block = await app.gql(BUY, { item: 'cash-drop', key: 'buy-blocked' }, bearer(blocked.token));
    expect(block.errors?.[0]?.extensions.reason).toBe('RewardsBlocked');
  });

  it('never lets concurrent purchases take coins below zero: with coins for three, three of eight succeed', async () => {
    const player = await jackpotPlayer(app, 'popups');
    await shop().grant(player.id, 150n);
    const results = await Promise.allSettled(Array.from({ length: 8 }, (_, index) => shop().buy(player.id, 'cash-drop', `race-${index}`)));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(3);
    for (const result of results) {
      if (result.status === 'rejected') expect((result.reason as { reason: string }).reason).toBe('NotEnoughCoins');
    }
    expect(await shop().coins(player.id)).toBe(0n);
    const given = await app.platform.db.query<{ n: number }>(`select count(*)::int as n from reward_assignations where player_id = $1 and reason = 'Rewards shop'`, [player.id]);
    expect(given.rows[0]?.n).toBe(3);
  });
});

/**
 * Weekly cashback (issue 29): a brand's percentage of an ISO week's (Monday 00:00 UTC) net casino
 * losses, computed from the ledger against a hand-computed week, paid once per player and week
 * through the reward engine, and the week's running figure.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashbackOf, netCasinoLoss, weekStart } from '../src/cashback/service.ts';
import type { LedgerKind } from '../src/ledger/ledger.ts';
import { bearer, DATABASES, startPlatform } from './helpers.ts';
import type { TestPlatform } from './helpers.ts';
import { jackpotPlayer, type JackpotPlayer } from './jackpot-support.ts';
import { rewardsContent, TEST_REWARDS } from './rewards-support.ts';

const VIEW = 'query { viewer { cashback { percent currency weekStart losses running payouts { name amount status } } } }';
const RUN = 'mutation ($w: String) { sandboxRunCashback(weekOf: $w) }';
const CASHBACK_REWARD = { variant: 'MoneyDropReward', rewardId: 'weekly-cashback', name: { en: 'Weekly cashback', fi: 'Viikoittainen cashback' }, rewardType: 'Cashback', claimType: 'manual', amount: '1.00', currency: 'EUR' };

describe('cashback arithmetic', () => {
  it('weeks start on Monday 00:00 UTC; the payout is the percentage of the loss rounded down, nothing after a net win', () => {
    expect(weekStart(new Date('2025-03-09T23:59:59Z')).toISOString()).toBe('2025-03-03T00:00:00.000Z');
    expect(weekStart(new Date('2025-03-10T00:00:00Z')).toISOString()).toBe('2025-03-10T00:00:00.000Z');
    expect(cashbackOf(2850n, '10')).toBe(285n);
    expect(cashbackOf(999n, '12.5')).toBe(124n);
    expect(cashbackOf(-500n, '10')).toBe(0n);
  });
});

describe.each(DATABASES)('weekly cashback on $name', (database) => {
  let app: TestPlatform;
  let content: ReturnType<typeof rewardsContent>;
  let loser: JackpotPlayer;
  let winner: JackpotPlayer;
  let posted = 0;

  beforeAll(async () => {
    content = rewardsContent([...TEST_REWARDS, CASHBACK_REWARD]);
    app = await startPlatform(database, { contentDir: content.dir, settleIntervalMs: 0, jackpotIntervalMs: 0, rewardsIntervalMs: 0, promotionsIntervalMs: 0, cashbackIntervalMs: 0 });
    loser = await jackpotPlayer(app, 'wallet-eur');
    winner = await jackpotPlayer(app, 'sow-required');
  });
  afterAll(async () => {
    await app?.close();
    content?.remove();
  });

  /** A posting of the wallet's cash (or bonus) against the house: a seeded round, sports bet or bonus, this week. */
  const seed = async (player: JackpotPlayer, kind: LedgerKind, cashMinor: bigint, account: 'cash' | 'bonus' = 'cash') => {
    posted += 1;
    await app.platform.services.ledger.post({
      idempotencyKey: `cashback-test-${posted}-${Date.now()}`, walletId: player.walletId, kind,
      entries: [{ account, amountMinor: cashMinor }, { account: 'house:games', amountMinor: -cashMinor }],
    });
  };
  const thisWeek = () => weekStart(new Date());
  const loss = (player: JackpotPlayer) => netCasinoLoss(app.platform.db, player.walletId, thisWeek(), new Date(thisWeek().getTime() + 7 * 86_400_000));

  it('pays 10 % of a hand-computed week of net casino losses once, and nothing after a net win', async () => {
    // The ledger stamps its own time, so the seeded week is this one; the week's edges are weekStart's (above).
    expect(await loss(loser)).toBe(0n);
    // Stakes 10 + 5 + 20 + 7, wins 8 + 0.50, a refund of 5: a net loss of 28.50, so 2.85 back.
    await seed(loser, 'CasinoBet', -1000n);
    await seed(loser, 'CasinoWin', 800n);
    await seed(loser, 'CasinoBet', -500n);
    await seed(loser, 'CasinoWin', 500n);
    await seed(loser, 'CasinoBet', -2000n);
    await seed(loser, 'CasinoWin', 50n);
    await seed(loser, 'CasinoBet', -700n);
    // Not casino play: a sports stake and bonus money.
    await seed(loser, 'SportsBet', -3000n);
    await seed(loser, 'BonusCredit', 2000n, 'bonus');
    expect(await loss(loser)).toBe(2850n);
    // The other player's week ends up: no cashback.
    await seed(winner, 'CasinoBet', -1000n);
    await seed(winner, 'CasinoWin', 4000n);

    const week = thisWeek().toISOString();
    const first = await app.gql(RUN, { w: week });
    expect(first.errors).toBeUndefined();
    expect(first.data.sandboxRunCashback).toBe(1);
    await app.gql(RUN, { w: week });
    const { rows } = await app.platform.db.query<{ player_id: string; amount: string; reward_id: string }>(
      `select player_id, definition->>'amount' as amount, reward_id from reward_assignations where idempotency_key like $1`,
      [`cashback:${week.slice(0, 10)}:%`],
    );
    expect(rows).toEqual([{ player_id: loser.id, amount: '2.85', reward_id: 'weekly-cashback' }]);

    const view = (await app.gql(VIEW, {}, { ...bearer(loser.token), 'x-locale': 'fi' })).data.viewer.cashback;
    expect(view).toMatchObject({ percent: '10', currency: 'EUR', weekStart: week, losses: '28.50', running: '2.85' });
    expect(view.payouts).toEqual([{ name: 'Viikoittainen cashback', amount: '2.85', status: 'Unclaimed' }]);
    const other = (await app.gql(VIEW, {}, bearer(winner.token))).data.viewer.cashback;
    expect(other).toMatchObject({ losses: '0.00', running: '0.00', payouts: [] });
  });
});

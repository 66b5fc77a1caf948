/**
 * The reward engine (issue 29): definitions from content (validated, a broken save keeps the last
 * good ones), assignations and their statuses over time (one-off jobs, the sweep), claiming each
 * variant once on the real wallet (money drop to cash, bonus money with wagering and one capped
 * conversion, free spins the game server honours), refusals, and the GraphQL the lobby uses.
 */
import { utimesSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rewardsFile, checkRewardDefinitions } from '../src/rewards/definitions.ts';
import type { BalanceUpdate, RewardUpdate } from '../src/realtime/events.ts';
import { bearer, DATABASES, startPlatform } from './helpers.ts';
import type { TestPlatform } from './helpers.ts';
import { jackpotPlayer, playRounds, type JackpotPlayer } from './jackpot-support.ts';
import { rewardsContent, SPIN_GAME, TEST_REWARDS, until } from './rewards-support.ts';

const REWARDS = `query ($statuses: [RewardStatus!], $last: Int, $ascending: Boolean) { viewer { rewards(statuses: $statuses, last: $last, ascending: $ascending) {
  assignationId assignedAt updatedAt reason status expiresAt
  reward { __typename rewardId name expiresIn startsAt endsAt claimType rewardReason rewardType
    ... on MoneyDropReward { amount currency }
    ... on BonusMoneyDropReward { amount currency wageringRequirementFactor maxPayout }
    ... on FreeSpinReward { spins: amount value currency betLevel spinsLeft game { slug url json } } } } } }`;
const CLAIM = 'mutation ($id: ID!) { claimReward(assignationId: $id) { assignationId status reward { rewardId } } }';
const ASSIGN = 'mutation ($p: ID!, $r: ID!, $k: String, $s: String) { sandboxAssignReward(playerId: $p, rewardId: $r, idempotencyKey: $k, startsAt: $s) { assignationId status reward { name } } }';
const BONUSES = 'query ($statuses: [BonusStatus!]) { viewer { bonuses(statuses: $statuses) { id status amount wageringRequirement wagered wageringProgress maxPayout convertedAmount } } }';

describe('reward definitions', () => {
  it('say what is wrong in a definition and how to fix it', async () => {
    const parsed = rewardsFile.safeParse({ rewards: [{ variant: 'MoneyDropReward', rewardId: 'x', name: 'X', rewardType: 'Gift', claimType: 'manual', amount: 'five', currency: 'EUR' }] });
    expect(parsed.success).toBe(false);
    const text = JSON.stringify(parsed.error?.issues);
    expect(text).toContain('Cashback or Incentive');
    expect(text).toContain('a decimal string');
    const problems = await checkRewardDefinitions([
      { variant: 'MoneyDropReward', rewardId: 'a', name: 'A', rewardType: 'Incentive', claimType: 'manual', amount: '5.001', currency: 'EUR' },
      { variant: 'MoneyDropReward', rewardId: 'a', name: 'A', rewardType: 'Incentive', claimType: 'manual', amount: '1.00', currency: 'EUR', startsAt: '2026-02-01T00:00:00Z', endsAt: '2026-01-01T00:00:00Z' },
      { variant: 'FreeSpinReward', rewardId: 'b', name: 'B', rewardType: 'Incentive', claimType: 'manual', amount: 5, value: '0.20', currency: 'EUR', betLevel: 1, game: 'no-such-game' },
      { variant: 'BonusMoneyDropReward', rewardId: 'c', name: 'C', rewardType: 'Incentive', claimType: 'manual', amount: '1.00', currency: 'EUR', wageringRequirementFactor: 1, maxPayout: '0' },
    ], async (slug) => slug !== 'no-such-game');
    expect(problems.join('\n')).toMatch(/rewards\[0\] \("a"\): .*decimals/);
    expect(problems.join('\n')).toContain('rewards[1] ("a"): rewardId is used twice');
    expect(problems.join('\n')).toContain('endsAt 2026-01-01T00:00:00Z must be after startsAt');
    expect(problems.join('\n')).toContain('game "no-such-game" is not in the catalogue');
    expect(problems.join('\n')).toMatch(/rewards\[3\] \("c"\): maxPayout must be more than zero/);
  });
});

describe.each(DATABASES)('the reward engine on $name', (database) => {
  let app: TestPlatform;
  let content: ReturnType<typeof rewardsContent>;
  let eur: JackpotPlayer;
  let blocked: JackpotPlayer;
  let offsetMs = 0;
  const clock = () => new Date(Date.now() + offsetMs);

  beforeAll(async () => {
    content = rewardsContent();
    app = await startPlatform(database, { contentDir: content.dir, settleIntervalMs: 0, jackpotIntervalMs: 0, rewardsIntervalMs: 0, clock });
    eur = await jackpotPlayer(app, 'wallet-eur');
    blocked = await jackpotPlayer(app, 'restricted');
  });
  afterAll(async () => {
    await app?.close();
    content?.remove();
  });

  const services = () => app.platform.services;
  const balances = (player: JackpotPlayer) => services().ledger.balances(player.walletId);
  const assign = (player: JackpotPlayer, rewardId: string, key?: string, startsAt?: string) =>
    app.gql(ASSIGN, { p: player.id, r: rewardId, k: key ?? null, s: startsAt ?? null });
  const claim = (player: JackpotPlayer, id: string) => app.gql(CLAIM, { id }, bearer(player.token));
  const postings = async (key: string) =>
    (await app.platform.db.query<{ n: number }>('select count(*)::int as n from ledger_transactions where idempotency_key = $1', [key])).rows[0]?.n;
  const status = async (id: string) => (await app.platform.db.query<{ status: string }>('select status from reward_assignations where id = $1', [id])).rows[0]?.status;
  /** Collects a player's events of one type from now on. */
  const collect = <K extends 'rewardUpdated' | 'balanceUpdated'>(playerId: string, type: K) => {
    const got: (K extends 'rewardUpdated' ? RewardUpdate : BalanceUpdate)[] = [];
    const stream = services().events.subscribe(playerId, type);
    void (async () => {
      for await (const event of stream) got.push(event as never);
    })();
    return { got, stop: () => void stream.return?.() };
  };

  it('credits a money drop once however often and however concurrently it is claimed, and publishes each change', async () => {
    const events = collect(eur.id, 'rewardUpdated');
    const assigned = await assign(eur, 'drop', 'drop-once');
    expect(assigned.errors).toBeUndefined();
    expect(assigned.data.sandboxAssignReward).toMatchObject({ status: 'Unclaimed', reward: { name: 'Five euros' } });
    const id = assigned.data.sandboxAssignReward.assignationId as string;
    // The same key gives the same reward, not a second one.
    expect((await assign(eur, 'drop', 'drop-once')).data.sandboxAssignReward.assignationId).toBe(id);

    const listed = await app.gql(REWARDS, { statuses: ['Unclaimed', 'Scheduled'], last: 500, ascending: true }, { ...bearer(eur.token), 'x-locale': 'fi' });
    expect(listed.errors).toBeUndefined();
    const mine = listed.data.viewer.rewards.find((reward: { assignationId: string }) => reward.assignationId === id);
    expect(mine).toMatchObject({ reason: 'Sandbox', status: 'Unclaimed', reward: { __typename: 'MoneyDropReward', rewardId: 'drop', name: 'Viisi euroa', amount: '5.00', currency: 'EUR', claimType: 'manual', rewardType: 'Incentive', rewardReason: 'Test' } });
    expect(mine.reward.expiresIn).toBeGreaterThan(3500);

    const before = (await balances(eur)).cash;
    const claims = await Promise.all([claim(eur, id), claim(eur, id), claim(eur, id)]);
    for (const answer of claims) {
      expect(answer.errors).toBeUndefined();
      expect(answer.data.claimReward.status).toBe('Credited');
    }
    expect((await claim(eur, id)).data.claimReward.status).toBe('Credited');
    expect((await balances(eur)).cash - before).toBe(500n);
    expect(await postings(`reward:${id}:credit`)).toBe(1);

    await until(() => events.got.filter((event) => event.assignationId === id).length >= 2, 'the Unclaimed and Credited events');
    await services().events.flush();
    expect(events.got.filter((event) => event.assignationId === id).map((event) => event.status)).toEqual(['Unclaimed', 'Credited']);
    events.stop();

    const other = await app.gql(CLAIM, { id }, bearer(blocked.token));
    expect(other.errors?.[0]?.extensions.reason).toBe('NotFound');
  });

  it('credits bonus money, moves its wagering with real stakes (wageringProgress in balance events) and converts it once', async () => {
    const id = (await assign(eur, 'bonus')).data.sandboxAssignReward.assignationId as string;
    const wallet = collect(eur.id, 'balanceUpdated');
    const bonusBefore = (await balances(eur)).bonus;
    expect((await claim(eur, id)).data.claimReward.status).toBe('Credited');
    expect((await balances(eur)).bonus - bonusBefore).toBe(2000n);
    let bonuses = (await app.gql(BONUSES, {}, bearer(eur.token))).data.viewer.bonuses;
    expect(bonuses).toEqual([{ id, status: 'Active', amount: '20.00', wageringRequirement: '40.00', wagered: '0.00', wageringProgress: 0, maxPayout: '100.00', convertedAmount: null }]);

    await playRounds(app, eur, '10.00', 2, SPIN_GAME);
    bonuses = (await app.gql(BONUSES, {}, bearer(eur.token))).data.viewer.bonuses;
    expect(bonuses[0]).toMatchObject({ wagered: '20.00', wageringProgress: 50 });
    await until(() => wallet.got.some((event) => event.transactionKind === 'CasinoBet' && event.wageringProgress === 50), 'a stake reporting 50 %');

    const cashBefore = (await balances(eur)).cash;
    await playRounds(app, eur, '15.00', 2, SPIN_GAME);
    // 30 staked of the 10 still needed: converted, once, all 20.00 (under the 100.00 cap) to cash.
    const { rows } = await app.platform.db.query<{ cash: string }>(
      `select sum(p.amount_minor)::text as cash from ledger_transactions t join ledger_postings p on p.transaction_id = t.id join ledger_accounts a on a.id = p.account_id
        where t.idempotency_key = $1 and a.code = 'cash' and a.wallet_id is not null`,
      [`reward:${id}:convert`],
    );
    expect(rows[0]?.cash).toBe('2000');
    expect((await balances(eur)).bonus).toBe(bonusBefore);
    bonuses = (await app.gql(BONUSES, { statuses: ['Converted'] }, bearer(eur.token))).data.viewer.bonuses;
    expect(bonuses.find((bonus: { id: string }) => bonus.id === id)).toMatchObject({ status: 'Converted', convertedAmount: '20.00', wageringProgress: 100 });
    expect((await app.gql(BONUSES, {}, bearer(eur.token))).data.viewer.bonuses).toEqual([]);
    await playRounds(app, eur, '15.00', 1, SPIN_GAME);
    expect(await postings(`reward:${id}:convert`)).toBe(1);
    expect((await balances(eur)).cash).not.toBe(cashBefore);
    await until(() => wallet.got.some((event) => event.transactionKind === 'BonusConversion'), 'the conversion on the wallet');
    const stakes = () => wallet.got.filter((event) => event.transactionKind === 'CasinoBet').map((event) => event.wageringProgress);
    await until(() => stakes().length === 5, 'the five stakes on the wallet');
    expect(stakes()).toEqual([25, 50, 87, 100, null]);
    wallet.stop();
  });

  it('converts a bonus at most to its maxPayout, the rest going back to the house; a forfeited bonus leaves the balance', async () => {
    const capped = (await assign(eur, 'capped')).data.sandboxAssignReward.assignationId as string;
    await claim(eur, capped);
    const bonusBefore = (await balances(eur)).bonus;
    await playRounds(app, eur, '25.00', 2, SPIN_GAME);
    const { rows } = await app.platform.db.query<{ code: string; amount: string }>(
      `select a.code, p.amount_minor::text as amount from ledger_transactions t join ledger_postings p on p.transaction_id = t.id join ledger_accounts a on a.id = p.account_id
        where t.idempotency_key = $1 order by a.code`,
      [`reward:${capped}:convert`],
    );
    expect(rows).toEqual([{ code: 'bonus', amount: '-5000' }, { code: 'cash', amount: '3000' }, { code: 'house:bonus', amount: '2000' }]);
    expect(bonusBefore - (await balances(eur)).bonus).toBe(5000n);

    const given = (await assign(eur, 'bonus')).data.sandboxAssignReward.assignationId as string;
    await claim(eur, given);
    const forfeit = 'mutation ($id: ID!) { forfeitBonus(bonusId: $id) { status amount } }';
    const held = (await balances(eur)).bonus;
    expect((await app.gql(forfeit, { id: given }, bearer(eur.token))).data.forfeitBonus).toEqual({ status: 'Forfeited', amount: '20.00' });
    expect((await app.gql(forfeit, { id: given }, bearer(eur.token))).data.forfeitBonus.status).toBe('Forfeited');
    expect(held - (await balances(eur)).bonus).toBe(2000n);
    expect(await postings(`reward:${given}:forfeit`)).toBe(1);
  });

  it('plays free spins at their stake on their game without touching cash, and only as many as were given', async () => {
    const id = (await assign(eur, 'spins')).data.sandboxAssignReward.assignationId as string;
    await claim(eur, id);
    const stakes = async () =>
      (await app.platform.db.query<{ n: number }>(`select count(*)::int as n from ledger_transactions where wallet_id = $1 and kind = 'CasinoBet'`, [eur.walletId])).rows[0]?.n ?? 0;
    const before = await stakes();
    const cash = (await balances(eur)).cash;
    await playRounds(app, eur, '0.50', 3, SPIN_GAME);
    expect(await stakes()).toBe(before);
    // Their winnings, whatever they were, landed in cash and nothing else moved it.
    const { rows: free } = await app.platform.db.query<{ win: string }>(
      `select coalesce(sum(win_minor), 0)::text as win from (select win_minor from game_rounds where player_id = $1 order by id desc limit 3) last_three`,
      [eur.id],
    );
    expect((await balances(eur)).cash - cash).toBe(BigInt(free[0]?.win ?? '-1'));
    const listed = await app.gql(REWARDS, { statuses: ['Credited'] }, bearer(eur.token));
    const spins = listed.data.viewer.rewards.find((reward: { assignationId: string }) => reward.assignationId === id);
    expect(spins.reward).toMatchObject({ __typename: 'FreeSpinReward', spins: 3, value: '0.50', betLevel: 2, spinsLeft: 0, game: { slug: SPIN_GAME, url: `/games/${SPIN_GAME}/` } });
    await playRounds(app, eur, '0.50', 1, SPIN_GAME);
    await playRounds(app, eur, '1.00', 1, SPIN_GAME);
    expect(await stakes()).toBe(before + 2);
  });

  it('refuses a rewards-blocked player clearly, marks their automatic rewards FailedProcessing, and credits automatic rewards at once', async () => {
    const id = (await assign(blocked, 'drop')).data.sandboxAssignReward.assignationId as string;
    const refused = await claim(blocked, id);
    expect(refused.errors?.[0]?.extensions.reason).toBe('RewardsBlocked');
    expect(refused.errors?.[0]?.message).toContain('isRewardsBlocked');
    expect(await status(id)).toBe('Unclaimed');
    const automatic = await assign(blocked, 'auto');
    expect(automatic.data.sandboxAssignReward.status).toBe('FailedProcessing');

    const cash = (await balances(eur)).cash;
    const credited = await assign(eur, 'auto');
    expect(credited.data.sandboxAssignReward.status).toBe('Credited');
    expect((await balances(eur)).cash - cash).toBe(200n);

    const kroner = await assign(eur, 'kroner');
    expect(kroner.errors?.[0]?.message).toContain("is in NOK but the player's wallet is in EUR");
    const unknown = await assign(eur, 'no-such-reward');
    expect(unknown.errors?.[0]?.message).toMatch(/No reward "no-such-reward" in content\/aurelia\/rewards.json: use one of drop, bonus/);
  });

  it("refuses a claim the brand does not allow, whatever the lobby shows: an unverified phone where it asks for one, bonus money where it gives none", async () => {
    // The brand asks for a verified phone (EnablePhoneVerification, not lifted for rewards).
    const brand = app.platform.services.brands.get('aurelia') as { bonusEnabled: boolean; features: string[] };
    const features = brand.features;
    const id = (await assign(eur, 'drop', 'phone-first')).data.sandboxAssignReward.assignationId as string;
    const verified = async (value: boolean) => app.platform.db.query('update players set phone_verified = $2 where id = $1', [eur.id, value]);
    await verified(false);
    try {
      brand.features = [...features, 'EnablePhoneVerification'];
      const refused = await claim(eur, id);
      expect(refused.errors?.[0]?.extensions.reason).toBe('PhoneVerificationRequired');
      expect(refused.errors?.[0]?.message).toMatch(/Verify your phone number/);
      expect(await status(id)).toBe('Unclaimed');
      // DisablePhoneVerificationForRewards lifts it for rewards.
      brand.features = [...features, 'EnablePhoneVerification', 'DisablePhoneVerificationForRewards'];
      expect((await claim(eur, id)).data.claimReward.status).toBe('Credited');
    } finally {
      brand.features = features;
      await verified(true);
    }
    // A brand without bonus money (bonusEnabled false) refuses a bonus; a money drop still goes.
    const bonus = (await assign(eur, 'bonus', 'no-bonus-brand')).data.sandboxAssignReward.assignationId as string;
    brand.bonusEnabled = false;
    try {
      const refused = await claim(eur, bonus);
      expect(refused.errors?.[0]?.extensions.reason).toBe('RewardNotClaimable');
      expect(refused.errors?.[0]?.message).toMatch(/gives no bonus money/);
      const drop = (await assign(eur, 'drop', 'still-a-drop')).data.sandboxAssignReward.assignationId as string;
      expect((await claim(eur, drop)).data.claimReward.status).toBe('Credited');
    } finally {
      brand.bonusEnabled = true;
    }
  });

  it('starts a scheduled reward and expires an unclaimed one through the one-off jobs', async () => {
    const startsAt = new Date(Date.now() + 1500).toISOString();
    const scheduled = (await assign(eur, 'drop', undefined, startsAt)).data.sandboxAssignReward;
    expect(scheduled.status).toBe('Scheduled');
    const early = await claim(eur, scheduled.assignationId);
    expect(early.errors?.[0]?.extensions.reason).toBe('RewardNotClaimable');
    expect(early.errors?.[0]?.message).toContain(`it starts at ${startsAt}`);
    const short = (await assign(eur, 'short')).data.sandboxAssignReward.assignationId as string;
    // The sweep is off (rewardsIntervalMs 0): only the jobs can move them.
    await until(async () => (await status(scheduled.assignationId)) === 'Unclaimed', 'the scheduled reward starting');
    await until(async () => (await status(short)) === 'Expired', 'the short reward expiring');
    const late = await claim(eur, short);
    expect(late.errors?.[0]?.extensions.reason).toBe('RewardNotClaimable');
    expect(await postings(`reward:${short}:credit`)).toBe(0);
  });

  it('applies due starts and expiries in the sweep when no job ran (the platform clock moved on)', async () => {
    const startsAt = new Date(Date.now() + 3_600_000).toISOString();
    const id = (await assign(eur, 'drop', undefined, startsAt)).data.sandboxAssignReward.assignationId as string;
    const given = (await assign(eur, 'bonus')).data.sandboxAssignReward.assignationId as string;
    await claim(eur, given);
    const held = (await balances(eur)).bonus;
    try {
      offsetMs = 2 * 3_600_000;
      await services().rewards.sweep();
      expect(await status(id)).toBe('Unclaimed');
      offsetMs = 40 * 86_400_000;
      await services().rewards.sweep();
      expect(await status(id)).toBe('Expired');
      const { rows } = await app.platform.db.query<{ status: string }>('select status from reward_bonuses where id = $1', [given]);
      expect(rows[0]?.status).toBe('Expired');
      expect(held - (await balances(eur)).bonus).toBe(2000n);
    } finally {
      offsetMs = 0;
    }
  });

  it('moves a reward through sandboxUpdateReward the way each status is reached', async () => {
    const id = (await assign(eur, 'drop')).data.sandboxAssignReward.assignationId as string;
    const update = 'mutation ($p: ID!, $id: ID!, $s: RewardStatus!) { sandboxUpdateReward(playerId: $p, assignationId: $id, status: $s) { status assignationId reward { rewardId } } }';
    const removed = await app.gql(update, { p: eur.id, id, s: 'Removed' });
    expect(removed.data.sandboxUpdateReward).toEqual({ status: 'Removed', assignationId: id, reward: { rewardId: 'drop' } });
    const again = await app.gql(update, { p: eur.id, id, s: 'Credited' });
    expect(again.errors?.[0]?.message).toContain('only Unclaimed rewards can be claimed');
    expect((await app.gql(update, { p: eur.id, id: 'nope', s: 'Removed' })).errors?.[0]?.message).toContain('give one with sandboxAssignReward first');
  });

  it('keeps the last good definitions while a save of rewards.json is broken, and says what is wrong', async () => {
    const file = join(content.dir, 'aurelia', 'rewards.json');
    try {
      content.write({ rewards: [{ ...TEST_REWARDS[0], amount: 'five' }] });
      const later = new Date(Date.now() + 5000);
      utimesSync(file, later, later);
      const assigned = await assign(eur, 'bonus');
      expect(assigned.errors).toBeUndefined();
      const problems = await services().content.problems('aurelia');
      expect(problems.map((problem) => problem.message).join('\n')).toMatch(/rewards.json: .*rewards\.0\.amount.*decimal string/);
    } finally {
      content.write({ rewards: TEST_REWARDS });
      const later = new Date(Date.now() + 10_000);
      utimesSync(file, later, later);
    }
    expect(await services().content.problems('aurelia')).toEqual([]);
  });
});

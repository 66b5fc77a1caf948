/**
 * Promotions (issue 29): the brand's promotions from content with their bonus actions, a player's
 * choice of a DEPOSIT promotion, and the deposit bonus triggers: a completed deposit that meets a
 * chosen promotion's trigger and minimum gives its reward once, through the reward engine.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meetsTrigger } from '../src/promotions/service.ts';
import { promotionsFile } from '../src/promotions/content.ts';
import { bearer, DATABASES, startPlatform } from './helpers.ts';
import type { TestPlatform } from './helpers.ts';
import { jackpotPlayer, type JackpotPlayer } from './jackpot-support.ts';
import { rewardsContent, TEST_REWARDS, until } from './rewards-support.ts';

const PROMOTIONS = 'query { promotions { id title text badge action cta href trigger rewardId minDeposit termsHref } }';
const CHOOSE = 'mutation ($id: ID!) { choosePromotion(promotionId: $id) { promotionId awarded } }';
const CHOICES = '{ viewer { promotionChoices { promotionId awarded assignationId } } }';

/** The demo content's promotion rewards (automatic bonus money), beside the engine's test rewards. */
const PROMOTION_REWARDS = [
  { variant: 'BonusMoneyDropReward', rewardId: 'deposit-boost', name: 'Boost', rewardType: 'Incentive', claimType: 'automatic', amount: '10.00', currency: 'EUR', wageringRequirementFactor: 10, maxPayout: '100.00' },
  { variant: 'BonusMoneyDropReward', rewardId: 'first-deposit-bonus', name: 'First', rewardType: 'Incentive', claimType: 'automatic', amount: '20.00', currency: 'EUR', wageringRequirementFactor: 10, maxPayout: '200.00' },
];

describe('deposit bonus triggers', () => {
  it('ALWAYS meets any deposit, FIRST_TIME_DEPOSIT only the first, EXISTING_DEPOSITS only a later one', () => {
    expect([0, 1, 5].map((earlier) => meetsTrigger('ALWAYS', earlier))).toEqual([true, true, true]);
    expect([0, 1, 5].map((earlier) => meetsTrigger('FIRST_TIME_DEPOSIT', earlier))).toEqual([true, false, false]);
    expect([0, 1, 5].map((earlier) => meetsTrigger('EXISTING_DEPOSITS', earlier))).toEqual([false, true, true]);
  });

  it('say what is wrong in a promotion and how to fix it', () => {
    const parsed = promotionsFile.safeParse({ promotions: [{ id: 'x', title: 'X', text: 'Y', action: { type: 'DEPOSIT', cta: 'Go', trigger: 'SOMETIMES', rewardId: 'r', minDeposit: 'ten' } }] });
    expect(parsed.success).toBe(false);
    const text = JSON.stringify(parsed.error?.issues);
    expect(text).toContain('ALWAYS, EXISTING_DEPOSITS or FIRST_TIME_DEPOSIT');
    expect(text).toContain('a decimal string');
  });
});

describe.each(DATABASES)('promotions on $name', (database) => {
  let app: TestPlatform;
  let content: ReturnType<typeof rewardsContent>;
  let newcomer: JackpotPlayer;
  let eur: JackpotPlayer;
  let bystander: JackpotPlayer;

  beforeAll(async () => {
    content = rewardsContent([...TEST_REWARDS, ...PROMOTION_REWARDS]);
    // The demo promotions with a 30.00 minimum, above the wallet's 20.00 smallest deposit.
    const file = join(content.dir, 'aurelia', 'promotions.json');
    writeFileSync(file, readFileSync(file, 'utf8').replaceAll('"minDeposit": "10.00"', '"minDeposit": "30.00"'));
    app = await startPlatform(database, { contentDir: content.dir, settleIntervalMs: 0, jackpotIntervalMs: 0, rewardsIntervalMs: 0, promotionsIntervalMs: 0 });
    newcomer = await jackpotPlayer(app, 'newcomer');
    eur = await jackpotPlayer(app, 'wallet-eur');
    bystander = await jackpotPlayer(app, 'verified');
  });
  afterAll(async () => {
    await app?.close();
    content?.remove();
  });

  const deposit = async (player: JackpotPlayer, amount: string) => {
    const { cashier } = app.platform.services;
    const payment = await cashier.initiateDeposit(player.id, { amount, currency: 'EUR', provider: 'trustly', idempotencyKey: `promo-${player.id}-${Date.now()}-${Math.random()}` });
    const row = await app.platform.db.query<{ first_name: string | null; last_name: string | null }>('select first_name, last_name from players where id = $1', [player.id]);
    const account = cashier.accountsFor('trustly', { id: player.id, ...row.rows[0]! })[0] ?? null;
    await cashier.providerReports(payment.id, 'Completed', { account });
    // A provider's repeated report of the same completion changes nothing.
    await cashier.providerReports(payment.id, 'Completed', { account });
    expect((await cashier.payment(payment.id))?.status).toBe('Completed');
  };
  const bonus = async (player: JackpotPlayer) => (await app.platform.services.ledger.balances(player.walletId)).bonus;
  const given = async (player: JackpotPlayer, promotionId: string) =>
    (await app.platform.db.query<{ n: number }>(
      `select count(*)::int as n from reward_assignations where player_id = $1 and idempotency_key = $2 and status = 'Credited'`,
      [player.id, `promotion:${promotionId}:${player.id}`],
    )).rows[0]?.n ?? 0;

  it('lists the live promotions with their bonus actions in the locale', async () => {
    const answer = await app.gql(PROMOTIONS, {}, { 'x-brand': 'aurelia', 'x-locale': 'fi' });
    expect(answer.errors).toBeUndefined();
    expect(answer.data.promotions.map((promotion: { id: string }) => promotion.id)).toEqual(['deposit-boost', 'first-deposit', 'new-games']);
    expect(answer.data.promotions[0]).toMatchObject({ title: 'Talletusbonus', action: 'DEPOSIT', trigger: 'ALWAYS', rewardId: 'deposit-boost', minDeposit: '30.00', href: null, termsHref: '/bonus-terms-and-conditions/' });
    expect(answer.data.promotions[2]).toMatchObject({ action: 'PAGE_LINK', href: '/games/', trigger: null });
  });

  it('gives a chosen promotion\'s bonus once, for the deposit that meets its trigger and minimum, and nothing to a player who did not choose it', async () => {
    for (const id of ['deposit-boost', 'first-deposit']) {
      const chosen = await app.gql(CHOOSE, { id }, bearer(newcomer.token));
      expect(chosen.errors).toBeUndefined();
      expect(chosen.data.choosePromotion).toEqual({ promotionId: id, awarded: false });
    }
    // Choosing again is the same choice.
    expect((await app.gql(CHOOSE, { id: 'deposit-boost' }, bearer(newcomer.token))).errors).toBeUndefined();
    const before = await bonus(newcomer);
    // Under the 30.00 minimum: neither is earned (the first deposit is spent on it, so first-deposit never is).
    await deposit(newcomer, '25.00');
    await deposit(newcomer, '35.00');
    await until(async () => (await given(newcomer, 'deposit-boost')) === 1, 'the deposit boost given');
    await deposit(newcomer, '40.00');
    await app.platform.services.promotions.sweep();
    expect(await given(newcomer, 'deposit-boost')).toBe(1);
    expect(await given(newcomer, 'first-deposit')).toBe(0);
    expect((await bonus(newcomer)) - before).toBe(1000n);

    const choices = (await app.gql(CHOICES, {}, bearer(newcomer.token))).data.viewer.promotionChoices;
    expect(choices.find((choice: { promotionId: string }) => choice.promotionId === 'deposit-boost')).toMatchObject({ awarded: true });
    const again = await app.gql(CHOOSE, { id: 'deposit-boost' }, bearer(newcomer.token));
    expect(again.errors?.[0]?.extensions.reason).toBe('PromotionNotEligible');
    expect(again.errors?.[0]?.message).toContain('already given');

    const bystanderBefore = await bonus(bystander);
    await deposit(bystander, '50.00');
    await app.platform.services.promotions.sweep();
    expect(await bonus(bystander)).toBe(bystanderBefore);
  });

  it('refuses a first-deposit promotion to a player who has deposited, saying why', async () => {
    const refused = await app.gql(CHOOSE, { id: 'first-deposit' }, bearer(eur.token));
    expect(refused.errors?.[0]?.extensions.reason).toBe('PromotionNotEligible');
    expect(refused.errors?.[0]?.message).toContain('first deposit');
    const link = await app.gql(CHOOSE, { id: 'new-games' }, bearer(eur.token));
    expect(link.errors?.[0]?.message).toContain('PAGE_LINK');
  });
});

/**
 * Rewards' money under random play (fast-check): sequences of assignments (keys reused, so some are
 * replays), claims (repeated, and several at once), real bets (some at the free-spin stake), claims
 * while betting, forfeits, and time jumps with the sweep (expiries of rewards and bonuses), for two
 * players. After each sequence: the ledger sums to zero; no reward was credited twice and every
 * Credited one was credited once; no bonus converted twice or above its maxPayout, and each wallet's
 * bonus balance is what it started with plus its active bonuses.
 */
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

type Action =
  | { kind: 'assign'; player: number; reward: number; key: number }
  | { kind: 'claim'; player: number; pick: number; copies: number }
  | { kind: 'bet'; player: number; size: number; rounds: number }
  | { kind: 'claimWhileBetting'; player: number; pick: number }
  | { kind: 'forfeit'; player: number; pick: number }
  | { kind: 'later'; hours: number };

const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('assign' as const), player: fc.nat(1), reward: fc.nat(REWARD_IDS.length - 1), key: fc.nat(7) }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('claim' as const), player: fc.nat(1), pick: fc.nat(9), copies: fc.integer({ min: 1, max: 3 }) }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('bet' as const), player: fc.nat(1), size: fc.nat(BETS.length - 1), rounds: fc.integer({ min: 1, max: 3 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('claimWhileBetting' as const), player: fc.nat(1), pick: fc.nat(9) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('forfeit' as const), player: fc.nat(1), pick: fc.nat(9) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('later' as const), hours: fc.constantFrom(2, 30 * 24) }) },
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
  let offsetMs = 0;
  let run = 0;
  const clock = () => new Date(Date.now() + offsetMs);

  beforeAll(async () => {
    content = rewardsContent();
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

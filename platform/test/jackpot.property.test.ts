/**
 * The jackpot's money under random play (fast-check): sequences of real bets, opt-ins, opt-outs,
 * contribution changes, forced and natural drops, raffle draws, replays of wins and draws, payouts
 * cut off mid-way and finished by a "restarted" service, across players of four currencies. After
 * each sequence: the ledger sums to zero; each pot is its seeds plus its contributions minus its
 * payouts; each pool account holds its contributions minus its payouts; each win share and raffle
 * prize was paid exactly once.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkJackpotConfig, POT_IDS, type PotId } from '../src/jackpot/config.ts';
import { dropNow, splitContribution } from '../src/jackpot/pots.ts';
import { recordDraw } from '../src/jackpot/raffles.ts';
import { createJackpotService, type JackpotService } from '../src/jackpot/service.ts';
import type { Ledger } from '../src/ledger/ledger.ts';
import { depositEntries } from '../src/ledger/ledger.ts';
import { DATABASES, startPlatform } from './helpers.ts';
import type { TestPlatform } from './helpers.ts';
import { jackpotPlayer, playRounds, type JackpotPlayer } from './jackpot-support.ts';

const INSTANCE = 'northstar-jackpot';
/** Tiny pots, so random play drops them often. */
const CONFIG = checkJackpotConfig({
  instances: [{
    id: INSTANCE, name: 'Property', operator: 'northstar-gaming',
    pots: { mega: { seed: '1.00', mustDropBy: '3.00', share: 40 }, major: { seed: '0.50', mustDropBy: '1.50', share: 30 }, minor: { seed: '0.10', mustDropBy: '0.40', share: 20 }, shared: { seed: '0.20', mustDropBy: '0.80', share: 10 } },
  }],
  raffles: { default: { hourly: { prizes: ['5.00'] }, daily: { prizes: ['10.00', '3.00'] }, weekly: { prizes: [] } } },
}, 'property config');
const USERS = ['wallet-eur', 'wallet-nok', 'wallet-jpy', 'wallet-usd'] as const;
const BETS: Record<string, string[]> = { EUR: ['1.00', '4.00'], NOK: ['10.00', '45.00'], JPY: ['200', '700'], USD: ['1.00', '4.00'] };
const OPTIONS = [0.05, 0.1, 0.2, 0.5];

type Action =
  | { kind: 'bet'; player: number; size: number; rounds: number }
  | { kind: 'optIn'; player: number; option: number }
  | { kind: 'optOut'; player: number }
  | { kind: 'forceWin'; pot: number; player: number | null }
  | { kind: 'crashMidWin'; pot: number; player: number }
  | { kind: 'draw'; type: 'hourly' | 'daily' }
  | { kind: 'crashAfterDraw'; type: 'hourly' | 'daily' }
  | { kind: 'replay' }
  | { kind: 'advanceHour' };

const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('bet' as const), player: fc.nat(3), size: fc.nat(1), rounds: fc.integer({ min: 1, max: 3 }) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('optIn' as const), player: fc.nat(3), option: fc.nat(3) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('optOut' as const), player: fc.nat(3) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('forceWin' as const), pot: fc.nat(3), player: fc.option(fc.nat(3), { nil: null }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('crashMidWin' as const), pot: fc.nat(3), player: fc.nat(3) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('draw' as const), type: fc.constantFrom('hourly' as const, 'daily' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('crashAfterDraw' as const), type: fc.constantFrom('hourly' as const, 'daily' as const) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'replay' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'advanceHour' as const }) },
);

describe.each(DATABASES)('jackpot money under random play on $name', (database) => {
  let app: TestPlatform;
  let players: JackpotPlayer[] = [];
  let offsetMs = 0;
  const clock = () => new Date(Date.now() + offsetMs);

  beforeAll(async () => {
    app = await startPlatform(database, { auth: { enableSandboxAdmin: true }, settleIntervalMs: 0, jackpotIntervalMs: 0, jackpots: CONFIG, clock });
    players = await Promise.all(USERS.map((user) => jackpotPlayer(app, user)));
    for (const player of players) {
      await app.platform.services.ledger.post({ idempotencyKey: `property-topup-${player.id}`, walletId: player.walletId, kind: 'Deposit', entries: depositEntries(player.currency === 'JPY' ? 5_000_000n : player.currency === 'NOK' ? 5_000_000n : 500_000n) });
    }
  });
  afterAll(() => app?.close());

  /** A service like the platform's, over another ledger: another process, or one about to crash. */
  const serviceWith = (ledger: Ledger): JackpotService => {
    const s = app.platform.services;
    return createJackpotService({ db: s.db, ledger, events: s.events, jobs: s.jobs, content: s.content, brands: s.brands, clock, config: CONFIG });
  };
  /** A ledger that fails its n-th payout posting, as a process killed mid-payout would. */
  const crashingLedger = (failAt: number): Ledger => {
    const real = app.platform.services.ledger;
    let payouts = 0;
    return {
      ...real,
      async postWithin(tx, input) {
        if (input.kind === 'JackpotWin' || input.kind === 'RaffleWin') {
          payouts += 1;
          if (payouts === failAt) throw new Error('the process died here');
        }
        return real.postWithin(tx, input);
      },
    };
  };

  async function run(actions: Action[]): Promise<void> {
    const service = app.platform.services.jackpot;
    const db = app.platform.db;
    for (const step of actions) {
      const player = 'player' in step && step.player !== null ? players[step.player] as JackpotPlayer : null;
      switch (step.kind) {
        case 'bet':
          await playRounds(app, player as JackpotPlayer, BETS[(player as JackpotPlayer).currency]?.[step.size] as string, step.rounds);
          break;
        case 'optIn':
          await service.optIn({ instanceId: INSTANCE, playerId: (player as JackpotPlayer).id, brand: 'aurelia', playerCountry: 'FI', optIn: true, contributionValue: OPTIONS[step.option] as number });
          break;
        case 'optOut':
          await service.optIn({ instanceId: INSTANCE, playerId: (player as JackpotPlayer).id, brand: 'aurelia', playerCountry: 'FI', optIn: false, contributionValue: null });
          break;
        case 'forceWin':
          await service.forceWin(INSTANCE, POT_IDS[step.pot] as PotId, player?.id ?? null);
          break;
        case 'crashMidWin': {
          const instance = CONFIG.instances.get(INSTANCE);
          if (!instance) throw new Error('no instance');
          const winId = await db.transaction((tx) => dropNow(tx, instance, POT_IDS[step.pot] as PotId, (player as JackpotPlayer).id));
          await serviceWith(crashingLedger(2)).payWin(winId).catch(() => undefined);
          break;
        }
        case 'draw':
          await service.drawNow('aurelia', step.type);
          break;
        case 'crashAfterDraw': {
          const open = (await db.query<{ id: string }>(`select id from raffle_instances where brand = 'aurelia' and type = $1 and status = 'open' order by starts_at desc limit 1`, [step.type])).rows[0];
          if (open) {
            await db.transaction((tx) => recordDraw(tx, open.id, clock()));
            await serviceWith(crashingLedger(1)).draw(open.id).catch(() => undefined);
          }
          break;
        }
        case 'replay': {
          const win = (await db.query<{ id: string }>('select id from jackpot_wins order by random() limit 1')).rows[0];
          if (win) await service.payWin(win.id);
          const raffle = (await db.query<{ id: string }>(`select id from raffle_instances where status = 'drawn' order by random() limit 1`)).rows[0];
          if (raffle) await service.draw(raffle.id);
          break;
        }
        case 'advanceHour':
          offsetMs += 3_600_000;
          // The scheduled job's work: the windows that ended are drawn.
          await service.settle();
          break;
      }
    }
    // A restarted process finishes whatever a crash left.
    await serviceWith(app.platform.services.ledger).settle();
  }

  async function checkInvariants(): Promise<void> {
    const db = app.platform.db;
    // The ledger sums to zero, per currency, and every cached balance is its postings' sum.
    const sums = await db.query<{ currency: string; total: string }>(
      'select a.currency, sum(p.amount_minor)::text as total from ledger_postings p join ledger_accounts a on a.id = p.account_id group by a.currency');
    for (const row of sums.rows) expect(row, `the ${row.currency} ledger`).toEqual({ currency: row.currency, total: '0' });
    const drift = await db.query('select a.id from ledger_accounts a left join ledger_postings p on p.account_id = a.id group by a.id having a.balance_minor <> coalesce(sum(p.amount_minor), 0)');
    expect(drift.rows).toEqual([]);

    // Each pot: its seed for every cycle, plus its part of every contribution, minus what it paid out.
    const instance = CONFIG.instances.get(INSTANCE);
    if (!instance) throw new Error('no instance');
    const contributions = (await db.query<{ base: string }>('select base_minor::text as base from jackpot_contributions where instance_id = $1', [INSTANCE])).rows;
    const parts = Object.fromEntries(POT_IDS.map((id) => [id, 0n])) as Record<PotId, bigint>;
    for (const row of contributions) {
      const split = splitContribution(instance, BigInt(row.base));
      for (const id of POT_IDS) parts[id] += split[id];
    }
    const pots = (await db.query<{ pot_id: PotId; value: string; cycle: number }>('select pot_id, value_minor::text as value, cycle from jackpot_pots where instance_id = $1', [INSTANCE])).rows;
    for (const pot of pots) {
      const wins = (await db.query<{ n: number; total: string }>('select count(*)::int as n, coalesce(sum(amount_minor), 0)::text as total from jackpot_wins where instance_id = $1 and pot_id = $2', [INSTANCE, pot.pot_id])).rows[0];
      expect(pot.cycle).toBe((wins?.n ?? 0) + 1);
      const expected = instance.pots[pot.pot_id].seedMinor * BigInt(pot.cycle) + parts[pot.pot_id] - BigInt(wins?.total ?? '0');
      expect(BigInt(pot.value), `pot ${pot.pot_id}`).toBe(expected);
    }

    // Every win share and raffle prize is paid, each by exactly one posting of its amount.
    const unpaid = await db.query(`select 1 from jackpot_win_shares where paid_at is null and amount_minor > 0 union all select 1 from raffle_winners where paid_at is null`);
    expect(unpaid.rows).toEqual([]);
    const shareCheck = await db.query<{ key: string; expected: string; paid: string | null; postings: number }>(
      `select 'jackpot-win:' || s.win_id || ':' || s.player_id as key, s.amount_minor::text as expected,
              (select sum(p.amount_minor)::text from ledger_transactions t join ledger_postings p on p.transaction_id = t.id join ledger_accounts a on a.id = p.account_id
                where t.idempotency_key = 'jackpot-win:' || s.win_id || ':' || s.player_id and a.code = 'cash') as paid,
              (select count(*)::int from ledger_transactions t where t.idempotency_key = 'jackpot-win:' || s.win_id || ':' || s.player_id) as postings
         from jackpot_win_shares s where s.amount_minor > 0`);
    for (const row of shareCheck.rows) expect(row, row.key).toEqual({ key: row.key, expected: row.expected, paid: row.expected, postings: 1 });
    const prizeCheck = await db.query<{ key: string; expected: string; paid: string | null }>(
      `select 'raffle:' || w.raffle_id || ':' || w.rank as key, w.amount_minor::text as expected,
              (select sum(p.amount_minor)::text from ledger_transactions t join ledger_postings p on p.transaction_id = t.id join ledger_accounts a on a.id = p.account_id
                where t.idempotency_key = 'raffle:' || w.raffle_id || ':' || w.rank and a.code = 'cash') as paid
         from raffle_winners w`);
    for (const row of prizeCheck.rows) expect(row, row.key).toEqual({ key: row.key, expected: row.expected, paid: row.expected });
    // And nothing is paid that no share or prize owes.
    const stray = await db.query(
      `select t.idempotency_key from ledger_transactions t
        where (t.kind = 'JackpotWin' and not exists (select 1 from jackpot_win_shares s where t.idempotency_key = 'jackpot-win:' || s.win_id || ':' || s.player_id))
           or (t.kind = 'RaffleWin' and not exists (select 1 from raffle_winners w where t.idempotency_key = 'raffle:' || w.raffle_id || ':' || w.rank))`);
    expect(stray.rows).toEqual([]);

    // The pool account of each currency holds its contributions minus its payouts.
    const pools = await db.query<{ currency: string; balance: string; expected: string }>(
      `select a.currency, a.balance_minor::text as balance,
              ((select coalesce(sum(amount_minor), 0) from jackpot_contributions c where c.instance_id = $1 and c.currency = a.currency)
             - (select coalesce(sum(s.amount_minor), 0) from jackpot_win_shares s join jackpot_wins w on w.id = s.win_id where w.instance_id = $1 and s.currency = a.currency))::text as expected
         from ledger_accounts a where a.wallet_id is null and a.code = $2`,
      [INSTANCE, `house:jackpot-${INSTANCE}`]);
    for (const pool of pools.rows) expect(pool.balance, `the ${pool.currency} pool`).toBe(pool.expected);
    // Winners of a draw are distinct players, at most one per prize.
    const doubles = await db.query('select raffle_id from raffle_winners group by raffle_id, player_id having count(*) > 1');
    expect(doubles.rows).toEqual([]);
  }

  it('keeps the ledger, the pots and every payout exact', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 4, maxLength: 18 }), async (actions) => {
        await run(actions);
        await checkInvariants();
      }),
      { numRuns: database.name === 'pglite' ? 12 : 8, endOnFailure: true },
    );
    // The runs did what the property is about: natural and forced drops, shared pots, draws with winners.
    const { rows } = await app.platform.db.query<{ wins: number; community: number; prizes: number; contributions: number }>(
      `select (select count(*)::int from jackpot_wins) as wins, (select count(*)::int from jackpot_win_shares where community) as community,
              (select count(*)::int from raffle_winners) as prizes, (select count(*)::int from jackpot_contributions) as contributions`);
    expect(rows[0]?.contributions).toBeGreaterThan(0);
    expect(rows[0]?.wins).toBeGreaterThan(0);
    expect(rows[0]?.prizes).toBeGreaterThan(0);
  }, 600_000);
});

/**
 * The reward engine (issue 29): assignations of the brand's reward definitions (definitions.ts) to
 * players, their statuses over time, claiming, and the three variants on the real wallet:
 *
 * - MoneyDropReward: cash, a RewardCredit posting from house:rewards.
 * - BonusMoneyDropReward: a BonusCredit to the bonus balance and a reward_bonuses row; real-money
 *   stakes (onRealStake) wager it, oldest bonus first; when done it converts once (BonusConversion:
 *   the bonus leaves, at most maxPayout lands in cash, the rest goes back to house:bonus); not done by
 *   its expiry it is taken back (BonusForfeit, Expired); the player may give it up (Forfeited).
 * - FreeSpinReward: a reward_free_spins grant; a real round of that game at exactly that stake takes a
 *   spin instead of cash (takeFreeSpin, called by the game server), and its win is paid in cash.
 *
 * Every change of status is one transaction that locks the player's row first (as stakes do), then
 * the assignation: two claims of one reward (a double click, two tabs, two processes) credit once,
 * and the ledger keys (`reward:<id>:credit`, `…:convert`, `…:forfeit`) would refuse a second credit
 * even if they did not. Each change is published on rewardUpdated after its commit.
 *
 * Time: Scheduled → Unclaimed at starts_at and Unclaimed → Expired at expires_at run as one-off jobs
 * (jobs.at, keyed by the assignation id, so one process runs each), and a bonus's expiry likewise;
 * a periodic sweep applies whatever is due and was missed (a job lost with its process).
 */
import { randomUUID } from 'node:crypto';
import type { ContentStore } from '../content/store.ts';
import { localiseText } from '../content/resolve.ts';
import type { Db, Queryable } from '../db/db.ts';
import type { FreeSpinSource, StakeListener } from '../games/round-money.ts';
import { PlatformError } from '../graphql/errors.ts';
import type { RewardStatus } from '../graphql/generated/resolvers-types.ts';
import type { Jobs } from '../jobs/jobs.ts';
import type { Ledger, LedgerEntry, PostResult } from '../ledger/ledger.ts';
import { parseAmount } from '../ledger/money.ts';
import { lockPlayerForMoney } from '../players/limits.ts';
import type { EventBus, RewardUpdate } from '../realtime/events.ts';
import { DEFAULT_WAGERING_SECONDS, type RewardDefinition } from './definitions.ts';

/** Every status an assignation can have (spec section 3). */
export const REWARD_STATUSES = ['Credited', 'Expired', 'FailedProcessing', 'Processing', 'Removed', 'Scheduled', 'Unclaimed'] as const;
/** Bonus-like statuses (spec section 3). */
export const BONUS_STATUSES = ['Active', 'Converted', 'Expired', 'Forfeited'] as const;
/** A bonus's status. */
export type BonusStatus = (typeof BONUS_STATUSES)[number];

/** How long free spins stay playable once credited. */
export const FREE_SPINS_SECONDS = 7 * 86_400;
/** The one-off jobs' names. */
export const REWARD_JOBS = { start: 'reward-start', expire: 'reward-expire', bonusExpire: 'reward-bonus-expire' } as const;

/** One player's reward. */
export interface Assignation {
  id: string;
  playerId: string;
  brand: string;
  rewardId: string;
  reason: string;
  status: RewardStatus;
  definition: RewardDefinition;
  startsAt: Date;
  endsAt: Date | null;
  expiresAt: Date | null;
  assignedAt: Date;
  updatedAt: Date;
}

/** A bonus with its wagering. */
export interface Bonus {
  id: string;
  name: string;
  status: BonusStatus;
  currency: string;
  amountMinor: bigint;
  requiredMinor: bigint;
  wageredMinor: bigint;
  maxPayoutMinor: bigint;
  convertedMinor: bigint | null;
  expiresAt: Date;
  createdAt: Date;
  /** Percent of the wagering done, 0–100. */
  progress: number;
}

/** A free-spin grant. */
export interface FreeSpins {
  id: string;
  spinsTotal: number;
  spinsLeft: number;
  expiresAt: Date;
}

/** What another module (cashback, shop, calendar, promotions, sandbox) asks for. */
export interface AssignInput {
  playerId: string;
  rewardId: string;
  /** One per gift (a cashback week, a purchase): the same key assigns once and answers the same reward. */
  idempotencyKey: string;
  /** Why it is given, as stored on the assignation ("Weekly cashback", "Sandbox"). */
  reason: string;
  /** Start later than now (and than the definition's startsAt). */
  startsAt?: Date;
  /**
   * The amount of this gift when it is computed (a cashback's percentage of losses): replaces a money
   * or bonus money drop's `amount` in the definition the assignation keeps. Not for free spins.
   */
  amount?: string;
}

/** The service. */
export interface RewardsService {
  /** Gives a player a reward of their brand's rewards.json, once per idempotency key. */
  assign(input: AssignInput): Promise<Assignation>;
  /** Claims an Unclaimed reward of the player (idempotent: a Credited one answers as it is). */
  claim(playerId: string, assignationId: string): Promise<Assignation>;
  /** The player's rewards with these statuses (all when null): the last `last` by startsAt, in that order or reversed. */
  list(playerId: string, options: { statuses: readonly RewardStatus[] | null; last: number; ascending: boolean }): Promise<Assignation[]>;
  /** One reward of the player, or null. */
  get(playerId: string, assignationId: string): Promise<Assignation | null>;
  /** The player's bonuses with these statuses, oldest first. */
  bonuses(playerId: string, statuses: readonly BonusStatus[]): Promise<Bonus[]>;
  /** The free spins credited by an assignation, or null. */
  freeSpins(assignationId: string): Promise<FreeSpins | null>;
  /** The player gives an active bonus up: its amount leaves the bonus balance. */
  forfeitBonus(playerId: string, bonusId: string): Promise<Bonus>;
  /** Operator (sandbox): moves an assignation to a status through the path that status takes. */
  setStatus(assignationId: string, status: RewardStatus): Promise<Assignation>;
  /** Scheduled → Unclaimed once due (and an automatic reward credited). */
  start(assignationId: string): Promise<void>;
  /** Unclaimed → Expired once due. */
  expire(assignationId: string): Promise<void>;
  /** An active bonus past its time is taken back. */
  expireBonus(bonusId: string): Promise<void>;
  /** Applies every transition that is due (the periodic safety net; tests call it). */
  sweep(): Promise<void>;
  /** The game server's hook: wagering of every real-money stake. */
  onRealStake: StakeListener;
  /** The game server's hook: a free spin for a round, if the player holds one. */
  takeFreeSpin: FreeSpinSource;
  /** What rewardUpdated carries for an assignation. */
  event(assignation: Assignation): RewardUpdate;
  /** Registers the sweep (every intervalMs; 0: none) and, when work waits, the one-off jobs' workers. */
  startJobs(intervalMs: number): Promise<void>;
}

/** What the service is built from. */
export interface RewardsServiceOptions {
  db: Db;
  ledger: Ledger;
  events: EventBus;
  jobs: Jobs;
  content: ContentStore;
  clock: () => Date;
}

interface AssignationRow {
  id: string;
  player_id: string;
  brand: string;
  reward_id: string;
  reason: string;
  status: RewardStatus;
  definition: RewardDefinition | string;
  starts_at: string;
  ends_at: string | null;
  expires_at: string | null;
  assigned_at: string;
  updated_at: string;
}

const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ${column}`;
const COLUMNS = `id, player_id, brand, reward_id, reason, status, definition, ${['starts_at', 'ends_at', 'expires_at', 'assigned_at', 'updated_at'].map(iso).join(', ')}`;
const BONUS_COLUMNS = `b.id, b.currency, b.amount_minor::text as amount, b.required_minor::text as required, b.wagered_minor::text as wagered,
  b.max_payout_minor::text as max_payout, b.converted_minor::text as converted, b.status, ${iso('b.expires_at').replace(' as b.expires_at', ' as expires_at')},
  ${iso('b.created_at').replace(' as b.created_at', ' as created_at')}, a.definition`;

interface BonusRow {
  id: string;
  currency: string;
  amount: string;
  required: string;
  wagered: string;
  max_payout: string;
  converted: string | null;
  status: BonusStatus;
  expires_at: string;
  created_at: string;
  definition: RewardDefinition | string;
}

function toAssignation(row: AssignationRow): Assignation {
  return {
    id: row.id,
    playerId: row.player_id,
    brand: row.brand,
    rewardId: row.reward_id,
    reason: row.reason,
    status: row.status,
    definition: typeof row.definition === 'string' ? (JSON.parse(row.definition) as RewardDefinition) : row.definition,
    startsAt: new Date(row.starts_at),
    endsAt: row.ends_at ? new Date(row.ends_at) : null,
    expiresAt: row.expires_at ? new Date(row.expires_at) : null,
    assignedAt: new Date(row.assigned_at),
    updatedAt: new Date(row.updated_at),
  };
}

/** Percent done, floored, 0–100 (a requirement of 0 is done). */
function percent(done: bigint, required: bigint): number {
  if (required <= 0n) return 100;
  const value = Number((done * 100n) / required);
  return Math.max(0, Math.min(100, value));
}

function toBonus(row: BonusRow): Bonus {
  const definition = typeof row.definition === 'string' ? (JSON.parse(row.definition) as RewardDefinition) : row.definition;
  const required = BigInt(row.required);
  const wagered = BigInt(row.wagered);
  return {
    id: row.id,
    name: localiseText(definition.name, 'en'),
    status: row.status,
    currency: row.currency,
    amountMinor: BigInt(row.amount),
    requiredMinor: required,
    wageredMinor: wagered,
    maxPayoutMinor: BigInt(row.max_payout),
    convertedMinor: row.converted === null ? null : BigInt(row.converted),
    expiresAt: new Date(row.expires_at),
    createdAt: new Date(row.created_at),
    progress: percent(wagered, required),
  };
}

/**
 * The wagering progress of a wallet's active bonuses (percent, all of them together), or null when it
 * has none: what every balance update carries (the ledger calls it after each posting).
 */
export async function wageringProgressOf(tx: Queryable, walletId: string): Promise<number | null> {
  const { rows } = await tx.query<{ required: string | null; wagered: string | null }>(
    `select sum(required_minor)::text as required, sum(wagered_minor)::text as wagered from reward_bonuses where wallet_id = $1 and status = 'Active'`,
    [walletId],
  );
  const row = rows[0];
  if (!row || row.required === null || row.wagered === null) return null;
  return percent(BigInt(row.wagered), BigInt(row.required));
}

/** An amount of a definition in minor units (definitions are checked when read, so this does not fail on content). */
function minor(text: string, currency: string): bigint {
  return parseAmount(text, currency);
}

/** Creates the service. */
export function createRewardsService(options: RewardsServiceOptions): RewardsService {
  const { db, ledger, events, jobs, content, clock } = options;
  let workers: Promise<void> | null = null;

  async function load(on: Queryable, id: string, lock = false): Promise<Assignation | null> {
    const { rows } = await on.query<AssignationRow>(`select ${COLUMNS} from reward_assignations where id = $1${lock ? ' for update' : ''}`, [id]);
    return rows[0] ? toAssignation(rows[0]) : null;
  }

  async function setRow(tx: Queryable, id: string, status: RewardStatus, now: Date, failure: string | null = null): Promise<Assignation> {
    const { rows } = await tx.query<AssignationRow>(
      `update reward_assignations set status = $2, updated_at = $3, failure = $4, credited_at = case when $2 = 'Credited' then $3 else credited_at end
        where id = $1 returning ${COLUMNS}`,
      [id, status, now, failure],
    );
    return toAssignation(rows[0] as AssignationRow);
  }

  function event(assignation: Assignation): RewardUpdate {
    const definition = assignation.definition;
    const now = clock().getTime();
    return {
      reward: {
        rewardId: assignation.rewardId,
        name: localiseText(definition.name, 'en'),
        rewardType: definition.rewardType,
        claimType: definition.claimType,
        rewardReason: definition.rewardReason ?? null,
        startsAt: assignation.startsAt.toISOString(),
        endsAt: assignation.endsAt?.toISOString() ?? null,
        expiresIn: assignation.expiresAt ? Math.max(0, Math.floor((assignation.expiresAt.getTime() - now) / 1000)) : null,
      },
      status: assignation.status,
      assignationId: assignation.id,
    };
  }

  function announce(assignation: Assignation): void {
    events.publish(assignation.playerId, 'rewardUpdated', event(assignation));
  }

  /** The one-off jobs' workers, registered in this process on first need (pg-boss starts then, not with every platform). */
  function ensureWorkers(): Promise<void> {
    workers ??= Promise.all([
      jobs.handle<{ id: string }>(REWARD_JOBS.start, (payload) => runDue(REWARD_JOBS.start, payload.id)),
      jobs.handle<{ id: string }>(REWARD_JOBS.expire, (payload) => runDue(REWARD_JOBS.expire, payload.id)),
      jobs.handle<{ id: string }>(REWARD_JOBS.bonusExpire, (payload) => runDue(REWARD_JOBS.bonusExpire, payload.id)),
    ]).then(() => undefined);
    workers.catch((error: unknown) => {
      workers = null;
      console.error(`[platform] reward jobs not registered (the sweep applies due changes meanwhile): ${(error as Error).message}`);
    });
    return workers;
  }

  /** Schedules a one-off job; a failure is logged and left to the sweep. */
  async function schedule(name: string, id: string, when: Date): Promise<void> {
    try {
      await ensureWorkers();
      // The platform's clock may be moved (tests): the job waits as long on the wall clock.
      const wait = Math.max(0, when.getTime() - clock().getTime());
      await jobs.at(name, id, new Date(Date.now() + wait), { id });
    } catch (error) {
      console.error(`[platform] ${name} of ${id} not scheduled (the sweep applies it when due): ${(error as Error).message}`);
    }
  }

  /** A job's run: applies its change if due; early by the platform's clock, it schedules itself again. */
  async function runDue(name: string, id: string): Promise<void> {
    if (name === REWARD_JOBS.bonusExpire) {
      const { rows } = await db.query<{ expires_at: string }>(`select ${iso('expires_at')} from reward_bonuses where id = $1 and status = 'Active'`, [id]);
      const due = rows[0] ? new Date(rows[0].expires_at) : null;
      if (due && due > clock()) return void (await schedule(name, id, due));
      return expireBonus(id);
    }
    const found = await load(db, id);
    if (!found) return;
    const due = name === REWARD_JOBS.start ? found.startsAt : found.expiresAt;
    if (due && due > clock()) return void (await schedule(name, id, due));
    return name === REWARD_JOBS.start ? start(id) : expire(id);
  }

  async function walletOf(on: Queryable, playerId: string): Promise<{ id: string; currency: string; brand: string; blocked: boolean }> {
    const { rows } = await on.query<{ id: string; currency: string; brand: string; blocked: boolean | null }>(
      `select w.id, w.currency, p.brand, c.is_rewards_blocked as blocked
         from players p join wallets w on w.player_id = p.id left join customers c on c.player_id = p.id where p.id = $1`,
      [playerId],
    );
    const row = rows[0];
    if (!row) throw new PlatformError('NotFound', `No player "${playerId}" with a wallet`);
    return { id: row.id, currency: row.currency, brand: row.brand, blocked: row.blocked ?? false };
  }

  interface Credited {
    posted: PostResult[];
    bonusExpiry: { id: string; at: Date } | null;
  }

  /** Credits an assignation's variant inside tx (the row is locked and Unclaimed). */
  async function credit(tx: Queryable, assignation: Assignation, now: Date): Promise<Credited> {
    const definition = assignation.definition;
    const wallet = await walletOf(tx, assignation.playerId);
    if (definition.currency !== wallet.currency) {
      throw new PlatformError('BadUserInput', `Reward "${assignation.rewardId}" is in ${definition.currency} but the wallet is in ${wallet.currency}: give this player a reward in ${wallet.currency}`);
    }
    const key = `reward:${assignation.id}`;
    const metadata = { assignationId: assignation.id, rewardId: assignation.rewardId };
    if (definition.variant === 'MoneyDropReward') {
      const amount = minor(definition.amount, definition.currency);
      const posted = await ledger.postWithin(tx, {
        idempotencyKey: `${key}:credit`, walletId: wallet.id, kind: 'RewardCredit', metadata,
        entries: [{ account: 'cash', amountMinor: amount }, { account: 'house:rewards', amountMinor: -amount }],
      });
      return { posted: [posted], bonusExpiry: null };
    }
    if (definition.variant === 'BonusMoneyDropReward') {
      const amount = minor(definition.amount, definition.currency);
      const required = (amount * BigInt(Math.round(definition.wageringRequirementFactor * 100))) / 100n;
      const expiresAt = new Date(now.getTime() + (definition.wageringExpiresIn ?? DEFAULT_WAGERING_SECONDS) * 1000);
      await tx.query(
        `insert into reward_bonuses (id, player_id, wallet_id, currency, amount_minor, required_minor, max_payout_minor, status, expires_at, created_at, updated_at)
         values ($1, $2, $3, $4, $5, $6, $7, 'Active', $8, $9, $9)`,
        [assignation.id, assignation.playerId, wallet.id, wallet.currency, amount.toString(), required.toString(), minor(definition.maxPayout, definition.currency).toString(), expiresAt, now],
      );
      const posted = [await ledger.postWithin(tx, {
        idempotencyKey: `${key}:credit`, walletId: wallet.id, kind: 'BonusCredit', metadata,
        entries: [{ account: 'bonus', amountMinor: amount }, { account: 'house:bonus', amountMinor: -amount }],
      })];
      // Nothing to wager: it converts at once.
      if (required === 0n) {
        const converted = await convert(tx, assignation.id, wallet.id, now);
        if (converted) posted.push(converted);
        return { posted, bonusExpiry: null };
      }
      return { posted, bonusExpiry: { id: assignation.id, at: expiresAt } };
    }
    const game = await tx.query<{ id: string }>('select id from games where slug = $1', [definition.game]);
    const gameId = game.rows[0]?.id;
    if (!gameId) throw new PlatformError('BadUserInput', `Reward "${assignation.rewardId}" names game "${definition.game}", which is not in the catalogue`);
    await tx.query(
      `insert into reward_free_spins (id, player_id, game_id, currency, bet_minor, spins_total, spins_left, expires_at, created_at)
       values ($1, $2, $3, $4, $5, $6, $6, $7, $8)`,
      [assignation.id, assignation.playerId, gameId, definition.currency, minor(definition.value, definition.currency).toString(), definition.amount, new Date(now.getTime() + FREE_SPINS_SECONDS * 1000), now],
    );
    return { posted: [], bonusExpiry: null };
  }

  /** Converts a bonus whose wagering is done, once (the row update is the guard, the ledger key a second one). */
  async function convert(tx: Queryable, bonusId: string, walletId: string, now: Date): Promise<PostResult | null> {
    const { rows } = await tx.query<{ amount: string; max_payout: string }>(
      `update reward_bonuses set status = 'Converted', updated_at = $2 where id = $1 and status = 'Active'
       returning amount_minor::text as amount, max_payout_minor::text as max_payout`,
      [bonusId, now],
    );
    const row = rows[0];
    if (!row) return null;
    // The bonus balance holds the bonuses' amounts (stakes take cash only); never take more than is there.
    const held = (await ledger.balances(walletId, tx)).bonus;
    const amount = BigInt(row.amount) < held ? BigInt(row.amount) : held;
    const cap = BigInt(row.max_payout);
    const paid = amount < cap ? amount : cap;
    await tx.query('update reward_bonuses set converted_minor = $2 where id = $1', [bonusId, paid.toString()]);
    if (amount === 0n) return null;
    const entries: LedgerEntry[] = [{ account: 'bonus', amountMinor: -amount }];
    if (paid > 0n) entries.push({ account: 'cash', amountMinor: paid });
    if (amount - paid > 0n) entries.push({ account: 'house:bonus', amountMinor: amount - paid });
    return ledger.postWithin(tx, { idempotencyKey: `reward:${bonusId}:convert`, walletId, kind: 'BonusConversion', entries, metadata: { bonusId } });
  }

  /** Takes an active bonus back (Expired or Forfeited); null when it was not active. */
  async function takeBack(playerId: string, bonusId: string, status: 'Expired' | 'Forfeited', onlyIfDue: boolean): Promise<Bonus | null> {
    const now = clock();
    const posted = await db.transaction(async (tx) => {
      await lockPlayerForMoney(tx, playerId);
      const { rows } = await tx.query<{ wallet_id: string; amount: string }>(
        `update reward_bonuses set status = $2, updated_at = $3 where id = $1 and player_id = $4 and status = 'Active'${onlyIfDue ? ' and expires_at <= $3' : ''}
         returning wallet_id, amount_minor::text as amount`,
        [bonusId, status, now, playerId],
      );
      const row = rows[0];
      if (!row) return null;
      const held = (await ledger.balances(row.wallet_id, tx)).bonus;
      const amount = BigInt(row.amount) < held ? BigInt(row.amount) : held;
      if (amount === 0n) return [];
      return [await ledger.postWithin(tx, {
        idempotencyKey: `reward:${bonusId}:forfeit`, walletId: row.wallet_id, kind: 'BonusForfeit', metadata: { bonusId, status },
        entries: [{ account: 'bonus', amountMinor: -amount }, { account: 'house:bonus', amountMinor: amount }],
      })];
    });
    if (posted === null) return null;
    for (const posting of posted) ledger.publish(posting);
    return (await bonuses(playerId, BONUS_STATUSES)).find((bonus) => bonus.id === bonusId) ?? null;
  }

  async function expireBonus(bonusId: string): Promise<void> {
    const { rows } = await db.query<{ player_id: string }>('select player_id from reward_bonuses where id = $1', [bonusId]);
    if (rows[0]) await takeBack(rows[0].player_id, bonusId, 'Expired', true);
  }

  async function bonuses(playerId: string, statuses: readonly BonusStatus[]): Promise<Bonus[]> {
    const { rows } = await db.query<BonusRow>(
      `select ${BONUS_COLUMNS} from reward_bonuses b join reward_assignations a on a.id = b.id
        where b.player_id = $1 and b.status = any($2::text[]) order by b.created_at, b.id`,
      [playerId, [...statuses]],
    );
    return rows.map(toBonus);
  }

  /**
   * Credits an assignation now (a claim, or an automatic reward's start). `how` says who asks: a
   * player's claim is refused with a reason; an automatic credit that cannot be made is marked
   * FailedProcessing with it instead.
   */
  async function creditNow(playerId: string, assignationId: string, how: 'claim' | 'automatic'): Promise<Assignation> {
    const now = clock();
    const outcome = await db.transaction(async (tx) => {
      await lockPlayerForMoney(tx, playerId);
      const found = await load(tx, assignationId, true);
      if (!found || found.playerId !== playerId) throw new PlatformError('NotFound', `No reward "${assignationId}" for this player: use an assignationId from viewer.rewards`);
      if (found.status === 'Credited') return { assignation: found, changed: false, credited: null, refusal: null };
      let current = found;
      if (current.status === 'Scheduled' && current.startsAt <= now) current = await setRow(tx, current.id, 'Unclaimed', now);
      if (current.status === 'Unclaimed' && current.expiresAt && current.expiresAt <= now) {
        const expired = await setRow(tx, current.id, 'Expired', now);
        return { assignation: expired, changed: true, credited: null, refusal: new PlatformError('RewardNotClaimable', `This reward expired at ${expired.expiresAt?.toISOString()}: it can no longer be claimed`, { status: 'Expired' }) };
      }
      if (current.status !== 'Unclaimed') {
        const why = current.status === 'Scheduled'
          ? `it starts at ${current.startsAt.toISOString()}: claim it then`
          : `it is ${current.status}; only Unclaimed rewards can be claimed`;
        const refusal = new PlatformError('RewardNotClaimable', `This reward cannot be claimed: ${why}`, { status: current.status });
        if (how === 'claim') throw refusal;
        return { assignation: current, changed: current !== found, credited: null, refusal: null };
      }
      const wallet = await walletOf(tx, playerId);
      let refusal: PlatformError | null = null;
      if (wallet.blocked) refusal = new PlatformError('RewardsBlocked', 'Rewards are blocked on this account (customer.isRewardsBlocked): no reward can be claimed; contact support');
      let credited: Credited | null = null;
      if (!refusal) {
        try {
          credited = await credit(tx, current, now);
        } catch (error) {
          if (!(error instanceof PlatformError) || how === 'claim') throw error;
          refusal = error;
        }
      }
      if (refusal) {
        if (how === 'claim') throw refusal;
        const failed = await setRow(tx, current.id, 'FailedProcessing', now, refusal.message);
        return { assignation: failed, changed: true, credited: null, refusal: null };
      }
      return { assignation: await setRow(tx, current.id, 'Credited', now), changed: true, credited, refusal: null };
    });
    for (const posting of outcome.credited?.posted ?? []) ledger.publish(posting);
    if (outcome.changed) announce(outcome.assignation);
    if (outcome.credited?.bonusExpiry) await schedule(REWARD_JOBS.bonusExpire, outcome.credited.bonusExpiry.id, outcome.credited.bonusExpiry.at);
    if (outcome.refusal) throw outcome.refusal;
    return outcome.assignation;
  }

  /** Moves a row from one status to another if it still has it (and, with due, only once due). */
  async function transition(assignationId: string, from: RewardStatus[], to: RewardStatus, due?: 'starts_at' | 'expires_at'): Promise<Assignation | null> {
    const now = clock();
    const { rows } = await db.query<AssignationRow>(
      `update reward_assignations set status = $3, updated_at = $4
        where id = $1 and status = any($2::text[])${due ? ` and ${due} <= $4` : ''} returning ${COLUMNS}`,
      [assignationId, from, to, now],
    );
    if (!rows[0]) return null;
    const changed = toAssignation(rows[0]);
    announce(changed);
    return changed;
  }

  async function start(assignationId: string): Promise<void> {
    const started = await transition(assignationId, ['Scheduled'], 'Unclaimed', 'starts_at');
    if (!started) return;
    if (started.definition.claimType === 'automatic') await creditNow(started.playerId, started.id, 'automatic');
    else if (started.expiresAt) await schedule(REWARD_JOBS.expire, started.id, started.expiresAt);
  }

  async function expire(assignationId: string): Promise<void> {
    await transition(assignationId, ['Unclaimed'], 'Expired', 'expires_at');
  }

  async function assign(input: AssignInput): Promise<Assignation> {
    const key = input.idempotencyKey.trim();
    if (!key || key.length > 200) throw new PlatformError('BadUserInput', 'idempotencyKey must be 1 to 200 characters: one per gift, the same when retrying it');
    const reason = input.reason.trim();
    if (!reason || reason.length > 100) throw new PlatformError('BadUserInput', 'reason must be 1 to 100 characters (why the reward is given)');
    const replay = async (): Promise<Assignation | null> => {
      const { rows } = await db.query<AssignationRow>(`select ${COLUMNS} from reward_assignations where idempotency_key = $1`, [key]);
      if (!rows[0]) return null;
      const earlier = toAssignation(rows[0]);
      if (earlier.playerId !== input.playerId || earlier.rewardId !== input.rewardId) {
        throw new PlatformError('IdempotencyConflict', `idempotencyKey "${key}" already gave reward "${earlier.rewardId}" to another assignment: use a new key for a new gift`);
      }
      return earlier;
    };
    const earlier = await replay();
    if (earlier) return earlier;

    const wallet = await walletOf(db, input.playerId);
    const definitions = await content.rewards(wallet.brand);
    const found = definitions.find((entry) => entry.rewardId === input.rewardId);
    if (!found) {
      throw new PlatformError('BadUserInput', `No reward "${input.rewardId}" in content/${wallet.brand}/rewards.json: use one of ${definitions.map((entry) => entry.rewardId).join(', ') || '(none: add rewards to the file)'}`);
    }
    let definition: RewardDefinition = found;
    if (input.amount !== undefined) {
      if (found.variant === 'FreeSpinReward') throw new PlatformError('BadUserInput', `Reward "${found.rewardId}" is free spins: an amount can only be given to a money or bonus money drop`);
      parseAmount(input.amount, found.currency, 'amount');
      definition = { ...found, amount: input.amount };
    }
    if (definition.currency !== wallet.currency) {
      throw new PlatformError('BadUserInput', `Reward "${definition.rewardId}" is in ${definition.currency} but the player's wallet is in ${wallet.currency}: give a reward in ${wallet.currency}`);
    }
    const now = clock();
    const endsAt = definition.endsAt ? new Date(definition.endsAt) : null;
    const startsAt = new Date(Math.max(now.getTime(), input.startsAt?.getTime() ?? 0, definition.startsAt ? Date.parse(definition.startsAt) : 0));
    if (endsAt && endsAt <= startsAt) {
      throw new PlatformError('BadUserInput', `Reward "${definition.rewardId}" ends at ${endsAt.toISOString()}, before it would start (${startsAt.toISOString()}): it can no longer be given`);
    }
    const fromStart = definition.expiresIn ? new Date(startsAt.getTime() + definition.expiresIn * 1000) : null;
    const expiresAt = endsAt && fromStart ? (endsAt < fromStart ? endsAt : fromStart) : (endsAt ?? fromStart);
    const status: RewardStatus = startsAt <= now ? 'Unclaimed' : 'Scheduled';
    const { rows } = await db.query<AssignationRow>(
      `insert into reward_assignations (id, player_id, brand, reward_id, idempotency_key, reason, status, definition, starts_at, ends_at, expires_at, assigned_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12)
       on conflict (idempotency_key) do nothing returning ${COLUMNS}`,
      [randomUUID(), input.playerId, wallet.brand, definition.rewardId, key, reason, status, JSON.stringify(definition), startsAt, endsAt, expiresAt, now],
    );
    // Another request with the key got there first.
    if (!rows[0]) return (await replay()) as Assignation;
    const assignation = toAssignation(rows[0]);
    announce(assignation);
    if (status === 'Scheduled') {
      await schedule(REWARD_JOBS.start, assignation.id, startsAt);
      return assignation;
    }
    if (definition.claimType === 'automatic') return creditNow(assignation.playerId, assignation.id, 'automatic');
    if (expiresAt) await schedule(REWARD_JOBS.expire, assignation.id, expiresAt);
    return assignation;
  }

  async function sweep(): Promise<void> {
    const now = clock();
    const due = async (sql: string) => (await db.query<{ id: string }>(`${sql} limit 500`, [now])).rows.map((row) => row.id);
    const starts = await due(`select id from reward_assignations where status = 'Scheduled' and starts_at <= $1 order by starts_at`);
    const expiries = await due(`select id from reward_assignations where status = 'Unclaimed' and expires_at <= $1 order by expires_at`);
    // An automatic reward left Unclaimed (its process stopped between the start and the credit).
    const automatic = await due(`select id from reward_assignations where status = 'Unclaimed' and definition->>'claimType' = 'automatic' and starts_at <= $1 and (expires_at is null or expires_at > $1)`);
    const bonusesDue = await due(`select id from reward_bonuses where status = 'Active' and expires_at <= $1 order by expires_at`);
    if (starts.length + expiries.length + automatic.length + bonusesDue.length > 0) void ensureWorkers();
    for (const id of starts) await start(id);
    for (const id of expiries) await expire(id);
    for (const id of automatic) {
      const found = await load(db, id);
      if (found) await creditNow(found.playerId, id, 'automatic');
    }
    for (const id of bonusesDue) await expireBonus(id);
  }

  return {
    assign,
    claim: (playerId, assignationId) => creditNow(playerId, assignationId, 'claim'),
    async list(playerId, { statuses, last, ascending }) {
      const { rows } = await db.query<AssignationRow>(
        `select * from (select ${COLUMNS} from reward_assignations where player_id = $1 and ($2::text[] is null or status = any($2::text[]))
          order by starts_at desc, assigned_at desc, id desc limit $3) last_ones
          order by starts_at ${ascending ? 'asc' : 'desc'}, assigned_at ${ascending ? 'asc' : 'desc'}, id`,
        [playerId, statuses ? [...statuses] : null, last],
      );
      return rows.map(toAssignation);
    },
    async get(playerId, assignationId) {
      const found = await load(db, assignationId);
      return found && found.playerId === playerId ? found : null;
    },
    bonuses,
    async freeSpins(assignationId) {
      const { rows } = await db.query<{ id: string; spins_total: number; spins_left: number; expires_at: string }>(
        `select id, spins_total, spins_left, ${iso('expires_at')} from reward_free_spins where id = $1`,
        [assignationId],
      );
      const row = rows[0];
      return row ? { id: row.id, spinsTotal: row.spins_total, spinsLeft: row.spins_left, expiresAt: new Date(row.expires_at) } : null;
    },
    async forfeitBonus(playerId, bonusId) {
      const taken = await takeBack(playerId, bonusId, 'Forfeited', false);
      if (taken) return taken;
      const existing = (await bonuses(playerId, BONUS_STATUSES)).find((bonus) => bonus.id === bonusId);
      if (!existing) throw new PlatformError('NotFound', `No bonus "${bonusId}" for this player: use an id from viewer.bonuses`);
      if (existing.status === 'Forfeited') return existing;
      throw new PlatformError('BadUserInput', `This bonus is ${existing.status}: only an Active bonus can be forfeited`);
    },
    async setStatus(assignationId, status) {
      const found = await load(db, assignationId);
      if (!found) throw new PlatformError('NotFound', `No reward assignation "${assignationId}"`);
      if (found.status === status) return found;
      let changed: Assignation | null = null;
      if (status === 'Credited') return creditNow(found.playerId, assignationId, 'claim');
      if (status === 'Unclaimed') changed = await transition(assignationId, ['Scheduled', 'FailedProcessing'], 'Unclaimed');
      else if (status === 'Removed' || status === 'Expired') changed = await transition(assignationId, ['Scheduled', 'Unclaimed', 'FailedProcessing'], status);
      if (!changed) {
        throw new PlatformError('BadUserInput', `Cannot move a ${found.status} reward to ${status}: Scheduled/FailedProcessing → Unclaimed, Scheduled/Unclaimed/FailedProcessing → Removed or Expired, Unclaimed → Credited`);
      }
      if (changed.status === 'Unclaimed' && changed.definition.claimType === 'automatic') return creditNow(changed.playerId, changed.id, 'automatic');
      if (changed.status === 'Unclaimed' && changed.expiresAt) await schedule(REWARD_JOBS.expire, changed.id, changed.expiresAt);
      return changed;
    },
    start,
    expire,
    expireBonus,
    sweep,

    async onRealStake(tx, stake, posted) {
      const now = clock();
      const { rows } = await tx.query<{ id: string; required: string; wagered: string }>(
        `select id, required_minor::text as required, wagered_minor::text as wagered from reward_bonuses
          where wallet_id = $1 and status = 'Active' and expires_at > $2 order by created_at, id for update`,
        [stake.walletId, now],
      );
      if (rows.length === 0) return;
      let left = stake.betMinor;
      let converted = false;
      for (const row of rows) {
        if (left <= 0n) break;
        const need = BigInt(row.required) - BigInt(row.wagered);
        const add = left < need ? left : need;
        left -= add;
        if (add > 0n) await tx.query('update reward_bonuses set wagered_minor = wagered_minor + $2, updated_at = $3 where id = $1', [row.id, add.toString(), now]);
        if (add === need) {
          const conversion = await convert(tx, row.id, stake.walletId, now);
          if (conversion) posted.push(conversion);
          converted = true;
        }
      }
      // The stake's own balance update carries the progress its wagering made: 100 when it completed
      // the last active bonus (the conversion's own update, after it, has none left).
      const stakePosting = posted.find((posting) => posting.idempotencyKey === stake.stakeKey);
      if (stakePosting) stakePosting.wageringProgress = (await wageringProgressOf(tx, stake.walletId)) ?? (converted ? 100 : null);
    },

    async takeFreeSpin(tx, spin) {
      const { rows } = await tx.query<{ id: string }>(
        `update reward_free_spins set spins_left = spins_left - 1
          where id = (select id from reward_free_spins
                       where player_id = $1 and game_id = $2 and currency = $3 and bet_minor = $4 and spins_left > 0 and expires_at > $5
                       order by expires_at, id limit 1 for update)
          returning id`,
        [spin.playerId, spin.gameId, spin.currency, spin.betMinor.toString(), clock()],
      );
      return rows[0]?.id ?? null;
    },

    event,

    async startJobs(intervalMs) {
      if (intervalMs > 0) jobs.every('rewards-sweep', intervalMs, sweep);
      // Workers for the one-off jobs, if any wait: a process started after they were scheduled runs them too.
      const { rows } = await db.query<{ waiting: boolean }>(
        `select exists (select 1 from reward_assignations where status in ('Scheduled', 'Unclaimed') and (status = 'Scheduled' or expires_at is not null))
             or exists (select 1 from reward_bonuses where status = 'Active') as waiting`,
      );
      if (rows[0]?.waiting) void ensureWorkers();
    },
  };
}

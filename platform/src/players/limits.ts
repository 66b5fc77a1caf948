/**
 * Responsible-gambling limits the platform enforces (spec sections 3 and 6; which limits a licence
 * offers, their periods and the cooling-off come from shared/licences.ts):
 *
 * - Deposit: what the player may deposit in a rolling window (the last 24 hours, 7 or 30 days).
 *   Deposits count from the moment they are initiated (a pending deposit holds its share) until they
 *   are cancelled or rolled back; pay-and-play deposits count when the bank confirms them.
 * - Loss (casino) and GlobalLoss (casino and sports): stakes minus wins on the player's cash in the
 *   window. A stake that would take the loss past the limit is refused. A jackpot contribution is
 *   part of a casino stake (money the player puts at risk) and a jackpot win a casino win, so both
 *   count; a contribution that would pass a limit is left out of its round (the jackpot service
 *   asks `lossLimitsLeaveRoom`). Raffle prizes are free draws, like bonus credits: they do not.
 * - Session: the longest a signed-in session may play; after it, launches and bets are refused.
 *
 * A new limit and a decrease apply at once. An increase or a removal waits the licence's cooling-off
 * and is pending until then; every check reads a pending change whose time has come as in force, so
 * nothing has to apply it. customer.isIncreaseDepositLimitBlocked refuses increases and removals of
 * deposit limits. Every request is kept in player_limit_history.
 *
 * The checks run inside the money's transaction, after `lockPlayerForMoney` has taken the player's
 * row for update: two deposits (or two stakes) of one player are then counted one after the other,
 * so racing requests can never together pass a limit. Times come from the clock passed in, so tests
 * can move past a cooling-off; a window counts everything since its start (no upper bound), so a
 * database clock ahead of the platform's can never hide a deposit just made.
 */
import type { Licence } from '../../../shared/brand-schema.ts';
import { licenceProfile, limitPeriods, PERIOD_HOURS, type LimitKind, type LimitPeriod } from '../../../shared/licences.ts';
import type { Queryable } from '../db/db.ts';
import { PlatformError } from '../graphql/errors.ts';
import { formatMinor, parseAmount, walletCeilingMinor } from '../ledger/money.ts';

/** Where the platform reads the time (tests move it forward). */
export type Clock = () => Date;

/** A limit as it stands at a moment, any due pending change folded in. */
export interface LimitState {
  kind: LimitKind;
  /** Day, Week or Month; Session for the session limit. */
  period: LimitPeriod | 'Session';
  /** In force now: minor units of the wallet's currency, or minutes for Session. */
  value: bigint;
  /** A change waiting for its cooling-off: the new value, or null for a removal. */
  pending: { value: bigint | null; effectiveAt: Date } | null;
}

/** One entry of the limit history. */
export interface LimitHistoryEntry {
  kind: LimitKind;
  period: LimitPeriod | 'Session';
  action: 'Set' | 'Decreased' | 'IncreaseRequested' | 'RemovalRequested' | 'PendingCancelled';
  value: bigint | null;
  previousValue: bigint | null;
  effectiveAt: Date;
  createdAt: Date;
}

interface LimitRow {
  kind: LimitKind;
  period: LimitPeriod | 'Session';
  value: string | null;
  pending_value: string | null;
  pending_removal: boolean;
  pending_effective_at: Date | string | null;
}

const asDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));

/** A stored row as it stands at `now`: null when no limit is in force and none is waiting. */
function fold(row: LimitRow, now: Date): LimitState | null {
  const due = row.pending_effective_at !== null && asDate(row.pending_effective_at).getTime() <= now.getTime();
  if (due) {
    if (row.pending_removal) return null;
    return { kind: row.kind, period: row.period, value: BigInt(row.pending_value as string), pending: null };
  }
  if (row.value === null) return null;
  const pending = row.pending_effective_at === null ? null : { value: row.pending_removal ? null : BigInt(row.pending_value as string), effectiveAt: asDate(row.pending_effective_at) };
  return { kind: row.kind, period: row.period, value: BigInt(row.value), pending };
}

/** The player's limits as they stand at `now`, deposit limits first, shortest period first. */
export async function limitsOf(on: Queryable, playerId: string, now: Date): Promise<LimitState[]> {
  const { rows } = await on.query<LimitRow>(
    `select kind, period, value::text, pending_value::text, pending_removal, pending_effective_at from player_limits where player_id = $1`,
    [playerId],
  );
  const kindOrder: LimitKind[] = ['Deposit', 'Loss', 'GlobalLoss', 'Session'];
  const periodOrder = ['Day', 'Week', 'Month', 'Session'];
  return rows
    .map((row) => fold(row, now))
    .filter((state): state is LimitState => state !== null)
    .sort((a, b) => kindOrder.indexOf(a.kind) - kindOrder.indexOf(b.kind) || periodOrder.indexOf(a.period) - periodOrder.indexOf(b.period));
}

/**
 * Takes the player's row for update: the first statement of every transaction that checks a limit
 * (and so of every deposit and real-money stake), so one player's money requests queue behind each other.
 */
export async function lockPlayerForMoney(tx: Queryable, playerId: string): Promise<void> {
  await tx.query('select id from players where id = $1 for update', [playerId]);
}

/** What a change request names. */
export interface LimitRequest {
  kind: LimitKind;
  /** Day, Week or Month for money limits; ignored (Session) for the session limit. */
  period?: LimitPeriod | null;
  /** Decimal string in the wallet's currency (money limits). */
  amount?: string | null;
  /** Minutes (session limit). */
  minutes?: number | null;
}

/** Who asks, under which rules. */
export interface LimitContext {
  playerId: string;
  licence: Licence;
  currency: string;
  /** customer.isIncreaseDepositLimitBlocked. */
  increaseBlocked: boolean;
  now: Date;
}

const KIND_WORDS: Record<LimitKind, string> = { Deposit: 'deposit limit', Loss: 'loss limit', GlobalLoss: 'global loss limit', Session: 'session limit' };
const PERIOD_WORDS: Record<LimitPeriod, string> = { Day: 'daily', Week: 'weekly', Month: 'monthly' };

/** "daily deposit limit", "session limit". */
function limitName(kind: LimitKind, period: LimitPeriod | 'Session'): string {
  return period === 'Session' ? KIND_WORDS[kind] : `${PERIOD_WORDS[period]} ${KIND_WORDS[kind]}`;
}

/** The period a request names, checked against what the licence offers. */
function requestedPeriod(request: LimitRequest, licence: Licence): LimitPeriod | 'Session' {
  const profile = licenceProfile(licence);
  if (request.kind === 'Session') {
    if (profile.sessionLimitMinutes.length === 0) throw new PlatformError('BadUserInput', `Session limits are not offered under the ${licence} licence`);
    return 'Session';
  }
  const offered = limitPeriods(licence, request.kind);
  if (offered.length === 0) throw new PlatformError('BadUserInput', `A ${KIND_WORDS[request.kind]} is not offered under the ${licence} licence`);
  const period = request.period;
  if (!period || !offered.includes(period)) {
    throw new PlatformError('BadUserInput', `period must be one of ${offered.join(', ')} for a ${KIND_WORDS[request.kind]} under the ${licence} licence${period ? `, not ${period}` : ''}`);
  }
  return period;
}

/** Checks a limit request against the licence and the wallet's currency before anything is stored: the period it offers and the value it allows. */
export function checkLimitRequest(request: LimitRequest, licence: Licence, currency: string): { period: LimitPeriod | 'Session'; value: bigint } {
  return { period: requestedPeriod(request, licence), value: requestedValue(request, { licence, currency }) };
}

/** The value a request names: minor units for money limits, minutes for a session limit. */
function requestedValue(request: LimitRequest, context: Pick<LimitContext, 'licence' | 'currency'>): bigint {
  if (request.kind === 'Session') {
    const offered = licenceProfile(context.licence).sessionLimitMinutes;
    if (request.minutes === null || request.minutes === undefined || !offered.includes(request.minutes)) {
      throw new PlatformError('BadUserInput', `minutes must be one of ${offered.join(', ')} for a session limit`);
    }
    return BigInt(request.minutes);
  }
  const minor = parseAmount(String(request.amount ?? ''), context.currency);
  const ceiling = walletCeilingMinor(context.currency);
  if (minor > ceiling) throw new PlatformError('BadUserInput', `A limit can be at most ${formatMinor(ceiling, context.currency)} ${context.currency}`);
  return minor;
}

async function readRow(tx: Queryable, playerId: string, kind: LimitKind, period: string): Promise<LimitRow | null> {
  const { rows } = await tx.query<LimitRow>(
    `select kind, period, value::text, pending_value::text, pending_removal, pending_effective_at from player_limits where player_id = $1 and kind = $2 and period = $3`,
    [playerId, kind, period],
  );
  return rows[0] ?? null;
}

/** Stores a limit's state (or deletes it when nothing is in force or waiting). */
async function writeState(tx: Queryable, playerId: string, kind: LimitKind, period: string, state: { value: bigint; pending: LimitState['pending'] } | null, now: Date): Promise<void> {
  if (!state) {
    await tx.query('delete from player_limits where player_id = $1 and kind = $2 and period = $3', [playerId, kind, period]);
    return;
  }
  await tx.query(
    `insert into player_limits (player_id, kind, period, value, pending_value, pending_removal, pending_effective_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8)
     on conflict (player_id, kind, period) do update set value = excluded.value, pending_value = excluded.pending_value,
       pending_removal = excluded.pending_removal, pending_effective_at = excluded.pending_effective_at, updated_at = excluded.updated_at`,
    [playerId, kind, period, state.value.toString(), state.pending?.value?.toString() ?? null, state.pending !== null && state.pending.value === null, state.pending?.effectiveAt ?? null, now],
  );
}

async function recordHistory(tx: Queryable, playerId: string, entry: Omit<LimitHistoryEntry, 'createdAt'>, now: Date): Promise<void> {
  await tx.query(
    `insert into player_limit_history (player_id, kind, period, action, value, previous_value, effective_at, created_at) values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [playerId, entry.kind, entry.period, entry.action, entry.value?.toString() ?? null, entry.previousValue?.toString() ?? null, entry.effectiveAt, now],
  );
}

function refuseIncrease(kind: LimitKind, context: LimitContext): void {
  if (kind === 'Deposit' && context.increaseBlocked) {
    throw new PlatformError('LimitIncreaseBlocked', 'Raising or removing your deposit limit is blocked on your account: contact support', { kind });
  }
}

/** The limit a change names (checked against the licence), read under the player's lock as it stands now. */
async function lockedLimit(tx: Queryable, request: Pick<LimitRequest, 'kind' | 'period'>, context: LimitContext): Promise<{ period: LimitPeriod | 'Session'; current: LimitState | null }> {
  const period = requestedPeriod(request, context.licence);
  await lockPlayerForMoney(tx, context.playerId);
  const row = await readRow(tx, context.playerId, request.kind, period);
  return { period, current: row ? fold(row, context.now) : null };
}

/**
 * Sets a limit: a new limit or a decrease at once (a decrease also drops a pending increase), an
 * increase after the cooling-off, the same value as now cancels what was pending. Returns the limit.
 */
export async function setLimit(tx: Queryable, request: LimitRequest, context: LimitContext): Promise<LimitState> {
  // Whether the licence offers this limit at all is said before anything about its value.
  requestedPeriod(request, context.licence);
  const value = requestedValue(request, context);
  const { period, current } = await lockedLimit(tx, request, context);
  const { playerId, now } = context;
  const base = { kind: request.kind, period };
  if (!current || value < current.value) {
    await writeState(tx, playerId, request.kind, period, { value, pending: null }, now);
    await recordHistory(tx, playerId, { ...base, action: current ? 'Decreased' : 'Set', value, previousValue: current?.value ?? null, effectiveAt: now }, now);
    return { ...base, value, pending: null };
  }
  if (value === current.value) {
    if (current.pending) {
      await writeState(tx, playerId, request.kind, period, { value, pending: null }, now);
      await recordHistory(tx, playerId, { ...base, action: 'PendingCancelled', value: current.pending.value, previousValue: current.value, effectiveAt: now }, now);
    }
    return { ...base, value, pending: null };
  }
  refuseIncrease(request.kind, context);
  const effectiveAt = new Date(now.getTime() + licenceProfile(context.licence).coolingOffHours * 3_600_000);
  const pending = { value, effectiveAt };
  await writeState(tx, playerId, request.kind, period, { value: current.value, pending }, now);
  await recordHistory(tx, playerId, { ...base, action: 'IncreaseRequested', value, previousValue: current.value, effectiveAt }, now);
  return { ...base, value: current.value, pending };
}

/** Asks to remove a limit: it stays in force through the cooling-off. */
export async function removeLimit(tx: Queryable, request: Pick<LimitRequest, 'kind' | 'period'>, context: LimitContext): Promise<LimitState> {
  const { period, current } = await lockedLimit(tx, request, context);
  const { playerId, now } = context;
  if (!current) throw new PlatformError('NotFound', `You have no ${limitName(request.kind, period)} to remove`);
  if (current.pending && current.pending.value === null) return current;
  refuseIncrease(request.kind, context);
  const effectiveAt = new Date(now.getTime() + licenceProfile(context.licence).coolingOffHours * 3_600_000);
  const pending = { value: null, effectiveAt };
  await writeState(tx, playerId, request.kind, period, { value: current.value, pending }, now);
  await recordHistory(tx, playerId, { kind: request.kind, period, action: 'RemovalRequested', value: null, previousValue: current.value, effectiveAt }, now);
  return { ...current, pending };
}

/** Cancels a pending increase or removal: the limit in force stays. */
export async function cancelPendingLimit(tx: Queryable, request: Pick<LimitRequest, 'kind' | 'period'>, context: LimitContext): Promise<LimitState> {
  const { period, current } = await lockedLimit(tx, request, context);
  const { playerId, now } = context;
  if (!current?.pending) throw new PlatformError('NotFound', `Your ${limitName(request.kind, period)} has no pending change to cancel`);
  await writeState(tx, playerId, request.kind, period, { value: current.value, pending: null }, now);
  await recordHistory(tx, playerId, { kind: request.kind, period, action: 'PendingCancelled', value: current.pending.value, previousValue: current.value, effectiveAt: now }, now);
  return { ...current, pending: null };
}

/** The player's limit history, newest first. */
export async function limitHistory(on: Queryable, playerId: string, first: number): Promise<LimitHistoryEntry[]> {
  const { rows } = await on.query<{ kind: LimitKind; period: LimitPeriod | 'Session'; action: LimitHistoryEntry['action']; value: string | null; previous_value: string | null; effective_at: Date | string; created_at: Date | string }>(
    `select kind, period, action, value::text, previous_value::text, effective_at, created_at from player_limit_history where player_id = $1 order by id desc limit $2`,
    [playerId, first],
  );
  return rows.map((row) => ({
    kind: row.kind,
    period: row.period,
    action: row.action,
    value: row.value === null ? null : BigInt(row.value),
    previousValue: row.previous_value === null ? null : BigInt(row.previous_value),
    effectiveAt: asDate(row.effective_at),
    createdAt: asDate(row.created_at),
  }));
}

/** The ledger kinds of casino play: stakes and wins, the jackpot's contributions and wins with them. */
export const CASINO_PLAY_KINDS: readonly string[] = ['CasinoBet', 'CasinoWin', 'JackpotContribution', 'JackpotWin'];

/** How much of a money limit the window has used at `now` (minor units). */
export async function usedInWindow(on: Queryable, playerId: string, kind: Exclude<LimitKind, 'Session'>, period: LimitPeriod, now: Date): Promise<bigint> {
  const since = new Date(now.getTime() - PERIOD_HOURS[period] * 3_600_000);
  if (kind === 'Deposit') {
    const { rows } = await on.query<{ total: string }>(
      `select (coalesce((select sum(amount_minor) from payments
                           where player_id = $1 and type = 'Deposit' and status in ('Initialized', 'Completed', 'RollbackInitialized')
                             and created_at > $2), 0)
             + coalesce((select sum(po.amount_minor) from ledger_postings po
                           join ledger_transactions t on t.id = po.transaction_id
                           join ledger_accounts a on a.id = po.account_id and a.code = 'cash'
                           join wallets w on w.id = a.wallet_id
                          where w.player_id = $1 and t.kind = 'Deposit' and t.metadata ->> 'payAndPlay' = 'true'
                            and t.created_at > $2), 0))::text as total`,
      [playerId, since],
    );
    return BigInt(rows[0]?.total ?? '0');
  }
  const kinds = kind === 'Loss' ? CASINO_PLAY_KINDS : [...CASINO_PLAY_KINDS, 'SportsBet', 'SportsWin'];
  // Net movement of the player's cash account through stakes and wins: a loss is its negative.
  const { rows } = await on.query<{ net: string }>(
    `select coalesce(sum(po.amount_minor), 0)::text as net
       from ledger_postings po
       join ledger_transactions t on t.id = po.transaction_id
       join ledger_accounts a on a.id = po.account_id and a.code = 'cash'
       join wallets w on w.id = a.wallet_id
      where w.player_id = $1 and t.kind = any($2::text[]) and t.created_at > $3`,
    [playerId, kinds, since],
  );
  const net = BigInt(rows[0]?.net ?? '0');
  return net < 0n ? -net : 0n;
}

/** "2027-05-25 14:00 UTC". */
function whenText(at: Date): string {
  const iso = at.toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/**
 * Refuses a deposit of `amountMinor` that one of the player's deposit limits does not leave room
 * for (DepositLimitReached, with the limit, its period and what is left in extensions). Call after
 * lockPlayerForMoney, in the deposit's transaction.
 */
export async function assertWithinDepositLimits(tx: Queryable, playerId: string, amountMinor: bigint, currency: string, now: Date): Promise<void> {
  for (const limit of await limitsOf(tx, playerId, now)) {
    if (limit.kind !== 'Deposit' || limit.period === 'Session') continue;
    const used = await usedInWindow(tx, playerId, 'Deposit', limit.period, now);
    if (used + amountMinor <= limit.value) continue;
    const left = limit.value > used ? limit.value - used : 0n;
    const name = limitName('Deposit', limit.period);
    throw new PlatformError(
      'DepositLimitReached',
      left > 0n
        ? `This deposit would pass your ${name} of ${formatMinor(limit.value, currency)} ${currency}: you can deposit at most ${formatMinor(left, currency)} ${currency} more for now`
        : `You have reached your ${name} of ${formatMinor(limit.value, currency)} ${currency}: you can deposit again as earlier deposits leave the last ${PERIOD_HOURS[limit.period] === 24 ? '24 hours' : `${PERIOD_HOURS[limit.period] / 24} days`}`,
      { kind: 'Deposit', period: limit.period, limit: formatMinor(limit.value, currency), remaining: formatMinor(left, currency) },
    );
  }
}

/**
 * Refuses a stake that would take a loss limit past its value (LossLimitReached), or any stake once
 * the session limit has run out (SessionLimitReached). `product` says which loss limits count it:
 * casino stakes count for Loss and GlobalLoss, sports stakes for GlobalLoss. `sid` is the session
 * the stake is played in (null: the session limit is not checked). Call after lockPlayerForMoney.
 */
export async function assertWithinPlayLimits(tx: Queryable, input: { playerId: string; stakeMinor: bigint; currency: string; product: 'casino' | 'sports'; sid: string | null; now: Date }): Promise<void> {
  const { playerId, now } = input;
  for (const limit of await limitsOf(tx, playerId, now)) {
    if (limit.kind === 'Session') {
      if (input.sid) await assertSessionTime(tx, input.sid, limit.value, now);
      continue;
    }
    if (limit.kind === 'Deposit' || limit.period === 'Session') continue;
    if (limit.kind === 'Loss' && input.product !== 'casino') continue;
    const used = await usedInWindow(tx, playerId, limit.kind, limit.period, now);
    if (used + input.stakeMinor <= limit.value) continue;
    const left = limit.value > used ? limit.value - used : 0n;
    const name = limitName(limit.kind, limit.period);
    throw new PlatformError(
      'LossLimitReached',
      `This stake could take your losses past your ${name} of ${formatMinor(limit.value, input.currency)} ${input.currency}: you can stake at most ${formatMinor(left, input.currency)} ${input.currency} for now`,
      { kind: limit.kind, period: limit.period, limit: formatMinor(limit.value, input.currency), remaining: formatMinor(left, input.currency) },
    );
  }
}

/**
 * Whether the player's casino loss limits leave room for `amountMinor` more at `now` (a jackpot
 * contribution, taken after its stake in the same transaction: the stake's own check did not count it).
 */
export async function lossLimitsLeaveRoom(tx: Queryable, playerId: string, amountMinor: bigint, now: Date): Promise<boolean> {
  for (const limit of await limitsOf(tx, playerId, now)) {
    if ((limit.kind !== 'Loss' && limit.kind !== 'GlobalLoss') || limit.period === 'Session') continue;
    if ((await usedInWindow(tx, playerId, limit.kind, limit.period, now)) + amountMinor > limit.value) return false;
  }
  return true;
}

/** Refuses play in a session older than the session limit. */
async function assertSessionTime(tx: Queryable, sid: string, minutes: bigint, now: Date): Promise<void> {
  const { rows } = await tx.query<{ created_at: Date | string }>('select created_at from sessions where sid = $1', [sid]);
  const started = rows[0] ? asDate(rows[0].created_at) : null;
  if (!started) return;
  const endsAt = new Date(started.getTime() + Number(minutes) * 60_000);
  if (now.getTime() < endsAt.getTime()) return;
  throw new PlatformError(
    'SessionLimitReached',
    `Your session limit of ${minutes} minutes ran out at ${whenText(endsAt)}: sign out and take a break before you play again`,
    { kind: 'Session', limitMinutes: Number(minutes), endedAt: endsAt.toISOString() },
  );
}

/** Refuses a game launch once the session limit has run out (no stake involved). */
export async function assertSessionLimit(on: Queryable, playerId: string, sid: string, now: Date): Promise<void> {
  const session = (await limitsOf(on, playerId, now)).find((limit) => limit.kind === 'Session');
  if (session) await assertSessionTime(on, sid, session.value, now);
}

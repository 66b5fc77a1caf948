/**
 * The pots of a jackpot instance and the money that moves through them. Every amount on a pot is in
 * base minor units (EUR cents); what a player pays or is paid is in their wallet's currency, posted
 * to the ledger against the instance's pool account (house:jackpot-<instance>, one per currency).
 *
 * - contribute: one contribution per game round (keyed by the stake's idempotency key), inside the
 *   round's transaction: a JackpotContribution posting, the split into the four pots, and any drop it
 *   triggers. The seed is the house's guarantee and is never posted: the pool account holds the
 *   contributions minus the payouts, so it goes below zero by what the seeds have paid out.
 * - Must-drop: each pot drops at a hidden point between its seed and its ceiling, drawn when it
 *   (re)starts; the contribution that takes it there wins it whole. The shared pot pays half to that
 *   player and shares the other half among everyone who fed it in that cycle, by what they put in.
 * - payWin: pays a recorded drop share by share, each its own ledger posting (jackpot-win:<id>:<player>),
 *   so running it twice, or again after a restart, pays every share once; the run that marks the
 *   last share paid is the one that announces the win.
 */
import { randomInt } from 'node:crypto';
import type { Queryable } from '../db/db.ts';
import type { Ledger, PostResult } from '../ledger/ledger.ts';
import { POT_IDS, type JackpotInstanceConfig, type PotConfig, type PotId } from './config.ts';
import { fromBase } from './currencies.ts';
import { lossLimitsLeaveRoom } from '../players/limits.ts';

/** A pot row with its amounts as text. */
export interface PotRow {
  pot_id: PotId;
  cycle: number;
  seed_minor: string;
  value_minor: string;
  drop_at_minor: string;
  forced: boolean;
  seeded_minor: string;
  contributed_minor: string;
  paid_minor: string;
  version: string;
}

/** The pool account of an instance (a house account, one per currency). */
export function poolAccount(instanceId: string): `house:${string}` {
  return `house:jackpot-${instanceId}`;
}

/** A hidden drop point: above the seed, at most the ceiling. */
export function dropPoint(pot: PotConfig): bigint {
  const span = pot.mustDropByMinor - pot.seedMinor;
  return pot.seedMinor + 1n + BigInt(randomInt(Number(span)));
}

/** Creates the instance's pots at their seeds (once). */
export async function ensurePots(q: Queryable, instance: JackpotInstanceConfig): Promise<void> {
  const seeds = POT_IDS.map((id) => instance.pots[id].seedMinor.toString());
  await q.query(
    `insert into jackpot_pots (instance_id, pot_id, seed_minor, value_minor, seeded_minor, drop_at_minor)
     select $1, p, s, s, s, d from unnest($2::text[], $3::bigint[], $4::bigint[]) as t(p, s, d)
     on conflict do nothing`,
    [instance.id, [...POT_IDS], seeds, POT_IDS.map((id) => dropPoint(instance.pots[id]).toString())],
  );
}

const POT_COLUMNS = `pot_id, cycle, seed_minor::text, value_minor::text, drop_at_minor::text, forced, seeded_minor::text,
  contributed_minor::text, paid_minor::text, version::text`;

/** The instance's pots (locked for the transaction when asked), in POT_IDS order. */
export async function readPots(q: Queryable, instanceId: string, lock = false): Promise<PotRow[]> {
  const { rows } = await q.query<PotRow>(`select ${POT_COLUMNS} from jackpot_pots where instance_id = $1 order by pot_id${lock ? ' for update' : ''}`, [instanceId]);
  return POT_IDS.map((id) => rows.find((row) => row.pot_id === id)).filter((row): row is PotRow => row !== undefined);
}

/** A contribution split over the pots by their shares; what rounding leaves goes to the first pot. */
export function splitContribution(instance: JackpotInstanceConfig, baseMinor: bigint): Record<PotId, bigint> {
  const parts = Object.fromEntries(POT_IDS.map((id) => [id, (baseMinor * BigInt(instance.pots[id].share)) / 100n])) as Record<PotId, bigint>;
  const left = baseMinor - POT_IDS.reduce((sum, id) => sum + parts[id], 0n);
  parts[POT_IDS[0]] += left;
  return parts;
}

/** What one player is owed of a drop. */
export interface WinShare {
  playerId: string;
  community: boolean;
  baseMinor: bigint;
}

/** The shares of a drop: the whole pot to the winner, or for the shared pot half to the winner and half by contribution. */
export function winShares(potId: PotId, amountMinor: bigint, winnerId: string, contributors: readonly { playerId: string; baseMinor: bigint }[]): WinShare[] {
  const total = contributors.reduce((sum, row) => sum + row.baseMinor, 0n);
  if (potId !== 'shared' || total === 0n) return [{ playerId: winnerId, community: false, baseMinor: amountMinor }];
  const community = amountMinor - amountMinor / 2n;
  const owed = new Map<string, bigint>();
  let handedOut = 0n;
  for (const row of contributors) {
    const part = (community * row.baseMinor) / total;
    handedOut += part;
    owed.set(row.playerId, (owed.get(row.playerId) ?? 0n) + part);
  }
  // The winner's half, plus whatever rounding left of the community half.
  owed.set(winnerId, (owed.get(winnerId) ?? 0n) + amountMinor - handedOut);
  return [...owed].filter(([, base]) => base > 0n).map(([playerId, baseMinor]) => ({ playerId, community: playerId !== winnerId, baseMinor }));
}

/** Records a drop of a locked pot and restarts it at its seed; returns the win's id. */
async function recordDrop(tx: Queryable, instance: JackpotInstanceConfig, pot: PotRow, amountMinor: bigint, winnerId: string, contributedNow: bigint): Promise<string> {
  const winId = `${instance.id}:${pot.pot_id}:${pot.cycle}`;
  const { rows: contributors } = await tx.query<{ player_id: string; base: string }>(
    'select player_id, base_minor::text as base from jackpot_cycle_contributors where instance_id = $1 and pot_id = $2 and cycle = $3 order by player_id',
    [instance.id, pot.pot_id, pot.cycle],
  );
  const shares = winShares(pot.pot_id, amountMinor, winnerId, contributors.map((row) => ({ playerId: row.player_id, baseMinor: BigInt(row.base) })));
  await tx.query('insert into jackpot_wins (id, instance_id, pot_id, cycle, player_id, amount_minor) values ($1, $2, $3, $4, $5, $6)', [
    winId, instance.id, pot.pot_id, pot.cycle, winnerId, amountMinor.toString(),
  ]);
  // Each share's amount in the winner's currency is fixed now, rounded down: the house keeps a fraction of a cent at most.
  await tx.query(
    `insert into jackpot_win_shares (win_id, player_id, community, base_minor, currency)
     select $1, s.player_id, s.community, s.base, w.currency
       from unnest($2::text[], $3::boolean[], $4::bigint[]) as s(player_id, community, base)
       join wallets w on w.player_id = s.player_id`,
    [winId, shares.map((share) => share.playerId), shares.map((share) => share.community), shares.map((share) => share.baseMinor.toString())],
  );
  const { rows: owed } = await tx.query<{ player_id: string; base: string; currency: string }>(
    'select player_id, base_minor::text as base, currency from jackpot_win_shares where win_id = $1',
    [winId],
  );
  for (const share of owed) {
    await tx.query('update jackpot_win_shares set amount_minor = $3 where win_id = $1 and player_id = $2', [winId, share.player_id, fromBase(BigInt(share.base), share.currency).toString()]);
  }
  const config = instance.pots[pot.pot_id];
  await tx.query(
    `update jackpot_pots set cycle = cycle + 1, value_minor = $3, seed_minor = $3, seeded_minor = seeded_minor + $3, drop_at_minor = $4,
            forced = false, paid_minor = paid_minor + $5, contributed_minor = contributed_minor + $6
      where instance_id = $1 and pot_id = $2`,
    [instance.id, pot.pot_id, config.seedMinor.toString(), dropPoint(config).toString(), amountMinor.toString(), contributedNow.toString()],
  );
  return winId;
}

/** A contribution of one round. */
export interface ContributionInput {
  instance: JackpotInstanceConfig;
  playerId: string;
  brand: string;
  walletId: string;
  currency: string;
  /** The stake's idempotency key: one contribution per round. */
  roundKey: string;
  /** The chosen option in base minor units. */
  baseMinor: bigint;
}

/** What a contribution did. */
export interface ContributionResult {
  /** Drops it triggered (win ids), to pay once the transaction commits. */
  wins: string[];
}

/**
 * Takes a round's contribution inside its transaction (after the stake): nothing when this round
 * already contributed, when the cash left after the stake does not cover it, or when it would take
 * one of the player's loss limits past its value (the round is played without a contribution).
 */
export async function contribute(tx: Queryable, ledger: Ledger, input: ContributionInput, posted: PostResult[], now: Date): Promise<ContributionResult | null> {
  const amountMinor = fromBase(input.baseMinor, input.currency, 'half-up');
  if (amountMinor <= 0n) return null;
  const cash = (await ledger.balances(input.walletId, tx)).cash;
  if (cash < amountMinor) return null;
  if (!(await lossLimitsLeaveRoom(tx, input.playerId, amountMinor, now))) return null;
  const { rows: inserted } = await tx.query(
    `insert into jackpot_contributions (round_key, instance_id, player_id, brand, currency, amount_minor, base_minor)
     values ($1, $2, $3, $4, $5, $6, $7) on conflict (round_key) do nothing returning id`,
    [input.roundKey, input.instance.id, input.playerId, input.brand, input.currency, amountMinor.toString(), input.baseMinor.toString()],
  );
  if (inserted.length === 0) return null;
  posted.push(await ledger.postWithin(tx, {
    idempotencyKey: `jackpot:${input.roundKey}`,
    walletId: input.walletId,
    kind: 'JackpotContribution',
    entries: [{ account: 'cash', amountMinor: -amountMinor }, { account: poolAccount(input.instance.id), amountMinor }],
    metadata: { instanceId: input.instance.id, roundKey: input.roundKey, baseMinor: input.baseMinor.toString() },
  }));
  await ensurePots(tx, input.instance);
  const pots = await readPots(tx, input.instance.id, true);
  const parts = splitContribution(input.instance, input.baseMinor);
  const wins: string[] = [];
  for (const pot of pots) {
    const part = parts[pot.pot_id];
    // A player's weight in a pot's cycle (its leaderboard and the shared pot's community half) is the
    // whole contribution, for every pot it feeds: a pot's part alone rounds to nothing for small
    // options (a tenth of 0.05 EUR), which left those players off the shared pot's board and share.
    if (input.instance.pots[pot.pot_id].share > 0) {
      await tx.query(
        `insert into jackpot_cycle_contributors (instance_id, pot_id, cycle, player_id, brand, base_minor) values ($1, $2, $3, $4, $5, $6)
         on conflict (instance_id, pot_id, cycle, player_id) do update set base_minor = jackpot_cycle_contributors.base_minor + excluded.base_minor, brand = excluded.brand`,
        [input.instance.id, pot.pot_id, pot.cycle, input.playerId, input.brand, input.baseMinor.toString()],
      );
    }
    const value = BigInt(pot.value_minor) + part;
    if (pot.forced || value >= BigInt(pot.drop_at_minor)) {
      wins.push(await recordDrop(tx, input.instance, pot, value, input.playerId, part));
    } else if (part > 0n) {
      await tx.query('update jackpot_pots set value_minor = $3, contributed_minor = contributed_minor + $4 where instance_id = $1 and pot_id = $2', [
        input.instance.id, pot.pot_id, value.toString(), part.toString(),
      ]);
    }
  }
  await tx.query('update jackpot_pots set version = version + 1 where instance_id = $1', [input.instance.id]);
  return { wins };
}

/** Drops a pot now to a player (the sandbox's forced win), in the caller's transaction; returns the win's id. */
export async function dropNow(tx: Queryable, instance: JackpotInstanceConfig, potId: PotId, playerId: string): Promise<string> {
  await ensurePots(tx, instance);
  const pot = (await readPots(tx, instance.id, true)).find((row) => row.pot_id === potId) as PotRow;
  const winId = await recordDrop(tx, instance, pot, BigInt(pot.value_minor), playerId, 0n);
  await tx.query('update jackpot_pots set version = version + 1 where instance_id = $1', [instance.id]);
  return winId;
}

/** Arms a pot so the next contribution to the instance drops it (the sandbox's "next bet wins"). */
export async function armDrop(q: Queryable, instance: JackpotInstanceConfig, potId: PotId): Promise<void> {
  await ensurePots(q, instance);
  await q.query('update jackpot_pots set forced = true where instance_id = $1 and pot_id = $2', [instance.id, potId]);
}

/** A share paid by payWin. */
export interface PaidShare {
  playerId: string;
  community: boolean;
  currency: string;
  amountMinor: bigint;
}

/** A win once every share of it is paid (what WinEvent announces). */
export interface SettledWin {
  winId: string;
  instanceId: string;
  potId: PotId;
  playerId: string;
  amountMinor: bigint;
  shares: PaidShare[];
  at: string;
}

/**
 * Pays a recorded win share by share (each its own transaction and ledger key). Returns the win when
 * this call marked it paid (so exactly one caller announces it), else null: already paid, or
 * another run is finishing it.
 */
export async function payWin(db: { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> } & Queryable, ledger: Ledger, winId: string): Promise<SettledWin | null> {
  const { rows: shares } = await db.query<{ player_id: string; currency: string; amount: string; instance_id: string; paid: boolean; community: boolean; wallet_id: string }>(
    `select s.player_id, s.currency, s.amount_minor::text as amount, w.instance_id, s.paid_at is not null as paid, s.community, wl.id as wallet_id
       from jackpot_win_shares s join jackpot_wins w on w.id = s.win_id join wallets wl on wl.player_id = s.player_id
      where s.win_id = $1 order by s.player_id`,
    [winId],
  );
  for (const share of shares) {
    if (share.paid || BigInt(share.amount) <= 0n) continue;
    const result = await db.transaction(async (tx) => {
      const posting = await ledger.postWithin(tx, {
        idempotencyKey: `jackpot-win:${winId}:${share.player_id}`,
        walletId: share.wallet_id,
        kind: 'JackpotWin',
        entries: [{ account: 'cash', amountMinor: BigInt(share.amount) }, { account: poolAccount(share.instance_id), amountMinor: -BigInt(share.amount) }],
        metadata: { winId, community: share.community },
      });
      await tx.query('update jackpot_win_shares set paid_at = now() where win_id = $1 and player_id = $2 and paid_at is null', [winId, share.player_id]);
      return posting;
    });
    ledger.publish(result);
  }
  const { rows } = await db.query<{ instance_id: string; pot_id: PotId; player_id: string; amount: string; at: string }>(
    `update jackpot_wins set paid_at = now()
      where id = $1 and paid_at is null and not exists (select 1 from jackpot_win_shares where win_id = $1 and paid_at is null and amount_minor > 0)
     returning instance_id, pot_id, player_id, amount_minor::text as amount, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at`,
    [winId],
  );
  const won = rows[0];
  if (!won) return null;
  return {
    winId,
    instanceId: won.instance_id,
    potId: won.pot_id,
    playerId: won.player_id,
    amountMinor: BigInt(won.amount),
    shares: shares.map((share) => ({ playerId: share.player_id, community: share.community, currency: share.currency, amountMinor: BigInt(share.amount) })),
    at: won.at,
  };
}

/** Wins recorded but not yet paid, oldest first (the sweep's work after a crash). */
export async function unpaidWins(q: Queryable): Promise<string[]> {
  const { rows } = await q.query<{ id: string }>('select id from jackpot_wins where paid_at is null order by created_at, id limit 100');
  return rows.map((row) => row.id);
}

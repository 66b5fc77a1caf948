/**
 * The jackpot and raffle service inside the platform: settings from content, pots and contributions
 * (pots.ts), raffles (raffles.ts), and the events every process's sockets fan out. It is fed by the
 * game server: every real-money casino stake calls onRealStake inside the stake's transaction, which
 * takes the opted-in player's contribution and counts their raffle tickets; what must wait for the
 * commit (pot updates, paying a drop) runs after it. Scheduled work (draws at each window's end, and
 * finishing payouts a crash cut short) is one periodic job, run once across processes.
 *
 * Events go out on the bus's `jackpot` topic (NOTIFY, so every process delivers them):
 * `{ kind: 'pots', instanceId, version, pots }`, `{ kind: 'win', instanceId, event }` and
 * `{ kind: 'raffle-win', playerId, brand, event }` (socket.ts turns them into the protocol's messages).
 */
import type { BrandRegistry } from '../brands/brands.ts';
import type { ContentStore } from '../content/store.ts';
import type { Db, Queryable } from '../db/db.ts';
import { pickStudioOfTheWeek } from '../games/provider-of-the-week.ts';
import type { RealStake } from '../games/round-money.ts';
import { PlatformError } from '../graphql/errors.ts';
import type { Jobs } from '../jobs/jobs.ts';
import type { Ledger, PostResult } from '../ledger/ledger.ts';
import { formatMinor } from '../ledger/money.ts';
import type { EventBus } from '../realtime/events.ts';
import { POT_IDS, POT_NAMES, RAFFLE_TYPES, rafflePrizesOf, type JackpotConfig, type JackpotInstanceConfig, type PotId, type RaffleType } from './config.ts';
import { BASE_CURRENCY, fromBase, multipliersJson } from './currencies.ts';
import { armDrop, contribute, dropNow, ensurePots, payWin, readPots, unpaidWins, type SettledWin } from './pots.ts';
import { addTickets, currentWindow, dueRaffles, payRaffle, recordDraw, unpaidRaffles, type PaidRafflePrize } from './raffles.ts';
import { optionMinor, type JackpotSettingsContent } from './settings.ts';

/** The bus topic of every jackpot and raffle event. */
export const JACKPOT_TOPIC = 'jackpot';

/** Pot values of an instance in base minor units, and the version that orders updates. */
export interface PotValues {
  instanceId: string;
  version: number;
  pots: Record<PotId, bigint>;
}

/** A message on the jackpot topic. */
export type JackpotBroadcast =
  | { kind: 'pots'; instanceId: string; version: number; pots: Record<PotId, string>; at: string }
  | { kind: 'win'; instanceId: string; event: Record<string, unknown> }
  | { kind: 'raffle-win'; playerId: string; brand: string; event: Record<string, unknown> };

/** A player's opt-in state (spec section 3). */
export interface OptInStatus {
  opted_in: boolean;
  /**
   * The chosen option in each currency the player is shown: the base (EUR) and their wallet's. Empty
   * for a player who never chose (never opted in or out): the lobby's JackpotAutoOptIn acts on that.
   */
  contribution_preferences: Record<string, number>;
  /** The chosen option in EUR (the brand's initial option for a player who never chose). */
  preferred_contribution_value: number;
}

/** An opt-in request (spec section 3), checked against the brand's settings. */
export interface OptInInput {
  instanceId: string;
  playerId: string;
  brand: string;
  playerCountry: string | null;
  optIn: boolean;
  contributionValue: number | null;
}

/** A raffle window as the instances route shows it. */
export interface RaffleView {
  id: string;
  type: RaffleType;
  brand: string;
  startsAt: Date;
  endsAt: Date;
  prizesMinor: bigint[];
  studio: { slug: string; name: string } | null;
}

/** The service. */
export interface JackpotService {
  config: JackpotConfig;
  /** The game server's hook: called inside every real-money casino stake's transaction. */
  onRealStake(tx: Queryable, stake: RealStake, posted: PostResult[]): Promise<(() => void) | void>;
  /** The brand's settings for a country (null when it has none). */
  settings(brandId: string, countryCode: string | null): Promise<JackpotSettingsContent | null>;
  /** The brand's enabled jackpot instance for a country, or null (disabled, absent, or naming an instance the service lacks). */
  instanceFor(brandId: string, countryCode: string | null): Promise<{ settings: JackpotSettingsContent; instance: JackpotInstanceConfig } | null>;
  /** An instance's pots in base minor units (created at their seeds on first sight). */
  pots(instanceId: string): Promise<PotValues>;
  /** Opts a player in or out with a contribution choice; BadUserInput says what is wrong. */
  optIn(input: OptInInput): Promise<OptInStatus>;
  /** A player's opt-in state on an instance (not opted in, with the initial option, when never chosen). */
  optInStatus(instanceId: string, playerId: string, settings: JackpotSettingsContent): Promise<OptInStatus>;
  /** The brand's current raffle windows with a prize (a drop with no prize is not offered); none when its raffle is disabled. */
  raffles(brandId: string, countryCode: string | null): Promise<RaffleView[]>;
  /** A player's tickets in the given raffle instances. */
  tickets(playerId: string, raffleIds: readonly string[]): Promise<Map<string, bigint>>;
  /** Sandbox: drops a pot now to a player (paid at once), or arms it so the next contribution drops it. */
  forceWin(instanceId: string, potId: PotId, playerId: string | null): Promise<{ armed: boolean; winId: string | null }>;
  /** Sandbox: draws the brand's current window of a drop now (and pays it); null when it has no tickets yet. */
  drawNow(brandId: string, type: RaffleType): Promise<{ raffleId: string; winners: number } | null>;
  /** Draws every window that has ended and pays whatever is unpaid (the periodic job; tests call it). */
  settle(): Promise<void>;
  /** Pays a recorded win (idempotent) and announces it if this call finished it. */
  payWin(winId: string): Promise<SettledWin | null>;
  /** Draws one raffle instance (idempotent) and pays it. */
  draw(raffleId: string): Promise<PaidRafflePrize[]>;
  /** The currency of a player's wallet (null for an unknown player). */
  walletCurrency(playerId: string): Promise<string | null>;
  /** Registers the periodic job (every intervalMs; 0: none, tests call settle). */
  start(intervalMs: number): void;
}

/** What the service is built from. */
export interface JackpotServiceOptions {
  db: Db;
  ledger: Ledger;
  events: EventBus;
  jobs: Jobs;
  content: ContentStore;
  brands: BrandRegistry;
  clock: () => Date;
  config: JackpotConfig;
}

/** The player id the protocol speaks: playerId:currency:brand (spec section 3). */
export function enrichedPlayerId(playerId: string, currency: string, brand: string): string {
  return `${playerId}:${currency}:${brand}`;
}

/** The plain player id of an enriched one (or of a plain one). */
export function plainPlayerId(id: string): string {
  return id.split(':')[0] ?? id;
}

/** Creates the service. */
export function createJackpotService(options: JackpotServiceOptions): JackpotService {
  const { db, ledger, events, jobs, content, brands, clock, config } = options;
  const warned = new Set<string>();

  const warnOnce = (text: string) => {
    if (warned.has(text)) return;
    warned.add(text);
    console.warn(`[platform] ${text}`);
  };

  async function settings(brandId: string, countryCode: string | null): Promise<JackpotSettingsContent | null> {
    return (await content.jackpot(brandId, countryCode))?.settings ?? null;
  }

  async function instanceFor(brandId: string, countryCode: string | null) {
    const found = await settings(brandId, countryCode);
    if (!found?.jackpotSettings.enabled) return null;
    const instance = config.instances.get(found.jackpotSettings.instanceId);
    const brand = brands.get(brandId);
    if (!instance) {
      warnOnce(`content/${brandId}/jackpot.json names instance "${found.jackpotSettings.instanceId}", which the jackpot service does not run (platform/data/jackpots.json has ${[...config.instances.keys()].join(', ')}): the brand has no jackpot until it names one of them`);
      return null;
    }
    if (brand && (instance.operator !== brand.operator || found.jackpotSettings.operatorId !== brand.operator)) {
      warnOnce(`content/${brandId}/jackpot.json: instance "${instance.id}" (operator ${instance.operator}) and operatorId "${found.jackpotSettings.operatorId}" must both be the brand's operator "${brand.operator}": the brand has no jackpot until they are`);
      return null;
    }
    return { settings: found, instance };
  }

  async function pots(instanceId: string, on: Queryable = db): Promise<PotValues> {
    const instance = config.instances.get(instanceId);
    if (!instance) throw new PlatformError('NotFound', `No jackpot instance "${instanceId}": use one of ${[...config.instances.keys()].join(', ')}`);
    let rows = await readPots(on, instanceId);
    if (rows.length < POT_IDS.length) {
      await ensurePots(on, instance);
      rows = await readPots(on, instanceId);
    }
    return {
      instanceId,
      version: Math.max(...rows.map((row) => Number(row.version))),
      pots: Object.fromEntries(rows.map((row) => [row.pot_id, BigInt(row.value_minor)])) as Record<PotId, bigint>,
    };
  }

  function broadcast(message: JackpotBroadcast): void {
    events.broadcast(JACKPOT_TOPIC, message);
  }

  function broadcastPots(values: PotValues): void {
    broadcast({
      kind: 'pots', instanceId: values.instanceId, version: values.version, at: clock().toISOString(),
      pots: Object.fromEntries(POT_IDS.map((id) => [id, values.pots[id].toString()])) as Record<PotId, string>,
    });
  }

  async function brandOfPlayer(playerId: string): Promise<{ brand: string; currency: string } | null> {
    const { rows } = await db.query<{ brand: string; currency: string }>('select p.brand, w.currency from players p join wallets w on w.player_id = p.id where p.id = $1', [playerId]);
    return rows[0] ?? null;
  }

  async function announceWin(win: SettledWin): Promise<void> {
    const winner = await brandOfPlayer(win.playerId);
    // NOTIFY carries at most 8000 bytes: the largest 40 community shares travel, with the count of all.
    const community = win.shares.filter((share) => share.community).sort((a, b) => (a.amountMinor > b.amountMinor ? -1 : a.amountMinor < b.amountMinor ? 1 : 0));
    const communityBrands = new Map<string, string>();
    if (community.length > 0) {
      const { rows } = await db.query<{ id: string; brand: string }>('select id, brand from players where id = any($1::text[])', [community.slice(0, 40).map((share) => share.playerId)]);
      for (const row of rows) communityBrands.set(row.id, row.brand);
    }
    const values = await pots(win.instanceId);
    broadcastPots(values);
    broadcast({
      kind: 'win',
      instanceId: win.instanceId,
      event: {
        type: 'WinEvent',
        instance_id: win.instanceId,
        win_id: win.winId,
        win_pot_id: win.potId,
        win_pot_name: POT_NAMES[win.potId],
        win_amount: formatMinor(win.amountMinor, BASE_CURRENCY),
        currency: BASE_CURRENCY,
        player_id: winner ? enrichedPlayerId(win.playerId, winner.currency, winner.brand) : win.playerId,
        player_win: win.shares.filter((share) => !share.community).map((share) => ({ win_amount: formatMinor(share.amountMinor, share.currency), currency: share.currency }))[0] ?? null,
        community_winners: community.slice(0, 40).map((share) => ({
          player_id: enrichedPlayerId(share.playerId, share.currency, communityBrands.get(share.playerId) ?? ''),
          win_amount: formatMinor(share.amountMinor, share.currency),
          currency: share.currency,
        })),
        community_winner_count: community.length,
        currency_multipliers: multipliersJson(),
        timestamp: win.at,
      },
    });
  }

  async function payAndAnnounce(winId: string): Promise<SettledWin | null> {
    const settled = await payWin(db, ledger, winId);
    if (settled) await announceWin(settled);
    return settled;
  }

  function announceRafflePrize(prize: PaidRafflePrize): void {
    broadcast({
      kind: 'raffle-win',
      playerId: prize.playerId,
      brand: prize.brand,
      event: {
        type: 'RaffleWinEvent',
        instance_id: prize.raffleId,
        raffle_type: prize.type,
        rank: prize.rank,
        ticket_count: Number(prize.tickets),
        win_amount: formatMinor(prize.amountMinor, prize.currency),
        currency: prize.currency,
        timestamp: clock().toISOString(),
      },
    });
  }

  async function draw(raffleId: string): Promise<PaidRafflePrize[]> {
    await db.transaction((tx) => recordDraw(tx, raffleId, clock()));
    const paid = await payRaffle(db, ledger, raffleId);
    for (const prize of paid) announceRafflePrize(prize);
    return paid;
  }

  // The catalogue is fixed while the platform runs: its studios are read once, through whatever
  // connection asks first (inside a stake's transaction on PGlite's single connection, it must be that one).
  let studioList: { slug: string; name: string; gameCount: number }[] | null = null;
  async function studioOf(brandId: string, at: Date, q: Queryable = db): Promise<{ slug: string; name: string } | null> {
    studioList ??= (await q.query<{ slug: string; name: string; game_count: number }>(
      'select s.slug, s.name, count(g.id)::int as game_count from studios s left join games g on g.studio_slug = s.slug group by s.slug order by s.idx',
    )).rows.map((row) => ({ slug: row.slug, name: row.name, gameCount: row.game_count }));
    const studio = pickStudioOfTheWeek(studioList, brandId, at);
    return studio ? { slug: studio.slug, name: studio.name } : null;
  }

  async function optInStatus(instanceId: string, playerId: string, found: JackpotSettingsContent): Promise<OptInStatus> {
    const { rows } = await db.query<{ opted_in: boolean; contribution: string; currency: string }>(
      `select o.opted_in, o.contribution_minor::text as contribution, w.currency
         from wallets w left join jackpot_opt_ins o on o.player_id = w.player_id and o.instance_id = $1 where w.player_id = $2`,
      [instanceId, playerId],
    );
    const row = rows[0];
    const chosen = row?.contribution ? BigInt(row.contribution) : optionMinor(found.jackpotSettings.initialContributionValue);
    const preferences: Record<string, number> = {};
    if (row?.contribution) {
      preferences[BASE_CURRENCY] = Number(chosen) / 100;
      if (row.currency !== BASE_CURRENCY) preferences[row.currency] = Number(formatMinor(fromBase(chosen, row.currency, 'half-up'), row.currency));
    }
    return { opted_in: row?.opted_in ?? false, contribution_preferences: preferences, preferred_contribution_value: Number(chosen) / 100 };
  }

  async function settle(): Promise<void> {
    for (const raffleId of await dueRaffles(db, clock())) await draw(raffleId);
    for (const raffleId of await unpaidRaffles(db)) {
      for (const prize of await payRaffle(db, ledger, raffleId)) announceRafflePrize(prize);
    }
    for (const winId of await unpaidWins(db)) await payAndAnnounce(winId);
  }

  return {
    config,
    settings,
    instanceFor,
    pots: (instanceId) => pots(instanceId),
    optInStatus,

    async onRealStake(tx, stake, posted) {
      const after: (() => void)[] = [];
      const { rows } = await tx.query<{ country_code: string }>('select country_code from players where id = $1', [stake.playerId]);
      const country = rows[0]?.country_code ?? null;
      const jackpot = await instanceFor(stake.brand, country);
      if (jackpot) {
        const { rows: optIns } = await tx.query<{ contribution: string }>(
          'select contribution_minor::text as contribution from jackpot_opt_ins where instance_id = $1 and player_id = $2 and opted_in',
          [jackpot.instance.id, stake.playerId],
        );
        const chosen = optIns[0];
        if (chosen) {
          const result = await contribute(tx, ledger, {
            instance: jackpot.instance, playerId: stake.playerId, brand: stake.brand, walletId: stake.walletId, currency: stake.currency,
            roundKey: stake.stakeKey, baseMinor: BigInt(chosen.contribution),
          }, posted, clock());
          if (result) {
            const values = await pots(jackpot.instance.id, tx);
            after.push(() => broadcastPots(values));
            for (const winId of result.wins) {
              after.push(() => void payAndAnnounce(winId).catch((error: unknown) => console.error(`[platform] jackpot win ${winId} not paid yet (the sweep retries):`, error)));
            }
          }
        }
      }
      const found = await settings(stake.brand, country);
      if (found?.raffleSettings.enabled) {
        const prizes = rafflePrizesOf(config, stake.brand);
        const now = clock();
        for (const type of RAFFLE_TYPES) {
          if (prizes[type].length === 0) continue;
          let studioSlug: string | null = null;
          if (type === 'weekly') {
            const studio = await studioOf(stake.brand, now, tx);
            const { rows: games } = await tx.query<{ studio_slug: string }>('select studio_slug from games where id = $1', [stake.gameId]);
            if (!studio || games[0]?.studio_slug !== studio.slug) continue;
            studioSlug = studio.slug;
          }
          await addTickets(tx, { brand: stake.brand, type, playerId: stake.playerId, currency: stake.currency, betMinor: stake.betMinor, now, prizesMinor: prizes[type], studioSlug });
        }
      }
      return after.length > 0 ? () => after.forEach((run) => run()) : undefined;
    },

    async optIn(input) {
      const brand = brands.get(input.brand);
      if (!brand) throw new PlatformError('BadUserInput', `Unknown brand "${input.brand}"`);
      const jackpot = await instanceFor(input.brand, input.playerCountry);
      if (!jackpot) throw new PlatformError('BadUserInput', 'Jackpot settings are missing: the brand has no enabled jackpot for this country');
      if (jackpot.instance.id !== input.instanceId) {
        throw new PlatformError('BadUserInput', `instance_id "${input.instanceId}" is not this brand's jackpot: use "${jackpot.instance.id}"`);
      }
      const options = jackpot.settings.jackpotSettings.contributionOptions;
      const value = input.contributionValue ?? jackpot.settings.jackpotSettings.initialContributionValue;
      if (!options.includes(value)) {
        throw new PlatformError('BadUserInput', `contribution_value ${value} is not one of the options ${options.join(', ')} (EUR per bet): pick one of them`);
      }
      await db.query(
        `insert into jackpot_opt_ins (instance_id, player_id, opted_in, contribution_minor, player_country) values ($1, $2, $3, $4, $5)
         on conflict (instance_id, player_id) do update set opted_in = excluded.opted_in, contribution_minor = excluded.contribution_minor,
           player_country = excluded.player_country, updated_at = now()`,
        [input.instanceId, input.playerId, input.optIn, optionMinor(value).toString(), input.playerCountry],
      );
      return optInStatus(input.instanceId, input.playerId, jackpot.settings);
    },

    async raffles(brandId, countryCode) {
      const found = await settings(brandId, countryCode);
      if (!found?.raffleSettings.enabled) return [];
      const prizes = rafflePrizesOf(config, brandId);
      const now = clock();
      const views: RaffleView[] = [];
      for (const type of RAFFLE_TYPES) {
        const window = await currentWindow(db, brandId, type, now);
        const prizesMinor = window.row ? window.row.prizes_minor.map(BigInt) : prizes[type];
        // A drop with no pot, or a zero pot, is not offered (spec section 5).
        if (prizesMinor.reduce((sum, prize) => sum + prize, 0n) <= 0n) continue;
        views.push({
          id: window.id, type, brand: brandId, startsAt: new Date(window.start), endsAt: new Date(window.end), prizesMinor,
          studio: type === 'weekly' ? await studioOf(brandId, now) : null,
        });
      }
      return views;
    },

    async tickets(playerId, raffleIds) {
      const { rows } = await db.query<{ raffle_id: string; tickets: string }>(
        'select raffle_id, tickets::text from raffle_tickets where player_id = $1 and raffle_id = any($2::text[])',
        [playerId, [...raffleIds]],
      );
      return new Map(rows.map((row) => [row.raffle_id, BigInt(row.tickets)]));
    },

    async forceWin(instanceId, potId, playerId) {
      const instance = config.instances.get(instanceId);
      if (!instance) throw new PlatformError('BadUserInput', `No jackpot instance "${instanceId}": use one of ${[...config.instances.keys()].join(', ')}`);
      if (!(POT_IDS as readonly string[]).includes(potId)) throw new PlatformError('BadUserInput', `Unknown pot "${potId}": use one of ${POT_IDS.join(', ')}`);
      if (!playerId) {
        await armDrop(db, instance, potId);
        return { armed: true, winId: null };
      }
      const winId = await db.transaction((tx) => dropNow(tx, instance, potId, playerId));
      await payAndAnnounce(winId);
      return { armed: false, winId };
    },

    async drawNow(brandId, type) {
      const window = await currentWindow(db, brandId, type, clock());
      if (!window.row) return null;
      await draw(window.id);
      const { rows } = await db.query<{ n: number }>('select count(*)::int as n from raffle_winners where raffle_id = $1', [window.id]);
      return { raffleId: window.id, winners: rows[0]?.n ?? 0 };
    },

    settle,
    payWin: payAndAnnounce,
    draw,
    async walletCurrency(playerId) {
      return (await brandOfPlayer(playerId))?.currency ?? null;
    },

    start(intervalMs) {
      if (intervalMs <= 0) return;
      jobs.every('jackpot-settle', intervalMs, settle);
    },
  };
}

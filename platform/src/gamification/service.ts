/**
 * The gamification provider inside the platform (issue 30), shaped like the ones operators run:
 * the lobby trades the player's platform access token for the provider's own (token endpoint,
 * clientId + identityToken), reads the player's data (gamificationOpt.enable, level) and opts them
 * in or out. Opted-in, unblocked players of a brand whose loyalty.json is enabled earn:
 *
 * - points from every real-money casino stake at the brand's rate, which move them through the
 *   ranks (ranks.ts);
 * - progress on missions from real rounds and completed deposits, and the reward once (missions.ts);
 * - tournament scores from real rounds, by amount wagered (at the stake) or by win multiplier (at
 *   the payout); prizes are paid once when the window closes (tournaments.ts).
 *
 * All of it happens inside the round's or deposit's transaction, so it moves with the money or not
 * at all. Closing a window is a one-off job at its end (jobs.at, keyed by the window's id: one run
 * across processes), and a periodic sweep closes and pays whatever a lost job or a restart left.
 * Leaderboard changes go out on the bus's `gamification` topic: `{ kind: 'leaderboard', instanceId }`
 * and `{ kind: 'closed', instanceId }` (routes.ts streams them to the widget).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { AuthService } from '../auth/sessions.ts';
import type { BrandRegistry } from '../brands/brands.ts';
import type { CompletedDeposit } from '../cashier/notifications.ts';
import type { ContentStore } from '../content/store.ts';
import type { Db, Queryable } from '../db/db.ts';
import type { RealPayout, RealStake } from '../games/round-money.ts';
import { PlatformError } from '../graphql/errors.ts';
import { toBase } from '../jackpot/currencies.ts';
import type { Jobs } from '../jobs/jobs.ts';
import type { Ledger, PostResult } from '../ledger/ledger.ts';
import type { EventBus } from '../realtime/events.ts';
import type { GamificationContent, LoyaltyContent, MissionContent, TournamentContent } from './content.ts';
import { advanceMissions, gameCounts, gameFacts, missionActive, missionProgress, missionTarget, type GameFacts } from './missions.ts';
import { earnPoints, rankOf, type RankView } from './ranks.ts';
import {
  closeTournament, dueTournaments, minBetMinor, payTournament, readLeaderboard, roundScore, scoreRound, tournamentInstanceId, tournamentWindow, unpaidTournaments,
  type Leaderboard, type PaidTournamentPrize, type Scored,
} from './tournaments.ts';

/** The bus topic of leaderboard changes. */
export const GAMIFICATION_TOPIC = 'gamification';
/** The one-off job that closes a tournament window at its end. */
export const CLOSE_JOB = 'gamification-tournament-close';
/** How long a provider access token lives (seconds); the platform session behind it must stay live too. */
export const PROVIDER_TOKEN_TTL_SECONDS = 3600;

/** A message on the gamification topic. */
export type GamificationBroadcast = { kind: 'leaderboard' | 'closed'; instanceId: string };

/** Who holds a provider token. */
export interface ProviderPlayer {
  playerId: string;
  brand: string;
  clientId: string;
}

/** The player data (GET v1/player, and GetGamanzaInfo's fields). */
export interface PlayerData {
  id: string;
  brand: string;
  gamificationOpt: { enable: boolean };
  isPlayerBlockedInGamanza: boolean;
  points: bigint;
  rank: RankView | null;
  nextRank: RankView | null;
}

/** A mission with the player's progress (none for a visitor). */
export interface MissionView {
  mission: MissionContent;
  target: bigint;
  progress: bigint;
  completed: boolean;
}

/** A tournament's current (or fixed) window with its leaderboard. */
export interface TournamentView {
  tournament: TournamentContent;
  instanceId: string;
  startsAt: Date;
  endsAt: Date;
  status: 'upcoming' | 'running' | 'closed';
  leaderboard: Leaderboard | null;
}

/** The service. */
export interface GamificationService {
  /** The brand's gamification content (loyalty, missions, tournaments). */
  content(brandId: string): Promise<GamificationContent>;
  /** The game server's hook on every real-money stake (points, wager and rounds missions, wagered tournaments). */
  onRealStake(tx: Queryable, stake: RealStake, posted: PostResult[]): Promise<(() => void) | void>;
  /** The game server's hook on every real-money payout (multiplier tournaments). */
  onRealPayout(tx: Queryable, payout: RealPayout, posted: PostResult[]): Promise<(() => void) | void>;
  /** The cashier's hook on every completed deposit (deposits missions). */
  onDepositCompleted(tx: Queryable, deposit: CompletedDeposit, posted: PostResult[]): Promise<void>;
  /** The token endpoint: a provider access token for the player of a platform access token, through the brand's client id. */
  issueToken(clientId: string, identityToken: string, options?: { beforeIssue?: (playerId: string) => Promise<void> }): Promise<{ accessToken: string; expiresIn: number }>;
  /** Checks a provider access token; AuthenticationFailure when it is unknown, expired, or its session ended. */
  authenticate(bearer: string | null): Promise<ProviderPlayer>;
  /** The player's data with the provider. */
  playerData(playerId: string, brand: string): Promise<PlayerData>;
  /** Opts a player in or out; a blocked player cannot opt in. */
  setOptIn(playerId: string, brand: string, enable: boolean): Promise<PlayerData>;
  /** Operator (sandbox): blocks or unblocks a player; blocked players earn nothing. */
  setBlocked(playerId: string, blocked: boolean): Promise<void>;
  /** The brand's running missions with the player's progress. */
  missions(brand: string, playerId: string | null): Promise<MissionView[]>;
  /** The brand's tournaments (current window each) with their top `size` and the player's line. */
  tournaments(brand: string, playerId: string | null, size?: number): Promise<TournamentView[]>;
  /** One window's leaderboard (null when nobody scored yet). */
  leaderboard(instanceId: string, size: number, playerId: string | null): Promise<Leaderboard | null>;
  /** Closes a window if it has ended, and pays its prizes (idempotent; the job and the sweep call it). */
  close(instanceId: string): Promise<void>;
  /** Closes every ended window and pays what is unpaid (the periodic sweep; tests call it). */
  settle(): Promise<void>;
  /**
   * Sandbox: ends a tournament's current window now, as its end would, and pays its prizes; returns
   * what this call paid (nothing when it was closed already). NotFound for an unknown tournament or
   * a window nobody scored in.
   */
  closeNow(brand: string, tournamentId: string): Promise<PaidTournamentPrize[]>;
  /** Registers the sweep (every intervalMs; 0: none) and, when windows are open, the close job's worker. */
  start(intervalMs: number): void;
}

/** What the service is built from. */
export interface GamificationServiceOptions {
  db: Db;
  ledger: Ledger;
  events: EventBus;
  jobs: Jobs;
  content: ContentStore;
  brands: BrandRegistry;
  /** The platform's token verifier (auth/sessions.ts). */
  auth: Pick<AuthService, 'authenticate'>;
  clock: () => Date;
}

const EMPTY: GamificationContent = { loyalty: null, missions: null, tournaments: null };

/** sha256 of a provider token: the database never holds a usable one. */
function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Creates the service. */
export function createGamificationService(options: GamificationServiceOptions): GamificationService {
  const { db, ledger, events, jobs, brands, auth, clock } = options;

  async function content(brandId: string): Promise<GamificationContent> {
    return brands.has(brandId) ? options.content.gamification(brandId) : EMPTY;
  }

  /** The brand's content when its gamification is on, else null. */
  async function enabled(brandId: string): Promise<(GamificationContent & { loyalty: LoyaltyContent }) | null> {
    const found = await content(brandId);
    return found.loyalty?.settings.enabled ? (found as GamificationContent & { loyalty: LoyaltyContent }) : null;
  }

  /** Whether the player earns (opted in, not blocked), locking their row for this transaction. */
  async function earner(tx: Queryable, playerId: string): Promise<{ points: bigint; carry: bigint } | null> {
    const { rows } = await tx.query<{ opted_in: boolean; blocked: boolean; points: string; carry: string }>(
      'select opted_in, blocked, points::text, points_carry::text as carry from gamification_players where player_id = $1 for update',
      [playerId],
    );
    const row = rows[0];
    return row?.opted_in && !row.blocked ? { points: BigInt(row.points), carry: BigInt(row.carry) } : null;
  }

  function announce(message: GamificationBroadcast): void {
    events.broadcast(GAMIFICATION_TOPIC, message);
  }

  let worker: Promise<void> | null = null;
  /** The close job's worker in this process, registered once, on first need (pg-boss starts with it). */
  function ensureWorker(): Promise<void> {
    worker ??= jobs.handle<{ instanceId: string }>(CLOSE_JOB, async ({ instanceId }) => close(instanceId));
    worker.catch(() => (worker = null));
    return worker;
  }

  /** Schedules a window's close at its end on the platform's clock (which the sandbox may have moved). */
  async function scheduleClose(instanceId: string, endsAt: Date): Promise<void> {
    await ensureWorker();
    const when = new Date(Date.now() + (endsAt.getTime() - clock().getTime()));
    await jobs.at(CLOSE_JOB, instanceId, when, { instanceId }, { retryDelaySeconds: 2 });
  }

  /** What runs after a scoring transaction commits: schedule new windows' closes, tell the leaderboards. */
  function afterScoring(scored: Scored[]): (() => void) | undefined {
    if (scored.length === 0) return undefined;
    return () => {
      for (const window of scored) {
        // The process that opened the window schedules its close; every process that scores works the job.
        const ready = window.opened ? scheduleClose(window.instanceId, window.endsAt) : ensureWorker();
        ready.catch((error: unknown) => console.error(`[platform] the close job of tournament ${window.instanceId} is not ready here (the sweep closes it):`, error));
        announce({ kind: 'leaderboard', instanceId: window.instanceId });
      }
    };
  }

  async function close(instanceId: string): Promise<void> {
    const closed = await db.transaction((tx) => closeTournament(tx, instanceId, clock()));
    await payTournament(db, ledger, instanceId);
    if (closed) announce({ kind: 'closed', instanceId });
  }

  async function closeNow(brand: string, tournamentId: string): Promise<PaidTournamentPrize[]> {
    const tournament = (await content(brand)).tournaments?.tournaments.find((candidate) => candidate.id === tournamentId);
    if (!tournament) throw new PlatformError('NotFound', `No tournament "${tournamentId}" on brand ${brand}: take ids from the tournaments query`);
    const now = clock();
    const instanceId = tournamentInstanceId(brand, tournament.id, tournamentWindow(tournament, now).start);
    const { rows } = await db.query<{ status: string }>(
      `update gamification_tournaments set ends_at = least(ends_at, $2) where id = $1 returning status`,
      [instanceId, now],
    );
    if (rows.length === 0) throw new PlatformError('NotFound', `Nobody has scored in tournament "${tournamentId}"'s current window (${instanceId}) yet: play a round that counts first`);
    const closed = await db.transaction((tx) => closeTournament(tx, instanceId, now));
    const paid = await payTournament(db, ledger, instanceId);
    if (closed) announce({ kind: 'closed', instanceId });
    return paid;
  }

  async function settle(): Promise<void> {
    for (const instanceId of await dueTournaments(db, clock())) await close(instanceId);
    for (const instanceId of await unpaidTournaments(db)) await payTournament(db, ledger, instanceId);
  }

  async function playerData(playerId: string, brand: string): Promise<PlayerData> {
    const { rows } = await db.query<{ opted_in: boolean | null; blocked: boolean | null; points: string | null }>(
      `select g.opted_in, g.blocked, g.points::text from players p left join gamification_players g on g.player_id = p.id where p.id = $1 and p.brand = $2`,
      [playerId, brand],
    );
    const row = rows[0];
    if (!row) throw new PlatformError('NotFound', `No player ${playerId} on brand ${brand}`);
    const points = BigInt(row.points ?? '0');
    const loyalty = (await content(brand)).loyalty;
    const ranks = loyalty ? rankOf(points, loyalty.rankCards) : null;
    return {
      id: playerId, brand, gamificationOpt: { enable: row.opted_in ?? false }, isPlayerBlockedInGamanza: row.blocked ?? false,
      points, rank: ranks?.current ?? null, nextRank: ranks?.next ?? null,
    };
  }

  /** Scores the rounds-based tournaments a round counts in, inside tx. */
  async function scoreTournaments(tx: Queryable, input: { brand: string; playerId: string; tournaments: readonly TournamentContent[]; scoring: TournamentContent['scoring']; game: GameFacts; baseBetMinor: bigint; score: (tournament: TournamentContent) => bigint }): Promise<Scored[]> {
    const scored: Scored[] = [];
    const now = clock();
    for (const tournament of input.tournaments) {
      if (tournament.scoring !== input.scoring || !gameCounts(tournament.games, input.game)) continue;
      if (input.baseBetMinor < minBetMinor(tournament)) continue;
      const score = input.score(tournament);
      if (score <= 0n) continue;
      const done = await scoreRound(tx, { brand: input.brand, tournament, playerId: input.playerId, score, now });
      if (done) scored.push(done);
    }
    return scored;
  }

  return {
    content,
    playerData,
    close,
    settle,

    async onRealStake(tx, stake, posted) {
      const found = await enabled(stake.brand);
      if (!found) return undefined;
      const standing = await earner(tx, stake.playerId);
      if (!standing) return undefined;
      const baseMinor = toBase(stake.betMinor, stake.currency);
      const earned = earnPoints(standing.carry, baseMinor, found.loyalty.settings.pointsRate);
      await tx.query('update gamification_players set points = points + $2, points_carry = $3, updated_at = now() where player_id = $1', [stake.playerId, earned.points.toString(), earned.carry.toString()]);
      const game = await gameFacts(tx, stake.gameId);
      if (!game) return undefined;
      await advanceMissions(tx, ledger, {
        brand: stake.brand, playerId: stake.playerId, walletId: stake.walletId, currency: stake.currency,
        missions: found.missions?.missions ?? [], event: { kind: 'round', baseMinor, game }, now: clock(),
      }, posted);
      const scored = await scoreTournaments(tx, {
        brand: stake.brand, playerId: stake.playerId, tournaments: found.tournaments?.tournaments ?? [], scoring: 'wagered', game, baseBetMinor: baseMinor,
        score: () => baseMinor,
      });
      return afterScoring(scored);
    },

    async onRealPayout(tx, payout) {
      const { rows } = await tx.query<{ player_id: string; brand: string; currency: string; bet: string }>(
        `select r.player_id, p.brand, w.currency, r.bet_minor::text as bet from game_rounds r join players p on p.id = r.player_id join wallets w on w.player_id = r.player_id
          where r.game_session_id = $1 and r.round_id = $2`,
        [payout.gameSessionId, payout.roundId],
      );
      const round = rows[0];
      if (!round) return undefined;
      const found = await enabled(round.brand);
      const tournaments = found?.tournaments?.tournaments.filter((tournament) => tournament.scoring === 'multiplier') ?? [];
      if (tournaments.length === 0 || !(await earner(tx, round.player_id))) return undefined;
      const game = await gameFacts(tx, payout.gameId);
      if (!game) return undefined;
      const betMinor = BigInt(round.bet);
      const baseBetMinor = toBase(betMinor, round.currency);
      const scored = await scoreTournaments(tx, {
        brand: round.brand, playerId: round.player_id, tournaments, scoring: 'multiplier', game, baseBetMinor,
        score: (tournament) => roundScore(tournament.scoring, { baseBetMinor, betMinor, winMinor: payout.winMinor }),
      });
      return afterScoring(scored);
    },

    async onDepositCompleted(tx, deposit, posted) {
      const { rows } = await tx.query<{ brand: string }>('select brand from players where id = $1', [deposit.playerId]);
      const brand = rows[0]?.brand;
      if (!brand) return;
      const found = await enabled(brand);
      if (!found?.missions || !(await earner(tx, deposit.playerId))) return;
      await advanceMissions(tx, ledger, {
        brand, playerId: deposit.playerId, walletId: deposit.walletId, currency: deposit.currency,
        missions: found.missions.missions, event: { kind: 'deposit' }, now: clock(),
      }, posted);
    },

    async issueToken(clientId, identityToken, issueOptions = {}) {
      if (!clientId) throw new PlatformError('BadUserInput', 'clientId is required: the lobby\'s client id (loyalty.json settings.clientId)');
      if (!identityToken) throw new PlatformError('BadUserInput', 'identityToken is required: the player\'s platform access token');
      let brand: string | null = null;
      for (const id of brands.keys()) {
        if ((await content(id)).loyalty?.settings.clientId === clientId) brand = id;
      }
      if (!brand) throw new PlatformError('AuthenticationFailure', `Unknown clientId "${clientId}": use the clientId of the brand's content/<brand>/loyalty.json`);
      if (!(await enabled(brand))) throw new PlatformError('AuthenticationFailure', `Gamification is off for brand ${brand} (loyalty.json settings.enabled is false)`);
      // The platform's own verifier: signature, issuer, expiry, brand and a live session.
      const player = await auth.authenticate(identityToken, brand);
      // The rate limit counts per player, so it runs once the identity token says who asks.
      await issueOptions.beforeIssue?.(player.playerId);
      const accessToken = randomBytes(32).toString('base64url');
      await db.query(
        `insert into gamification_tokens (token_hash, player_id, brand, client_id, sid, expires_at) values ($1, $2, $3, $4, $5, now() + $6 * interval '1 second')`,
        [hashToken(accessToken), player.playerId, brand, clientId, player.sid, PROVIDER_TOKEN_TTL_SECONDS],
      );
      await db.query(`insert into gamification_players (player_id, brand) values ($1, $2) on conflict (player_id) do nothing`, [player.playerId, brand]);
      // Expired tokens go as new ones come: the table holds only live ones and a little more.
      await db.query('delete from gamification_tokens where expires_at < now() - interval \'1 hour\'');
      return { accessToken, expiresIn: PROVIDER_TOKEN_TTL_SECONDS };
    },

    async authenticate(bearer) {
      if (!bearer) throw new PlatformError('AuthenticationFailure', 'This needs the provider\'s access token: POST v1/token first, then send Authorization: Bearer <accessToken>');
      const { rows } = await db.query<{ player_id: string; brand: string; client_id: string }>(
        `select t.player_id, t.brand, t.client_id from gamification_tokens t join sessions s on s.sid = t.sid
          where t.token_hash = $1 and t.expires_at > now() and s.revoked_at is null`,
        [hashToken(bearer)],
      );
      const row = rows[0];
      if (!row) throw new PlatformError('AuthenticationFailure', 'The provider access token is unknown, expired, or its session ended: get a new one from v1/token');
      return { playerId: row.player_id, brand: row.brand, clientId: row.client_id };
    },

    async setOptIn(playerId, brand, enable) {
      if (!(await enabled(brand))) throw new PlatformError('BadUserInput', `Gamification is off for brand ${brand}`);
      const { rows } = await db.query<{ blocked: boolean }>(
        `insert into gamification_players (player_id, brand, opted_in, opted_in_at) values ($1, $2, $3, case when $3 then now() end)
         on conflict (player_id) do update set opted_in = excluded.opted_in and not gamification_players.blocked,
           opted_in_at = case when excluded.opted_in then coalesce(gamification_players.opted_in_at, now()) else gamification_players.opted_in_at end, updated_at = now()
         returning blocked`,
        [playerId, brand, enable],
      );
      if (enable && rows[0]?.blocked) throw new PlatformError('BadUserInput', 'This player is blocked from gamification by the operator and cannot opt in: contact support');
      return playerData(playerId, brand);
    },

    async setBlocked(playerId, blocked) {
      const { rows } = await db.query<{ brand: string }>('select brand from players where id = $1', [playerId]);
      if (!rows[0]) throw new PlatformError('NotFound', `No player ${playerId}`);
      await db.query(
        `insert into gamification_players (player_id, brand, blocked) values ($1, $2, $3)
         on conflict (player_id) do update set blocked = excluded.blocked, opted_in = gamification_players.opted_in and not excluded.blocked, updated_at = now()`,
        [playerId, rows[0].brand, blocked],
      );
    },

    async missions(brand, playerId) {
      const found = await enabled(brand);
      const now = clock();
      const list = (found?.missions?.missions ?? []).filter((mission) => missionActive(mission, now));
      const progress = playerId ? await missionProgress(db, brand, playerId) : new Map();
      return list.map((mission) => {
        const mine = progress.get(mission.id);
        const target = mine?.target ?? missionTarget(mission);
        return { mission, target, progress: mine?.progress ?? 0n, completed: Boolean(mine?.completedAt) };
      });
    },

    async tournaments(brand, playerId, size = 10) {
      const found = await enabled(brand);
      const now = clock();
      const views: TournamentView[] = [];
      for (const tournament of found?.tournaments?.tournaments ?? []) {
        const window = tournamentWindow(tournament, now);
        const instanceId = tournamentInstanceId(brand, tournament.id, window.start);
        const leaderboard = await readLeaderboard(db, instanceId, size, playerId);
        const status = leaderboard?.status === 'closed' || now >= window.end ? 'closed' : now < window.start ? 'upcoming' : 'running';
        views.push({ tournament, instanceId, startsAt: window.start, endsAt: window.end, status, leaderboard });
      }
      return views;
    },

    leaderboard: (instanceId, size, playerId) => readLeaderboard(db, instanceId, size, playerId),
    closeNow,

    start(intervalMs) {
      if (intervalMs > 0) jobs.every('gamification-settle', intervalMs, settle);
      // A process that starts while windows are open runs their close jobs too.
      db.query(`select 1 from gamification_tournaments where status = 'open' limit 1`)
        .then(({ rows }) => (rows.length > 0 ? ensureWorker() : undefined))
        .catch((error: unknown) => console.error('[platform] the tournament close worker did not start (the sweep closes windows):', error));
    },
  };
}

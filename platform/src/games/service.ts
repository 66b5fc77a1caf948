/**
 * The demo game server: game sessions (one per launch), rounds, and the money they move. A REAL
 * round posts its stake and its payout as two ledger transactions keyed by the round
 * (`casino:<session>:<round>:bet` and `…:win`), so a retried or replayed round never moves money
 * twice, and each publishes Wallet.balanceUpdated with moneyType CasinoBet. A FUN round moves only
 * the virtual balance held in its game session. The page holds the session id, never a token: a
 * REAL session is tied to the lobby session (sid) it was launched from and ends with it.
 */
import { randomBytes } from 'node:crypto';
import type { Brand } from '../brands/brands.ts';
import { createCatalogueRepository } from '../catalogue/repository.ts';
import type { GameRow } from '../catalogue/repository.ts';
import { betMinorIn } from '../catalogue/money.ts';
import type { Db, Queryable } from '../db/db.ts';
import { PlatformError } from '../graphql/errors.ts';
import type { Ledger, PostResult } from '../ledger/ledger.ts';
import { formatMinor, parseAmount } from '../ledger/money.ts';
import { assertMayBet } from '../players/protection.ts';
import type { BlackjackHand, Engine } from './engines.ts';
import {
  actBlackjack, betSteps, blackjackWin, dealBlackjack, drawShared, engineFor, parseChoice, roundRandom, settleShared, spinSlot,
  visibleBlackjack,
} from './engines.ts';
import { LIVE_CYCLE_MS, liveOutcome, liveRoundAt, liveRoundTimes } from './live.ts';

/** REAL plays the wallet through the ledger; FUN plays a virtual balance. */
export type GameMode = 'REAL' | 'FUN';

/** How long a launched game stays playable. */
export const GAME_SESSION_TTL_MS = 8 * 3600_000;
/** The virtual balance a FUN session starts with, in EUR cents before the currency's stake ladder (1000 EUR). */
export const FUN_BALANCE_EUR_CENTS = 100_000n;
/** A round id: what the page sends to make its request idempotent. */
const ROUND_ID = /^[A-Za-z0-9_-]{8,64}$/;

/** What the GraphQL launch mutation hands the service once it has checked who may play what. */
export interface LaunchInput {
  brand: Brand;
  game: GameRow;
  mode: GameMode;
  /** The signed-in player for REAL (their wallet decides the currency). */
  player: { id: string; sid: string } | null;
  currency: string;
  lobbyOrigin: string;
  locale: string;
}

/** A launched game. */
export interface Launch {
  gameSessionId: string;
  url: string;
  mode: GameMode;
  currency: string;
  expiresAt: string;
}

/** A game session as the page and its routes see it. */
export interface GameSessionInfo {
  id: string;
  brand: string;
  mode: GameMode;
  currency: string;
  lobbyOrigin: string;
  locale: string;
  game: GameRow;
  engine: Engine;
  live: boolean;
  minBetMinor: bigint;
  maxBetMinor: bigint;
  /** Why it cannot be played any more, or null. */
  ended: string | null;
  /** The same reason as a code, for the page to say it in the player's language. */
  endedReason: 'expired' | 'signedOut' | null;
}

/** A round as the page sees it (amounts are decimal strings in the session currency). */
export interface RoundView {
  roundId: string;
  status: 'open' | 'settled';
  bet: string;
  win: string | null;
  currency: string;
  choice: Record<string, unknown> | null;
  outcome: Record<string, unknown> | null;
  tableRound: number | null;
  /** Blackjack: what the player may do next. */
  actions: string[];
  createdAt: string;
}

/** The answer to a play or an action. */
export interface PlayResult {
  round: RoundView;
  balance: string;
  currency: string;
  /** True when this round id had been played already and nothing changed now. */
  replayed: boolean;
}

/** Everything the page needs to draw itself. */
export interface GameState {
  gameSessionId: string;
  mode: GameMode;
  currency: string;
  balance: string;
  serverTime: number;
  game: {
    slug: string; name: string; studio: string; engine: Engine; live: boolean; rtp: string; volatility: string;
    minBet: string; maxBet: string; betSteps: string[]; imageUrl: string;
  };
  openRounds: RoundView[];
  recentRounds: RoundView[];
  live: null | {
    round: number;
    phase: string;
    startsAt: number;
    bettingClosesAt: number;
    resultAt: number;
    endsAt: number;
    /** The current round's outcome once drawn. */
    result: Record<string, unknown> | null;
    /** Outcomes of the previous rounds, newest first. */
    history: { round: number; outcome: Record<string, unknown> }[];
  };
}

/** The game server. */
export interface GameService {
  /** Opens a game session and returns the URL of its page. */
  launch(input: LaunchInput): Promise<Launch>;
  /** A session with its game, or null when the id is unknown. */
  session(id: string): Promise<GameSessionInfo | null>;
  /** The page's state (settles the session's due live bets first). */
  state(id: string): Promise<GameState>;
  /** Plays (or, for blackjack, deals; for live tables, places) a round. */
  play(id: string, input: { roundId: unknown; bet: unknown; choice?: unknown }): Promise<PlayResult>;
  /** Blackjack hit or stand; `step` (cards the page saw) makes a repeated click harmless. */
  act(id: string, roundId: string, input: { action: unknown; step?: unknown }): Promise<PlayResult>;
  /** Refills a FUN session's virtual balance. */
  resetFunBalance(id: string): Promise<GameState>;
  /** Settles live bets whose table round has been drawn; returns how many it settled. */
  settleDue(nowMs?: number, sessionId?: string): Promise<number>;
}

interface SessionRow {
  id: string;
  brand: string;
  game_id: string;
  mode: GameMode;
  player_id: string | null;
  sid: string | null;
  currency: string;
  lobby_origin: string;
  locale: string;
  fun_balance_minor: string | null;
  server_seed: string;
  expired: boolean;
  signed_out: boolean;
  wallet_id: string | null;
}

interface RoundRow {
  id: string;
  round_id: string;
  engine: Engine;
  currency: string;
  bet_minor: string;
  win_minor: string | null;
  choice: Record<string, unknown> | null;
  outcome: Record<string, unknown> | null;
  table_round: string | null;
  status: 'open' | 'settled';
  created_at: string;
}

const SESSION_SQL = `
  select s.id, s.brand, s.game_id, s.mode, s.player_id, s.sid, s.currency, s.lobby_origin, s.locale,
         s.fun_balance_minor::text, s.server_seed, s.expires_at < now() as expired,
         coalesce(ps.revoked_at is not null, false) as signed_out, w.id as wallet_id
    from game_sessions s
    left join sessions ps on ps.sid = s.sid
    left join wallets w on w.player_id = s.player_id
   where s.id = $1`;

const ROUND_SQL = `
  select id::text, round_id, engine, currency, bet_minor::text, win_minor::text, choice, outcome, table_round::text, status,
         to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
    from game_rounds`;

/** Reads (or creates) the secret behind every live table's outcomes, shared by all platforms on the database. */
async function liveSecret(db: Db): Promise<string> {
  const name = 'games-live-tables';
  await db.query('insert into platform_secrets (name, value) values ($1, $2) on conflict (name) do nothing', [name, JSON.stringify(randomBytes(32).toString('base64url'))]);
  const { rows } = await db.query<{ value: string }>('select value from platform_secrets where name = $1', [name]);
  if (!rows[0]) throw new Error('The live-table secret could not be stored');
  return rows[0].value;
}

/** Creates the game server over the database, the catalogue and the ledger. */
export async function createGameService(options: { db: Db; ledger: Ledger; gameOrigin: () => string }): Promise<GameService> {
  const { db, ledger } = options;
  const secret = await liveSecret(db);
  // The catalogue never changes while the platform runs, so game rows are cached by id.
  const games = new Map<string, GameRow>();
  // Read through the caller's connection: inside a transaction PGlite serialises every other query behind it.
  const gameById = async (on: Queryable, id: string): Promise<GameRow> => {
    let game = games.get(id);
    if (!game) {
      [game] = await createCatalogueRepository(on).gamesByIds([id]);
      if (!game) throw new Error(`Game ${id} of a game session is not in the catalogue`);
      games.set(id, game);
    }
    return game;
  };

  const info = async (on: Queryable, row: SessionRow): Promise<GameSessionInfo> => {
    const game = await gameById(on, row.game_id);
    const { engine, live } = engineFor(game);
    return {
      id: row.id,
      brand: row.brand,
      mode: row.mode,
      currency: row.currency,
      lobbyOrigin: row.lobby_origin,
      locale: row.locale,
      game,
      engine,
      live,
      minBetMinor: betMinorIn(game.minBetMinor, row.currency),
      maxBetMinor: betMinorIn(game.maxBetMinor, row.currency),
      ended: row.expired
        ? 'This game session has expired: close the game and launch it again from the lobby'
        : row.signed_out
          ? 'You signed out of the lobby, which ended this game session: sign in and launch the game again'
          : null,
      endedReason: row.expired ? 'expired' : row.signed_out ? 'signedOut' : null,
    };
  };

  /** The session row (locked inside a transaction); NotFound and GameSessionEnded say what to do. */
  const loadSession = async (on: Queryable, id: string, lock: boolean): Promise<{ row: SessionRow; info: GameSessionInfo }> => {
    const { rows } = await on.query<SessionRow>(`${SESSION_SQL}${lock ? ' for update of s' : ''}`, [id]);
    const row = rows[0];
    if (!row) throw new PlatformError('NotFound', `No game session "${id}": launch the game again from the lobby`);
    const session = await info(on, row);
    if (session.ended) throw new PlatformError('GameSessionEnded', session.ended);
    return { row, info: session };
  };

  const balanceOf = async (on: Queryable, row: SessionRow): Promise<bigint> => {
    if (row.mode === 'FUN') {
      const { rows } = await on.query<{ balance: string }>('select fun_balance_minor::text as balance from game_sessions where id = $1', [row.id]);
      return BigInt(rows[0]?.balance ?? '0');
    }
    return (await ledger.balances(row.wallet_id as string, on)).cash;
  };

  const view = (round: RoundRow): RoundView => {
    const hand = round.engine === 'blackjack' && round.outcome ? (round.outcome as unknown as BlackjackHand) : null;
    return {
      roundId: round.round_id,
      status: round.status,
      bet: formatMinor(BigInt(round.bet_minor), round.currency),
      win: round.win_minor === null ? null : formatMinor(BigInt(round.win_minor), round.currency),
      currency: round.currency,
      choice: round.choice,
      // An unfinished hand keeps the dealer's hole card (and the rest of the shoe) on the server.
      outcome: hand ? visibleBlackjack(hand) : round.outcome,
      tableRound: round.table_round === null ? null : Number(round.table_round),
      actions: hand && !hand.finished ? ['hit', 'stand'] : [],
      createdAt: round.created_at,
    };
  };

  /** Takes the stake: a CasinoBet ledger posting (REAL) or the virtual balance (FUN). */
  const takeStake = async (tx: Queryable, row: SessionRow, roundId: string, betMinor: bigint, posted: PostResult[]): Promise<void> => {
    if (row.mode === 'FUN') {
      const { rows } = await tx.query(
        'update game_sessions set fun_balance_minor = fun_balance_minor - $2 where id = $1 and fun_balance_minor >= $2 returning id',
        [row.id, betMinor.toString()],
      );
      if (rows.length === 0) {
        const balance = await balanceOf(tx, row);
        throw new PlatformError(
          'InsufficientFunds',
          `Your play-for-fun balance is ${formatMinor(balance, row.currency)} ${row.currency}, less than the ${formatMinor(betMinor, row.currency)} ${row.currency} bet: lower the bet or refill the demo balance`,
          { balance: formatMinor(balance, row.currency), bet: formatMinor(betMinor, row.currency) },
        );
      }
      return;
    }
    const walletId = row.wallet_id as string;
    const balance = (await ledger.balances(walletId, tx)).cash;
    if (balance < betMinor) {
      // Checked here for a message a player understands; the ledger refuses an overdraft on its own too.
      throw new PlatformError(
        'InsufficientFunds',
        `Your balance is ${formatMinor(balance, row.currency)} ${row.currency}, less than the ${formatMinor(betMinor, row.currency)} ${row.currency} bet: lower the bet or make a deposit`,
        { balance: formatMinor(balance, row.currency), bet: formatMinor(betMinor, row.currency) },
      );
    }
    posted.push(
      await ledger.postWithin(tx, {
        idempotencyKey: `casino:${row.id}:${roundId}:bet`,
        walletId,
        kind: 'CasinoBet',
        entries: [{ account: 'cash', amountMinor: -betMinor }, { account: 'house:games', amountMinor: betMinor }],
        metadata: { gameId: row.game_id, gameSessionId: row.id, roundId },
      }),
    );
    // Recently played follows real rounds only: a demo spin is not a game the player "plays".
    await tx.query(
      `insert into recently_played_games (player_id, game_id, played_at) values ($1, $2, clock_timestamp())
       on conflict (player_id, game_id) do update set played_at = excluded.played_at`,
      [row.player_id, row.game_id],
    );
  };

  /** Pays a round out: a CasinoWin ledger posting (REAL) or the virtual balance (FUN). */
  const payOut = async (tx: Queryable, session: { id: string; mode: GameMode; wallet_id: string | null; game_id: string }, roundId: string, winMinor: bigint, posted: PostResult[]): Promise<void> => {
    if (winMinor <= 0n) return;
    if (session.mode === 'FUN') {
      await tx.query('update game_sessions set fun_balance_minor = fun_balance_minor + $2 where id = $1', [session.id, winMinor.toString()]);
      return;
    }
    posted.push(
      await ledger.postWithin(tx, {
        idempotencyKey: `casino:${session.id}:${roundId}:win`,
        walletId: session.wallet_id as string,
        kind: 'CasinoWin',
        entries: [{ account: 'cash', amountMinor: winMinor }, { account: 'house:games', amountMinor: -winMinor }],
        metadata: { gameId: session.game_id, gameSessionId: session.id, roundId },
      }),
    );
  };

  const result = async (on: Queryable, row: SessionRow, round: RoundRow, replayed: boolean): Promise<PlayResult> => ({
    round: view(round),
    balance: formatMinor(await balanceOf(on, row), row.currency),
    currency: row.currency,
    replayed,
  });

  const roundOf = async (on: Queryable, sessionId: string, roundId: string, lock = false): Promise<RoundRow | undefined> =>
    (await on.query<RoundRow>(`${ROUND_SQL} where game_session_id = $1 and round_id = $2${lock ? ' for update' : ''}`, [sessionId, roundId])).rows[0];

  /** Runs fn in a transaction and publishes its ledger postings once it has committed. */
  const committed = async <T>(fn: (tx: Queryable, posted: PostResult[]) => Promise<T>): Promise<T> => {
    const posted: PostResult[] = [];
    const value = await db.transaction((tx) => fn(tx, posted));
    for (const posting of posted) ledger.publish(posting);
    return value;
  };

  const service: GameService = {
    async launch(input) {
      const id = randomBytes(24).toString('base64url');
      const expiresAt = new Date(Date.now() + GAME_SESSION_TTL_MS);
      const funBalance = input.mode === 'FUN' ? betMinorIn(FUN_BALANCE_EUR_CENTS, input.currency) : null;
      await db.query(
        `insert into game_sessions (id, brand, game_id, mode, player_id, sid, currency, lobby_origin, locale, fun_balance_minor, server_seed, expires_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
        [
          id, input.brand.id, input.game.id, input.mode, input.player?.id ?? null, input.player?.sid ?? null, input.currency,
          input.lobbyOrigin, input.locale, funBalance?.toString() ?? null, randomBytes(32).toString('base64url'), expiresAt.toISOString(),
        ],
      );
      return { gameSessionId: id, url: `${options.gameOrigin()}/games/play/${id}`, mode: input.mode, currency: input.currency, expiresAt: expiresAt.toISOString() };
    },

    async session(id) {
      if (!/^[A-Za-z0-9_-]{16,64}$/.test(id)) return null;
      const { rows } = await db.query<SessionRow>(SESSION_SQL, [id]);
      return rows[0] ? info(db, rows[0]) : null;
    },

    async state(id) {
      const now = Date.now();
      const { info: session } = await loadSession(db, id, false);
      if (session.live) await service.settleDue(now, id);
      const { row } = await loadSession(db, id, false);
      const { rows: open } = await db.query<RoundRow>(`${ROUND_SQL} where game_session_id = $1 and status = 'open' order by id`, [id]);
      const { rows: recent } = await db.query<RoundRow>(`${ROUND_SQL} where game_session_id = $1 and status = 'settled' order by settled_at desc, id desc limit 10`, [id]);
      const { game, engine, live } = session;
      let liveState: GameState['live'] = null;
      if (live && engine !== 'slot' && engine !== 'blackjack') {
        const current = liveRoundAt(game.id, now);
        const history = [];
        for (let back = 1; back <= 8; back++) {
          history.push({ round: current.round - back, outcome: liveOutcome(secret, game.id, current.round - back, engine) });
        }
        liveState = {
          round: current.round,
          phase: current.phase,
          startsAt: current.startsAt,
          bettingClosesAt: current.bettingClosesAt,
          resultAt: current.resultAt,
          endsAt: current.endsAt,
          // Never before resultAt: knowing the draw while bets are open would be the whole game.
          result: current.phase === 'result' ? liveOutcome(secret, game.id, current.round, engine) : null,
          history,
        };
      }
      return {
        gameSessionId: id,
        mode: session.mode,
        currency: session.currency,
        balance: formatMinor(await balanceOf(db, row), session.currency),
        serverTime: now,
        game: {
          slug: game.slug,
          name: game.name,
          studio: game.studioName,
          engine,
          live,
          rtp: game.rtp,
          volatility: game.volatility,
          minBet: formatMinor(session.minBetMinor, session.currency),
          maxBet: formatMinor(session.maxBetMinor, session.currency),
          betSteps: betSteps(session.minBetMinor, session.maxBetMinor).map((step) => formatMinor(step, session.currency)),
          imageUrl: `/media/games/${game.slug}.svg`,
        },
        openRounds: open.map(view),
        recentRounds: recent.map(view),
        live: liveState,
      };
    },

    async play(id, input) {
      const roundId = String(input.roundId ?? '');
      if (!ROUND_ID.test(roundId)) {
        throw new PlatformError('BadUserInput', 'roundId must be 8 to 64 letters, digits, dashes or underscores, new for every round and the same when retrying one');
      }
      return committed(async (tx, posted) => {
        const { row, info: session } = await loadSession(tx, id, true);
        const betText = String(input.bet ?? '');
        const betMinor = parseAmount(betText, session.currency, 'bet');
        const choice = parseChoice(session.engine, input.choice);
        const existing = await roundOf(tx, id, roundId);
        if (existing) {
          // A retry of the same round: same stake and pick, or it is a different round under a reused id.
          if (BigInt(existing.bet_minor) !== betMinor || JSON.stringify(existing.choice) !== JSON.stringify(choice)) {
            throw new PlatformError('IdempotencyConflict', `Round ${roundId} was already played with a different bet or pick: use a new roundId for a new round`);
          }
          return result(tx, row, existing, true);
        }
        if (betMinor < session.minBetMinor || betMinor > session.maxBetMinor) {
          throw new PlatformError(
            'BadUserInput',
            `The bet must be between ${formatMinor(session.minBetMinor, session.currency)} and ${formatMinor(session.maxBetMinor, session.currency)} ${session.currency} for ${session.game.name}, not ${betText}`,
          );
        }
        if (row.mode === 'REAL') await assertMayBet(tx, row.player_id as string);

        const insert = (status: 'open' | 'settled', win: bigint | null, outcome: Record<string, unknown> | null, tableRound: number | null) =>
          tx.query<RoundRow>(
            `insert into game_rounds (game_session_id, round_id, game_id, player_id, mode, engine, currency, bet_minor, win_minor, choice, outcome, table_round, status, settled_at)
             values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, case when $13 = 'settled' then now() end)
             returning id::text, round_id, engine, currency, bet_minor::text, win_minor::text, choice, outcome, table_round::text, status,
                       to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at`,
            [
              id, roundId, row.game_id, row.player_id, row.mode, session.engine, session.currency, betMinor.toString(), win?.toString() ?? null,
              choice === null ? null : JSON.stringify(choice), outcome === null ? null : JSON.stringify(outcome), tableRound, status,
            ],
          );

        if (session.live) {
          const table = liveRoundAt(session.game.id, Date.now());
          if (table.phase !== 'betting') {
            const opensIn = Math.ceil((table.endsAt - Date.now()) / 1000);
            throw new PlatformError('BadUserInput', `Bets are closed for round ${table.round} of ${session.game.name}: the next round opens in ${opensIn} s`, { opensInSeconds: opensIn });
          }
          await takeStake(tx, row, roundId, betMinor, posted);
          const inserted = (await insert('open', null, null, table.round)).rows[0] as RoundRow;
          return result(tx, row, inserted, false);
        }

        await takeStake(tx, row, roundId, betMinor, posted);
        if (session.engine === 'blackjack') {
          const hand = dealBlackjack(row.server_seed, roundId);
          const win = hand.finished ? blackjackWin(hand, betMinor) : null;
          const inserted = (await insert(hand.finished ? 'settled' : 'open', win, hand as unknown as Record<string, unknown>, null)).rows[0] as RoundRow;
          if (win !== null) await payOut(tx, row, roundId, win, posted);
          return result(tx, row, inserted, false);
        }
        // The outcome is drawn here, from the session's secret seed and the round id: never by the page.
        const random = roundRandom(row.server_seed, roundId);
        const drawn =
          session.engine === 'slot' ? spinSlot(random, betMinor) : settleShared(session.engine, choice ?? {}, drawShared(session.engine, random), betMinor);
        const inserted = (await insert('settled', drawn.winMinor, drawn.outcome, null)).rows[0] as RoundRow;
        await payOut(tx, row, roundId, drawn.winMinor, posted);
        return result(tx, row, inserted, false);
      });
    },

    async act(id, roundId, input) {
      const action = String(input.action ?? '');
      if (action !== 'hit' && action !== 'stand') throw new PlatformError('BadUserInput', `action "${action}" is not a blackjack move: use hit or stand`);
      return committed(async (tx, posted) => {
        const { row, info: session } = await loadSession(tx, id, true);
        if (session.engine !== 'blackjack') throw new PlatformError('BadUserInput', `${session.game.name} has no hit or stand: only blackjack tables do`);
        const round = await roundOf(tx, id, roundId, true);
        if (!round) throw new PlatformError('NotFound', `No round "${roundId}" in this game session: deal a hand first`);
        const hand = round.outcome as unknown as BlackjackHand;
        // A finished hand, or a click the page sent twice (it saw fewer cards than there are), changes nothing.
        if (round.status === 'settled' || (input.step !== undefined && Number(input.step) !== hand.player.length)) {
          return result(tx, row, round, true);
        }
        const next = actBlackjack(hand, action, row.server_seed, roundId);
        const win = next.finished ? blackjackWin(next, BigInt(round.bet_minor)) : null;
        const { rows } = await tx.query<RoundRow>(
          `update game_rounds set outcome = $2, win_minor = $3, status = $4, settled_at = case when $4 = 'settled' then now() end
            where id = $1
           returning id::text, round_id, engine, currency, bet_minor::text, win_minor::text, choice, outcome, table_round::text, status,
                     to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at`,
          [round.id, JSON.stringify(next), win?.toString() ?? null, next.finished ? 'settled' : 'open'],
        );
        if (win !== null) await payOut(tx, row, roundId, win, posted);
        return result(tx, row, rows[0] as RoundRow, false);
      });
    },

    async resetFunBalance(id) {
      const { row } = await loadSession(db, id, false);
      if (row.mode !== 'FUN') throw new PlatformError('BadUserInput', 'Only a play-for-fun session has a demo balance to refill');
      await db.query('update game_sessions set fun_balance_minor = $2 where id = $1', [id, betMinorIn(FUN_BALANCE_EUR_CENTS, row.currency).toString()]);
      return service.state(id);
    },

    async settleDue(nowMs = Date.now(), sessionId) {
      // Only rounds whose table may have drawn: their table round started a full result delay ago.
      const { rows } = await db.query<{ id: string; round_id: string; game_id: string; engine: Engine; table_round: string; session_id: string; mode: GameMode; wallet_id: string | null; bet_minor: string; choice: Record<string, unknown> }>(
        `select r.id::text, r.round_id, r.game_id, r.engine, r.table_round::text, r.game_session_id as session_id, r.mode,
                w.id as wallet_id, r.bet_minor::text, r.choice
           from game_rounds r left join wallets w on w.player_id = r.player_id
          where r.status = 'open' and r.table_round is not null and r.table_round <= $1 ${sessionId ? 'and r.game_session_id = $2' : ''}
          order by r.id limit 500`,
        sessionId ? [Math.floor(nowMs / LIVE_CYCLE_MS), sessionId] : [Math.floor(nowMs / LIVE_CYCLE_MS)],
      );
      let settled = 0;
      for (const due of rows) {
        const tableRound = Number(due.table_round);
        if (liveRoundTimes(due.game_id, tableRound).resultAt > nowMs) continue;
        const engine = due.engine as Exclude<Engine, 'slot' | 'blackjack'>;
        const drawn = settleShared(engine, due.choice, liveOutcome(secret, due.game_id, tableRound, engine), BigInt(due.bet_minor));
        const done = await committed(async (tx, posted) => {
          const { rows: updated } = await tx.query(
            `update game_rounds set status = 'settled', win_minor = $2, outcome = $3, settled_at = now() where id = $1 and status = 'open' returning id`,
            [due.id, drawn.winMinor.toString(), JSON.stringify(drawn.outcome)],
          );
          // Another sweep (or the page's own state call) settled it first.
          if (updated.length === 0) return false;
          await payOut(tx, { id: due.session_id, mode: due.mode, wallet_id: due.wallet_id, game_id: due.game_id }, due.round_id, drawn.winMinor, posted);
          return true;
        });
        if (done) settled++;
      }
      return settled;
    },
  };
  return service;
}

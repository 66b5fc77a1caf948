/**
 * Game sessions: one per launch, held by id (the page holds the id, never a token). A REAL session
 * is tied to the lobby session (sid) it was launched from and ends with it; every session ends
 * GAME_SESSION_TTL_MS after its launch. Loading one says why it cannot be played any more.
 */
import { randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { createCatalogueRepository } from '../catalogue/repository.ts';
import type { GameRow } from '../catalogue/repository.ts';
import { betMinorIn } from '../catalogue/money.ts';
import type { Db, Queryable } from '../db/db.ts';
import { PlatformError } from '../graphql/errors.ts';
import { engineFor } from './engines.ts';
import { FUN_BALANCE_EUR_CENTS, GAME_SESSION_TTL_MS } from './types.ts';
import type { GameMode, GameSessionInfo, Launch, LaunchInput } from './types.ts';

/** A game_sessions row with what decides whether it still plays (expiry, the lobby session) and its wallet. */
export interface SessionRow {
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

/** A loaded, playable session: its row and what the page and routes see of it. */
export interface LoadedSession {
  row: SessionRow;
  info: GameSessionInfo;
}

/** Launching, finding and loading game sessions. */
export interface GameSessions {
  /** Opens a game session and returns the URL of its page. */
  launch(input: LaunchInput): Promise<Launch>;
  /** A session with its game (ended or not), or null when the id is unknown. */
  find(id: string): Promise<GameSessionInfo | null>;
  /** The session row (locked inside a transaction); NotFound and GameSessionEnded say what to do. */
  load(on: Queryable, id: string, lock: boolean): Promise<LoadedSession>;
}

/** How many catalogue rows the sessions keep in memory (the catalogue does not change while the platform runs). */
const GAME_ROWS_CACHED = 5000;

const SESSION_SQL = `
  select s.id, s.brand, s.game_id, s.mode, s.player_id, s.sid, s.currency, s.lobby_origin, s.locale,
         s.fun_balance_minor::text, s.server_seed, s.expires_at < now() as expired,
         coalesce(ps.revoked_at is not null, false) as signed_out, w.id as wallet_id
    from game_sessions s
    left join sessions ps on ps.sid = s.sid
    left join wallets w on w.player_id = s.player_id
   where s.id = $1`;

/** Creates the session store over the database; gameOrigin is where the game pages are served. */
export function createGameSessions(options: { db: Db; gameOrigin: () => string }): GameSessions {
  const { db } = options;
  // The catalogue never changes while the platform runs, so game rows are cached by id.
  const games = new LRUCache<string, GameRow>({ max: GAME_ROWS_CACHED });
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

  return {
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

    async find(id) {
      if (!/^[A-Za-z0-9_-]{16,64}$/.test(id)) return null;
      const { rows } = await db.query<SessionRow>(SESSION_SQL, [id]);
      return rows[0] ? info(db, rows[0]) : null;
    },

    async load(on, id, lock) {
      const { rows } = await on.query<SessionRow>(`${SESSION_SQL}${lock ? ' for update of s' : ''}`, [id]);
      const row = rows[0];
      if (!row) throw new PlatformError('NotFound', `No game session "${id}": launch the game again from the lobby`);
      const session = await info(on, row);
      if (session.ended) throw new PlatformError('GameSessionEnded', session.ended);
      return { row, info: session };
    },
  };
}

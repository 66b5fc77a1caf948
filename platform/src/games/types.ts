/**
 * What the demo game server hands its callers: modes, launches, sessions, rounds, page state and the
 * service interface itself. The modules beside it (sessions, round money, play, live tables, page
 * state) each implement one part of GameService; service.ts puts them together.
 */
import type { GameRow } from '../catalogue/repository.ts';
import type { Brand } from '../brands/brands.ts';
import type { Engine } from './engines.ts';

/** REAL plays the wallet through the ledger; FUN plays a virtual balance. */
export type GameMode = 'REAL' | 'FUN';

/** How long a launched game stays playable. */
export const GAME_SESSION_TTL_MS = 8 * 3600_000;
/** The virtual balance a FUN session starts with, in EUR cents before the currency's stake ladder (1000 EUR). */
export const FUN_BALANCE_EUR_CENTS = 100_000n;

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

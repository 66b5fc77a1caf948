/**
 * The game frame's postMessage protocol (platform README, "Messages to the lobby"): every message
 * carries `type: 'atrium:game'` and an event. The lobby accepts a message only from the game
 * server's exact origin (never its own, never a look-alike) and only with that type.
 */
import { acceptFrameMessage } from '../../../lib/frame-messages.ts';

/** The events the game page posts. */
export const GAME_EVENTS = ['ready', 'bet', 'win', 'balance', 'error', 'close'] as const;
export type GameEvent = (typeof GAME_EVENTS)[number];

/** A message of the game frame, as far as the lobby reads it. */
export interface GameMessage {
  type: 'atrium:game';
  event: GameEvent;
  gameSessionId?: string;
  slug?: string;
  mode?: 'REAL' | 'FUN';
  currency?: string;
  balance?: string;
  amount?: string;
  reason?: string;
  message?: string;
}

/** Returns the game message carried by a `message` event, or null when it must be ignored. */
export function acceptGameMessage(event: { origin: string; data: unknown }, gameServerOrigin: string): GameMessage | null {
  return acceptFrameMessage<GameMessage>(event, gameServerOrigin, 'atrium:game', GAME_EVENTS);
}

/**
 * The history pages' calls (history.player.graphql): a page of the player's real-money rounds or of
 * their sessions, newest first, through the player's own client (playerCall).
 */
import { GameHistoryDocument, SessionHistoryDocument, type GameHistoryQuery, type SessionHistoryQuery } from '../../lib/graphql/generated/player.ts';
import { playerCall } from '../session/player-call.ts';

/** How many rows a page asks for (the platform allows 1 to 100). */
export const HISTORY_PAGE_SIZE = 20;

/** One page of rounds. */
export type RoundPage = NonNullable<GameHistoryQuery['viewer']>['gameHistory'];
/** A round as the game history lists it. */
export type Round = RoundPage['edges'][number]['node'];
/** One page of sessions. */
export type SessionPage = NonNullable<SessionHistoryQuery['viewer']>['sessionHistory'];
/** A session as the session history lists it. */
export type SessionRecord = SessionPage['edges'][number]['node'];

/** The page of rounds after `after` (null: the newest). */
export function loadRounds(after: string | null): Promise<RoundPage> {
  return playerCall(async (client) => {
    const data = await client.query(GameHistoryDocument, { first: HISTORY_PAGE_SIZE, after });
    if (!data.viewer) throw new Error('gameHistory returned nothing');
    return data.viewer.gameHistory;
  });
}

/** The page of sessions after `after` (null: the newest). */
export function loadSessions(after: string | null): Promise<SessionPage> {
  return playerCall(async (client) => {
    const data = await client.query(SessionHistoryDocument, { first: HISTORY_PAGE_SIZE, after });
    if (!data.viewer) throw new Error('sessionHistory returned nothing');
    return data.viewer.sessionHistory;
  });
}

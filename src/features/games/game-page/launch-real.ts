/**
 * Launches a REAL game session through the player's light request (session/player-request.ts),
 * which sends the session's access token as `Authorization: Bearer …` (refreshed first when it is
 * about to expire), so the game starts without waiting for Apollo. Loaded only when a signed-in
 * player presses Play.
 */
import { LaunchGameDocument } from '../../../lib/graphql/generated/graphql.ts';
import { settledPlayerRuntime } from '../../session/player-runtime.ts';
import type { GameLaunch, LaunchVariables } from './queries.ts';

/** Launches REAL play for the signed-in player; throws when there is no running session. */
export async function launchReal(variables: Omit<LaunchVariables, 'mode'>): Promise<GameLaunch> {
  const runtime = await settledPlayerRuntime();
  if (!runtime) throw new Error('No player session');
  // Refusals reach the page as GraphqlCallError, so it can say why (a self-exclusion, say) from the extensions.
  const data = await runtime.request(LaunchGameDocument, { ...variables, mode: 'REAL' });
  return data.launchGame;
}

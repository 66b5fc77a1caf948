/**
 * Launches a REAL game session through the player's Apollo client, whose auth link sends the
 * session's access token as `Authorization: Bearer …` (refreshed first when it is about to expire).
 * Loaded only when a signed-in player presses Play.
 */
import { toCallError } from '../../../lib/graphql-errors.ts';
import { apolloDocument } from '../../../lib/graphql/apollo-document.ts';
import { LaunchGameDocument } from '../../../lib/graphql/generated/graphql.ts';
import { settledPlayerRuntime } from '../../session/player-runtime.ts';
import type { GameLaunch, LaunchVariables } from './queries.ts';

const LAUNCH_GAME = apolloDocument(LaunchGameDocument);

/** Launches REAL play for the signed-in player; throws when there is no running session. */
export async function launchReal(variables: Omit<LaunchVariables, 'mode'>): Promise<GameLaunch> {
  const runtime = await settledPlayerRuntime();
  if (!runtime) throw new Error('No player session');
  // Refusals reach the page as GraphqlCallError, so it can say why (a self-exclusion, say) from the extensions.
  const { data } = await runtime.client
    .mutate({ mutation: LAUNCH_GAME, variables: { ...variables, mode: 'REAL' } })
    .catch((error: unknown) => {
      throw toCallError(error);
    });
  if (!data?.launchGame) throw new Error('launchGame returned no session');
  return data.launchGame;
}

/**
 * Opens the embedded sportsbook for the signed-in player through their Apollo client (bearer
 * token), so bets placed in the frame debit their wallet. Loaded only for players on /sports/.
 */
import { apolloDocument } from '../../lib/graphql/apollo-document.ts';
import { LaunchSportsbookDocument, type LaunchSportsbookMutation, type LaunchSportsbookMutationVariables } from '../../lib/graphql/generated/player.ts';
import { settledPlayerRuntime } from '../session/player-runtime.ts';

// LaunchSportsbook (sports.graphql), sent with the player's bearer token.
const LAUNCH_SPORTSBOOK = apolloDocument(LaunchSportsbookDocument);

/** A launched sportsbook session: the URL to frame and the origin its messages come from. */
export type SportsbookLaunch = LaunchSportsbookMutation['launchSportsbook'];

/** Launches the sportsbook for the player; null when the page turns out to have no player session. */
export async function launchSportsbook(variables: LaunchSportsbookMutationVariables): Promise<SportsbookLaunch | null> {
  const runtime = await settledPlayerRuntime();
  if (!runtime) return null;
  const { data } = await runtime.client.mutate({ mutation: LAUNCH_SPORTSBOOK, variables });
  if (!data?.launchSportsbook) throw new Error('launchSportsbook returned no session');
  return data.launchSportsbook;
}

/** Reads the balance again after a bet, in case the Wallet event was missed. */
export async function refreshBalance(): Promise<void> {
  const runtime = await settledPlayerRuntime();
  await runtime?.refetchWallet();
}

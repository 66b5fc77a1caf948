/**
 * Opens the embedded sportsbook for the signed-in player through their light request (bearer
 * token; session/player-request.ts), so bets placed in the frame debit their wallet. Loaded only
 * for players on /sports/.
 */
import { LaunchSportsbookDocument, type LaunchSportsbookMutation, type LaunchSportsbookMutationVariables } from '../../lib/graphql/generated/player.ts';
import { settledPlayerRuntime } from '../session/player-runtime.ts';

/** A launched sportsbook session: the URL to frame and the origin its messages come from. */
export type SportsbookLaunch = LaunchSportsbookMutation['launchSportsbook'];

/** Launches the sportsbook for the player; null when the page turns out to have no player session. */
export async function launchSportsbook(variables: LaunchSportsbookMutationVariables): Promise<SportsbookLaunch | null> {
  const runtime = await settledPlayerRuntime();
  if (!runtime) return null;
  const data = await runtime.request(LaunchSportsbookDocument, variables);
  return data.launchSportsbook;
}

/** Reads the balance again after a bet, in case the Wallet event was missed. */
export async function refreshBalance(): Promise<void> {
  const runtime = await settledPlayerRuntime();
  await runtime?.refetchWallet();
}

/**
 * Opens the embedded sportsbook for the signed-in player through their Apollo client (bearer
 * token), so bets placed in the frame debit their wallet. Loaded only for players on /sports/.
 */
import { gql } from '@apollo/client';
import { settledPlayerRuntime } from '../session/player-runtime.ts';

const LAUNCH_SPORTSBOOK = gql`
  mutation LaunchSportsbook($lobbyOrigin: String, $locale: String, $sport: String) {
    launchSportsbook(lobbyOrigin: $lobbyOrigin, locale: $locale, sport: $sport) { url gameServerOrigin sportsbookSessionId }
  }
`;

/** A launched sportsbook session: the URL to frame and the origin its messages come from. */
export interface SportsbookLaunch {
  url: string;
  gameServerOrigin: string;
  sportsbookSessionId: string;
}

/** Launches the sportsbook for the player; null when the page turns out to have no player session. */
export async function launchSportsbook(variables: { lobbyOrigin: string; locale: string; sport: string | null }): Promise<SportsbookLaunch | null> {
  const runtime = await settledPlayerRuntime();
  if (!runtime) return null;
  const { data } = await runtime.client.mutate<{ launchSportsbook: SportsbookLaunch }>({ mutation: LAUNCH_SPORTSBOOK, variables });
  if (!data?.launchSportsbook) throw new Error('launchSportsbook returned no session');
  return data.launchSportsbook;
}

/** Reads the balance again after a bet, in case the Wallet event was missed. */
export async function refreshBalance(): Promise<void> {
  const runtime = await settledPlayerRuntime();
  await runtime?.refetchWallet();
}

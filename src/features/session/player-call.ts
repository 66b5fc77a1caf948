/**
 * A call through the signed-in player's Apollo client (its auth link adds the bearer token and
 * refreshes it first when needed), for the account's features. A failure comes back as
 * GraphqlCallError with the platform's reason (spec section 8: the first extensions.reason), so a
 * form can explain it; without a session the call fails with AuthenticationFailure.
 */
import type { ApolloClient } from '@apollo/client';
import { GraphqlCallError, toCallError } from '../../lib/graphql-errors.ts';
import { settledPlayerRuntime } from './player-runtime.ts';

/**
 * Runs `work` with the player's client once the session check has settled. With `changesPlayer`
 * (a mutation that changes the account's state: a break, a self-exclusion, a declaration), the
 * player is read again before it resolves, so banners and guards follow at once.
 */
export async function playerCall<T>(work: (client: ApolloClient) => Promise<T>, options: { changesPlayer?: boolean } = {}): Promise<T> {
  const runtime = await settledPlayerRuntime();
  if (!runtime) throw new GraphqlCallError('No player session', 'AuthenticationFailure');
  let result: T;
  try {
    result = await work(runtime.client);
  } catch (error) {
    throw toCallError(error);
  }
  // The mutation has succeeded whatever this read does; a failed read is the runtime's to handle.
  if (options.changesPlayer) await runtime.refetchPlayer().catch(() => undefined);
  return result;
}

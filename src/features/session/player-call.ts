/**
 * The signed-in player's calls for the account's features, in two weights:
 *
 * - `playerCall` runs work with the player's Apollo client (its auth link adds the bearer token and
 *   refreshes it first when needed), which is downloaded with the first such call: the cashier, the
 *   limits, the account pages, history, documents and the chat's sign-in;
 * - `playerRequest` sends one generated document through the light player request, for what a page
 *   or a panel asks as it opens (the game lists, the session clock, a game's launch, the cashier's
 *   context), so opening one never waits for Apollo.
 *
 * A failure comes back as GraphqlCallError with the platform's reason (spec section 8: the first
 * extensions.reason), so a form can explain it; without a session the call fails with
 * AuthenticationFailure.
 */
import { GraphqlCallError, toCallError } from '../../lib/graphql-errors.ts';
import { whenIdle } from '../../lib/yield-to-browser.ts';
import type { TypedDocumentString } from '../../lib/graphql/documents.ts';
import type { PlayerClient } from './player-request.ts';
import { settledPlayerRuntime, type PlayerRuntime } from './player-runtime.ts';

async function requireRuntime(): Promise<PlayerRuntime> {
  const runtime = await settledPlayerRuntime();
  if (!runtime) throw new GraphqlCallError('No player session', 'AuthenticationFailure');
  return runtime;
}

/**
 * Runs `work` with the player's client once the session check has settled. With `changesPlayer`
 * (a mutation that changes the account's state: a break, a self-exclusion, a declaration), the
 * player is read again before it resolves, so banners and guards follow at once.
 */
export async function playerCall<T>(work: (client: PlayerClient) => Promise<T>, options: { changesPlayer?: boolean } = {}): Promise<T> {
  const runtime = await requireRuntime();
  let result: T;
  try {
    result = await work(await runtime.apollo());
  } catch (error) {
    throw toCallError(error);
  }
  // The mutation has succeeded whatever this read does; a failed read is the runtime's to handle.
  if (options.changesPlayer) await runtime.refetchPlayer().catch(() => undefined);
  return result;
}

/**
 * Starts downloading the player's Apollo client ahead of a feature's first call, once the browser
 * is idle: for a form that has just opened and will soon send (the cashier), so its first mutation
 * does not wait for the download.
 */
export function preparePlayerCall(): void {
  void whenIdle()
    .then(settledPlayerRuntime)
    .then((runtime) => runtime?.apollo())
    .catch(() => undefined);
}

/** Sends one document as the player, without Apollo, once the session check has settled. */
export async function playerRequest<T, V>(document: TypedDocumentString<T, V>, variables: V): Promise<T> {
  const runtime = await requireRuntime();
  return runtime.request(document, variables);
}

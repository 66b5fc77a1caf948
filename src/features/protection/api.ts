/**
 * The protection tools' calls (protection.player.graphql): the player's limits and their history,
 * setting, removing and cancelling a limit change, self-exclusion and timeouts.
 */
import {
  CancelPendingLimitDocument,
  PlayerLimitsDocument,
  RemoveLimitDocument,
  PlayerSessionDocument,
  SelfExcludeDocument,
  SetLimitDocument,
  SetRealityCheckPeriodDocument,
  TakeTimeoutDocument,
  type LimitInput,
  type LimitTarget,
  type PlayerLimitFieldsFragment,
  type PlayerLimitsQuery,
  type PlayerSessionQuery,
} from '../../lib/graphql/generated/player.ts';
import { playerCall, playerRequest } from '../session/player-call.ts';

/** A limit in force, with what its window has used and any pending change. */
export type PlayerLimit = PlayerLimitFieldsFragment;
/** One change the player asked for. */
export type LimitChange = NonNullable<PlayerLimitsQuery['viewer']>['limitHistory'][number];

/** This session: its id, when it started and the money played in it. */
export type PlayerSessionSummary = NonNullable<PlayerSessionQuery['viewer']>['session'] & { sessionId: string };

/**
 * Reads this session's summary from the platform. The reality check and the session clock ask as a
 * page opens, so it goes through the light request, without Apollo.
 */
export async function loadSession(): Promise<PlayerSessionSummary> {
  const data = await playerRequest(PlayerSessionDocument, {});
  if (!data.viewer) throw new Error('session returned nothing');
  return { ...data.viewer.session, sessionId: data.viewer.sessionId };
}

/** Sets the minutes between reality-check reminders. */
export function setRealityCheckPeriod(minutes: number): Promise<number | null> {
  return playerCall(async (client) => {
    const data = await client.mutate(SetRealityCheckPeriodDocument, { minutes });
    return data.setRealityCheckPeriod.realityCheckPeriod ?? null;
  });
}

/** The player's limits and latest changes. */
export function loadLimits(): Promise<{ limits: PlayerLimit[]; history: LimitChange[] }> {
  return playerCall(async (client) => {
    const data = await client.query(PlayerLimitsDocument, {});
    return { limits: data.viewer?.limits ?? [], history: data.viewer?.limitHistory ?? [] };
  });
}

/** Sets a limit (a decrease at once, an increase after the cooling-off). */
export function setLimit(input: LimitInput): Promise<PlayerLimit> {
  return playerCall(async (client) => {
    const data = await client.mutate(SetLimitDocument, { input });
    return data.setLimit;
  });
}

/** Asks to remove a limit. */
export function removeLimit(input: LimitTarget): Promise<PlayerLimit> {
  return playerCall(async (client) => {
    const data = await client.mutate(RemoveLimitDocument, { input });
    return data.removeLimit;
  });
}

/** Cancels a pending increase or removal. */
export function cancelPendingLimit(input: LimitTarget): Promise<PlayerLimit> {
  return playerCall(async (client) => {
    const data = await client.mutate(CancelPendingLimitDocument, { input });
    return data.cancelPendingLimit;
  });
}

/** Self-excludes for one of the licence's terms; returns the end. */
export function selfExclude(days: number): Promise<string | null> {
  return playerCall(async (client) => {
    const data = await client.mutate(SelfExcludeDocument, { days });
    return data.selfExclude.selfExclusionDetails?.exclusionEndsAt ?? null;
  }, { changesPlayer: true });
}

/** Takes a timeout of one of the licence's lengths; returns the end. */
export function takeTimeout(hours: number): Promise<string | null> {
  return playerCall(async (client) => {
    const data = await client.mutate(TakeTimeoutDocument, { hours });
    return data.takeTimeout.timeouts?.timeoutEndsAt ?? null;
  }, { changesPlayer: true });
}

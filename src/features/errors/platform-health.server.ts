/**
 * Whether the platform answers at all, asked before a page renders: a lobby whose platform is
 * stopped or unreachable must not serve its pages in English with a cacheable 200 (every text and
 * setting comes from the platform), but say so in the page's language with a 503 (middleware.ts).
 *
 * One small GraphQL request (`{ __typename }`) answers it; any HTTP answer below 500 counts as up.
 * A healthy platform is asked again at most every 5 s, in the background, so no page waits for it;
 * a platform found down is asked again, and waited for, at most every second, so the site comes
 * back the moment the platform does. However many requests arrive, one probe runs at a time.
 */
import { platformGraphqlUrl } from '../../config.server.ts';

/** How long a platform found up is trusted before it is asked again (in the background). */
export const UP_FOR_MS = 5000;
/** How long a platform found down is believed down before the next request asks again. */
export const DOWN_FOR_MS = 1000;
const PROBE_TIMEOUT_MS = 2000;

/** Asks the platform once: true when it answered. */
export type PlatformProbe = () => Promise<boolean>;

/** One GraphQL request the platform can answer without a brand or a player. */
async function probeGraphql(): Promise<boolean> {
  try {
    const response = await fetch(platformGraphqlUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: '{"query":"{ __typename }"}',
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    await response.body?.cancel();
    return response.status < 500;
  } catch {
    return false;
  }
}

/** A health check over a probe and a clock (tests pass their own). */
export function createPlatformHealth(probe: PlatformProbe = probeGraphql, now: () => number = Date.now): () => Promise<boolean> {
  let known: { up: boolean; at: number } | null = null;
  let probing: Promise<boolean> | null = null;
  const ask = () => {
    probing ??= probe()
      .catch(() => false)
      .then((up) => {
        if (!up && known?.up !== false) console.warn(`[lobby] the platform does not answer at ${platformGraphqlUrl()}: pages answer 503 until it does`);
        if (up && known?.up === false) console.warn('[lobby] the platform answers again');
        known = { up, at: now() };
        probing = null;
        return up;
      });
    return probing;
  };
  return async () => {
    const age = known ? now() - known.at : Infinity;
    if (known?.up) {
      if (age >= UP_FOR_MS) void ask();
      return true;
    }
    if (known && age < DOWN_FOR_MS) return false;
    return ask();
  };
}

/** Whether the configured platform answers (see the module's doc). */
export const platformAnswers = createPlatformHealth();

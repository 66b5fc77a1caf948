import { describe, expect, it } from 'vitest';
import {
  createTokenRefresher,
  expiresSoon,
  SessionEndedError,
  withAuthRetry,
  type LockManagerLike,
  type RefreshFailure,
} from './token-refresh.ts';
import type { SessionTokens, TokenStore } from './tokens.ts';
import type { SessionEnd } from './realtime-protocol.ts';

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** An unsigned JWT-shaped token with an expiry (the lobby only reads exp; the platform verifies). */
const token = (expSeconds: number, id: string) => `${b64({ alg: 'none' })}.${b64({ exp: expSeconds, jti: id, sid: 's1' })}.sig`;
const nowS = () => Math.floor(Date.now() / 1000);

class PlatformError extends Error {
  readonly reason: string;
  readonly end: SessionEnd | undefined;

  constructor(reason: string, end?: SessionEnd) {
    super(reason);
    this.reason = reason;
    this.end = end;
  }
}

/**
 * A stand-in for the lobby's refresh endpoint and the platform behind it: the session's refresh
 * cookie goes with the access token it was issued beside, each works once, and presenting a used
 * one revokes the session (so any double refresh is caught, not just counted).
 */
function fakePlatform(initial: SessionTokens) {
  let valid = initial.accessToken;
  const used = new Set<string>();
  let revoked = false;
  let exchanges = 0;
  let counter = 0;
  return {
    get exchanges() {
      return exchanges;
    },
    get revoked() {
      return revoked;
    },
    async exchange(current: SessionTokens): Promise<SessionTokens> {
      exchanges += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (used.has(current.accessToken)) {
        revoked = true;
        throw new PlatformError('InvalidTokenFailure');
      }
      if (revoked || current.accessToken !== valid) throw new PlatformError('InvalidTokenFailure');
      used.add(current.accessToken);
      counter += 1;
      valid = token(nowS() + 300, `access-${counter}`);
      return { accessToken: valid };
    },
  };
}

/** One cookie jar shared by every "tab", like the browser's cookies. */
function sharedStore(initial: SessionTokens): TokenStore {
  let pair: SessionTokens | null = initial;
  return { read: () => pair, write: (next) => (pair = next), clear: () => { pair = null; } };
}

/**
 * Cookies as a browser keeps them: a tab's write reaches the jar every tab shares a few
 * milliseconds later, and each tab's synchronous view (document.cookie) catches up later still.
 * `readShared` and `written` ask the jar itself, like the Cookie Store API.
 */
function laggingJar(initial: SessionTokens, options: { shared: boolean }) {
  let jar: SessionTokens | null = initial;
  const views = new Set<(pair: SessionTokens | null) => void>();
  const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const commit = (next: SessionTokens | null) =>
    void later(10).then(() => {
      jar = next;
      for (const follow of views) void later(40).then(() => follow(next));
    });
  return function tab(): TokenStore {
    let view: SessionTokens | null = initial;
    views.add((pair) => (view = pair));
    const store: TokenStore = {
      read: () => view,
      write(next) {
        view = next;
        commit(next);
      },
      clear() {
        view = null;
        commit(null);
      },
    };
    if (!options.shared) return store;
    return {
      ...store,
      readShared: async () => jar,
      async written(pair) {
        while (jar?.accessToken !== pair.accessToken) await later(2);
      },
    };
  };
}

const describeFailure = (error: unknown): RefreshFailure =>
  error instanceof PlatformError ? { reason: error.reason, message: error.message, ...(error.end ? { end: error.end } : {}) } : { message: String(error) };

const expiredPair = (): SessionTokens => ({ accessToken: token(nowS() - 5, 'old') });

describe('token refresh single-flight', () => {
  it('fifty requests in one tab across an expiry cause exactly one refresh', async () => {
    const initial = expiredPair();
    const platform = fakePlatform(initial);
    const store = sharedStore(initial);
    const refresher = createTokenRefresher({ store, exchange: platform.exchange, describeFailure, locks: navigator.locks as LockManagerLike });
    const tokens = await Promise.all(Array.from({ length: 50 }, () => refresher.freshAccessToken()));
    expect(platform.exchanges).toBe(1);
    expect(platform.revoked).toBe(false);
    expect(new Set(tokens).size).toBe(1);
    expect(tokens[0]).toBe(store.read()?.accessToken);
  });

  it('fifty requests refused with 401 in one tab cause exactly one refresh and one retry each', async () => {
    // The token looks fresh but the platform refuses it (expired on the server's clock).
    const initial = { accessToken: token(nowS() + 600, 'refused') };
    const platform = fakePlatform(initial);
    const store = sharedStore(initial);
    const refresher = createTokenRefresher({ store, exchange: platform.exchange, describeFailure, locks: navigator.locks as LockManagerLike });
    let sends = 0;
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        withAuthRetry(refresher, async (accessToken) => {
          sends += 1;
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 30));
          return accessToken === initial.accessToken ? { status: 401, reasons: ['AuthenticationFailure'] } : { status: 200, reasons: [] };
        }),
      ),
    );
    expect(platform.exchanges).toBe(1);
    expect(platform.revoked).toBe(false);
    expect(sends).toBe(100);
    expect(results.every((result) => result.status === 200)).toBe(true);
  });

  it('fifty requests spread over five tabs cause exactly one refresh (Web Locks, cookies re-read)', async () => {
    const initial = expiredPair();
    const platform = fakePlatform(initial);
    const store = sharedStore(initial);
    // Five tabs: five refreshers (each with its own in-tab state) sharing the cookies and the lock manager.
    const tabs = Array.from({ length: 5 }, () =>
      createTokenRefresher({ store, exchange: platform.exchange, describeFailure, locks: navigator.locks as LockManagerLike }),
    );
    const tokens = await Promise.all(tabs.flatMap((tab) => Array.from({ length: 10 }, () => tab.freshAccessToken())));
    expect(platform.exchanges).toBe(1);
    expect(platform.revoked).toBe(false);
    expect(new Set(tokens).size).toBe(1);
  });

  it('without the cross-tab lock five tabs would present the same refresh token twice (the test can fail)', async () => {
    const initial = expiredPair();
    const platform = fakePlatform(initial);
    const store = sharedStore(initial);
    const noLock: LockManagerLike = { request: (_name, callback) => callback() };
    const tabs = Array.from({ length: 5 }, () => createTokenRefresher({ store, exchange: platform.exchange, describeFailure, locks: noLock }));
    await Promise.allSettled(tabs.map((tab) => tab.freshAccessToken()));
    expect(platform.exchanges).toBeGreaterThan(1);
    expect(platform.revoked).toBe(true);
  });

  /** Five tabs, each with its own late view of one cookie jar, sharing the lock manager. */
  function tabsOnLaggingJar(shared: boolean) {
    const initial = expiredPair();
    const platform = fakePlatform(initial);
    const tab = laggingJar(initial, { shared });
    const tabs = Array.from({ length: 5 }, () =>
      createTokenRefresher({ store: tab(), exchange: platform.exchange, describeFailure, locks: navigator.locks as LockManagerLike }),
    );
    return { platform, tabs };
  }

  it('five tabs refresh once although each tab sees the others\' cookie writes late (the shared jar is asked)', async () => {
    const { platform, tabs } = tabsOnLaggingJar(true);
    const tokens = await Promise.all(tabs.flatMap((refresher) => Array.from({ length: 10 }, () => refresher.freshAccessToken())));
    expect(platform.exchanges).toBe(1);
    expect(platform.revoked).toBe(false);
    expect(new Set(tokens).size).toBe(1);
  });

  it('reading only the tab\'s own late view, the next tab to take the lock presents the rotated token (the test can fail)', async () => {
    const { platform, tabs } = tabsOnLaggingJar(false);
    await Promise.allSettled(tabs.map((refresher) => refresher.freshAccessToken()));
    expect(platform.exchanges).toBeGreaterThan(1);
    expect(platform.revoked).toBe(true);
  });

  it('a later refresh after the first finished refreshes again (single-flight is per expiry, not forever)', async () => {
    const initial = expiredPair();
    const platform = fakePlatform(initial);
    const store = sharedStore(initial);
    const refresher = createTokenRefresher({ store, exchange: platform.exchange, describeFailure });
    const first = await refresher.refresh(initial.accessToken);
    await refresher.refresh(first.accessToken);
    expect(platform.exchanges).toBe(2);
    expect(platform.revoked).toBe(false);
  });
});

describe('retry once', () => {
  const fresh = (): SessionTokens => ({ accessToken: token(nowS() + 600, 'a') });

  it('retries a 401 once with the refreshed token', async () => {
    const initial = fresh();
    const platform = fakePlatform(initial);
    const refresher = createTokenRefresher({ store: sharedStore(initial), exchange: platform.exchange, describeFailure });
    const seen: (string | null)[] = [];
    const result = await withAuthRetry(refresher, async (accessToken) => {
      seen.push(accessToken);
      return seen.length === 1 ? { status: 401, reasons: [] } : { status: 200, reasons: [] };
    });
    expect(result.status).toBe(200);
    expect(seen).toHaveLength(2);
    expect(seen[1]).not.toBe(seen[0]);
    expect(platform.exchanges).toBe(1);
  });

  it('retries an AuthenticationFailure answered with HTTP 200 too', async () => {
    const initial = fresh();
    const platform = fakePlatform(initial);
    const refresher = createTokenRefresher({ store: sharedStore(initial), exchange: platform.exchange, describeFailure });
    let sends = 0;
    await withAuthRetry(refresher, async () => (++sends === 1 ? { status: 200, reasons: ['AuthenticationFailure'] } : { status: 200, reasons: [] }));
    expect(sends).toBe(2);
  });

  it('gives up after the single retry: a second refusal is returned, not retried', async () => {
    const initial = fresh();
    const platform = fakePlatform(initial);
    const refresher = createTokenRefresher({ store: sharedStore(initial), exchange: platform.exchange, describeFailure });
    let sends = 0;
    const result = await withAuthRetry(refresher, async () => {
      sends += 1;
      return { status: 401, reasons: ['AuthenticationFailure'] };
    });
    expect(result.status).toBe(401);
    expect(sends).toBe(2);
    expect(platform.exchanges).toBe(1);
  });

  it('does not refresh for other errors', async () => {
    const initial = fresh();
    const platform = fakePlatform(initial);
    const refresher = createTokenRefresher({ store: sharedStore(initial), exchange: platform.exchange, describeFailure });
    let sends = 0;
    await withAuthRetry(refresher, async () => {
      sends += 1;
      return { status: 400, reasons: ['BadUserInput'] };
    });
    expect(sends).toBe(1);
    expect(platform.exchanges).toBe(0);
  });

  it('InvalidTokenFailure on refresh ends the session with SESSION_EXPIRED', async () => {
    const refresher = createTokenRefresher({
      store: sharedStore(fresh()),
      exchange: async () => {
        throw new PlatformError('InvalidTokenFailure');
      },
      describeFailure,
    });
    const error = await refresher.refresh(null).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SessionEndedError);
    expect((error as SessionEndedError).reason).toBe('SESSION_EXPIRED');
  });

  it('a refused refresh of a destroyed session keeps its reason: signed in elsewhere, or a break with its end', async () => {
    const cases: [SessionEnd, string, string | null][] = [
      [{ cause: 'AnotherDevice', until: null }, 'LOGGED_IN_FROM_ANOTHER_DEVICE', null],
      [{ cause: 'SelfExclusion', until: '2027-05-27T10:00:00.000Z' }, 'SELF_EXCLUDED', '2027-05-27T10:00:00.000Z'],
      [{ cause: 'Timeout', until: '2026-11-29T10:00:00.000Z' }, 'TIMEOUT', '2026-11-29T10:00:00.000Z'],
    ];
    for (const [end, reason, until] of cases) {
      const refresher = createTokenRefresher({
        store: sharedStore(fresh()),
        exchange: async () => {
          throw new PlatformError('InvalidTokenFailure', end);
        },
        describeFailure,
      });
      const error = (await refresher.refresh(null).catch((caught: unknown) => caught)) as SessionEndedError;
      expect([error.reason, error.until]).toEqual([reason, until]);
    }
  });

  it('any other refresh failure the platform answers ends the session with JWT_EXPIRED', async () => {
    const refresher = createTokenRefresher({
      store: sharedStore(fresh()),
      exchange: async () => {
        throw new PlatformError('RefreshFailure');
      },
      describeFailure,
    });
    const error = await refresher.refresh(null).catch((caught: unknown) => caught);
    expect((error as SessionEndedError).reason).toBe('JWT_EXPIRED');
  });

  it('a network failure during refresh keeps the session (no logout reason)', async () => {
    const store = sharedStore(fresh());
    const refresher = createTokenRefresher({
      store,
      exchange: async () => {
        throw new TypeError('Failed to fetch');
      },
      describeFailure,
    });
    const error = await refresher.refresh(null).catch((caught: unknown) => caught);
    expect(error).not.toBeInstanceOf(SessionEndedError);
    expect(store.read()).not.toBeNull();
  });
});

describe('custom token refresh timing', () => {
  it('a custom token is due for refresh 30 s before it expires, not earlier', () => {
    const now = Date.now();
    const at = (secondsLeft: number) => token(Math.floor(now / 1000) + secondsLeft, 'timing');
    expect(expiresSoon(at(40), now)).toBe(false);
    expect(expiresSoon(at(29), now)).toBe(true);
    expect(expiresSoon(at(-5), now)).toBe(true);
  });
});

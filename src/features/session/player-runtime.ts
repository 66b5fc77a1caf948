/**
 * The signed-in player's runtime, loaded (with graphql-ws and, for the identity provider,
 * oidc-client-ts) only when the browser holds a session. Its own calls go through the light
 * player request (player-request.ts); Apollo is loaded with an account feature's first call
 * (`apollo()`, player-call.ts), so a signed-in page that never needs it never downloads it. It:
 *
 * 1. opens the session of whichever integration holds it (custom cookies or the provider);
 * 2. loads GetPlayerInfo and GetCustomerInfo into `$player`, `$customer` and `$wallet`;
 * 3. runs the subscriptions (PlayerUpdated, SessionDestroyed, CustomerPopUpAdded, Wallet) only
 *    while a token exists, refetching the wallet after every reconnect;
 * 4. refreshes custom tokens 30 s before expiry (one refresh across tabs, see token-refresh.ts);
 * 5. logs out with the spec's reason when the session ends (refresh refused, destroyed elsewhere,
 *    account closed) and follows a logout made in another tab.
 */
import { graphqlRequest, GraphqlClientError } from '../../lib/graphql-client.ts';
import { clearWallet, setWallet, setWalletLoading, applyBalanceUpdate, walletReadMark } from '../wallet/wallet-store.ts';
import type { SessionConfig } from './config.ts';
import { addCustomerPopUps, setCustomer } from './customer-store.ts';
import { clearStoredSession, isLoggingOut, logout, logoutForSessionEnd, logoutTarget, SESSION_CHANNEL } from './logout.ts';
import { $player, clearPlayer, setPlayer, setPlayerLoading, type Player } from './player-store.ts';
import { documentText, operationNameOf, type TypedDocumentString } from '../../lib/graphql/documents.ts';
import {
  CustomerPopUpAddedDocument,
  GetCustomerInfoDocument,
  GetPlayerInfoDocument,
  LogoutDocument,
  PlayerUpdatedDocument,
  RefreshAccessTokenDocument,
  SessionDestroyedDocument,
  WalletDocument,
} from '../../lib/graphql/generated/player.ts';
import { nextTask } from '../../lib/yield-to-browser.ts';
import { createPlayerRequest, type PlayerClient, type PlayerRequest } from './player-request.ts';
import { createRealtimeConnection, type RealtimeConnection } from './realtime.ts';
import { sessionEndOf, type SessionEnd } from './realtime-protocol.ts';
import { $session, $sessionChecked, setRealtimeReady, setSession, type TokenIntegration } from './session-store.ts';
import {
  createTokenRefresher,
  expiresSoon,
  isAuthenticationFailure,
  REFRESH_BEFORE_EXPIRY_MS,
  SessionEndedError,
  type LockManagerLike,
  type LogoutReason,
  type TokenRefresher,
} from './token-refresh.ts';
import { ACCESS_TOKEN_COOKIE, adoptIncomingTokens, browserTokenStore, KEYCLOAK_TOKEN_COOKIE, msUntilExpiry, readCookie, SESSION_REFRESH_ENDPOINT, takePendingRefreshToken } from './tokens.ts';

/** The running player session; `logout` is the player's own sign-out. */
export interface PlayerRuntime {
  /** A call as the player without Apollo, for the session's and the pages' own reads (player-request.ts). */
  request: PlayerRequest;
  /** The player's Apollo client over the one link chain (apollo.ts), downloaded on the first call. */
  apollo(): Promise<PlayerClient>;
  logout(): Promise<void>;
  /** Refetches the wallet (after a reconnect, or when a feature knows the balance moved). */
  refetchWallet(): Promise<void>;
  /**
   * Reads the player again (the account's state behind the banners and guards), for a feature whose
   * own mutation changed it: the page shows the change from the mutation's answer, not only when the
   * playerUpdated event arrives (which a socket still subscribing can miss).
   */
  refetchPlayer(): Promise<void>;
  /** A current access token (refreshed first when it is about to expire), for the platform's few non-GraphQL calls (document uploads). */
  accessToken(): Promise<string | null>;
  /**
   * Follows one subscription on the session's socket (a feature's own, such as the rewards): it
   * restarts with every reconnect; `onReady` runs a moment after each reconnect, with the wallet's
   * catch-up read, so the feature reads again what it may have missed. Returns the stop function.
   */
  subscribe<T>(document: TypedDocumentString<T, never>, onEvent: (data: T) => void, onReady?: () => void): () => void;
}

/** How long after a connection ack the wallet is refetched: the (re)started subscriptions are live by then. */
const RESUBSCRIBE_SETTLE_MS = 750;

let running: Promise<PlayerRuntime | null> | null = null;

/** Starts the player runtime once per page; resolves null when there turns out to be no session. */
export function startPlayerRuntime(config: SessionConfig): Promise<PlayerRuntime | null> {
  running ??= start(config).catch((error: unknown) => {
    console.error('[session] The player session could not start:', error);
    return null;
  });
  return running;
}

/** The runtime, if one was started on this page. */
export function currentPlayerRuntime(): Promise<PlayerRuntime | null> | null {
  return running;
}

/**
 * The runtime once the page's session check has settled; null for a visitor. The check (boot.ts)
 * runs after the first paint, so an island clicked before it waits for the check, and then, while
 * the player is LOADING, for the boot script's dynamic import to start the runtime.
 */
export function settledPlayerRuntime(): Promise<PlayerRuntime | null> {
  return new Promise((resolve) => {
    const settle = () => {
      if (!$sessionChecked.get()) return false;
      if ($player.get().status === 'LOADING' && !running) return false;
      void (running ?? Promise.resolve(null)).then(resolve);
      return true;
    };
    if (settle()) return;
    const stops = [$sessionChecked.listen(check), $player.listen(check)];
    function check() {
      if (settle()) for (const stop of stops) stop();
    }
  });
}

function customTokenSource(): TokenRefresher {
  const store = browserTokenStore();
  return createTokenRefresher({
    store,
    locks: typeof navigator !== 'undefined' && navigator.locks ? (navigator.locks as LockManagerLike) : undefined,
    async exchange() {
      // The lobby presents its HttpOnly refresh cookie; a token that reached page script (an older
      // lobby's storage) goes along once, to be adopted into that cookie.
      const data = await graphqlRequest(RefreshAccessTokenDocument, { refreshToken: takePendingRefreshToken() ?? '' }, { endpoint: SESSION_REFRESH_ENDPOINT });
      return { accessToken: data.refreshAccessToken.accessToken };
    },
    describeFailure(error) {
      if (error instanceof GraphqlClientError && !error.isNetworkError) {
        const end = sessionEndOf([error]);
        return { reason: error.kind, message: error.message, ...(end.cause ? { end } : {}) };
      }
      return { message: (error as Error).message };
    },
  });
}

async function start(config: SessionConfig): Promise<PlayerRuntime | null> {
  const store = browserTokenStore();
  adoptIncomingTokens(store);
  let realtime: RealtimeConnection | null = null;
  const endSession = (reason: LogoutReason, until: string | null = null) => {
    if (isLoggingOut()) return;
    realtime?.dispose();
    void logout(config, reason, { until });
  };
  /** A session the platform destroyed: a break taken on another device says so, with its end. */
  const endDestroyedSession = (end: SessionEnd) => {
    const { reason, until } = logoutForSessionEnd(end);
    endSession(reason, until);
  };
  const onEnded = (error: unknown) => {
    if (error instanceof SessionEndedError) endSession(error.reason, error.until);
  };

  let integration: TokenIntegration;
  let tokens: TokenRefresher;
  let signOutAtProvider: ((target: string) => Promise<boolean>) | undefined;
  if (store.read()) {
    integration = 'custom';
    tokens = customTokenSource();
  } else if (readCookie(KEYCLOAK_TOKEN_COOKIE, document.cookie) || hasStoredOidcUser()) {
    setPlayerLoading();
    const { openKeycloakSession } = await import('../auth/keycloak-session.ts');
    const keycloak = await openKeycloakSession(config, onEnded);
    if (!keycloak) {
      clearPlayer();
      clearWallet();
      return null;
    }
    integration = 'keycloak';
    tokens = keycloak.tokens;
    signOutAtProvider = (target) => keycloak.signOut(target);
  } else {
    clearPlayer();
    clearWallet();
    return null;
  }

  setPlayerLoading();
  setWalletLoading();
  setSession({ integration, sessionId: null, flow: null, realtimeReady: false });
  // The islands' loading states render in this task; the socket and the first reads start in the
  // next ones, so a phone's CPU never runs the whole start-up as one long task (issue 16).
  await nextTask();
  const request = createPlayerRequest(tokens);

  const refetchWallet = async () => {
    const mark = walletReadMark();
    try {
      const data = await request(GetCustomerInfoDocument, {});
      if (data.viewer) {
        setCustomer(data.viewer.customer);
        setWallet(data.viewer.wallet, mark);
      }
    } catch (error) {
      onEnded(error);
    }
  };

  const refetchPlayer = async (): Promise<Player | null> => {
    const data = await request(GetPlayerInfoDocument, {});
    if (!data.viewer) return null;
    setPlayer(data.viewer.player);
    const current = $session.get();
    if (current) setSession({ ...current, sessionId: data.viewer.sessionId, flow: data.viewer.flow });
    return data.viewer.player;
  };

  // An account closed while this page is open ends the session (one already closed when the page
  // opened shows its banner instead): from its event, or from a catch-up read that finds it closed.
  let accountWasOpen = false;
  const followAccountState = (player: Player | null) => {
    if (player?.accountStatus.status === 'Closed') {
      if (accountWasOpen) endSession('ACCOUNT_CLOSED');
    } else if (player) {
      accountWasOpen = true;
    }
  };

  // The wallet and the player are read again a moment after the subscriptions (re)start on a
  // connection, so an event published between the last read and the subscription taking effect
  // (or while the socket was down) is never lost.
  let subscriptionsStarted = false;
  // Features following their own subscriptions (runtime.subscribe) read again on each reconnect too.
  const readyListeners = new Set<() => void>();
  let refetchTimer: ReturnType<typeof setTimeout> | undefined;
  const scheduleCatchUp = () => {
    clearTimeout(refetchTimer);
    refetchTimer = setTimeout(() => {
      void refetchWallet();
      refetchPlayer().then(followAccountState, onEnded);
      for (const listener of readyListeners) listener();
    }, RESUBSCRIBE_SETTLE_MS);
  };

  const wsUrl = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/graphql`;
  realtime = await createRealtimeConnection(config.realtimeProtocol, wsUrl, {
    accessToken: () => tokens.freshAccessToken().catch((error: unknown) => {
      onEnded(error);
      return null;
    }),
    onReady() {
      setRealtimeReady(true);
      // Events sent while the socket was down are gone: read again on every (re)connect.
      if (subscriptionsStarted) scheduleCatchUp();
    },
    onLost() {
      setRealtimeReady(false);
    },
    onSessionDestroyed(end) {
      endDestroyedSession(end);
    },
    async onTokenRefused(refused) {
      try {
        await tokens.refresh(refused);
        return true;
      } catch (error) {
        onEnded(error);
        return !(error instanceof SessionEndedError);
      }
    },
  });
  await nextTask();

  try {
    const [player] = await Promise.all([refetchPlayer(), refetchWallet()]);
    if (!player) throw new SessionEndedError('SESSION_EXPIRED', 'The platform knows no player for this session');
    followAccountState(player);
  } catch (error) {
    if (error instanceof SessionEndedError) {
      endSession(error.reason, error.until);
      return null;
    }
    // The platform refused the session even after a refresh: it has ended.
    if (isRefused(error)) {
      endSession('SESSION_EXPIRED');
      return null;
    }
    throw error;
  }

  const connection = realtime;
  const follow = <T,>(document: TypedDocumentString<T, never>, onEvent: (data: T) => void) =>
    connection.subscribe(
      { query: documentText(document), operationName: operationNameOf(document), variables: {} },
      { next: ({ data }) => data && onEvent(data as T), error: () => undefined, complete: () => undefined },
    );
  follow(PlayerUpdatedDocument, (data) => {
    // The event itself says the account closed while this page was open, even when the first
    // read raced the closure and already found it closed.
    if (data.playerUpdated.isAccountClosed) accountWasOpen = true;
    refetchPlayer().then(followAccountState, onEnded);
  });
  follow(SessionDestroyedDocument, (data) => {
    const { sessionId, cause, until } = data.sessionDestroyed;
    if (sessionId === $session.get()?.sessionId) endDestroyedSession({ cause, until: until ?? null });
  });
  follow(CustomerPopUpAddedDocument, (data) => addCustomerPopUps(data.customerPopUpAdded.popUpIdsAdded));
  follow(WalletDocument, (data) => applyBalanceUpdate(data.balanceUpdated));

  subscriptionsStarted = true;
  scheduleCatchUp();

  if (integration === 'custom') scheduleRefresh(tokens, onEnded);
  followOtherTabs(config);

  let apollo: Promise<PlayerClient> | null = null;
  return {
    request,
    apollo() {
      // A failed download is tried again on the next call.
      apollo ??= import('./apollo.ts').then(
        ({ createApolloClient, playerClientOf }) => playerClientOf(createApolloClient({ tokens, realtime: connection })),
        (error: unknown) => {
          apollo = null;
          throw error;
        },
      );
      return apollo;
    },
    refetchWallet,
    subscribe(document, onEvent, onReady) {
      const stop = follow(document, onEvent);
      if (!onReady) return stop;
      readyListeners.add(onReady);
      return () => {
        readyListeners.delete(onReady);
        stop();
      };
    },
    refetchPlayer: () => refetchPlayer().then(followAccountState, onEnded),
    accessToken: () => tokens.freshAccessToken().catch((error: unknown) => {
      onEnded(error);
      return null;
    }),
    async logout() {
      realtime?.dispose();
      await logout(config, null, {
        endPlatformSession: () => request(LogoutDocument, {}),
        endProviderSession: signOutAtProvider,
      });
    },
  };
}

function hasStoredOidcUser(): boolean {
  for (let index = 0; index < sessionStorage.length; index += 1) if (sessionStorage.key(index)?.startsWith('oidc.user:')) return true;
  return false;
}

function isRefused(error: unknown): boolean {
  return error instanceof GraphqlClientError && isAuthenticationFailure({ status: error.status, reasons: [error.kind] });
}

/** Refreshes custom tokens 30 s before expiry, and again for each new pair (from any tab). */
function scheduleRefresh(tokens: TokenRefresher, onEnded: (error: unknown) => void): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const plan = () => {
    clearTimeout(timer);
    const accessToken = readCookie(ACCESS_TOKEN_COOKIE, document.cookie);
    if (!accessToken) return;
    const left = msUntilExpiry(accessToken);
    if (left === null) return;
    // At least a second apart, so a token issued with a lifetime under 30 s cannot spin.
    const wait = Math.max(left - REFRESH_BEFORE_EXPIRY_MS, 1000);
    timer = setTimeout(() => {
      const current = readCookie(ACCESS_TOKEN_COOKIE, document.cookie);
      // Another tab may already have refreshed: only refresh a token that is still expiring.
      const work = current && expiresSoon(current, Date.now()) ? tokens.refresh(current) : Promise.resolve();
      work.then(plan, (error: unknown) => {
        onEnded(error);
        if (!(error instanceof SessionEndedError)) timer = setTimeout(plan, 5000);
      });
    }, wait);
  };
  plan();
}

/** Follows a logout made in another tab: this tab goes to the same place. */
function followOtherTabs(config: SessionConfig): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(SESSION_CHANNEL);
  channel.onmessage = (event: MessageEvent<{ type?: string; reason?: LogoutReason | null; until?: string | null }>) => {
    if (event.data?.type !== 'logout' || isLoggingOut()) return;
    clearStoredSession();
    location.assign(logoutTarget(config, location.href, event.data.reason ?? null, event.data.until ?? null));
  };
}

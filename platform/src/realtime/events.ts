/**
 * The in-process event bus behind the subscriptions. Producers (ledger, sandbox, sessions) publish
 * after their transaction commits; each WebSocket subscription reads its player's events through an
 * async iterator. One process serves every socket, so no broker is needed; a platform scaled to
 * several processes would put LISTEN/NOTIFY behind this same interface.
 */
import { EventEmitter } from 'node:events';
import type { MoneyType, RewardStatus } from '../graphql/generated/resolvers-types.ts';

/** Payload of Wallet.balanceUpdated (decimal strings, spec section 3). */
export interface BalanceUpdate {
  balance: string;
  bonusBalance: string;
  currency: string;
  amount: string;
  moneyType: MoneyType | null;
  /** The ledger kind behind the update (CasinoBet, CasinoWin, SportsBet, SportsWin, Deposit, …). */
  transactionKind: string;
  wageringProgress: number | null;
}

/** Payload of RewardsContextSubscription.rewardUpdated. */
export interface RewardUpdate {
  reward: { rewardId: string; name: string; rewardType: string; claimType: string; rewardReason: string | null; startsAt: string | null; endsAt: string | null; expiresIn: number | null };
  status: RewardStatus;
  assignationId: string;
}

/** Every event a player's sockets can receive, by subscription field. */
export interface PlayerEvents {
  balanceUpdated: BalanceUpdate;
  playerUpdated: { isAccountClosed: boolean };
  sessionDestroyed: { sessionId: string };
  customerPopUpAdded: { popUpIdsAdded: string[] };
  rewardUpdated: RewardUpdate;
}

/** A session that ended, for the WebSocket layer (which closes that session's sockets). */
export interface SessionEnded {
  sessionId: string;
  playerId: string;
  /** destroyed: another login or the operator ended it (session_destroyed_error); others just close. */
  reason: string;
}

/** Publish and subscribe per player. */
export interface EventBus {
  /** Delivers an event to the player's open subscriptions. */
  publish<K extends keyof PlayerEvents>(playerId: string, type: K, payload: PlayerEvents[K]): void;
  /**
   * An async iterator of the player's events of one type; return() unsubscribes. Once `gate` is
   * aborted the iterator takes no more events (the socket's player logged out or changed), while
   * the ones already taken are still delivered.
   */
  subscribe<K extends keyof PlayerEvents>(playerId: string, type: K, gate?: AbortSignal): AsyncIterableIterator<PlayerEvents[K]>;
  /** Announces that a session ended. */
  sessionEnded(event: SessionEnded): void;
  /** Listens for ended sessions; returns the function that stops listening. */
  onSessionEnded(listener: (event: SessionEnded) => void): () => void;
}

/** Creates an empty bus. */
export function createEventBus(): EventBus {
  const emitter = new EventEmitter();
  // Every open subscription is a listener; hundreds per player are normal in tests and tabs.
  emitter.setMaxListeners(0);
  return {
    publish(playerId, type, payload) {
      emitter.emit(`${type}:${playerId}`, payload);
    },
    subscribe<K extends keyof PlayerEvents>(playerId: string, type: K, gate?: AbortSignal): AsyncIterableIterator<PlayerEvents[K]> {
      const channel = `${type}:${playerId}`;
      const queue: PlayerEvents[K][] = [];
      const waiting: ((result: IteratorResult<PlayerEvents[K]>) => void)[] = [];
      let done = false;
      const listener = (payload: PlayerEvents[K]) => {
        // Checked when the event is published, not when it is read: nothing after the gate closes gets through.
        if (gate?.aborted) return;
        const next = waiting.shift();
        if (next) next({ value: payload, done: false });
        else queue.push(payload);
      };
      emitter.on(channel, listener);
      const finish = (): Promise<IteratorResult<PlayerEvents[K]>> => {
        if (!done) {
          done = true;
          emitter.off(channel, listener);
          for (const resolve of waiting.splice(0)) resolve({ value: undefined, done: true });
          queue.length = 0;
        }
        return Promise.resolve({ value: undefined, done: true });
      };
      return {
        next() {
          if (done) return Promise.resolve({ value: undefined, done: true });
          const queued = queue.shift();
          if (queued !== undefined) return Promise.resolve({ value: queued, done: false });
          return new Promise((resolve) => waiting.push(resolve));
        },
        return: finish,
        throw(error?: unknown) {
          void finish();
          return Promise.reject(error);
        },
        [Symbol.asyncIterator]() {
          return this;
        },
      };
    },
    sessionEnded(event) {
      emitter.emit('session-ended', event);
    },
    onSessionEnded(listener) {
      emitter.on('session-ended', listener);
      return () => emitter.off('session-ended', listener);
    },
  };
}

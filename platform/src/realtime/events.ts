/**
 * The event bus behind the subscriptions. Producers (ledger, sandbox, sessions) publish after their
 * transaction commits; each WebSocket subscription reads its player's events through an async
 * iterator.
 *
 * Across processes the bus is PostgreSQL's LISTEN/NOTIFY, the same code on PGlite (`npm start`,
 * where NOTIFY is delivered in-process) and on a server (`DATABASE_URL`, every platform process on
 * the database): publish() only NOTIFYs, and every process, the publisher included, delivers what
 * its LISTEN receives to its own sockets. An event therefore reaches each subscribed socket once,
 * whichever process raised it. NOTIFYs of one process go out one after the other on one channel,
 * so every process sees one process's events (a SessionDestroyed, then the sessionEnded that closes
 * the sockets) in the order they were published.
 *
 * When the LISTEN connection is lost and comes back, events NOTIFYed meanwhile were missed: the bus
 * tells its onResync listeners, and the WebSocket layer closes the process's sockets with 1012
 * (service restart), so each client reconnects and re-reads its wallet and player as after any
 * reconnect.
 */
import { EventEmitter } from 'node:events';
import type { Db } from '../db/db.ts';
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

/** Why a session was destroyed: a sign-in elsewhere (or the operator), or a break the player took on another device. */
export type SessionEndCause = 'AnotherDevice' | 'SelfExclusion' | 'Timeout';

/** Every event a player's sockets can receive, by subscription field. */
export interface PlayerEvents {
  balanceUpdated: BalanceUpdate;
  playerUpdated: { isAccountClosed: boolean };
  /** until: when the break ends (ISO 8601), for SelfExclusion and Timeout; else null. */
  sessionDestroyed: { sessionId: string; cause: SessionEndCause; until: string | null };
  customerPopUpAdded: { popUpIdsAdded: string[] };
  rewardUpdated: RewardUpdate;
}

/** A session that ended, for the WebSocket layer (which closes that session's sockets). */
export interface SessionEnded {
  sessionId: string;
  playerId: string;
  /** destroyed: another login or the operator ended it (session_destroyed_error); others just close. */
  reason: string;
  /** For a destroyed session: why, so its sockets' session_destroyed_error can say it too. */
  cause?: SessionEndCause;
  until?: string | null;
}

/** Publish and subscribe per player. */
export interface EventBus {
  /**
   * Delivers an event to the player's open subscriptions, in every process (NOTIFY). A payload
   * over NOTIFY's limit (NOTIFY_MAX_BYTES) is refused: logged, and not sent.
   */
  publish<K extends keyof PlayerEvents>(playerId: string, type: K, payload: PlayerEvents[K]): void;
  /**
   * An async iterator of the player's events of one type; return() unsubscribes. Once `gate` is
   * aborted the iterator takes no more events (the socket's player logged out or changed), while
   * the ones already taken are still delivered.
   */
  subscribe<K extends keyof PlayerEvents>(playerId: string, type: K, gate?: AbortSignal): AsyncIterableIterator<PlayerEvents[K]>;
  /** Announces that a session ended, in every process. */
  sessionEnded(event: SessionEnded): void;
  /** Listens for ended sessions; returns the function that stops listening. */
  onSessionEnded(listener: (event: SessionEnded) => void): () => void;
  /** Listens for resyncs (the bus's LISTEN came back after a loss: events may have been missed). */
  onResync(listener: () => void): () => void;
  /**
   * Delivers a payload to every process's listeners of a topic (NOTIFY), not to a player: a jackpot's
   * pot values and wins, which every subscribed socket fans out to its own clients.
   */
  broadcast(topic: string, payload: unknown): void;
  /** Listens for a topic's broadcasts in this process; returns the function that stops listening. */
  onBroadcast(topic: string, listener: (payload: unknown) => void): () => void;
  /** Resolves when every event published so far has been handed to the database. */
  flush(): Promise<void>;
}

/** A bus that also has to be started (LISTEN) and stopped. */
export interface DatabaseEventBus extends EventBus {
  /** LISTENs on the channel; events published before it resolves are not delivered to this process. */
  start(): Promise<void>;
  /** Waits for the NOTIFYs in flight and stops listening. */
  close(): Promise<void>;
}

/** NOTIFY refuses payloads of 8000 bytes and more (the server's default). */
export const NOTIFY_MAX_BYTES = 7999;

/** The channel of a database's events: one per schema, so platforms in different schemas of one database stay apart. */
export function eventChannel(schema?: string): string {
  return schema ? `atrium_events_${schema}` : 'atrium_events';
}

/** What travels in one NOTIFY. */
type Message = { player: string; type: keyof PlayerEvents; payload: unknown } | { sessionEnded: SessionEnded } | { topic: string; payload: unknown };

/** The in-process delivery: the per-player channels of this process's subscriptions. */
function createLocalDelivery() {
  const emitter = new EventEmitter();
  // Every open subscription is a listener; hundreds per player are normal in tests and tabs.
  emitter.setMaxListeners(0);
  return {
    emitter,
    deliver(message: Message) {
      if ('sessionEnded' in message) emitter.emit('session-ended', message.sessionEnded);
      else if ('topic' in message) emitter.emit(`topic:${message.topic}`, message.payload);
      else emitter.emit(`${message.type}:${message.player}`, message.payload);
    },
    subscribe<K extends keyof PlayerEvents>(playerId: string, type: K, gate?: AbortSignal): AsyncIterableIterator<PlayerEvents[K]> {
      const channel = `${type}:${playerId}`;
      const queue: PlayerEvents[K][] = [];
      const waiting: ((result: IteratorResult<PlayerEvents[K]>) => void)[] = [];
      let done = false;
      const listener = (payload: PlayerEvents[K]) => {
        // Checked when the event is delivered, not when it is read: nothing after the gate closes gets through.
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
    onSessionEnded(listener: (event: SessionEnded) => void) {
      emitter.on('session-ended', listener);
      return () => emitter.off('session-ended', listener);
    },
    onResync(listener: () => void) {
      emitter.on('resync', listener);
      return () => emitter.off('resync', listener);
    },
    onBroadcast(topic: string, listener: (payload: unknown) => void) {
      emitter.on(`topic:${topic}`, listener);
      return () => emitter.off(`topic:${topic}`, listener);
    },
  };
}

/** The bus over the database's LISTEN/NOTIFY on `channel` (see eventChannel). */
export function createDatabaseEventBus(db: Db, channel: string): DatabaseEventBus {
  const local = createLocalDelivery();
  let listening: { close(): Promise<void> } | null = null;
  let subscribes = 0;
  // NOTIFYs go out in publishing order, one statement at a time: a pool would otherwise send them on
  // several connections and they could commit, and be delivered, out of order. What is published while
  // one statement is in flight goes out together in the next (pg_notify per array element, in order).
  let pending: string[] = [];
  let tail: Promise<void> = Promise.resolve();
  let sending = false;

  const send = async (): Promise<void> => {
    while (pending.length > 0) {
      const batch = pending;
      pending = [];
      // A pool connection the server dropped fails one statement: try again before giving up, as
      // nothing else would tell the other processes' sockets (their LISTEN never broke).
      for (let attempt = 1; ; attempt += 1) {
        try {
          await db.query('select pg_notify($1, message) from unnest($2::text[]) with ordinality as t(message, n) order by n', [channel, batch]);
          break;
        } catch (error) {
          if (attempt < 3) {
            await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
            continue;
          }
          console.error(`[platform] ${batch.length} event(s) not sent: NOTIFY failed 3 times: ${(error as Error).message}`);
          break;
        }
      }
    }
    // In the same step as the loop's last look at `pending`: a publish after this starts a new send,
    // and none can slip in between (one that did would wait, unsent, for the next publish).
    sending = false;
  };

  let sequence = 0;
  const notify = (message: Message, what: string): void => {
    // A number of its own in every payload: PostgreSQL folds identical payloads sent in one
    // transaction into one notification, and two equal events published together are two events.
    sequence += 1;
    const text = JSON.stringify({ ...message, n: sequence });
    const bytes = Buffer.byteLength(text);
    if (bytes > NOTIFY_MAX_BYTES) {
      console.error(`[platform] event ${what} not sent: its payload is ${bytes} bytes, over NOTIFY's limit of ${NOTIFY_MAX_BYTES}; publish an id and let the client read the rest`);
      return;
    }
    pending.push(text);
    if (sending) return;
    sending = true;
    tail = send();
  };

  const receive = (text: string): void => {
    let message: Message;
    try {
      message = JSON.parse(text) as Message;
    } catch {
      console.error(`[platform] ignored a NOTIFY on ${channel} that is not JSON: ${text.slice(0, 80)}`);
      return;
    }
    local.deliver(message);
  };

  return {
    publish: (player, type, payload) => notify({ player, type, payload }, `${type} for player ${player}`),
    subscribe: local.subscribe,
    sessionEnded: (event) => notify({ sessionEnded: event }, `sessionEnded of session ${event.sessionId}`),
    onSessionEnded: local.onSessionEnded,
    onResync: local.onResync,
    broadcast: (topic, payload) => notify({ topic, payload }, `broadcast on ${topic}`),
    onBroadcast: local.onBroadcast,
    flush: () => tail,
    async start() {
      listening ??= await db.listen(channel, receive, () => {
        // The first subscribe is the start; each later one follows a lost connection.
        subscribes += 1;
        if (subscribes > 1) local.emitter.emit('resync');
      });
    },
    async close() {
      await tail;
      await listening?.close();
      listening = null;
    },
  };
}

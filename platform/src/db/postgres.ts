/**
 * A real PostgreSQL server through a `pg` pool, used when DATABASE_URL is set. An optional schema
 * confines every table to it (the test suite runs in a throwaway schema it drops afterwards).
 */
import pg from 'pg';
import type { Db, Queryable, QueryResult } from './db.ts';

/** Options for the PostgreSQL connection. */
export interface PostgresOptions {
  /** A postgres:// connection string. */
  connectionString: string;
  /** Put every table in this schema (created when missing) instead of the server's default search_path. */
  schema?: string;
  /** Pool size; the platform's load is small. */
  max?: number;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]*$/;

/** Connects a pool to the server and checks it answers, with a message naming the URL's host on failure. */
export async function openPostgres(options: PostgresOptions): Promise<Db> {
  const { schema } = options;
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) {
    throw new Error(`Invalid schema name "${schema}": use lower-case letters, digits and underscores`);
  }
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max ?? 5,
    // search_path as a startup option applies to every pooled connection, including new ones.
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle client losing its server must not crash the process; the next query reconnects.
  pool.on('error', (error) => console.error(`[platform] PostgreSQL pool error: ${error.message}`));
  try {
    if (schema) await pool.query(`create schema if not exists ${schema}`);
    else await pool.query('select 1');
  } catch (error) {
    await pool.end().catch(() => {});
    const host = safeHost(options.connectionString);
    throw new Error(`Cannot connect to PostgreSQL at ${host}: ${(error as Error).message} (check DATABASE_URL)`);
  }

  const listener = createListener(options.connectionString);

  const runner = (client: pg.Pool | pg.PoolClient): Queryable => ({
    query: async <T>(sql: string, params?: unknown[]) => {
      const result = await client.query(sql, params as unknown[] | undefined);
      return { rows: result.rows as T[] } satisfies QueryResult<T>;
    },
    exec: async (sql: string) => {
      // Without parameters pg uses the simple protocol, which accepts several statements.
      await client.query(sql);
    },
  });

  return {
    kind: 'postgres',
    ...runner(pool),
    transaction: async <T>(fn: (tx: Queryable) => Promise<T>) => {
      const client = await pool.connect();
      // A checked-out client has no pool listener: when the server drops it (pg_terminate_backend,
      // a restart, a failover) its 'error' event would be unhandled and end the process. The
      // statement in flight fails on its own; this keeps the error to retire the connection.
      let broken: Error | undefined;
      const onError = (error: Error) => {
        broken ??= error;
      };
      client.on('error', onError);
      try {
        await client.query('begin');
        const result = await fn(runner(client));
        await client.query('commit');
        return result;
      } catch (error) {
        // A connection whose rollback failed may still be inside the transaction: it must not be reused.
        await client.query('rollback').catch((rollbackError: unknown) => {
          broken ??= rollbackError as Error;
        });
        throw error;
      } finally {
        // Released with an error, the pool destroys the client and the next caller gets a fresh one.
        client.release(broken);
        // The socket's own end may still report after release; the pool's idle listener is back on by then.
        client.off('error', onError);
      }
    },
    listen: (channel, onNotification, onReconnect) => listener.listen(channel, onNotification, onReconnect),
    executeSql: async (text, values) => {
      // Without values pg sends the simple protocol: a script answers one result per statement.
      const result = (await pool.query(text, values)) as pg.QueryResult | pg.QueryResult[];
      const results = Array.isArray(result) ? result : [result];
      return { rows: results.flatMap((each) => each.rows as Record<string, unknown>[]) };
    },
    close: async () => {
      await listener.close();
      await pool.end();
    },
  };
}

/** A channel name safe to quote as an identifier. */
const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** How long to wait before the n-th reconnect of the LISTEN connection: 100 ms doubling, at most 5 s. */
export function listenBackoffMs(attempt: number): number {
  return Math.min(5000, 100 * 2 ** Math.min(attempt, 6));
}

/**
 * The one connection this Db LISTENs on, outside the pool (a pooled connection would be handed to
 * queries and lose its LISTENs). Created by the first listen(). When it fails or the server drops
 * it, it reconnects with backoff, LISTENs on every channel again and calls each onReconnect, so
 * the caller can recover what was NOTIFYed meanwhile.
 */
function createListener(connectionString: string) {
  interface Subscription {
    channel: string;
    onNotification: (payload: string) => void;
    onReconnect: () => void;
  }
  const subscriptions = new Set<Subscription>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;
  let attempt = 0;
  let retryTimer: NodeJS.Timeout | null = null;

  const channels = () => new Set([...subscriptions].map((subscription) => subscription.channel));

  async function connect(): Promise<pg.Client> {
    // Named after the pool's PGAPPNAME (node-postgres reads it), so an operator sees a process's connections together.
    const next = new pg.Client({ connectionString, application_name: `${process.env.PGAPPNAME || 'atrium'}_listen`, keepAlive: true });
    next.on('notification', (message) => {
      for (const subscription of subscriptions) if (subscription.channel === message.channel) subscription.onNotification(message.payload ?? '');
    });
    // Errors and ends of a connection in use: drop it and reconnect.
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next, null));
    await next.connect();
    for (const channel of channels()) await next.query(`listen "${channel}"`);
    return next;
  }

  function lost(which: pg.Client, error: Error | null): void {
    if (client !== which || closed) return;
    client = null;
    which.removeAllListeners('notification');
    which.end().catch(() => undefined);
    console.error(`[platform] the LISTEN connection to PostgreSQL was lost${error ? ` (${error.message})` : ''}: reconnecting`);
    scheduleReconnect();
  }

  function scheduleReconnect(): void {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void ensure().then(
        () => {
          console.error('[platform] the LISTEN connection to PostgreSQL is back: subscribers resync');
          for (const subscription of subscriptions) subscription.onReconnect();
        },
        (error: unknown) => {
          console.error(`[platform] reconnecting the LISTEN connection failed (${(error as Error).message}): trying again`);
          scheduleReconnect();
        },
      );
    }, listenBackoffMs(attempt++));
    retryTimer.unref();
  }

  /** The connected client, connecting once however many callers wait. */
  function ensure(): Promise<pg.Client> {
    if (client) return Promise.resolve(client);
    connecting ??= connect().then(
      (connected) => {
        connecting = null;
        attempt = 0;
        if (closed) {
          void connected.end().catch(() => undefined);
          throw new Error('The database is closed');
        }
        client = connected;
        return connected;
      },
      (error: unknown) => {
        connecting = null;
        throw error;
      },
    );
    return connecting;
  }

  return {
    async listen(channel: string, onNotification: (payload: string) => void, onReconnect: () => void) {
      if (!CHANNEL_NAME.test(channel)) throw new Error(`Invalid channel name "${channel}": use lower-case letters, digits and underscores, at most 63`);
      const subscription: Subscription = { channel, onNotification, onReconnect };
      const fresh = !channels().has(channel);
      subscriptions.add(subscription);
      try {
        const connected = await ensure();
        // A connection made for this call already LISTENs on it (connect() reads the subscriptions).
        if (fresh) await connected.query(`listen "${channel}"`);
      } catch (error) {
        subscriptions.delete(subscription);
        throw error;
      }
      onReconnect();
      return {
        async close() {
          subscriptions.delete(subscription);
          if (!channels().has(channel)) await client?.query(`unlisten "${channel}"`).catch(() => undefined);
        },
      };
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      subscriptions.clear();
      const open = client;
      client = null;
      await open?.end().catch(() => undefined);
    },
  };
}

/** The host:port of a connection string, without credentials, for error messages. */
function safeHost(connectionString: string): string {
  try {
    const url = new URL(connectionString);
    return `${url.hostname}:${url.port || 5432}${url.pathname}`;
  } catch {
    return 'DATABASE_URL (not a valid URL)';
  }
}

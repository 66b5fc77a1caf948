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
      try {
        await client.query('begin');
        const result = await fn(runner(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
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

/**
 * The embedded database: PGlite runs PostgreSQL in-process. With a data folder it persists across
 * restarts; without one it lives in memory (tests).
 */
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { Db, Queryable, QueryResult } from './db.ts';

/** How to open PGlite. */
export interface PgliteOpenOptions {
  /**
   * A data folder dumped with PGlite's dumpDataDir: the database starts as a copy of it instead of a
   * fresh initdb (the test suite's prepared database; several seconds faster per start).
   */
  template?: Blob;
}

/** Opens PGlite on dataDir (created when missing), or in memory when dataDir is undefined. */
export async function openPglite(dataDir?: string, options: PgliteOpenOptions = {}): Promise<Db> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create({ ...(dataDir ? { dataDir } : {}), ...(options.template ? { loadDataDir: options.template } : {}) });
  return wrapPglite(pglite);
}

/** The Db interface over an open PGlite instance. */
export function wrapPglite(pglite: PGlite): Db {
  return {
    kind: 'pglite',
    query: <T>(sql: string, params?: unknown[]) => pglite.query<T>(sql, params) as Promise<QueryResult<T>>,
    exec: async (sql: string) => {
      await pglite.exec(sql);
    },
    transaction: <T>(fn: (tx: Queryable) => Promise<T>) =>
      pglite.transaction((tx) =>
        fn({
          query: <R>(sql: string, params?: unknown[]) => tx.query<R>(sql, params) as Promise<QueryResult<R>>,
          exec: async (sql: string) => {
            await tx.exec(sql);
          },
        }),
      ),
    async listen(channel, onNotification, onReconnect) {
      // One instance, in this process: NOTIFY is delivered to its listeners when the statement (or
      // its transaction) ends, and there is no connection to lose.
      const unlisten = await pglite.listen(channel, onNotification);
      onReconnect();
      return { close: () => unlisten() };
    },
    async executeSql(text, values) {
      try {
        if (values?.length) return (await pglite.query(text, values)) as QueryResult<Record<string, unknown>>;
        // No parameters: maybe several statements (a library's BEGIN … RETURNING … COMMIT); exec runs
        // them all and every statement's rows come back, so a RETURNING before COMMIT is not lost.
        const results = await pglite.exec(text);
        return { rows: results.flatMap((result) => result.rows as Record<string, unknown>[]) };
      } catch (error) {
        // One connection: a statement that failed inside BEGIN … COMMIT would leave it in an aborted
        // transaction that fails every later query of the platform. A pool hands out another
        // connection instead; here the aborted transaction is rolled back (a no-op outside one).
        await pglite.query('rollback').catch(() => undefined);
        throw error;
      }
    },
    close: () => pglite.close(),
  };
}

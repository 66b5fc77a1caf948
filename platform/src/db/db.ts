/**
 * The platform's one database interface. Two implementations sit behind it: PGlite (an embedded
 * PostgreSQL compiled to WebAssembly, the default) and a `pg` pool for a real PostgreSQL server
 * (`DATABASE_URL`). Both speak the same SQL, so migrations and queries are written once.
 *
 * Type notes that hold for both drivers: int4 comes back as a number, bigint and numeric as strings
 * only from `pg` (PGlite gives numbers for bigint), so queries cast money to `::text` and counts to
 * `::int` to get one shape everywhere.
 */

/** The rows of one statement. */
export interface QueryResult<T> {
  rows: T[];
}

/** Something SQL can be sent to: the database itself or an open transaction. */
export interface Queryable {
  /** Runs one parameterised statement ($1, $2, …). */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/** A LISTEN in force; close() stops it. */
export interface ListenHandle {
  close(): Promise<void>;
}

/** The platform database: queries, transactions, notifications and shutdown. */
export interface Db extends Queryable {
  /** Which engine answers: the embedded PGlite or a PostgreSQL server. */
  readonly kind: 'pglite' | 'postgres';
  /**
   * LISTENs on a channel: every NOTIFY on it (from any process on the same database, this one
   * included) calls onNotification with its payload. onReconnect runs after each successful
   * (re)subscribe, the first included: after the second and later ones notifications may have been
   * missed while the connection was down. PGlite delivers in-process and never reconnects; a server
   * keeps one dedicated connection for every LISTEN of this Db and reconnects with backoff.
   */
  listen(channel: string, onNotification: (payload: string) => void, onReconnect: () => void): Promise<ListenHandle>;
  /**
   * Raw SQL for libraries that bring their own statements (pg-boss's `db` option): with values one
   * statement; without, a script whose every statement's rows come back, in order.
   */
  executeSql(text: string, values?: unknown[]): Promise<QueryResult<Record<string, unknown>>>;
  /** Runs fn inside BEGIN … COMMIT, rolling back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Closes the connection(s); the Db is unusable afterwards. */
  close(): Promise<void>;
}

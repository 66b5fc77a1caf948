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

/** The platform database: queries, transactions and shutdown. */
export interface Db extends Queryable {
  /** Which engine answers: the embedded PGlite or a PostgreSQL server. */
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn inside BEGIN … COMMIT, rolling back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Closes the connection(s); the Db is unusable afterwards. */
  close(): Promise<void>;
}

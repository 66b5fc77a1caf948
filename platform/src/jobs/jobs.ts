/**
 * Scheduled and background work that runs once across every platform process on the database, on
 * PGlite and on a PostgreSQL server alike (platform/README.md, "Jobs"):
 *
 * - `every(name, intervalMs, handler)`: periodic work (settling due bets, sweeping rate-limit
 *   windows). Each process ticks, and one atomic UPDATE of the job's row in job_schedules claims a
 *   due run with a lease: one process runs it per interval, never two at once, and a process that
 *   died mid-run is replaced once its lease passes. Runs are due an interval after the last one
 *   started (one that took longer is followed at once), and processes tick a quarter interval apart,
 *   a second at most: a run starts within its interval plus a second of the last (issue 31: ticking
 *   once an interval from when a run ended, a 60 s job ran up to 119 s apart). pg-boss's own schedules are cron, a minute at
 *   the finest, too coarse for a 5-second sweep, hence this small claim.
 * - `at(name, key, when, payload)` with `handle(name, handler)`: one-off work at a time (a draw, a
 *   payout), on pg-boss (https://github.com/timgit/pg-boss, MIT) through its `db` option over the
 *   platform's own connection: one process takes each due job (SKIP LOCKED), a failure is retried
 *   with backoff, and the same name and key scheduled again while it waits is one job. pg-boss is
 *   started on first use, so a platform with no one-off jobs pays nothing for it.
 */
import { PgBoss } from 'pg-boss';
import type { Job } from 'pg-boss';
import type { Db } from '../db/db.ts';

/** What a one-off job may carry: small JSON. */
export type JobPayload = Record<string, unknown>;

/** Options of a one-off job. */
export interface AtOptions {
  /** Attempts after the first failure (default 5), with exponential backoff from retryDelaySeconds. */
  retryLimit?: number;
  /** Seconds before the first retry (default 5). */
  retryDelaySeconds?: number;
  /** How long one attempt may run before it counts as failed (default 15 minutes). */
  expireInSeconds?: number;
}

/** Options of a periodic job. */
export interface EveryOptions {
  /** How long a run may hold the job before another process may take it (default the larger of 5 minutes and 2 intervals). */
  leaseMs?: number;
}

/** The platform's job runner. */
export interface Jobs {
  /**
   * Runs handler about every intervalMs, in one process at a time across the database. A run that
   * throws is logged (and kept in job_schedules.last_error); the next one comes at the next interval.
   */
  every(name: string, intervalMs: number, handler: () => Promise<void>, options?: EveryOptions): void;
  /** Registers the worker of a one-off job name in this process (call it at start-up, in every process). */
  handle<T extends JobPayload>(name: string, handler: (payload: T, job: { id: string; attempt: number }) => Promise<void>): Promise<void>;
  /**
   * Schedules a one-off job: it runs once, in one process that handles its name, at or after `when`.
   * `key` names it within its name: scheduling the same name and key again while it waits does
   * nothing and answers null; else the job's id.
   */
  at(name: string, key: string, when: Date, payload: JobPayload, options?: AtOptions): Promise<string | null>;
  /** Runs one periodic job now if it is due and free (the tick; tests call it to avoid waiting). */
  runDue(name: string): Promise<boolean>;
  /** Starts ticking the periodic jobs. */
  start(): void;
  /** Stops ticking, waits for the runs in progress and stops pg-boss's workers. */
  close(): Promise<void>;
}

/** How often a process asks whether a periodic job is due: a quarter of its interval, a second at most. */
export function tickMs(intervalMs: number): number {
  return Math.min(1000, Math.max(100, Math.floor(intervalMs / 4)));
}

/** Names pg-boss and job_schedules accept. */
const JOB_NAME = /^[a-z][a-z0-9_.-]{0,99}$/;

/** The pg-boss schema of a database: one per platform schema, so platforms in different schemas stay apart. */
export function jobsSchema(schema?: string): string {
  return schema ? `${schema}_jobs` : 'atrium_jobs';
}

interface Periodic {
  name: string;
  intervalMs: number;
  leaseMs: number;
  handler: () => Promise<void>;
  timer: NodeJS.Timeout | null;
  running: Promise<boolean> | null;
  registered: Promise<void>;
}

/** Creates the runner over the platform's database; `schema` is the platform's schema (tests), if any. */
export function createJobs(db: Db, options: { schema?: string } = {}): Jobs {
  const periodic = new Map<string, Periodic>();
  let started = false;
  let closed = false;
  let boss: Promise<PgBoss> | null = null;
  const queues = new Map<string, Promise<void>>();

  /** pg-boss on first use: its tables (migrated by itself), its maintenance, and polling workers. */
  function bossOnce(): Promise<PgBoss> {
    boss ??= (async () => {
      const instance = new PgBoss({
        // The platform's own connection, on both drivers: Db.executeSql returns every statement's
        // rows of a script, as pg-boss requires, and rolls PGlite's one connection back on a failure.
        db: { executeSql: (text: string, values?: unknown[]) => db.executeSql(text, values) },
        backend: db.kind === 'pglite' ? 'pglite' : 'postgres',
        schema: jobsSchema(options.schema),
        // Workers poll every second (below); no cron schedules are used (periodic work is every()).
        schedule: false,
      });
      instance.on('error', (error: Error) => console.error(`[platform] job queue: ${error.message}`));
      await instance.start();
      return instance;
    })();
    return boss;
  }

  function queue(name: string): Promise<void> {
    let ready = queues.get(name);
    if (!ready) {
      // stately: one job per key waiting (created or retry) and one running, so a key schedules once.
      ready = bossOnce().then((instance) => instance.createQueue(name, { policy: 'stately' }));
      queues.set(name, ready);
      ready.catch(() => queues.delete(name));
    }
    return ready;
  }

  function check(name: string): void {
    if (!JOB_NAME.test(name)) throw new Error(`Invalid job name "${name}": lower-case letters, digits, ".", "_" and "-", starting with a letter`);
  }

  async function claim(job: Periodic): Promise<boolean> {
    await job.registered;
    const { rows } = await db.query<{ runs: string }>(
      `update job_schedules set lease_until = now() + $2 * interval '1 millisecond', runs = runs + 1, last_started_at = now()
       where name = $1 and next_run_at <= now() and (lease_until is null or lease_until < now())
       returning runs::text`,
      [job.name, job.leaseMs],
    );
    if (!rows[0]) return false;
    // The claim's run number fences the release: a run that outlived its lease must not clear the
    // lease of the process that took the job over.
    const run = rows[0].runs;
    let failure: string | null = null;
    try {
      await job.handler();
    } catch (error) {
      failure = (error as Error).stack ?? String(error);
      console.error(`[platform] job ${job.name} failed:`, error);
    }
    await db.query(
      `update job_schedules set lease_until = null, next_run_at = last_started_at + interval_ms * interval '1 millisecond', last_finished_at = now(), last_error = $2
       where name = $1 and runs = $3::bigint`,
      [job.name, failure, run],
    );
    return true;
  }

  function runDue(name: string): Promise<boolean> {
    const job = periodic.get(name);
    if (!job) return Promise.reject(new Error(`No periodic job "${name}"`));
    // Never overlapped in this process either; close() waits for the one running.
    job.running ??= claim(job)
      .catch((error: unknown) => {
        console.error(`[platform] job ${name} could not be claimed: ${(error as Error).message}`);
        return false;
      })
      .finally(() => {
        job.running = null;
      });
    return job.running;
  }

  function arm(job: Periodic): void {
    if (job.timer || closed) return;
    job.timer = setInterval(() => void runDue(job.name), tickMs(job.intervalMs));
    job.timer.unref();
  }

  return {
    every(name, intervalMs, handler, everyOptions = {}) {
      check(name);
      if (periodic.has(name)) throw new Error(`The periodic job "${name}" is already registered`);
      if (!Number.isInteger(intervalMs) || intervalMs < 100) throw new Error(`The interval of job "${name}" must be a whole number of milliseconds, at least 100`);
      const registered = db
        .query(
          `insert into job_schedules (name, interval_ms) values ($1, $2)
           on conflict (name) do update set interval_ms = excluded.interval_ms`,
          [name, intervalMs],
        )
        .then(() => undefined);
      registered.catch((error: unknown) => console.error(`[platform] job ${name} could not be registered: ${(error as Error).message}`));
      const job: Periodic = { name, intervalMs, leaseMs: everyOptions.leaseMs ?? Math.max(300_000, 2 * intervalMs), handler, timer: null, running: null, registered };
      periodic.set(name, job);
      if (started) arm(job);
    },
    async handle(name, handler) {
      check(name);
      await queue(name);
      const instance = await bossOnce();
      await instance.work<JobPayload>(name, { pollingIntervalSeconds: 1 }, async (jobs: Job<JobPayload>[]) => {
        for (const job of jobs) await handler(job.data as never, { id: job.id, attempt: job.retryCount + 1 });
      });
    },
    async at(name, key, when, payload, atOptions = {}) {
      check(name);
      if (!key) throw new Error(`A job of "${name}" needs a key (what it is about: a raffle's id, a payout's id)`);
      await queue(name);
      const instance = await bossOnce();
      return instance.sendAfter(
        name,
        payload,
        {
          singletonKey: key,
          retryLimit: atOptions.retryLimit ?? 5,
          retryDelay: atOptions.retryDelaySeconds ?? 5,
          retryBackoff: true,
          ...(atOptions.expireInSeconds ? { expireInSeconds: atOptions.expireInSeconds } : {}),
        },
        when,
      );
    },
    runDue,
    start() {
      started = true;
      for (const job of periodic.values()) arm(job);
    },
    async close() {
      closed = true;
      for (const job of periodic.values()) if (job.timer) clearInterval(job.timer);
      await Promise.all([...periodic.values()].flatMap((job) => [job.running, job.registered.catch(() => undefined)]));
      if (boss) {
        const instance = await boss.catch(() => null);
        await instance?.stop({ graceful: true, timeout: 5000 });
      }
    },
  };
}

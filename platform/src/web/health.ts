/**
 * Liveness and readiness for load balancers and orchestrators:
 * - `/livez`: the process is up and its event loop answers (no database work: a slow database must
 *   not get a healthy process restarted).
 * - `/readyz`: this process should get traffic: the database answers within a second, at least one
 *   brand is loaded and the process is not draining (a SIGTERM makes it 503 at once, so a load balancer
 *   moves new requests elsewhere while in-flight work finishes).
 * Both answer small JSON, are never cached, and are routed before anything that reads a brand.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Queryable } from '../db/db.ts';

/** The health paths, answered before any other route. */
export const HEALTH_PATHS = new Set(['/livez', '/readyz', '/healthz']);

/** What readiness looks at. */
export interface HealthSources {
  db: Queryable;
  /** How many brands are loaded. */
  brandCount(): number;
  /** Whether shutdown has begun. */
  isDraining(): boolean;
}

/** The readiness report: `ready` decides 200 or 503; the other fields say why. */
export interface Readiness {
  ready: boolean;
  draining: boolean;
  database: 'ok' | string;
  brands: number;
}

const DATABASE_TIMEOUT_MS = 1000;

/** Runs `select 1` bounded by a second; resolves with 'ok' or what went wrong. */
async function databaseAnswers(db: Queryable): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      db.query('select 1'),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${DATABASE_TIMEOUT_MS} ms`)), DATABASE_TIMEOUT_MS);
      }),
    ]);
    return 'ok';
  } catch (error) {
    return `unavailable: ${(error as Error).message}`;
  } finally {
    clearTimeout(timer);
  }
}

/** Checks readiness once (a draining process does not ask its database). */
export async function readiness(sources: HealthSources): Promise<Readiness> {
  const draining = sources.isDraining();
  const brands = sources.brandCount();
  const database = draining ? 'not checked: draining' : await databaseAnswers(sources.db);
  return { ready: !draining && database === 'ok' && brands > 0, draining, database, brands };
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }).end(JSON.stringify(body));
}

/** Builds the handler of HEALTH_PATHS. `/healthz` keeps its older meaning: the database answers. */
export function createHealthHandler(sources: HealthSources): (req: IncomingMessage, res: ServerResponse, path: string) => Promise<void> {
  return async (_req, res, path) => {
    if (path === '/livez') return sendJson(res, 200, { ok: true });
    if (path === '/healthz') {
      const database = await databaseAnswers(sources.db);
      return sendJson(res, database === 'ok' ? 200 : 503, database === 'ok' ? { ok: true } : { ok: false, database });
    }
    const report = await readiness(sources);
    sendJson(res, report.ready ? 200 : 503, report);
  };
}

/**
 * HAProxy as `npm run cluster`'s balancer (and the bench's): finds Debian's `haproxy` (installing it
 * with apt-get where this process may), starts it in the foreground on deploy/haproxy/atrium.cfg, the
 * same file an operator deploys, with the cluster's addresses in the environment the file reads, and
 * reads its status page (the CSV) for which processes are in rotation.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import { ROOT } from './processes.ts';

/** The configuration file: the production example and the cluster's balancer. */
export const HAPROXY_CONFIG = path.join(ROOT, 'deploy', 'haproxy', 'atrium.cfg');

/** The health checks' rhythm in atrium.cfg (`default-server inter 1s fastinter 500ms … fall 2`). */
export const HEALTH_CHECK = { intervalMs: 1000, fastIntervalMs: 500, fall: 2 } as const;

/** How long a process must answer 503 on /readyz before HAProxy has surely taken it out: both failing checks, with room. */
export const DRAIN_FOR_HAPROXY_MS = 3 * HEALTH_CHECK.intervalMs;

/** What HAProxy is started with: addresses as host:port (a bind may be ":port"). */
export interface HaproxyLayout {
  lobbyBind: string;
  gameBind: string;
  platformBind: string;
  statsBind: string;
  /** One or two lobby processes. */
  lobbies: string[];
  /** One or two platform processes. */
  platforms: string[];
}

/** The environment atrium.cfg reads for a layout. */
export function haproxyEnvironment(layout: HaproxyLayout): Record<string, string> {
  if (layout.lobbies.length < 1 || layout.lobbies.length > 2 || layout.platforms.length < 1 || layout.platforms.length > 2) {
    throw new Error('atrium.cfg names one or two lobby and platform processes: add server lines to it for more');
  }
  return {
    ATRIUM_LOBBY_BIND: layout.lobbyBind,
    ATRIUM_GAME_BIND: layout.gameBind,
    ATRIUM_PLATFORM_BIND: layout.platformBind,
    ATRIUM_STATS_BIND: layout.statsBind,
    ...Object.fromEntries(layout.lobbies.map((address, index) => [`ATRIUM_LOBBY_${index + 1}`, address])),
    ...Object.fromEntries(layout.platforms.map((address, index) => [`ATRIUM_PLATFORM_${index + 1}`, address])),
  };
}

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The haproxy binary: HAPROXY_BIN, else on PATH or in /usr/sbin; null when there is none. */
function locateHaproxy(env: NodeJS.ProcessEnv): string | null {
  if (env.HAPROXY_BIN) return env.HAPROXY_BIN;
  const dirs = [...(env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/usr/local/sbin'];
  for (const dir of dirs) if (dir && executable(path.join(dir, 'haproxy'))) return path.join(dir, 'haproxy');
  return null;
}

const INSTALL_HINT =
  'Install it: `sudo apt-get install haproxy` (Debian, Ubuntu), `sudo dnf install haproxy` (Fedora), `brew install haproxy` (macOS), ' +
  'or set HAPROXY_BIN to its path. HAProxy 2.4 or newer is needed.';

/**
 * The haproxy binary to run, checked (version 2.4 or newer). Where there is none and this process may
 * install packages (root, with apt-get), it installs Debian's package and says so; otherwise the
 * error says how to install it.
 */
export function ensureHaproxy(env: NodeJS.ProcessEnv = process.env, log: (line: string) => void = console.log): string {
  let binary = locateHaproxy(env);
  if (env.HAPROXY_BIN && !executable(env.HAPROXY_BIN)) {
    throw new Error(`HAPROXY_BIN "${env.HAPROXY_BIN}" is not an executable file. ${INSTALL_HINT}`);
  }
  if (!binary) {
    const aptGet = ['/usr/bin/apt-get', '/bin/apt-get'].find(executable);
    if (process.getuid?.() !== 0 || !aptGet) throw new Error(`npm run cluster balances through HAProxy, which this machine lacks. ${INSTALL_HINT}`);
    log('HAProxy is missing: installing Debian\'s package (apt-get install haproxy)…');
    const installEnv = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const update = spawnSync(aptGet, ['update', '-qq'], { stdio: 'inherit', env: installEnv });
    const install = update.status === 0 ? spawnSync(aptGet, ['install', '-y', '-qq', 'haproxy'], { stdio: 'inherit', env: installEnv }) : update;
    binary = locateHaproxy(env);
    if (install.status !== 0 || !binary) throw new Error(`Installing HAProxy with apt-get failed (see above). ${INSTALL_HINT}`);
  }
  const version = spawnSync(binary, ['-v'], { encoding: 'utf8' });
  const match = /version (\d+)\.(\d+)/i.exec(version.stdout ?? '');
  if (!match) throw new Error(`${binary} -v did not say its version (${(version.stderr || version.error?.message || '').trim()}). ${INSTALL_HINT}`);
  const [major, minor] = [Number(match[1]), Number(match[2])];
  if (major < 2 || (major === 2 && minor < 4)) throw new Error(`${binary} is HAProxy ${major}.${minor}; atrium.cfg needs 2.4 or newer. ${INSTALL_HINT}`);
  return binary;
}

/** One server as HAProxy's status page shows it. */
export interface ServerStatus {
  backend: string;
  server: string;
  /** UP, DOWN, MAINT, "UP 1/2" (going down), "DOWN 1/2" (coming up), or "no check". */
  status: string;
  /** The last check's result, such as L7OK or L7STS (a wrong status), and its code. */
  checkStatus: string;
  checkCode: string;
}

/** A running HAProxy. */
export interface RunningHaproxy {
  child: ChildProcess;
  /** Its status page. */
  statsUrl: string;
  /** Every server's state now. */
  servers(): Promise<ServerStatus[]>;
  /** Resolves once every server is UP (two passed checks each); rejects after `timeoutMs` naming each server's state. */
  inRotation(timeoutMs?: number): Promise<void>;
  /** Stops it (SIGTERM: HAProxy closes its listeners and connections at once). */
  close(): Promise<void>;
}

/** The stats CSV's server rows. */
export function parseStatsCsv(csv: string): ServerStatus[] {
  const [header, ...rows] = csv.trim().split('\n');
  const columns = (header ?? '').replace(/^# /, '').split(',');
  const at = (name: string) => columns.indexOf(name);
  return rows
    .map((row) => row.split(','))
    .filter((cells) => cells[at('svname')] !== 'FRONTEND' && cells[at('svname')] !== 'BACKEND')
    .map((cells) => ({
      backend: cells[at('pxname')] ?? '',
      server: cells[at('svname')] ?? '',
      status: cells[at('status')] ?? '',
      checkStatus: cells[at('check_status')] ?? '',
      checkCode: cells[at('check_code')] ?? '',
    }));
}

/** The URL a bind address is reached at from this machine. */
function localUrl(bind: string): string {
  const [host, port] = [bind.slice(0, bind.lastIndexOf(':')), bind.slice(bind.lastIndexOf(':') + 1)];
  return `http://${host === '' || host === '0.0.0.0' || host === '*' ? '127.0.0.1' : host}:${port}`;
}

/**
 * Checks atrium.cfg with the layout's addresses (haproxy -c), then runs HAProxy in the foreground
 * until its status page answers. Its log lines (server state changes, errors, retries) go to `log`.
 */
export async function startHaproxy(binary: string, layout: HaproxyLayout, log: (line: string) => void): Promise<RunningHaproxy> {
  const env = { ...process.env, ...haproxyEnvironment(layout) };
  const check = spawnSync(binary, ['-c', '-q', '-f', HAPROXY_CONFIG], { env, encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`HAProxy refused ${path.relative(ROOT, HAPROXY_CONFIG)}:\n${check.stdout}${check.stderr}`);
  const child = spawn(binary, ['-db', '-f', HAPROXY_CONFIG], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const startLines: string[] = [];
  let running = false;
  for (const stream of [child.stdout, child.stderr]) {
    let pending = '';
    stream.on('data', (chunk: Buffer) => {
      const lines = (pending + chunk.toString()).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (!line.trim()) continue;
        // Once running, HAProxy writes each event twice: to its log (stdout) and as a console message (stderr).
        if (running && stream === child.stderr && /^\[(NOTICE|WARNING|ALERT)\]\s+\(\d+\) : /.test(line)) continue;
        if (startLines.length < 50) startLines.push(line);
        log(line);
      }
    });
  }
  const statsUrl = localUrl(layout.statsBind);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await exited;
      throw new Error(`HAProxy exited during start-up (${child.signalCode ?? `code ${child.exitCode}`}):\n${startLines.join('\n')}`);
    }
    try {
      const response = await fetch(`${statsUrl}/;csv`, { signal: AbortSignal.timeout(1000) });
      await response.arrayBuffer();
      if (response.ok) {
        running = true;
        break;
      }
    } catch {
      // Not listening yet.
    }
    if (Date.now() - started > 10_000) {
      child.kill('SIGKILL');
      throw new Error(`HAProxy did not answer on ${statsUrl} within 10 s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const servers = async () => parseStatsCsv(await (await fetch(`${statsUrl}/;csv`, { signal: AbortSignal.timeout(2000) })).text());
  return {
    child,
    statsUrl,
    servers,
    inRotation: async (timeoutMs = 30_000) => {
      for (const begun = Date.now(); ;) {
        const states = await servers().catch(() => []);
        if (states.length > 0 && states.every((server) => server.status === 'UP')) return;
        if (Date.now() - begun > timeoutMs) {
          throw new Error(`HAProxy did not put every process in rotation within ${timeoutMs / 1000} s: ${states.map((server) => `${server.server} ${server.status} ${server.checkStatus} ${server.checkCode}`).join(', ')}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    close: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}

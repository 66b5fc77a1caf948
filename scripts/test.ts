/**
 * `npm test`: every check and every test. First the static checks, each at zero errors and zero
 * warnings: `astro check` (the lobby with its .astro files), `tsc --noEmit` for the lobby's and the
 * platform's tsconfig, and ESLint, two at a time, and a fresh build beside them. Then unit and
 * platform tests (vitest; the platform suite also runs against a PostgreSQL server when DATABASE_URL
 * is set), then the end-to-end suite in Debian's Chromium against the built lobby and the real embedded platform. Ends with one
 * line "tests: N passed, N failed" over both runners, where each failed static check counts as one.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { assertChromium } from '../tests/support/chromium.ts';

const root = path.resolve(import.meta.dirname, '..');
process.chdir(root);
const reports = path.join(root, '.data', 'test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

try {
  assertChromium();
} catch (error) {
  console.error(`\n${(error as Error).message}\n`);
  process.exit(1);
}

const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
const run = (command: string, args: string[], env: Record<string, string> = {}) =>
  spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

if (!process.env.DATABASE_URL) {
  console.log('DATABASE_URL is not set: the platform suite runs on embedded PGlite only (.ci/run also runs it on a PostgreSQL server).');
}

// Static checks: a failure is reported and counted, and the tests still run so one CI run says everything.
// Each check is one single-threaded process, so they run in two lanes at once on CI's 2 cores. What
// reads or writes .astro/ (astro check and astro build regenerate its types, the lobby's tsconfig
// reads them) stays in one lane, one after the other; the platform's tsc and ESLint never read it.
// Each job's output is printed whole when it ends, so the log stays readable.
const STATIC_CHECKS: [string, string, string[]][] = [
  ['astro check', bin('astro'), ['check', '--minimumFailingSeverity', 'warning']],
  ['tsc (lobby)', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']],
  ['tsc (platform)', bin('tsc'), ['--noEmit', '-p', 'platform/tsconfig.json']],
  ['eslint', bin('eslint'), ['.', '--max-warnings', '0']],
];
const BUILD: [string, string, string[]] = ['astro build', bin('astro'), ['build']];

/** Runs a command with its output collected, then prints it under the job's name; resolves to the exit status. */
function runCollected([name, command, args]: [string, string, string[]]): Promise<number> {
  const started = Date.now();
  return new Promise((resolve) => {
    const output: Buffer[] = [];
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    let finished = false;
    const finish = (status: number) => {
      if (finished) return;
      finished = true;
      process.stdout.write(`\n> ${name} (${((Date.now() - started) / 1000).toFixed(0)} s)\n${Buffer.concat(output).toString()}`);
      resolve(status);
    };
    child.on('error', (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      finish(1);
    });
    child.on('close', (code) => finish(code ?? 1));
  });
}

/** Runs the jobs of a lane one after the other; resolves to their statuses in order. */
async function lane(jobs: [string, string, string[]][]): Promise<number[]> {
  const statuses: number[] = [];
  for (const job of jobs) statuses.push(await runCollected(job));
  return statuses;
}

const [astroLane, otherLane] = await Promise.all([lane([STATIC_CHECKS[0]!, STATIC_CHECKS[1]!, BUILD]), lane([STATIC_CHECKS[2]!, STATIC_CHECKS[3]!])]);
const staticStatuses = [astroLane[0]!, astroLane[1]!, ...otherLane];
const staticFailures = STATIC_CHECKS.filter((_, index) => staticStatuses[index] !== 0).map(([name]) => name);
if (staticFailures.length > 0) console.error(`\nStatic checks failed: ${staticFailures.join(', ')}`);
const buildStatus = astroLane[2]!;

const unitStatus = run(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${path.join(reports, 'vitest.json')}`]);

let e2eStatus = 1;
if (buildStatus === 0) {
  rmSync(path.join(root, '.data', `e2e-${process.env.E2E_PORT ?? 4610}-platform`), { recursive: true, force: true });
  e2eStatus = run(bin('playwright'), ['test', '--reporter=list,json', ...process.argv.slice(2)], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reports, 'playwright.json'),
  });
} else {
  console.error('The build failed, so the end-to-end suite did not run.');
}

interface VitestReport { numPassedTests: number; numFailedTests: number }
interface PlaywrightReport { stats: { expected: number; unexpected: number; flaky: number } }
const read = <T>(file: string): T | undefined =>
  existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : undefined;

const vitest = read<VitestReport>(path.join(reports, 'vitest.json'));
const playwright = read<PlaywrightReport>(path.join(reports, 'playwright.json'));
const passed = (vitest?.numPassedTests ?? 0) + (playwright?.stats.expected ?? 0);
// A runner that exited non-zero with no failed test counted (a server that would not start, a
// config error) still counts as one failure, so the closing line never reads "0 failed" on a red run.
const atLeastOneIfRed = (counted: number, status: number) => (status !== 0 && counted === 0 ? 1 : counted);
const failed =
  staticFailures.length +
  atLeastOneIfRed(vitest?.numFailedTests ?? 0, unitStatus) +
  atLeastOneIfRed(playwright ? playwright.stats.unexpected + playwright.stats.flaky : 0, buildStatus === 0 ? e2eStatus : buildStatus);

console.log(`\nstatic checks: ${STATIC_CHECKS.length - staticFailures.length} of ${STATIC_CHECKS.length} clean${staticFailures.length ? ` (failed: ${staticFailures.join(', ')})` : ''}`);
console.log(`unit: ${vitest?.numPassedTests ?? 0} passed, end-to-end: ${playwright?.stats.expected ?? 0} passed`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(staticFailures.length === 0 && unitStatus === 0 && buildStatus === 0 && e2eStatus === 0 && failed === 0 ? 0 : 1);

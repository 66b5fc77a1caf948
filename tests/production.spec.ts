/**
 * The production posture: `npm start` with the sandbox off (PLATFORM_ENABLE_SANDBOX_ADMIN=0), as an
 * operator goes live. This spec starts that stack itself, on ports of its own and a database of its
 * own that holds one player an operator brought over (no demo player: a production platform seeds
 * none), and walks every route the lobby and the platform serve (generated from src/routes.ts and
 * the platform's route table, so a new route is walked the day it is added): no sandbox power
 * answers, no demo player can sign in, no page leaks a server path or a stack, and a player meets
 * honest words where a sandbox would have offered its banks.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from './support/test.ts';
import { ROUTES } from '../src/routes.ts';
import { routeExamplePath } from './support/slugs.ts';
import { PLATFORM_ROUTES, UNROUTED_SAMPLES } from '../platform/src/route-table.ts';
import { openDatabase, prepareDatabase } from '../platform/src/db/open.ts';
import { createPlayer } from '../platform/src/players/repository.ts';
import { hashPassword } from '../platform/src/players/password.ts';
import { DEMO_PASSWORD } from '../platform/src/players/demo.ts';
import { CONSENT_POLICY_VERSION } from '../src/features/consent/consent.ts';
import { EXTRA_STACK_PORTS } from './support/urls.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const PORT = EXTRA_STACK_PORTS.production;
const PLATFORM_PORT = PORT + 1;
const DATA_DIR = path.join(ROOT, '.data', `e2e-${PORT}-production-platform`);
const origin = (brand: string) => `http://${brand}.localhost:${PORT}`;
/** The player an operator brought over from their previous system (the database's only player). */
const OPERATOR_PLAYER = { username: 'lise-production', email: 'lise@solenne.example', password: 'Production-pass-7' };

let stack: ChildProcess | undefined;
let startLog = '';

/** What no answer may carry: a path of this server's files, or a stack frame ("    at fn (file:line:column)"). */
function expectNoLeak(body: string, where: string): void {
  expect(body, where).not.toContain(ROOT);
  expect(body, where).not.toMatch(/\n\s+at .+:\d+:\d+/);
}

/** What no page may carry in production: a leak, or a link, script or setting of a sandbox stand-in. */
function expectNothingOfTheSandbox(body: string, where: string): void {
  expectNoLeak(body, where);
  for (const standIn of ['/platform/sandbox/', '/platform/live-chat/widget.js', '/platform/tags/', 'data-error-dsn="sandbox"', '/platform/sms-outbox']) {
    expect(body, `${where} names ${standIn}`).not.toContain(standIn);
  }
}

/** Polls a URL until it answers 200 (the stack is up) or the start fails. */
async function waitFor(url: string, host: string): Promise<void> {
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (stack?.exitCode !== null) throw new Error(`The production stack stopped during start-up:\n${startLog}`);
    const answer = await fetch(url, { headers: { host }, signal: AbortSignal.timeout(2000) }).catch(() => null);
    if (answer?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`The production stack did not answer ${url} in time:\n${startLog}`);
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  rmSync(DATA_DIR, { recursive: true, force: true });
  // The operator's database: migrated, with one player of their own and no demo player.
  const db = await openDatabase({ dataDir: DATA_DIR });
  try {
    await prepareDatabase(db);
    const passwordHash = await hashPassword(OPERATOR_PLAYER.password);
    await db.transaction((tx) => createPlayer(tx, { brand: 'solenne', username: OPERATOR_PLAYER.username, email: OPERATOR_PLAYER.email, passwordHash, countryCode: 'FR', currency: 'EUR', firstName: 'Lise', lastName: 'Moreau', dateOfBirth: '1990-04-02' }));
  } finally {
    await db.close();
  }
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(PORT), PLATFORM_PORT: String(PLATFORM_PORT), PLATFORM_DATA_DIR: DATA_DIR, PLATFORM_ENABLE_SANDBOX_ADMIN: '0', ATRIUM_SKIP_BUILD: '1' };
  // Nothing of the suite's own sandbox stack: no key, no country override, no test toggles.
  for (const name of ['PLATFORM_SANDBOX_KEY', 'PLATFORM_ALLOW_COUNTRY_OVERRIDE', 'ATRIUM_TEST_FEATURES', 'ERROR_REPORTING_DSN', 'ANALYTICS_TAGS', 'LIVE_CHAT_SCRIPT_URL', 'PLATFORM_URL', 'DATABASE_URL']) delete env[name];
  stack = spawn(process.execPath, [path.join(ROOT, 'scripts', 'start.ts')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  stack.stdout?.on('data', (chunk: Buffer) => (startLog += chunk.toString()));
  stack.stderr?.on('data', (chunk: Buffer) => (startLog += chunk.toString()));
  await waitFor(`http://127.0.0.1:${PORT}/en/`, `aurelia.localhost:${PORT}`);
});

test.afterAll(async () => {
  if (!stack || stack.exitCode !== null) return;
  const exited = new Promise((resolve) => stack?.once('exit', resolve));
  stack.kill('SIGTERM');
  const timer = setTimeout(() => stack?.pid && process.kill(-stack.pid, 'SIGKILL'), 20_000);
  await exited;
  clearTimeout(timer);
});

/** Answers the consent prompt for this stack's hosts, so it stays out of the way of what a test clicks. */
async function answerConsent(page: Page, brand: string): Promise<void> {
  await page.context().addCookies([{ name: 'consent', value: encodeURIComponent(`necessary,policy:${CONSENT_POLICY_VERSION}`), url: origin(brand) }]);
}

test('starts in production mode and says so, with no sandbox key, country override or demo seed in its log', () => {
  expect(startLog).toContain('production mode (sandbox off');
  expect(startLog).not.toMatch(/country override ON|sandbox ON|Sandbox operator key|demo players seeded/);
});

test('every lobby route renders without a sandbox stand-in, a server path or a stack', async ({ request }) => {
  test.setTimeout(180_000);
  for (const brand of ['aurelia', 'solenne']) {
    const locale = brand === 'solenne' ? 'fr' : 'en';
    for (const route of ROUTES) {
      const target = `/${locale}${routeExamplePath(route.id, route.pattern)}`;
      const answer = await request.get(`http://127.0.0.1:${PORT}${target}`, { headers: { host: `${brand}.localhost:${PORT}` }, maxRedirects: 0 });
      expect(answer.status(), `${brand} ${target}`).toBeLessThan(500);
      expectNothingOfTheSandbox(await answer.text(), `${brand} ${target}`);
    }
  }
});

test('the tester pages are not found, whatever path reaches them', async ({ request }) => {
  for (const target of ['/internal/', '/internal/ui/', '/internal/flags/', '/internal/flags/?set=features&testFeatures=BonusChecker', '/internal/content/', '/internal/bare/', '/internal/floor/', '/en/internal/ui/', '/en/internal/content/']) {
    const answer = await request.get(`http://127.0.0.1:${PORT}${target}`, { headers: { host: `aurelia.localhost:${PORT}` }, maxRedirects: 0 });
    expect(answer.status(), target).toBe(404);
    const body = await answer.text();
    expect(body, target).not.toMatch(/Bare page|Content status|Feature flags/);
    expectNothingOfTheSandbox(body, target);
  }
});

test('every platform route, through the lobby and on the platform’s own port: sandbox routes do not exist, none leaks', async ({ request }) => {
  test.setTimeout(120_000);
  const samples = [...PLATFORM_ROUTES.flatMap((route) => route.samples.map((sample) => ({ sample, sandboxOnly: route.sandboxOnly }))), ...UNROUTED_SAMPLES.map((sample) => ({ sample, sandboxOnly: false }))];
  for (const base of [`http://127.0.0.1:${PORT}`, `http://127.0.0.1:${PLATFORM_PORT}`]) {
    for (const { sample, sandboxOnly } of samples) {
      for (const method of ['GET', 'POST'] as const) {
        const answer = await request.fetch(`${base}${sample}`, {
          method,
          headers: { host: `aurelia.localhost:${PORT}`, 'content-type': 'application/x-www-form-urlencoded' },
          ...(method === 'POST' ? { data: 'person=aurelia-verified&amount=5000&brand=aurelia&action=confirm' } : {}),
          maxRedirects: 0,
        });
        const where = `${method} ${base}${sample}`;
        if (sandboxOnly) expect(answer.status(), where).toBe(404);
        else expect(answer.status(), where).toBeLessThan(500);
        expect(answer.headers().location ?? '', where).not.toMatch(/accessToken|refreshToken/);
        expect(answer.headers()['set-cookie'] ?? '', where).not.toMatch(/atrium_sandbox_key|refreshToken/);
        expectNoLeak(await answer.text(), where);
      }
    }
  }
});

test('a demo player cannot sign in; an operator’s own player can, and the cashier says money cannot move', async ({ page }) => {
  await answerConsent(page, 'solenne');
  await page.goto(`${origin('solenne')}/en/login/`);
  await page.getByRole('button', { name: 'Continue to sign in' }).click();
  await expect(page).toHaveURL(/\/auth\/realms\/solenne\/login-actions\//);
  // The README's demo player, with the published password: no such account here.
  await page.getByLabel('Email or username').fill('verified');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.locator('#field-password-error')).toContainText('The email or username and the password do not match.');
  await expect(page).toHaveURL(/\/auth\/realms\/solenne\//);

  await page.getByLabel('Email or username').fill(OPERATOR_PLAYER.username);
  await page.getByLabel('Password').fill(OPERATOR_PLAYER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`${origin('solenne')}/en/`);
  await expect(page.getByRole('button', { name: 'My account' })).toBeVisible();

  // The account menu opens the cashier in place (issue 27 tracks identity-provider players lost on /deposit/'s redirect).
  await page.getByRole('button', { name: 'My account' }).click();
  await page.getByRole('link', { name: 'Deposit', exact: true }).click();
  const unavailable = page.getByTestId('cashier-unavailable');
  await expect(unavailable).toHaveText('Deposits and withdrawals are not available at the moment. Please contact customer support.');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('radio')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Withdraw' }).click();
  await expect(unavailable).toBeVisible();
  await expect(dialog.getByRole('textbox')).toHaveCount(0);
});

test('a pay-and-play brand offers no dead bank button: its login says signing in that way is not available, in the page’s language', async ({ page }) => {
  // Nordvik signs its default country's players in through Trustly.
  await answerConsent(page, 'nordvik');
  for (const [locale, text] of [['en', 'Signing in with Trustly is not available at the moment.'], ['no', 'Innlogging med Trustly er ikke tilgjengelig for øyeblikket.']] as const) {
    for (const route of ['login', 'register']) {
      await page.goto(`${origin('nordvik')}/${locale}/${route}/`);
      await expect(page.getByTestId('provider-unavailable'), `${locale} ${route}`).toContainText(text);
      await expect(page.locator('form[action^="/platform/sandbox/"]'), `${locale} ${route}`).toHaveCount(0);
    }
  }
});

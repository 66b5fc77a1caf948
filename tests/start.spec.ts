/**
 * `npm start` as an operator meets it: a broken brand file refuses start-up with a message naming
 * the file and field, a busy port gets one clear line, a new brand folder is served with no code
 * change, and SIGTERM stops everything cleanly.
 */
import { expect, test } from './support/test.ts';
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

interface Outcome { code: number | null; output: string }

/** Runs `node scripts/start.ts` with extra environment until it exits or `until` sees its output. */
function start(env: Record<string, string>, until?: RegExp) {
  const child = spawn(process.execPath, ['scripts/start.ts'], {
    env: { ...process.env, ATRIUM_SKIP_BUILD: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const ready = new Promise<void>((resolve) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (until?.test(output)) resolve();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
  });
  const exited = new Promise<Outcome>((resolve) => child.on('exit', (code) => resolve({ code, output })));
  return { child, ready, exited, output: () => output };
}

function brandsCopy(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'atrium-brands-'));
  cpSync('brands', dir, { recursive: true });
  return dir;
}

test.describe.configure({ mode: 'serial' });

test('a broken brand file stops start-up with a message naming the file, the field and the fix', async () => {
  const dir = brandsCopy();
  const file = path.join(dir, 'nordvik', 'theme.json');
  const theme = JSON.parse(readFileSync(file, 'utf8'));
  theme.colors.primary.base = 'gold';
  writeFileSync(file, JSON.stringify(theme));
  const run = start({ ATRIUM_BRANDS_DIR: dir, PORT: '4630', PLATFORM_PORT: '4631' });
  const { code, output } = await run.exited;
  rmSync(dir, { recursive: true, force: true });
  expect(code).toBe(1);
  expect(output).toContain(`${file}: field "colors.primary.base": a colour as #rrggbb`);
  expect(output).toContain('docs/theme.schema.json');
  expect(output).not.toMatch(/^\s+at /m);
});

test('a port already in use gives one clear line, not a stack trace', async () => {
  const blocker = net.createServer();
  await new Promise<void>((resolve) => blocker.listen(4632, '0.0.0.0', resolve));
  const run = start({ PORT: '4632', PLATFORM_PORT: '4633' });
  const { code, output } = await run.exited;
  blocker.close();
  expect(code).toBe(1);
  expect(output).toContain('Port 4632 is already in use');
  expect(output).not.toMatch(/^\s+at /m);
});

test('a new brand folder is served on its host with no code change, and SIGTERM stops cleanly', async ({ page }) => {
  test.setTimeout(120_000);
  const dir = brandsCopy();
  cpSync(path.join(dir, 'vantor'), path.join(dir, 'zephyr'), { recursive: true });
  const file = path.join(dir, 'zephyr', 'brand.json');
  const settings = JSON.parse(readFileSync(file, 'utf8'));
  Object.assign(settings, { brand: 'zephyr', title: 'Zephyr Casino', siteDataName: 'zephyr', hosts: ['zephyr.localhost'] });
  writeFileSync(file, JSON.stringify(settings));
  const data = mkdtempSync(path.join(tmpdir(), 'atrium-data-'));
  const run = start({ ATRIUM_BRANDS_DIR: dir, PORT: '4634', PLATFORM_PORT: '4635', PLATFORM_DATA_DIR: data }, /Atrium is running/);
  await Promise.race([run.ready, run.exited.then(() => { throw new Error(`start exited early:\n${run.output()}`); })]);
  try {
    await page.goto('http://zephyr.localhost:4634/');
    await expect(page).toHaveURL('http://zephyr.localhost:4634/et_EE/');
    await expect(page).toHaveTitle(/ \| Zephyr Casino$/);
    await expect(page.locator('html')).toHaveAttribute('data-brand', 'zephyr');
    expect(run.output()).toContain('http://zephyr.localhost:4634/');
    // The sandbox answers only to the key npm start generated and printed, through the link it printed.
    const key = /Sandbox operator key: (\S+)/.exec(run.output())?.[1] ?? '';
    expect(key).toMatch(/^[\w-]{32}$/);
    const outbox = await page.goto('http://aurelia.localhost:4634/platform/sms-outbox');
    expect(outbox?.status()).toBe(403);
    const link = /SMS outbox \(sign-in codes\): (\S+)/.exec(run.output())?.[1] ?? '';
    expect(link).toContain(`key=${key}`);
    await page.goto(link);
    await expect(page).toHaveURL('http://aurelia.localhost:4634/platform/sms-outbox');
    await expect(page.getByRole('heading', { name: 'SMS outbox' })).toBeVisible();
    // The unlocked browser reads the e-mail outbox (registration codes) at the address printed for it.
    const emails = /E-mail outbox \(registration codes\): (\S+)/.exec(run.output())?.[1] ?? '';
    expect((await page.goto(emails))?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'E-mail outbox' })).toBeVisible();
  } finally {
    run.child.kill('SIGTERM');
  }
  const { code, output } = await run.exited;
  rmSync(dir, { recursive: true, force: true });
  rmSync(data, { recursive: true, force: true });
  expect(code).toBe(0);
  expect(output).toContain('Stopping Atrium (SIGTERM)');
});

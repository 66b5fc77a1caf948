/**
 * `npm run bench`: prints the figures of the design budgets, measured in one run on this machine.
 * - The first-party JavaScript the anonymous casino lobby loads (raw, gzip, brotli), counted from
 *   what Chromium actually fetched plus the inline scripts of the page.
 * - Server-render throughput of the lobby beside a bare page of the same server at 50 connections,
 *   as requests per second and as a ratio (alternating rounds, medians, to damp a noisy machine).
 * It prints figures and asserts nothing: budgets are judged by people, not by a timed test.
 */
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { assertChromium, CHROMIUM_ARGS, chromiumPath } from '../tests/support/chromium.ts';

const root = path.resolve(import.meta.dirname, '..');
process.chdir(root);
const PORT = Number(process.env.BENCH_PORT ?? 4800);
const BRAND = process.env.BENCH_BRAND ?? 'aurelia';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

assertChromium();
const data = mkdtempSync(path.join(tmpdir(), 'atrium-bench-'));
const server = spawn(process.execPath, ['scripts/start.ts'], {
  env: { ...process.env, PORT: String(PORT), PLATFORM_PORT: String(PORT + 1), PLATFORM_DATA_DIR: data },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise<void>((resolve, reject) => {
  let output = '';
  server.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    if (output.includes('Atrium is running')) resolve();
  });
  server.on('exit', (code) => reject(new Error(`start exited with ${code}:\n${output}`)));
});

const origin = `http://${BRAND}.localhost:${PORT}`;
const sizes = (body: Buffer) => ({
  raw: body.length,
  gzip: gzipSync(body, { level: 9 }).length,
  brotli: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
});
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function measureJavaScript(pagePath: string) {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  const page = await browser.newPage({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });
  const scripts: Buffer[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script' && new URL(response.url()).origin === origin) {
      scripts.push(await response.body());
    }
  });
  await page.goto(`${origin}${pagePath}`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(500);
  const inline = await page.evaluate(() =>
    [...document.querySelectorAll('script:not([src])')].map((node) => node.textContent ?? '').join('\n'),
  );
  await browser.close();
  const files = scripts.map(sizes);
  const inlineSizes = sizes(Buffer.from(inline));
  const total = (key: 'raw' | 'gzip' | 'brotli') => files.reduce((sum, file) => sum + file[key], 0) + inlineSizes[key];
  return { files: files.length, raw: total('raw'), gzip: total('gzip'), brotli: total('brotli') };
}

async function requestsPerSecond(pagePath: string): Promise<number> {
  const result = await autocannon({
    url: `http://127.0.0.1:${PORT}${pagePath}`,
    headers: { host: `${BRAND}.localhost:${PORT}` },
    connections: 50,
    duration: SECONDS,
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${pagePath}: ${result.non2xx} non-2xx answers and ${result.errors} errors during the load`);
  }
  return result.requests.average;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

try {
  const lobbyPath = '/en/';
  const js = await measureJavaScript(lobbyPath);
  console.log(`\nAnonymous casino lobby (${origin}${lobbyPath}), first-party JavaScript (${js.files} files + inline):`);
  console.log(`  raw ${kb(js.raw)}   gzip ${kb(js.gzip)}   brotli ${kb(js.brotli)}   (budget: 90 KB brotli)`);

  // Warm both pages so caches and JIT are in the same state, then alternate rounds.
  await requestsPerSecond('/internal/bare/');
  await requestsPerSecond(lobbyPath);
  const bare: number[] = [];
  const lobby: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    bare.push(await requestsPerSecond('/internal/bare/'));
    lobby.push(await requestsPerSecond(lobbyPath));
  }
  const bareRps = median(bare);
  const lobbyRps = median(lobby);
  console.log(`\nServer render, 50 connections, ${ROUNDS} alternating rounds of ${SECONDS} s (medians):`);
  console.log(`  bare page      ${bareRps.toFixed(0)} req/s   (rounds: ${bare.map((v) => v.toFixed(0)).join(', ')})`);
  console.log(`  casino lobby   ${lobbyRps.toFixed(0)} req/s   (rounds: ${lobby.map((v) => v.toFixed(0)).join(', ')})`);
  console.log(`  ratio lobby/bare ${(lobbyRps / bareRps).toFixed(2)}   (budget: at least 0.50)`);
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(data, { recursive: true, force: true });
}

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { transformSync } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { PARTYTOWN_VERSION, PartytownRewriteError, rewritePartytownLibrary, SANDBOX_PAGE_FILE, SANDBOX_SCRIPT_FILE, SERVICE_WORKER_FILE, START_UP_MARKER } from './partytown-start-up.ts';

const libDir = join(dirname(createRequire(import.meta.url).resolve('@qwik.dev/partytown/package.json')), 'lib');
const installed = () => ({
  [SERVICE_WORKER_FILE]: readFileSync(join(libDir, SERVICE_WORKER_FILE), 'utf8'),
  [SANDBOX_PAGE_FILE]: readFileSync(join(libDir, SANDBOX_PAGE_FILE), 'utf8'),
});

/** The page the service worker answers the sandbox's address with (a string literal in it). */
function servedPage(serviceWorker: string): string {
  const literal = /o\.endsWith\("sw\.html"\)\?n\.respondWith\(r\(("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')\)\)/.exec(serviceWorker)?.[1];
  expect(literal, 'the service worker serves the sandbox page from a string').toBeDefined();
  return runInNewContext(literal!) as string;
}

describe("Partytown's start-up in short tasks", () => {
  it('serves the sandbox page with its script as a file of its own (compiled off the main thread), from the page and from the service worker alike', () => {
    const original = installed();
    expect(original[SANDBOX_PAGE_FILE]).toContain('<script type="module">/* Partytown');
    const rewritten = rewritePartytownLibrary(original);
    const page = rewritten[SANDBOX_PAGE_FILE];
    expect(page).toMatch(new RegExp(`<script type="module" src="${SANDBOX_SCRIPT_FILE}\\?v=[0-9a-f]{12}"></script>`));
    expect(page).not.toContain('Partytown 0.14.4 - MIT');
    expect(servedPage(rewritten[SERVICE_WORKER_FILE])).toBe(page);
    // The rest of the service worker is as it was, and still parses.
    expect(rewritten[SERVICE_WORKER_FILE].replace(JSON.stringify(page), '')).toBe(original[SERVICE_WORKER_FILE].replace(/'<!DOCTYPE html>(?:[^'\\]|\\.)*'/, ''));
    expect(() => transformSync(rewritten[SERVICE_WORKER_FILE], { loader: 'js' })).not.toThrow();
  });

  it('reads the interfaces one at a time, giving way to the page, and answers the worker once read', () => {
    const script = rewritePartytownLibrary(installed())[SANDBOX_SCRIPT_FILE];
    expect(script.startsWith(`/* Partytown ${PARTYTOWN_VERSION} - MIT QwikDev */`)).toBe(true);
    expect(script).toContain(START_UP_MARKER);
    // One way of giving way, a message-channel task; each read starts with it, and each loop over
    // interfaces, elements or members checks its slice's time before every step.
    expect(script.split('new MessageChannel')).toHaveLength(2);
    expect(script).toContain('ne=async()=>{await atriumYield();');
    expect(script).toContain('ie=async()=>{await atriumYield();');
    for (const read of ['oe=async(e,t)=>', 'ae=async(e,t,r,i,o,s)=>', 'se=async(e,t,r,n)=>']) expect(script).toContain(read);
    expect(script.split('performance.now()-atriumSlice>8&&await atriumYield();')).toHaveLength(5);
    expect(script).toContain('ne().then((t=>e.postMessage([I.MainDataResponseToWorker,t])))');
    expect(script).toContain('ie().then((t=>e.postMessage([I.MainInterfacesResponseToWorker,t])))');
    expect(() => transformSync(script, { loader: 'js', format: 'esm' })).not.toThrow();
    // The library as shipped did none of it.
    expect(installed()[SANDBOX_PAGE_FILE]).not.toContain('new MessageChannel');
  });

  it('names the script by its content, so a changed rewrite is never served from a cache', () => {
    const first = rewritePartytownLibrary(installed());
    const files = installed();
    files[SANDBOX_PAGE_FILE] = files[SANDBOX_PAGE_FILE].replace('name:"Partytown 🎉"', 'name:"Partytown"');
    files[SERVICE_WORKER_FILE] = files[SERVICE_WORKER_FILE].replace('name:"Partytown 🎉"', 'name:"Partytown"');
    expect(rewritePartytownLibrary(files)[SANDBOX_PAGE_FILE]).not.toBe(first[SANDBOX_PAGE_FILE]);
  });

  it('refuses another version of Partytown with what to do, rather than serve it half rewritten', () => {
    const files = installed();
    files[SERVICE_WORKER_FILE] = files[SERVICE_WORKER_FILE].replaceAll(`Partytown ${PARTYTOWN_VERSION} `, 'Partytown 0.15.0 ');
    expect(() => rewritePartytownLibrary(files)).toThrow(PartytownRewriteError);
    expect(() => rewritePartytownLibrary(files)).toThrow(`${SERVICE_WORKER_FILE} is not Partytown ${PARTYTOWN_VERSION}'s`);
    expect(() => rewritePartytownLibrary(files)).toThrow(`Pin @qwik.dev/partytown to ${PARTYTOWN_VERSION}`);
  });

  it('names the part it could not find', () => {
    const files = installed();
    // In both copies of the sandbox page.
    files[SANDBOX_PAGE_FILE] = files[SANDBOX_PAGE_FILE].replace('g={i:h,v:oe(u,p),C:', 'g={i:h,v:oe(p,u),C:');
    files[SERVICE_WORKER_FILE] = files[SERVICE_WORKER_FILE].replace('g={i:h,v:oe(u,p),C:', 'g={i:h,v:oe(p,u),C:');
    expect(() => rewritePartytownLibrary(files)).toThrow(`the text for "readMainPlatform's interfaces" is there 0 times, not once`);
  });

  it('refuses a service worker that serves another page than the sandbox page', () => {
    const files = installed();
    files[SANDBOX_PAGE_FILE] = files[SANDBOX_PAGE_FILE].replace('name="robots"', 'name="googlebot"');
    expect(() => rewritePartytownLibrary(files)).toThrow(`${SERVICE_WORKER_FILE}: the page it serves is not the sandbox page`);
  });
});

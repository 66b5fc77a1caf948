/**
 * Partytown's start-up on the page, in tasks a phone can take (issue 27).
 *
 * Partytown's sandbox is a same-origin frame: its code runs on the page's main thread. Served as
 * the library ships it, its start-up cost a phone at 4x CPU three long tasks on every page whose
 * tags run:
 * - compiling its code (45 KB inline in the sandbox page, so compiled on the main thread): 50-100 ms;
 * - reading the window's members for the worker, in one message handler: 50-110 ms;
 * - reading every member of every DOM interface it can make an instance of, in another: 50-150 ms.
 *
 * The build (astro.config.mjs) rewrites the copy of the library it serves, so that:
 * - the sandbox page loads its code as a file of its own (`partytown-sandbox-sw.js`), which
 *   Chromium compiles off the main thread while it downloads (script streaming);
 * - both reads go one member at a time, giving way to the page (a message-channel task, which a
 *   background tab does not throttle as it does timers) before each read and whenever a slice has
 *   run 8 ms. The worker only waits for each answer (a message), which is the same as before, sent
 *   when the last member is read. One member is not read but written as its read would write it:
 *   Document's `lastModified`, a string, whose read is the page's first date formatting (ICU's
 *   start-up, up to 50 ms in that one read).
 *
 * The library's files are minified, so the rewrite anchors on exact text of Partytown 0.14.4 (the
 * version package.json pins). Each anchor must be there exactly once; if an upgrade changes them,
 * the build stops and says so rather than serve the library unchanged or half changed. The sandbox
 * page is in two files: the page itself, and a string in the service worker, which serves it.
 */
import { createHash } from 'node:crypto';
import { runInNewContext } from 'node:vm';

/** The version the anchors below were taken from. */
export const PARTYTOWN_VERSION = '0.14.4';

/** The library's files this rewrites, and the one it adds. */
export const SERVICE_WORKER_FILE = 'partytown-sw.js';
export const SANDBOX_PAGE_FILE = 'partytown-sandbox-sw.html';
export const SANDBOX_SCRIPT_FILE = 'partytown-sandbox-sw.js';

/** Put in the rewritten code, so a test and a reader of the served file can tell it is the rewritten one. */
export const START_UP_MARKER = '/*atrium:chunked-start-up*/';

/**
 * Put before the library's code: gives way to the page's other tasks through a message-channel task
 * (which a background tab does not throttle as it does timers) and starts a new slice. The reads
 * check `performance.now() - atriumSlice > 8` before each member, so that no slice runs past 8 ms
 * by more than one member's read.
 */
const SLICING = 'let atriumSlice=0;const atriumYield=()=>new Promise((e=>{const t=new MessageChannel;t.port1.onmessage=()=>{atriumSlice=performance.now(),e()},t.port2.postMessage(0)}));';
const GIVE_WAY_IF_DUE = 'performance.now()-atriumSlice>8&&await atriumYield();';

/** Each rewrite of the sandbox's script: the library's text and what replaces it. */
const REWRITES: readonly { what: string; from: string; to: string }[] = [
  {
    what: 'readMainPlatform: a task of its own',
    from: 'ne=()=>{const e=B.createElement("i")',
    to: 'ne=async()=>{await atriumYield();const e=B.createElement("i")',
  },
  {
    what: "readImplementation: the window's members, one at a time",
    from: 'se=(e,t,r,n)=>{let i=[],o=[e,"Object",i];for(n in t)r&&r.includes(n)||ce(i,t,n);return o}',
    to: `se=async(e,t,r,n)=>{let i=[],o=[e,"Object",i];for(n in t){${GIVE_WAY_IF_DUE}r&&r.includes(n)||ce(i,t,n)}return o}`,
  },
  { what: "readMainPlatform's own members", from: 'p=[se("Window",H,d),se("Node",t)]', to: 'p=[await se("Window",H,d),await se("Node",t)]' },
  { what: "readMainPlatform's interfaces", from: 'g={i:h,v:oe(u,p),C:', to: 'g={i:h,v:await oe(u,p),C:' },
  {
    what: 'readMainInterfaces: a task of its own, then an element of each interface, one at a time',
    from: 'ie=()=>{const e=Object.getOwnPropertyNames(H).filter((e=>!o.has(e))).map((e=>((e,t,r,n)=>{',
    to: `ie=async()=>{await atriumYield();const f=[];for(const k of Object.getOwnPropertyNames(H).filter((e=>!o.has(e)))){${GIVE_WAY_IF_DUE}f.push(((e,t,r,n)=>{`,
  },
  {
    what: "readMainInterfaces' elements",
    from: '})(B,e))).filter((e=>!(!e||"HTMLUnknownElement"===n(e)&&"UNKNOWN"!==e.nodeName.toUpperCase()))).map((e=>[e]));return oe(e,[])}',
    to: '})(B,k))}const e=f.filter((e=>!(!e||"HTMLUnknownElement"===n(e)&&"UNKNOWN"!==e.nodeName.toUpperCase()))).map((e=>[e]));return oe(e,[])}',
  },
  {
    what: 'readImplementations: one interface at a time',
    from: 'oe=(e,t)=>{const r=new Set(["Object"]);return e.filter((e=>e[0])).map((e=>{const t=e[0],r=e[1],i=n(t);return[i,H[i].prototype,t,r]})).map((([e,n,i,o])=>ae(r,t,e,n,i,o))),t}',
    to: `oe=async(e,t)=>{${START_UP_MARKER}const r=new Set(["Object"]);for(const c of e){if(!c[0])continue;${GIVE_WAY_IF_DUE}const i=n(c[0]);await ae(r,t,i,H[i].prototype,c[0],c[1])}return t}`,
  },
  {
    // Document's lastModified is a string (HTML's DOM); reading it formats the time, the page's
    // first date formatting: ICU's start-up, 17-51 ms at 4x in one read. Its entry is written as
    // the read would write it.
    what: "readOwnImplementation: an interface's members, one at a time, Document's lastModified unread",
    from: 'ae=(e,t,r,i,o,s)=>{if(!e.has(r)){e.add(r);const c=Object.getPrototypeOf(i),l=n(c),u=[],d=Object.getOwnPropertyDescriptors(i);ae(e,t,l,c,o,s);for(const e in d)ce(u,o,e);t.push([r,l,u,s,a(o)])}}',
    to: `ae=async(e,t,r,i,o,s)=>{if(!e.has(r)){e.add(r);const c=Object.getPrototypeOf(i),l=n(c),u=[],d=Object.getOwnPropertyDescriptors(i);await ae(e,t,l,c,o,s);for(const e in d){${GIVE_WAY_IF_DUE}"Document"===r&&"lastModified"===e?u.push([e,E.Property]):ce(u,o,e)}t.push([r,l,u,s,a(o)])}}`,
  },
  {
    what: 'the main data answer, once read',
    from: 'e.postMessage([I.MainDataResponseToWorker,ne()])',
    to: 'ne().then((t=>e.postMessage([I.MainDataResponseToWorker,t])))',
  },
  {
    what: 'the interfaces answer, once read',
    from: 'e.postMessage([I.MainInterfacesResponseToWorker,ie()])',
    to: 'ie().then((t=>e.postMessage([I.MainInterfacesResponseToWorker,t])))',
  },
];

/** The service worker answers the sandbox page's address with this page, as a string literal. */
const SERVED_PAGE = /(o\.endsWith\("sw\.html"\)\?n\.respondWith\(r\()('(?:[^'\\]|\\.)*')(\)\))/;
const PAGE_SCRIPT = /^(<!DOCTYPE html>[^]*?)<script type="module">([^]*)<\/script>([^]*)$/;

/** What went wrong, naming the file and what to do. */
export class PartytownRewriteError extends Error {}

const stale = (file: string, what: string) =>
  new PartytownRewriteError(`${file}: ${what}; src/features/tags/partytown-start-up.ts must be brought up to date with this Partytown.`);

/** The library's sandbox page in three parts: what comes before its inline script, the script, what comes after. */
function sandboxPageParts(page: string): [before: string, script: string, after: string] {
  const parts = PAGE_SCRIPT.exec(page);
  if (!parts) throw stale(SANDBOX_PAGE_FILE, 'no inline module script');
  return [parts[1]!, parts[2]!, parts[3]!];
}

/** The sandbox's code as the library ships it, inline in its page (a test serves it in place of the rewritten file). */
export function shippedSandboxScript(page: string): string {
  return sandboxPageParts(page)[1];
}

function rewriteScript(script: string): string {
  const licence = `/* Partytown ${PARTYTOWN_VERSION} - MIT QwikDev */\n`;
  if (!script.startsWith(licence)) throw stale(SANDBOX_PAGE_FILE, 'its script does not open with the licence line');
  let result = `${licence}${SLICING}${script.slice(licence.length)}`;
  for (const { what, from, to } of REWRITES) {
    const count = result.split(from).length - 1;
    if (count !== 1) throw stale(SANDBOX_PAGE_FILE, `the text for "${what}" is there ${count} times, not once`);
    result = result.replace(from, () => to);
  }
  return result;
}

/**
 * The library's service worker and sandbox page as rewritten, and the sandbox's script; throws if
 * they are not Partytown 0.14.4's.
 */
export function rewritePartytownLibrary(files: { [SERVICE_WORKER_FILE]: string; [SANDBOX_PAGE_FILE]: string }): Record<typeof SERVICE_WORKER_FILE | typeof SANDBOX_PAGE_FILE | typeof SANDBOX_SCRIPT_FILE, string> {
  for (const [file, text] of Object.entries(files)) {
    if (!text.includes(`Partytown ${PARTYTOWN_VERSION} `)) {
      throw new PartytownRewriteError(`${file} is not Partytown ${PARTYTOWN_VERSION}'s: src/features/tags/partytown-start-up.ts rewrites that version's start-up. Pin @qwik.dev/partytown to ${PARTYTOWN_VERSION}, or take the anchors again from the new version's files.`);
    }
  }
  const [before, shipped, after] = sandboxPageParts(files[SANDBOX_PAGE_FILE]);
  const served = SERVED_PAGE.exec(files[SERVICE_WORKER_FILE]);
  if (!served) throw stale(SERVICE_WORKER_FILE, 'no sandbox page served from a string');
  // The string is the worker's own constant: evaluated alone, in a context of its own.
  if (runInNewContext(served[2]!) !== files[SANDBOX_PAGE_FILE]) throw stale(SERVICE_WORKER_FILE, 'the page it serves is not the sandbox page');

  const script = rewriteScript(shipped);
  const version = createHash('sha256').update(script).digest('hex').slice(0, 12);
  const sandboxPage = `${before}<script type="module" src="${SANDBOX_SCRIPT_FILE}?v=${version}"></script>${after}`;
  return {
    [SERVICE_WORKER_FILE]: files[SERVICE_WORKER_FILE].replace(SERVED_PAGE, (_, before: string, _literal: string, after: string) => `${before}${JSON.stringify(sandboxPage)}${after}`),
    [SANDBOX_PAGE_FILE]: sandboxPage,
    [SANDBOX_SCRIPT_FILE]: script,
  };
}

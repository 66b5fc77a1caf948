/**
 * Critical CSS for every rendered page. The site's stylesheet (about 31 KB, 6 KB brotli) used to be
 * inlined whole into every page, because a render-blocking stylesheet costs a phone a round trip
 * before its first paint. Inlined whole, it pushed the lobby's HTML past what a new connection
 * delivers in its first round trip (about 14.6 KB), which cost that round trip anyway.
 *
 * Now each page carries only the rules that match its own markup, and the rest follows after the
 * first paint:
 * - The build emits the stylesheets as files (`build.inlineStylesheets: 'never'`).
 * - Each page's `<link rel="stylesheet">` tags are replaced with a `<style>` holding the rules that
 *   match an element of the page, in any media query or state. beasties (Apache-2.0) compiles each
 *   sheet once and matches its selectors against the tokens of one pass over the HTML.
 * - What each sheet has beyond those rules follows in a `<template data-after-paint>`: the
 *   after-paint gate moves it into the document once the page's largest content has painted, and
 *   islands hydrate only once it has loaded, so what an island renders is styled. A `<noscript>`
 *   copy of the original links serves browsers without script.
 * - Only the rest, not the whole sheet again (issue 27): a sheet that arrives holding the rules
 *   already inline restyles every element they match, nearly the whole first screen (a 38-50 ms
 *   style recalculation on a phone at 4x CPU, 21-55 ms of style a load). The rest of a sheet is
 *   served at /_css/<sheet>/<schema>/<key>.css, where the key is the page's tokens that the sheet's
 *   selectors name, one bit each, and the schema what those bits mean: any lobby process rebuilds
 *   the same CSS from the address alone (no state shared between processes), and the address, like
 *   the sheet's own, never changes its answer. A sheet with none of its rules inline is linked as it
 *   is, shared by every page.
 * - The cascade keeps the sheets' order between the inline rules and the rest only where they cannot
 *   meet: a rule of the rest now comes after every inline rule, some of which (the rules kept inline
 *   whatever the markup, below) it preceded in its sheet. The rules left for later match nothing on
 *   the page, so that matters only for markup that comes later with classes of both;
 *   tests/main-thread.spec.ts compares every element's computed style against the sheets' own order
 *   once the lobbies, the game pages and a light brand's account pages are whole.
 *
 * Rules for states a visitor can reach before the gate opens without script (an open `<details>`)
 * and for the feature flags (set on <html> by the head script) are always kept. Where the built
 * stylesheets cannot be found (the dev server), pages keep their links.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileSheet } from 'beasties/compiler';
import { collectPrograms, renderCriticalCss, scanHtml, type DocumentTokens } from 'beasties/runtime';
import { LRUCache } from 'lru-cache';
import postcss from 'postcss';

/** The build's stylesheet links, as Astro writes them into a page's head. */
const STYLESHEET_LINK = /<link rel="stylesheet" href="(\/_astro\/[\w.-]+\.css)"\s*\/?>/g;

/**
 * Rules kept whatever the markup: states a visitor can open before the full stylesheet arrives with
 * no script involved, and the feature flags' variations, which the head script sets on <html>
 * before the first paint (feature-flags/flags.ts) where the server's markup cannot show them.
 */
const ALWAYS_KEPT = [/\[open\]/, /\[data-flag-/];

/** Where the build's client files are: the `client` folder beside the server bundle running this. */
function findClientDir(): string | null {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let depth = 0; depth < 4; depth += 1) {
    const client = path.join(dir, 'client');
    if (existsSync(path.join(dir, 'server')) && existsSync(path.join(client, '_astro'))) return client;
    dir = path.dirname(dir);
  }
  return null;
}

/** Reads a built stylesheet by its href from the build's client folder; null where there is none. */
function readBuiltSheet(href: string): string | null {
  clientDir ??= findClientDir();
  if (!clientDir) return null;
  const file = path.join(clientDir, href);
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
}

let clientDir: string | null | undefined;

/** Where the rest of a sheet is served: /_css/<the sheet's file name, without .css>/<schema>/<key>.css. */
export const REST_PREFIX = '/_css/';
const REST_PATH = /^\/_css\/([\w][\w.-]*)\/([\w-]+)\/([\w-]+)\.css$/;
/** What beasties renders: the inline rules and, for the rest, every other rule of the sheet. */
const RENDER = { keyframes: 'critical', fonts: false, inverse: true } as const;
/** The token kinds a selector's condition names, in the order a key's bits list them. */
const TOKEN_KINDS = ['tags', 'classes', 'ids', 'attrs'] as const;
/** Raised when what a key's bits mean changes in this file, so no cache keeps an answer under another meaning. */
const KEY_FORMAT = 1;

type CompiledSheet = ReturnType<typeof compileSheet>;
type Program = ReturnType<typeof collectPrograms>[number];

/** A built stylesheet, compiled once: its text, its rules, and what its selectors can ask of a page. */
interface Sheet {
  href: string;
  compiled: CompiledSheet;
  /** Every tag, class, id and attribute its selectors name, in rule order: a key's first bits. */
  words: Record<(typeof TOKEN_KINDS)[number], string[]>;
  /** Its structural selectors (descendants, siblings...), whose result a page's scan gives: the key's last bits. */
  programs: Program[];
  /**
   * What the key's bits mean: a hash of the compiled sheet, its words and programs, and beasties'
   * version. A rest's address names it, so an address cached for good never changes its answer,
   * whatever a later deploy changes here; a process of another deploy answers it 404.
   */
  schema: string;
  /** Selectors beasties cannot match against a page: kept inline, and the sheet then loads whole. */
  unmatched: string[];
}

/** The built sheets compiled so far: only files that exist (a made-up name is never kept). */
const sheets = new Map<string, Sheet>();
const warned = new Set<string>();

/** beasties' version, part of every schema: its matching decides what a key's bits give. */
const BEASTIES_VERSION = (() => {
  try {
    const require = createRequire(import.meta.url);
    return (JSON.parse(readFileSync(path.join(path.dirname(require.resolve('beasties')), '..', 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
})();

/** The built sheet at href, compiled; null where there is none. */
function sheetFor(href: string, readSheet: (href: string) => string | null): Sheet | null {
  const known = sheets.get(href);
  if (known) return known;
  const text = readSheet(href);
  if (text === null) return null;
  // Selectors beasties cannot match against a page (`:is()` or `:has()` where it cannot read them, a
  // selector of pseudo-classes alone) it leaves out of both its inline rules and its rest: kept
  // inline, so the first paint has them, and the sheet loads whole after it, as before the rest
  // existed, since a rule inline comes before the rest in the cascade where in the sheet it may
  // have come after (and overridden) a rule that now follows. The build's own sheets have none
  // (tests/after-paint.spec.ts): write such selectors as plain lists.
  const first = compileSheet(text, { href, allowRules: ALWAYS_KEPT });
  const unmatched = selectorsLeftOut(text, first);
  const compiled = unmatched.length === 0 ? first : compileSheet(text, { href, allowRules: [...ALWAYS_KEPT, ...unmatched] });
  if (unmatched.length > 0 && !warned.has(href)) {
    warned.add(href);
    console.warn(`[critical-css] ${href}: beasties cannot match ${unmatched.join(', ')}; they are inline on every page, and pages load this sheet whole after their first paint`);
  }
  const words = { tags: new Set<string>(), classes: new Set<string>(), ids: new Set<string>(), attrs: new Set<string>() };
  for (const rule of compiled.rules) {
    for (const condition of rule.match ?? []) {
      if (condition === true) continue;
      for (const kind of TOKEN_KINDS) for (const word of condition[kind] ?? []) words[kind].add(word);
    }
  }
  const listed = { tags: [...words.tags], classes: [...words.classes], ids: [...words.ids], attrs: [...words.attrs] };
  const programs = collectPrograms([compiled]);
  const schema = createHash('sha256').update(JSON.stringify([KEY_FORMAT, BEASTIES_VERSION, RENDER, compiled.rules, listed, programs])).digest('base64url').slice(0, 12);
  const sheet: Sheet = { href, compiled, words: listed, programs, schema, unmatched };
  sheets.set(href, sheet);
  return sheet;
}

/** The selectors of a sheet's style rules that its compiled form neither matches nor holds whole. */
function selectorsLeftOut(text: string, compiled: CompiledSheet): string[] {
  const kept = new Set(compiled.rules.flatMap((rule) => rule.selectors ?? []));
  // A rule beasties keeps whole (an at-rule's own text, a rule holding rules): its selectors, exactly.
  for (const rule of compiled.rules) if (rule.css && !rule.selectors) postcss.parse(rule.css).walkRules((inner) => inner.selectors.forEach((selector) => kept.add(selector)));
  const left: string[] = [];
  postcss.parse(text).walkRules((rule) => {
    if (rule.parent?.type === 'atrule' && /keyframes$/i.test((rule.parent as postcss.AtRule).name)) return;
    for (const selector of rule.selectors) if (!kept.has(selector)) left.push(selector);
  });
  return left;
}

/** How many bits a sheet's key has. */
const keyLength = (sheet: Sheet) => TOKEN_KINDS.reduce((sum, kind) => sum + sheet.words[kind].length, 0) + sheet.programs.length;

/** The page's tokens that the sheet's selectors ask about, one bit each, as base64url. */
function encodeKey(sheet: Sheet, tokens: DocumentTokens): string {
  const bits: boolean[] = [];
  for (const kind of TOKEN_KINDS) for (const word of sheet.words[kind]) bits.push(tokens[kind].has(word));
  for (const program of sheet.programs) bits.push(tokens.matchedPrograms?.get(program) === true);
  const bytes = Buffer.alloc(Math.ceil(bits.length / 8));
  bits.forEach((bit, index) => {
    if (bit) bytes[index >> 3]! |= 0x80 >> (index & 7);
  });
  return bytes.toString('base64url');
}

/** The tokens a key stands for; null unless it is exactly a key of this sheet (one address per answer). */
function decodeKey(sheet: Sheet, key: string): DocumentTokens | null {
  const length = keyLength(sheet);
  const bytes = Buffer.from(key, 'base64url');
  if (bytes.length !== Math.ceil(length / 8) || bytes.toString('base64url') !== key) return null;
  const bit = (index: number) => (bytes[index >> 3]! & (0x80 >> (index & 7))) !== 0;
  for (let index = length; index < bytes.length * 8; index += 1) if (bit(index)) return null;
  let index = 0;
  const tokens: DocumentTokens = { tags: new Set(), classes: new Set(), ids: new Set(), attrs: new Set(), matchedPrograms: new Map() };
  for (const kind of TOKEN_KINDS) for (const word of sheet.words[kind]) if (bit(index++)) tokens[kind].add(word);
  for (const program of sheet.programs) tokens.matchedPrograms!.set(program, bit(index++));
  return tokens;
}

// The rest of a sheet by its address: what the route answers, and what a page's link was checked
// against. Only real answers are kept; any key of the right length is one, so the bound matters.
const rests = new LRUCache<string, { css: string }>({ max: 256 });

/** The rest of a sheet at a /_css/ address (see above); null for an address no page of this build links. */
export function restOfSheet(pathname: string, readSheet: (href: string) => string | null = readBuiltSheet): string | null {
  const known = rests.get(pathname);
  if (known) return known.css;
  const match = REST_PATH.exec(pathname);
  const sheet = match ? sheetFor(`/_astro/${match[1]}.css`, readSheet) : null;
  if (!sheet || sheet.unmatched.length > 0 || match![2] !== sheet.schema) return null;
  const tokens = decodeKey(sheet, match![3]!);
  if (!tokens) return null;
  const css = renderCriticalCss(sheet.compiled, tokens, RENDER).inverseCss ?? '';
  rests.set(pathname, { css });
  return css;
}

/** The /_css/ answer: the rest of a sheet, cached for good like the build's own files, or 404. */
export function restOfSheetResponse(pathname: string, method = 'GET'): Response {
  if (method !== 'GET' && method !== 'HEAD') return new Response('Method not allowed\n', { status: 405, headers: { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
  const css = restOfSheet(pathname);
  if (css === null) return new Response('No such stylesheet\n', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
  return new Response(method === 'HEAD' ? null : css, { headers: { 'content-type': 'text/css; charset=utf-8', 'cache-control': 'public, max-age=31536000, immutable', 'x-content-type-options': 'nosniff' } });
}

/**
 * The link for what a sheet has beyond the page's inline rules: the sheet itself when none of it
 * is inline (cached across pages) or when beasties cannot match all its selectors (see sheetFor),
 * none when all of it is inline, else the rest's address. Each address is checked once against the
 * rest it stands for; should they ever differ, the page links the whole sheet, which is always right.
 */
function laterLink(sheet: Sheet, tokens: DocumentTokens, inline: string, rest: string, readSheet: (href: string) => string | null): string {
  if (!inline || sheet.unmatched.length > 0) return linkTag(sheet.href);
  if (!rest) return '';
  const href = `${REST_PREFIX}${path.basename(sheet.href, '.css')}/${sheet.schema}/${encodeKey(sheet, tokens)}.css`;
  if (restOfSheet(href, readSheet) === rest) return linkTag(href);
  if (!warned.has(href)) {
    warned.add(href);
    console.warn(`[critical-css] ${href} does not rebuild the rest of ${sheet.href}; pages link the whole sheet`);
  }
  return linkTag(sheet.href);
}

const linkTag = (href: string) => `<link rel="stylesheet" href="${href}">`;

/**
 * The page with its stylesheet links replaced by the rules its markup uses, and the links moved
 * after the first paint (and into `<noscript>`). Pages without the build's links come back as they are.
 * `readSheet` finds a stylesheet's text by its href (the build's files unless a test gives its own).
 */
export function inlineCriticalCss(html: string, readSheet: (href: string) => string | null = readBuiltSheet): string {
  const headEnd = html.indexOf('</head>');
  if (headEnd < 0) return html;
  const links = [...html.slice(0, headEnd).matchAll(STYLESHEET_LINK)];
  if (links.length === 0) return html;
  const pageSheets = links.map((link) => sheetFor(link[1]!, readSheet));
  if (pageSheets.some((sheet) => sheet === null)) return html;
  const tokens = scanHtml(html, pageSheets.flatMap((sheet) => sheet!.programs), { chars: false });
  const inline: string[] = [];
  const later: string[] = [];
  for (const sheet of pageSheets as Sheet[]) {
    const { css, inverseCss = '' } = renderCriticalCss(sheet.compiled, tokens, RENDER);
    inline.push(css);
    later.push(laterLink(sheet, tokens, css, inverseCss, readSheet));
  }
  const tags = links.map((link) => link[0]).join('');
  const first = links[0]!.index!;
  let head = html.slice(0, headEnd);
  for (const link of links.toReversed()) head = head.slice(0, link.index) + head.slice(link.index! + link[0].length);
  const replacement = `<style>${inline.join('')}</style><noscript>${tags}</noscript><template data-after-paint>${later.join('')}</template>`;
  return head.slice(0, first) + replacement + head.slice(first) + html.slice(headEnd);
}

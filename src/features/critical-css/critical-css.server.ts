/**
 * Critical CSS for every rendered page. The site's stylesheet (about 31 KB, 6 KB brotli) used to be
 * inlined whole into every page, because a render-blocking stylesheet costs a phone a round trip
 * before its first paint. Inlined whole, it pushed the lobby's HTML past what a new connection
 * delivers in its first round trip (about 14.6 KB), which cost that round trip anyway.
 *
 * Now each page carries only the rules that match its own markup, and the whole stylesheet follows
 * after the first paint:
 * - The build emits the stylesheets as files (`build.inlineStylesheets: 'never'`).
 * - Each page's `<link rel="stylesheet">` tags are replaced with a `<style>` holding the rules that
 *   match an element of the page, in any media query or state. beasties (Apache-2.0) compiles each
 *   sheet once and matches its selectors in one pass over the HTML.
 * - The links follow in a `<template data-after-paint>`. The after-paint gate moves them into the
 *   document once the page's largest content has painted, and islands hydrate only once they have
 *   loaded, so what an island renders is styled. A `<noscript>` copy serves browsers without script.
 *
 * Rules for states a visitor can reach before the gate opens without script (an open `<details>`)
 * and for the feature flags (set on <html> by the head script) are always kept. Where the built stylesheets cannot be found (the dev server), pages keep their links.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileSheet } from 'beasties/compiler';
import { createProcessor } from 'beasties/runtime';
import { LRUCache } from 'lru-cache';

/** The build's stylesheet links, as Astro writes them into a page's head. */
const STYLESHEET_LINK = /<link rel="stylesheet" href="(\/_astro\/[\w.-]+\.css)"\s*\/?>/g;

/**
 * Rules kept whatever the markup: states a visitor can open before the full stylesheet arrives with
 * no script involved, and the feature flags' variations, which the head script sets on <html>
 * before the first paint (feature-flags/flags.ts) where the server's markup cannot show them.
 */
const ALWAYS_KEPT = [/\[open\]/, /\[data-flag-/];

type Processor = ReturnType<typeof createProcessor>;

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
// A few page kinds link a few sets of sheets; the bound keeps an unexpected variety from piling up.
const processors = new LRUCache<string, { processor: Processor | null }>({ max: 64 });

/** One processor per set of stylesheets a page links (a few page kinds); null when a sheet is missing. */
function processorFor(hrefs: string[], readSheet: (href: string) => string | null): Processor | null {
  const key = hrefs.join(' ');
  const known = processors.get(key);
  if (known) return known.processor;
  const texts = hrefs.map(readSheet);
  const processor = texts.every((text) => text !== null)
    ? createProcessor(texts.map((text, index) => compileSheet(text!, { href: hrefs[index], allowRules: ALWAYS_KEPT })), { keyframes: 'critical', fonts: false, preload: false })
    : null;
  processors.set(key, { processor });
  return processor;
}

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
  const processor = processorFor(links.map((link) => link[1]!), readSheet);
  if (!processor) return html;
  const { css } = processor.extract(html);
  const tags = links.map((link) => link[0]).join('');
  const first = links[0]!.index!;
  let head = html.slice(0, headEnd);
  for (const link of links.toReversed()) head = head.slice(0, link.index) + head.slice(link.index! + link[0].length);
  const replacement = `<style>${css}</style><noscript>${tags}</noscript><template data-after-paint>${tags}</template>`;
  return head.slice(0, first) + replacement + head.slice(first) + html.slice(headEnd);
}

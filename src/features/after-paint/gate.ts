/**
 * The after-paint gate: what a page does first, and what it leaves until its largest content has
 * painted. A phone on a slow network shares one thin pipe between everything a page asks for, so
 * the lobby asks for its hero (and the HTML's inlined styles) first, and only then for scripts
 * and web fonts. The gate is a small inline script in the head (its SHA-256 goes into the CSP):
 * - it opens when the browser reports the page's hero image (`fetchpriority="high"`,
 *   `elementtiming="hero"`) on screen through Element Timing (where the browser has no Element
 *   Timing: two frames after the hero has decoded); on a page without a hero, two frames after the
 *   window's load event, when its first screen of images is in (a game list's largest paint is a
 *   tile); if the hero fails, at once; in any case a second after the window's load event (at once
 *   in a background tab, which runs no frames);
 * - then it moves what is parked in `<template data-after-paint>` into the document, one template
 *   per task: scripts run as if they had been there, and the site's stylesheets load (the page
 *   inlines only the rules its markup uses, features/critical-css/); once the stylesheets are in,
 *   it lets islands with `client:afterpaint` hydrate (see directive.ts);
 * - a first visit draws its text in the brand fonts' size-matched fallbacks (theme-css.ts) and
 *   keeps them on that page: swapping fonts on a page already laid out costs a phone a 120-170 ms
 *   task (issue 16). It fetches the brand's font files (prefetch, the lowest priority) and, once
 *   they are in, remembers it in localStorage: the next page uses the web fonts from its first
 *   paint, from the cache, and the size-matched fallbacks mean the two pages' text sits alike.
 * It also copies the stored feature flags onto <html> (feature-flags/flags.ts).
 * Without JavaScript none of this runs: the `fonts-later` class is never set, so the brand's
 * fonts apply from the start; there are no scripts to park, and the stylesheets and icons come
 * from the `<noscript>` copies beside their templates.
 */

import { prePaintFlagsScript } from '../feature-flags/flags.ts';
import { GATE_GLOBAL } from './opened.ts';

/** The class on <html> under which the theme uses its fallback font stacks (theme-css.ts). */
export const FONTS_LATER_CLASS = 'fonts-later';
/** The id of the inline theme stylesheet, whose @font-face rules name the brand's font files (theme-css.ts). */
export const THEME_STYLE_ID = 'atrium-theme';
/** localStorage key: set once this browser has loaded the brand fonts, so they are likely cached. */
export const FONTS_SEEN_KEY = 'atrium:fonts-seen';
/** The Element Timing identifier of the hero image (BlockImage.astro), reported once it is on screen. */
export const HERO_TIMING = 'hero';

/** The gate's source; the build minifies it for every page's head and hashes that for the CSP (astro.config.mjs). */
export const AFTER_PAINT_GATE_SCRIPT = `(() => {
  const root = document.documentElement;
  let seen = false;
  try { seen = localStorage.getItem(${JSON.stringify(FONTS_SEEN_KEY)}) === '1'; } catch {}
  if (!seen) root.classList.add(${JSON.stringify(FONTS_LATER_CLASS)});
  // The stored feature flags, as data-flag-* on <html> (the first paint depends on them: theme, buttons, menu, the sga bar).
  ${prePaintFlagsScript()}
  let opened = false;
  let open;
  const styled = [];
  // Each parked template goes in in a task of its own (the stylesheets, the icons, each script):
  // put in together they made one 60-120 ms task on a phone at 4x (issue 27). \`scheduler.yield\`
  // (or a message, which a background tab does not throttle as it does timers) between them.
  const nextTask = () => globalThis.scheduler?.yield?.() ?? new Promise((next) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => next();
    channel.port2.postMessage(0);
  });
  let unparked = Promise.resolve();
  const unpark = () => (unparked = unparked.then(async () => {
    for (let parked; (parked = document.querySelector('template[data-after-paint]')); await nextTask()) {
      const home = parked.parentNode === document.head ? document.head : document.body;
      parked.remove();
      const content = parked.content.cloneNode(true);
      for (const link of content.querySelectorAll('link[rel="stylesheet"]')) {
        styled.push(new Promise((done) => { link.onload = link.onerror = done; }));
      }
      // What was parked in the head (stylesheets, icons) goes to the head; the rest to the body.
      home.append(content);
    }
  }));
  window[${JSON.stringify(GATE_GLOBAL)}] = new Promise((resolve) => { open = resolve; }).then(async () => {
    opened = true;
    await unpark();
    // A first visit keeps its fallback fonts on this page: switching now would restyle and lay out
    // the whole page again (120-170 ms in one task on a phone). The brand's font files are fetched
    // for the next page instead, which then uses them from its first paint; in an idle moment, so
    // that work takes nothing from this page's start.
    const idle = window.requestIdleCallback ?? ((work) => setTimeout(work, 1000));
    if (root.classList.contains(${JSON.stringify(FONTS_LATER_CLASS)})) idle(() => {
      // Only the files that draw this page's characters: every page has ASCII text, and the
      // latin-ext subsets only where it has characters beyond Latin-1. Two idle moments (issue 27:
      // one was a 50 ms task at 4x): reading the page's text, then the font rules and the fetches.
      const wide = new Set(Array.from(document.body.textContent.match(/[^\\u0000-\\u00ff]/gu) ?? [], (char) => char.codePointAt(0)));
      idle(() => {
        const drawn = (range) => !range || range.split(',').some((part) => {
          const [low, high = low] = part.trim().slice(2).split('-');
          const from = parseInt(low.replace(/\\?/g, '0'), 16);
          const to = parseInt(high.replace(/\\?/g, 'f'), 16);
          if (from <= 0x7e && to >= 0x20) return true;
          for (const code of wide) if (code >= from && code <= to) return true;
          return false;
        });
        const files = new Set();
        for (const rule of document.getElementById(${JSON.stringify(THEME_STYLE_ID)})?.sheet?.cssRules ?? []) {
          const file = rule instanceof CSSFontFaceRule && drawn(rule.style.getPropertyValue('unicode-range')) && /url\\(["']?([^"')]+)/.exec(rule.style.getPropertyValue('src'));
          if (file) files.add(file[1]);
        }
        const fetched = [...files].map((href) => new Promise((done) => {
          const link = Object.assign(document.createElement('link'), { rel: 'prefetch', as: 'font', type: 'font/woff2', crossOrigin: '', href });
          link.onload = () => done(true);
          link.onerror = () => done(false);
          document.head.append(link);
        }));
        Promise.all(fetched).then((done) => { if (done.every(Boolean)) try { localStorage.setItem(${JSON.stringify(FONTS_SEEN_KEY)}, '1'); } catch {} });
      });
    });
    // Islands wait for the whole stylesheet, so what they render is styled (a stalled one for 3 s at most).
    return Promise.race([Promise.all(styled), new Promise((done) => setTimeout(done, 3000))]);
  });
  const HERO = 'img[fetchpriority="high"]';
  const afterFrames = () => requestAnimationFrame(() => requestAnimationFrame(() => open()));
  // The browser reports when the hero is on screen (Element Timing, whatever its size or detail).
  const timed = PerformanceObserver.supportedEntryTypes?.includes('element');
  if (timed) {
    new PerformanceObserver((list, observer) => {
      if (!list.getEntries().some((entry) => entry.identifier === ${JSON.stringify(HERO_TIMING)})) return;
      observer.disconnect();
      open();
    }).observe({ type: 'element', buffered: true });
  }
  document.addEventListener('error', (event) => { if (event.target.matches?.(HERO)) open(); }, true);
  document.addEventListener('DOMContentLoaded', () => {
    if (opened) unpark();
    const hero = document.querySelector(HERO);
    if (hero && !timed) hero.decode().catch(() => {}).then(afterFrames);
  }, { once: true });
  // Everything has loaded: without a report from the hero (no Element Timing, a hero kept off
  // screen), open after the next frames; a tab in the background runs no frames, so it opens now.
  addEventListener('load', () => {
    if (document.visibilityState !== 'visible') return open();
    if (timed && document.querySelector(HERO)) setTimeout(afterFrames, 1000);
    else afterFrames();
  }, { once: true });
})();`;

import { describe, expect, it } from 'vitest';
import { inlineCriticalCss } from './critical-css.server.ts';

const SHEET = [
  '.banner{display:grid}',
  '.banner__title{font-size:2rem}',
  '@media (min-width:768px){.banner{grid-template-columns:1fr 1fr}}',
  '.cashier{position:fixed}',
  '.search-panel .result{color:red}',
  '.language-picker[open] ul{position:absolute}',
  ":root[data-flag-menu='menu2'] .banner__title{font-size:1rem}",
  ":root[data-flag-sga='enabled'] .sga-bar{display:block}",
  '.tile:hover{outline:1px solid}',
  '@keyframes spin{to{transform:rotate(1turn)}}',
  '.spinner{animation:spin 1s linear infinite}',
  '@keyframes unused{to{opacity:0}}',
].join('');
const sheets: Record<string, string> = { '/_astro/site.abc.css': SHEET, '/_astro/extra.def.css': '.banner__text{margin:0}.footer-only{margin:1px}' };
const read = (href: string) => sheets[href] ?? null;

const page = (links: string) => `<!doctype html><html><head><meta charset="utf-8">${links}<title>t</title></head><body>`
  + '<section class="banner"><h2 class="banner__title">Hi</h2><p class="banner__text">x</p></section>'
  + '<details class="language-picker"><summary>Language</summary><ul><li>en</li></ul></details>'
  + '<a class="tile" href="/">t</a><span class="spinner"></span></body></html>';

describe('inlineCriticalCss', () => {
  const links = '<link rel="stylesheet" href="/_astro/site.abc.css"><link rel="stylesheet" href="/_astro/extra.def.css">';
  const out = inlineCriticalCss(page(links), read);
  const head = out.slice(0, out.indexOf('</head>'));
  const style = /<style>([\s\S]*?)<\/style>/.exec(head)?.[1] ?? '';

  it('inlines the rules that match the page, in every media query and state', () => {
    expect(style).toContain('.banner{display:grid}');
    expect(style).toContain('.banner__title{font-size:2rem}');
    expect(style).toMatch(/@media \(min-width:768px\)\{\.banner\{grid-template-columns:1fr 1fr\}\}/);
    expect(style).toContain('.tile:hover');
    expect(style).toContain('.banner__text{margin:0}');
    expect(style).toContain('@keyframes spin');
  });

  it('leaves out rules for markup the page does not have', () => {
    expect(style).not.toContain('.cashier');
    expect(style).not.toContain('.search-panel');
    expect(style).not.toContain('.footer-only');
    expect(style).not.toContain('unused');
  });

  it('keeps the open state of a <details>, which opens without script before the stylesheet arrives', () => {
    expect(style).toContain('.language-picker[open] ul{position:absolute}');
  });

  it('keeps the feature flags\' rules, whose attribute the head script sets before the first paint', () => {
    expect(style).toContain("[data-flag-menu='menu2'] .banner__title{font-size:1rem}");
    expect(style).toContain("[data-flag-sga='enabled'] .sga-bar{display:block}");
  });

  it('moves the links after the first paint and into <noscript>, leaving none to block rendering', () => {
    expect(head.replace(/<noscript>[\s\S]*?<\/noscript>|<template[\s\S]*?<\/template>/g, '')).not.toContain('<link rel="stylesheet"');
    expect(head).toContain(`<noscript>${links}</noscript>`);
    expect(head).toContain(`<template data-after-paint>${links}</template>`);
    expect(head.indexOf('<style>')).toBeLessThan(head.indexOf('<title>'));
  });

  it('leaves a page alone when a stylesheet cannot be found or there is none', () => {
    const missing = page('<link rel="stylesheet" href="/_astro/gone.css">');
    expect(inlineCriticalCss(missing, read)).toBe(missing);
    expect(inlineCriticalCss(page(''), read)).toBe(page(''));
  });
});

import { describe, expect, it, vi } from 'vitest';
import { inlineCriticalCss, restOfSheet, restOfSheetResponse } from './critical-css.server.ts';

const SHEET_RULES = [
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
];
const SHEET = SHEET_RULES.join('');
const sheets: Record<string, string> = {
  '/_astro/site.abc.css': SHEET,
  '/_astro/extra.def.css': '.banner__text{margin:0}.footer-only{margin:1px}',
  '/_astro/later.ghi.css': '.cashier-only{margin:2px}',
  '/_astro/whole.jkl.css': '.banner{color:red}',
  // Selectors beasties cannot match against a page: it leaves them out of its inline rules and of its rest.
  '/_astro/odd.mno.css': '.cashier{padding:0}:is(.account-card,.personal-info){padding:1rem}:root:has(.quick-menu--strip){--header-height:7rem}:focus-visible{outline:2px solid}.banner{margin:0}',
};
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

  it('keeps inline the selectors beasties cannot match against a page, and loads their sheet whole after it', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const out = inlineCriticalCss(page('<link rel="stylesheet" href="/_astro/odd.mno.css">'), read);
    const inline = /<style>([\s\S]*?)<\/style>/.exec(out)![1]!;
    expect(inline).toContain(':is(.account-card,.personal-info){padding:1rem}');
    expect(inline).toContain(':root:has(.quick-menu--strip){--header-height:7rem}');
    expect(inline).toContain(':focus-visible{outline:2px solid}');
    expect(inline).toContain('.banner{margin:0}');
    // The whole sheet, in its own order, after the first paint: the rest would put `.cashier` after the
    // `:is()` rule it came before.
    expect(later(out)).toEqual(['/_astro/odd.mno.css']);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(':is(.account-card,.personal-info)'));
    warn.mockRestore();
  });

  it('keeps the open state of a <details>, which opens without script before the stylesheet arrives', () => {
    expect(style).toContain('.language-picker[open] ul{position:absolute}');
  });

  it('keeps the feature flags\' rules, whose attribute the head script sets before the first paint', () => {
    expect(style).toContain("[data-flag-menu='menu2'] .banner__title{font-size:1rem}");
    expect(style).toContain("[data-flag-sga='enabled'] .sga-bar{display:block}");
  });

  /** The addresses the page loads after its first paint. */
  const later = (head: string) => [.../<template data-after-paint>([\s\S]*?)<\/template>/.exec(head)![1]!.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!);

  it('moves the links after the first paint and into <noscript>, leaving none to block rendering', () => {
    expect(head.replace(/<noscript>[\s\S]*?<\/noscript>|<template[\s\S]*?<\/template>/g, '')).not.toContain('<link rel="stylesheet"');
    expect(head).toContain(`<noscript>${links}</noscript>`);
    expect(later(head)).toEqual([expect.stringMatching(/^\/_css\/site\.abc\/[\w-]{12}\/[\w-]+\.css$/), expect.stringMatching(/^\/_css\/extra\.def\/[\w-]{12}\/[\w-]+\.css$/)]);
    expect(head.indexOf('<style>')).toBeLessThan(head.indexOf('<title>'));
  });

  it('loads after the first paint only what is not inline, so the rules already applied do not restyle the page again', () => {
    const [siteRest = '', extraRest] = later(head).map((href) => restOfSheet(href, read) ?? '');
    for (const rule of ['.cashier{position:fixed}', '.search-panel .result{color:red}', '@keyframes unused{to{opacity:0}}']) expect(siteRest).toContain(rule);
    expect(extraRest).toBe('.footer-only{margin:1px}');
    for (const inline of ['.banner{', '.banner__title{', '.tile:hover', '.spinner', '@keyframes spin']) expect(siteRest).not.toContain(inline);
    // Nothing is lost: every rule of the sheet is inline or follows.
    for (const rule of SHEET_RULES) expect(style.includes(rule) || siteRest.includes(rule), rule).toBe(true);
  });

  it('links a sheet with nothing inline as it is, and none for a sheet wholly inline', () => {
    const out = inlineCriticalCss(page('<link rel="stylesheet" href="/_astro/later.ghi.css"><link rel="stylesheet" href="/_astro/whole.jkl.css">'), read);
    expect(later(out)).toEqual(['/_astro/later.ghi.css']);
    expect(out).toContain('<style>.banner{color:red}</style>');
  });

  it('gives pages of the same markup one address, and another markup another', () => {
    expect(later(inlineCriticalCss(page(links), read))).toEqual(later(head));
    const other = inlineCriticalCss(page(links).replace('<a class="tile" href="/">t</a>', '<div class="cashier">c</div>'), read);
    expect(later(other)[0]).not.toBe(later(head)[0]);
    expect(restOfSheet(later(other)[0]!, read)).not.toContain('.cashier');
  });

  it('answers an address no page of this build links with 404, and only GET and HEAD', () => {
    const [siteRest] = later(head);
    const [, , , schema, file] = siteRest!.split('/');
    const key = file!.replace(/\.css$/, '');
    expect(restOfSheet(siteRest!, read)).toContain('.cashier');
    for (const address of [
      `/_css/gone.abc/${schema}/${key}.css`, // no such sheet
      `/_css/site.abc/${schema}x/${key}.css`, // what the bits mean in another build
      `/_css/site.abc/${key}.css`, // no schema
      `/_css/site.abc/${schema}/AAAA.css`, // a key of another length
      `/_css/site.abc/${schema}/${key}A.css`,
      '/_css/../package.json', `/_css/site.abc/${schema}/x y.css`,
    ]) expect(restOfSheet(address, read), address).toBeNull();
    // One address per answer: the same bits spelt another way (a short key's last letter carries unused bits) are refused.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const respelt = key.slice(0, -1) + alphabet[alphabet.indexOf(key.at(-1)!) ^ 1];
    expect(Buffer.from(respelt, 'base64url')).toEqual(Buffer.from(key, 'base64url'));
    expect(restOfSheet(`/_css/site.abc/${schema}/${respelt}.css`, read)).toBeNull();
    const missing = restOfSheetResponse('/_css/nothing.abc/AAAAAAAAAAAA/AA.css');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBe('no-store');
    expect(restOfSheetResponse(siteRest!, 'POST').status).toBe(405);
  });

  it('leaves a page alone when a stylesheet cannot be found or there is none', () => {
    const missing = page('<link rel="stylesheet" href="/_astro/gone.css">');
    expect(inlineCriticalCss(missing, read)).toBe(missing);
    expect(inlineCriticalCss(page(''), read)).toBe(page(''));
  });
});

import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './sanitize.server.ts';

const paths = { locale: 'fi', localization: true } as const;

/** Hostile rich text an editor (or a compromised CMS) might send; none of it may run. */
const HOSTILE = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<a href="java\tscript:alert(1)">x</a>',
  '<a href="data:text/html,<script>alert(1)</script>">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<p onclick="alert(1)" style="background:url(javascript:alert(1))">x</p>',
  '<svg><script>alert(1)</script></svg>',
  '<svg onload=alert(1)>',
  '<iframe src="https://evil.example"></iframe>',
  '<object data="x"></object><embed src="x">',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<form action="https://evil.example"><input autofocus onfocus=alert(1)></form>',
  '<a href="//evil.example/">x</a>',
  '<base href="https://evil.example/">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<style>@import "https://evil.example/x.css"</style>',
  '<details open ontoggle=alert(1)>',
  '"><script>alert(1)</script>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
];

describe('sanitizeRichText', () => {
  it.each(HOSTILE)('leaves nothing that can run in %s', (input) => {
    const out = sanitizeRichText(input, paths);
    expect(out).not.toMatch(/<script|<iframe|<object|<embed|<svg|<img|<style|<base|<meta|<form|<input|<math/i);
    expect(out).not.toMatch(/\son\w+\s*=/i);
    expect(out).not.toMatch(/javascript:|vbscript:|data:/i);
    expect(out).not.toMatch(/href="\/\//);
  });

  it('keeps the formatting editors use', () => {
    expect(sanitizeRichText('<p><strong>100%</strong> up to <em>€200</em></p><ul><li>a</li></ul>', paths)).toBe(
      '<p><strong>100%</strong> up to <em>€200</em></p><ul><li>a</li></ul>',
    );
  });

  it('prefixes internal links with the locale and marks external ones', () => {
    expect(sanitizeRichText('<a href="/bonus-terms-and-conditions/#wagering">terms</a>', paths)).toBe(
      '<a href="/fi/bonus-terms-and-conditions/#wagering">terms</a>',
    );
    expect(sanitizeRichText('<a href="https://help.example/" target="_blank">help</a>', paths)).toBe(
      '<a href="https://help.example/" rel="noopener noreferrer" target="_blank">help</a>',
    );
  });
});

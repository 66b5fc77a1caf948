import { describe, expect, it } from 'vitest';
import { redirectTargetOr, safeRedirectPath } from './redirect-guard.ts';

const ORIGIN = 'http://aurelia.localhost:4321';

describe('safeRedirectPath', () => {
  it.each([
    ['/en/games/', '/en/games/'],
    ['/en/games/?productMode=casino#top', '/en/games/?productMode=casino#top'],
    ['http://aurelia.localhost:4321/fi/rewards/', '/fi/rewards/'],
    ['/en/../fi/', '/fi/'],
  ])('keeps the same-origin target %s', (target, expected) => {
    expect(safeRedirectPath(target, ORIGIN)).toBe(expected);
  });

  // Off-site and scheme-tricked targets: every one must be refused.
  const OFF_SITE = [
    'https://evil.example/',
    'http://evil.example/en/',
    '//evil.example/en/',
    '///evil.example/en/',
    '/\\evil.example/',
    '\\\\evil.example/',
    '\\/evil.example/',
    'http:/evil.example/',
    'http:evil.example',
    'https://aurelia.localhost:4321.evil.example/',
    'http://aurelia.localhost:4321@evil.example/',
    'http://user:pass@aurelia.localhost:4321/en/',
    'http://aurelia.localhost:4322/en/',
    'https://aurelia.localhost:4321/en/',
    'http://kororaa.localhost:4321/en/',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    '/\t/evil.example/',
    '/\n/evil.example/',
    '%2F%2Fevil.example/',
    'evil.example',
    'en/games/',
    '',
    ' /en/',
    `/${'a'.repeat(2100)}`,
  ];
  it.each(OFF_SITE)('refuses %j', (target) => {
    expect(safeRedirectPath(target, ORIGIN)).toBeNull();
  });

  it('falls back when the target is refused or missing', () => {
    expect(redirectTargetOr('//evil.example/', ORIGIN, '/en/')).toBe('/en/');
    expect(redirectTargetOr(null, ORIGIN, '/en/')).toBe('/en/');
    expect(redirectTargetOr('/fi/', ORIGIN, '/en/')).toBe('/fi/');
  });
});

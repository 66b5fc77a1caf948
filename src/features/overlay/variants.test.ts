import { describe, expect, it } from 'vitest';
import { buttonsOf, cleansUrlOnClose, closesOnEscape, locksScroll, OVERLAY_VARIANTS, urlWithoutOverlayParams } from './variants.ts';

describe('overlay variants', () => {
  it('shows Dismiss and OK on confirmation, reality-check, content-accept and action-error', () => {
    for (const v of ['confirmation', 'reality-check', 'content-accept', 'action-error'] as const) expect(buttonsOf(v)).toBe('dismiss-and-ok');
  });

  it('shows Close only on default and error', () => {
    expect(buttonsOf('default')).toBe('close-only');
    expect(buttonsOf('error')).toBe('close-only');
    expect(buttonsOf('search')).toBe('none');
  });

  it('ignores Escape for quick-deposit, sow and bonus-checker only', () => {
    const ignoring = OVERLAY_VARIANTS.filter((v) => !closesOnEscape(v));
    expect(ignoring.sort()).toEqual(['bonus-checker', 'quick-deposit', 'sow']);
  });

  it('locks page scroll for every variant but quick-deposit', () => {
    expect(OVERLAY_VARIANTS.filter((v) => !locksScroll(v))).toEqual(['quick-deposit']);
  });

  it('cleans the deep-link parameters when a quick-deposit or sow overlay closes', () => {
    expect(OVERLAY_VARIANTS.filter(cleansUrlOnClose).sort()).toEqual(['quick-deposit', 'sow']);
    expect(
      urlWithoutOverlayParams('https://a.example/fi/?autoSubmit=1&paymentMethod=trustly&amount=20&currency=EUR&preselectedChallengeId=3&autoSignIn=1&locale=fi&keep=yes#x'),
    ).toBe('/fi/?keep=yes#x');
  });
});

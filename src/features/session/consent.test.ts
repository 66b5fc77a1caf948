import { describe, expect, it } from 'vitest';
import { parseConsent } from './consent.ts';

describe('consent', () => {
  it('grants nothing while unanswered', () => {
    expect(parseConsent(undefined)).toMatchObject({ answered: false, necessary: false, preferences: false, analytics: false });
  });

  it('grants the listed categories plus necessary once answered', () => {
    expect(parseConsent('preferences')).toMatchObject({ answered: true, necessary: true, preferences: true, analytics: false, marketing: false });
  });

  it('grants everything for "all" and for auto-accepted countries', () => {
    expect(parseConsent('all')).toMatchObject({ preferences: true, analytics: true, marketing: true, uncategorized: true });
    expect(parseConsent(undefined, true)).toMatchObject({ answered: true, analytics: true });
  });
});

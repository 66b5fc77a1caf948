import { describe, expect, it } from 'vitest';
import { CONSENT_POLICY_VERSION, grantedCategories, needsPrompt, parseConsent, serializeConsent } from './consent.ts';

describe('consent', () => {
  it('grants nothing while unanswered', () => {
    expect(parseConsent(undefined)).toMatchObject({ answered: false, necessary: false, preferences: false, analytics: false });
    expect(parseConsent('policy:2026-11')).toMatchObject({ answered: false, preferences: false });
    expect(parseConsent('garbage,,')).toMatchObject({ answered: false, necessary: false });
  });

  it('grants the listed categories plus necessary once answered', () => {
    expect(parseConsent('preferences')).toMatchObject({ answered: true, necessary: true, preferences: true, analytics: false, marketing: false });
  });

  it('grants everything for "all" and for auto-accepted countries', () => {
    expect(parseConsent('all')).toMatchObject({ preferences: true, analytics: true, marketing: true, uncategorized: true });
    expect(parseConsent(undefined, true)).toMatchObject({ answered: true, analytics: true, automatic: true });
  });

  it("keeps a visitor's own answer over the country's automatic acceptance", () => {
    expect(parseConsent('necessary,policy:2026-11', true)).toMatchObject({ preferences: false, analytics: false, automatic: false });
  });

  it('writes an answer the parser reads back, with the policy version', () => {
    const value = serializeConsent({ preferences: true, analytics: false });
    expect(value).toBe(`necessary,preferences,policy:${CONSENT_POLICY_VERSION}`);
    const parsed = parseConsent(value);
    expect(grantedCategories(parsed)).toEqual(['necessary', 'preferences']);
    expect(parsed.policyVersion).toBe(CONSENT_POLICY_VERSION);
    expect(serializeConsent({ preferences: true, analytics: true, marketing: true, uncategorized: true })).toBe(`all,policy:${CONSENT_POLICY_VERSION}`);
    expect(serializeConsent({})).toBe(`necessary,policy:${CONSENT_POLICY_VERSION}`);
  });

  it('asks again when unanswered or answered under another policy, never for an auto-accepted country', () => {
    expect(needsPrompt(parseConsent(undefined))).toBe(true);
    expect(needsPrompt(parseConsent('all,policy:2020-01'))).toBe(true);
    expect(needsPrompt(parseConsent('all'))).toBe(true);
    expect(needsPrompt(parseConsent(serializeConsent({})))).toBe(false);
    expect(needsPrompt(parseConsent(undefined, true))).toBe(false);
  });
});

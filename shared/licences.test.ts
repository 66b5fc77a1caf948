import { describe, expect, it } from 'vitest';
import { LICENCES, type Licence } from './brand-schema.ts';
import { ageOn, LICENCE_PROFILES, minimumAgeFor, registrationMinimumAge, type LicenceProfile } from './licences.ts';

/** Spec section 6, "Licence-gated features", row by row, and how each row reads off a profile. */
const SPEC_TABLE: [feature: string, licences: Licence[], has: (profile: LicenceProfile) => boolean][] = [
  ['Global loss limits, loss limits', ['est'], (p) => p.lossLimitPeriods.length > 0 && p.globalLossLimitPeriods.length > 0],
  ['Session clock', ['est'], (p) => p.sessionClock],
  ['Session limits', ['mga'], (p) => p.sessionLimitMinutes.length > 0],
  ['Deposit limits', ['mga', 'crc', 'anj'], (p) => p.depositLimitPeriods.length > 0],
  ['Weekly and monthly deposit limits', ['mga', 'anj'], (p) => p.depositLimitPeriods.includes('Week') && p.depositLimitPeriods.includes('Month')],
  ['Deposit limits on registration', ['mga'], (p) => p.depositLimitsOnRegistration],
  ['Self-exclusion', ['mga', 'crc'], (p) => p.selfExclusionTerms.length > 0],
  ['Multiple self-exclusion options', ['mga'], (p) => p.selfExclusionTerms.length > 1],
  ['Closed-loop payments', ['est'], (p) => p.closedLoopPayments],
  ['Reality check', ['mga'], (p) => p.realityCheckMinutes.length > 0],
  ['Full-terms link in challenges', ['mga', 'est'], (p) => p.fullTermsLinkInChallenges],
  ['Jackpot notification', ['mga', 'est'], (p) => p.jackpotNotification],
  ['Default USD currency', ['cos'], (p) => p.defaultUsdCurrency],
  ['Social security number on registration', ['est'], (p) => p.ssnOnRegistration],
  ['KYC required', ['mga', 'anj', 'est'], (p) => p.kycRequired],
  ['KYC required for withdrawal', ['est', 'anj'], (p) => p.kycRequiredForWithdrawal],
];

describe('licence profiles', () => {
  it.each(SPEC_TABLE)('%s: exactly the licences of the spec table', (_, licences, has) => {
    const holders = LICENCES.filter((licence) => has(LICENCE_PROFILES[licence]));
    expect(holders.sort()).toEqual([...licences].sort());
  });

  it('loss limits come as a pair, and only where the licence has them', () => {
    for (const licence of LICENCES) {
      const profile = LICENCE_PROFILES[licence];
      expect(profile.lossLimitPeriods.length > 0, licence).toBe(profile.globalLossLimitPeriods.length > 0);
    }
  });

  it('deposit limits on registration need deposit limits; a reality-check default is one of the offered intervals', () => {
    for (const licence of LICENCES) {
      const profile = LICENCE_PROFILES[licence];
      if (profile.depositLimitsOnRegistration) expect(profile.depositLimitPeriods.length, licence).toBeGreaterThan(0);
      if (profile.realityCheckDefault !== null) expect(profile.realityCheckMinutes, licence).toContain(profile.realityCheckDefault);
      else expect(profile.realityCheckMinutes, licence).toEqual([]);
      expect(profile.coolingOffHours, licence).toBeGreaterThanOrEqual(24);
    }
  });
});

describe('the age gate', () => {
  it('takes the licence\'s age per product, or the brand\'s when higher', () => {
    expect(minimumAgeFor('est', 18, 'casino')).toBe(21);
    expect(minimumAgeFor('est', 18, 'sports')).toBe(18);
    expect(minimumAgeFor('est', 21, 'sports')).toBe(21);
    expect(minimumAgeFor('mga', 19, 'casino')).toBe(19);
  });

  it('opens an account at the lowest age of the products the brand offers', () => {
    expect(registrationMinimumAge('est', 18, ['sports'])).toBe(18);
    expect(registrationMinimumAge('est', 18, [])).toBe(21);
    expect(registrationMinimumAge('cos', 20, ['sports'])).toBe(20);
  });

  it('counts whole years to the day, and refuses impossible dates', () => {
    const now = new Date('2026-11-27T12:00:00Z');
    expect(ageOn('2005-11-27', now)).toBe(21);
    expect(ageOn('2005-11-28', now)).toBe(20);
    expect(ageOn('2005-02-30', now)).toBeNull();
    expect(ageOn('2030-01-01', now)).toBeNull();
    expect(ageOn('27.11.2005', now)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { gamificationOffReason, isGamificationEnabled, type GamificationPageInput, type GamificationPlayerInput } from './enablement.ts';

const page = (overrides: Partial<GamificationPageInput> = {}): GamificationPageInput => ({
  feature: true, consent: { preferences: true, analytics: true }, settings: { enabled: true, clientId: 'atrium-aurelia' }, ...overrides,
});
const player = (overrides: Partial<GamificationPlayerInput> = {}): GamificationPlayerInput => ({
  isPlayerBlockedInGamanza: false, selfExclusionDetails: null, sourceOfWealthStatus: { dueDateExpired: false },
  kycCheckStatus: { status: 'Done' }, accountStatus: { status: 'Open' }, ...overrides,
});

describe('gamification enablement', () => {
  it('is on when every condition holds, for a player and for a visitor', () => {
    expect(isGamificationEnabled(page(), player())).toBe(true);
    expect(isGamificationEnabled(page(), null)).toBe(true);
  });

  it('is off when the provider setting is disabled or missing', () => {
    expect(gamificationOffReason(page({ settings: { enabled: false, clientId: 'atrium-aurelia' } }), player())).toBe('setting');
    expect(gamificationOffReason(page({ settings: null }), null)).toBe('setting');
  });

  it('is off when the provider blocks the player', () => {
    expect(gamificationOffReason(page(), player({ isPlayerBlockedInGamanza: true }))).toBe('blocked');
  });

  it('is off without a client id', () => {
    expect(gamificationOffReason(page({ settings: { enabled: true, clientId: '' } }), player())).toBe('clientId');
  });

  it('is off when the player has a self-exclusion end date', () => {
    expect(gamificationOffReason(page(), player({ selfExclusionDetails: { exclusionEndsAt: '2099-01-01T00:00:00.000Z' } }))).toBe('selfExclusion');
    expect(isGamificationEnabled(page(), player({ selfExclusionDetails: { exclusionEndsAt: null } }))).toBe(true);
  });

  it('is off when the source-of-wealth due date has expired', () => {
    expect(gamificationOffReason(page(), player({ sourceOfWealthStatus: { dueDateExpired: true } }))).toBe('sourceOfWealth');
  });

  it('is off when KYC is Required, and on for other KYC states', () => {
    expect(gamificationOffReason(page(), player({ kycCheckStatus: { status: 'Required' } }))).toBe('kyc');
    expect(isGamificationEnabled(page(), player({ kycCheckStatus: { status: 'Pending' } }))).toBe(true);
  });

  it('is off when the account is closed', () => {
    expect(gamificationOffReason(page(), player({ accountStatus: { status: 'Closed' } }))).toBe('accountClosed');
  });

  it('is off without the Gamification feature', () => {
    expect(gamificationOffReason(page({ feature: false }), null)).toBe('feature');
  });

  it('is off without both the preferences and the analytics consent', () => {
    expect(gamificationOffReason(page({ consent: { preferences: false, analytics: true } }), null)).toBe('consent');
    expect(gamificationOffReason(page({ consent: { preferences: true, analytics: false } }), null)).toBe('consent');
  });
});

import { describe, expect, it } from 'vitest';
import { chosenContribution, contributionRatio, countUpValue, optInUnavailable, SETTINGS_MISSING, smallestContribution, statusFromFetch } from './widget-rules.ts';

const settings = { operatorId: 'northstar-gaming', instanceId: 'northstar-jackpot' };

describe('the jackpot widget rules', () => {
  it("says 'Jackpot settings are missing' without settings, operator or enriched player id", () => {
    expect(optInUnavailable({ settings, enrichedPlayerId: 'p1:EUR:aurelia' })).toBeNull();
    expect(optInUnavailable({ settings: null, enrichedPlayerId: 'p1:EUR:aurelia' })).toBe(SETTINGS_MISSING);
    expect(optInUnavailable({ settings: { ...settings, operatorId: '' }, enrichedPlayerId: 'p1:EUR:aurelia' })).toBe(SETTINGS_MISSING);
    expect(optInUnavailable({ settings, enrichedPlayerId: null })).toBe(SETTINGS_MISSING);
  });

  it('applies a custom value only when it is one of the options', () => {
    expect(chosenContribution(0.2, [0.05, 0.1, 0.2], 0.1)).toBe(0.2);
    expect(chosenContribution(0.3, [0.05, 0.1, 0.2], 0.1)).toBe(0.1);
    expect(chosenContribution(null, [0.05, 0.1, 0.2], 0.1)).toBe(0.1);
    expect(chosenContribution(null, [0.05, 0.2], 0.1)).toBe(0.05);
    expect(smallestContribution([0.2, 0.05, 0.1])).toBe(0.05);
    expect(contributionRatio(0.1)).toBeCloseTo(0.01);
  });

  it('moves loading to true, false or failed from the status fetch', () => {
    expect(statusFromFetch({ optedIn: true })).toBe('true');
    expect(statusFromFetch({ optedIn: false })).toBe('false');
    expect(statusFromFetch('error')).toBe('failed');
  });

  it('counts up to the exact amount and never past it', () => {
    expect(countUpValue('412.30', 0, 10_000, 2)).toBe('0.00');
    expect(Number(countUpValue('412.30', 5_000, 10_000, 2))).toBeGreaterThan(300);
    expect(Number(countUpValue('412.30', 9_999, 10_000, 2))).toBeLessThanOrEqual(412.3);
    expect(countUpValue('412.30', 10_000, 10_000, 2)).toBe('412.30');
    expect(countUpValue('412', 20_000, 10_000, 0)).toBe('412');
  });
});

import { describe, expect, it } from 'vitest';
import { FALLBACK_MESSAGES } from '../../i18n/messages.ts';
import { createTranslate } from '../../i18n/translate.ts';
import { GraphqlCallError } from '../../lib/graphql-errors.ts';
import { restrictionMessage, restrictionOfError, restrictionOfPlayer, restrictionTexts } from './restriction.ts';

const texts = restrictionTexts(createTranslate({}));
const NOW = Date.parse('2026-11-25T12:00:00Z');

describe('player protection messages', () => {
  it('reads the cause and end date the platform sends with a refusal, and nothing from other errors', () => {
    const refused = new GraphqlCallError('[GraphQL] InitiateDeposit: You are self-excluded…', 'DepositsBlocked', { reason: 'DepositsBlocked', cause: 'SelfExclusion', until: '2027-05-25T14:00:00.000Z' });
    expect(restrictionOfError(refused)).toEqual({ cause: 'SelfExclusion', until: '2027-05-25T14:00:00.000Z' });
    expect(restrictionOfError(new GraphqlCallError('x', 'DepositsBlocked', { reason: 'DepositsBlocked' }))).toBeNull();
    expect(restrictionOfError(new Error('offline'))).toBeNull();
  });

  it('says why and until when in the player\'s locale', () => {
    const until = '2027-05-25T14:00:00.000Z';
    expect(restrictionMessage({ cause: 'SelfExclusion', until }, 'deposit', texts, 'en')).toMatch(/^You are self-excluded until May 25, 2027.*, so you cannot deposit until then\. You can still withdraw your balance\.$/);
    expect(restrictionMessage({ cause: 'Timeout', until }, 'play', texts, 'de')).toMatch(/^You are taking a break until 25\. Mai 2027.*, so you cannot play for real money until then\.$/);
    expect(restrictionMessage({ cause: 'AccountClosed', until: null }, 'play', texts, 'en')).toBe(FALLBACK_MESSAGES['protection.play.AccountClosed']);
  });

  it('has no text for a cause that does not apply to the action, so the caller keeps its own', () => {
    expect(restrictionMessage({ cause: 'DepositsBlocked', until: null }, 'deposit', texts, 'en')).toBeNull();
    expect(restrictionMessage({ cause: 'AccountClosed', until: null }, 'deposit', texts, 'en')).toBeNull();
    expect(restrictionMessage({ cause: 'toString', until: null }, 'play', texts, 'en')).toBeNull();
  });

  it('finds a running self-exclusion before a timeout, and ignores ended ones', () => {
    const future = '2027-01-01T00:00:00.000Z';
    const past = '2026-01-01T00:00:00.000Z';
    expect(restrictionOfPlayer({ selfExclusionDetails: { exclusionEndsAt: future }, timeouts: { timeoutEndsAt: future } }, NOW)).toEqual({ cause: 'SelfExclusion', until: future });
    expect(restrictionOfPlayer({ selfExclusionDetails: { exclusionEndsAt: past }, timeouts: { timeoutEndsAt: future } }, NOW)).toEqual({ cause: 'Timeout', until: future });
    expect(restrictionOfPlayer({ selfExclusionDetails: null, timeouts: { timeoutEndsAt: past } }, NOW)).toBeNull();
    expect(restrictionOfPlayer(null, NOW)).toBeNull();
  });
});

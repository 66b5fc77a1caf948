import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createTranslate } from '../../i18n/translate.ts';
import { GraphqlCallError } from '../../lib/graphql-errors.ts';
import { refusalOf, refusalTexts, type RefusalAction } from './refusal.ts';

const paths = { locale: 'en' as const, localization: true };
const english = refusalTexts(createTranslate({}), paths);
const finnish = refusalTexts(createTranslate(JSON.parse(readFileSync('platform/data/translations/fi.json', 'utf8')) as Record<string, string>), { locale: 'fi', localization: true });
const refused = (reason: string, extensions: Record<string, unknown> = {}) => new GraphqlCallError(`[GraphQL] ${reason}`, reason, { reason, ...extensions });
const say = (error: unknown, action: RefusalAction = 'play') => refusalOf(error, action, english, 'en', 'EUR');
const UNTIL = '2027-05-25T14:00:00.000Z';

describe('refusals', () => {
  it('says why a break stops the sportsbook, until when, and links to the withdrawal', () => {
    expect(say(refused('BettingBlocked', { cause: 'SelfExclusion', until: UNTIL }), 'sports')).toEqual({
      reason: 'BettingBlocked',
      text: expect.stringMatching(/^You are self-excluded until May 25, 2027.*, so you cannot bet until then\.$/),
      link: { href: '/en/withdraw/', label: 'Withdraw your balance' },
    });
    expect(refusalOf(refused('BettingBlocked', { cause: 'Timeout', until: UNTIL }), 'sports', finnish, 'fi', 'EUR')?.text).toMatch(/^Pidät taukoa 25\. toukokuuta 2027.* asti, joten et voi lyödä vetoa ennen sitä\.$/);
    expect(say(refused('BettingBlocked', { cause: 'AccountBlocked' }))).toMatchObject({ text: 'Your account is blocked, so you cannot play for real money. Please contact customer support.', link: null });
  });

  it('names a spent session limit, when it ran out and the limits page, never "try again"', () => {
    const refusal = say(refused('SessionLimitReached', { kind: 'Session', limitMinutes: 60, endedAt: UNTIL }));
    expect(refusal).toEqual({
      reason: 'SessionLimitReached',
      text: expect.stringMatching(/^Your session limit of 1 hour ran out at May 25, 2027.*\. Sign out and take a break before you play again\.$/),
      link: { href: '/en/profile/limits/', label: 'See your limits' },
    });
  });

  it('fills the amounts, the age and the wait each refusal carries', () => {
    expect(say(refused('LossLimitReached', { limit: '100.00', remaining: '2.50' }))?.text).toBe('This would take your losses past your limit of €100.00: you can stake at most €2.50 for now.');
    expect(say(refused('AgeRestricted', { minimumAge: 21, product: 'casino' }))?.text).toBe('You must be 21 or older to play casino games here.');
    expect(say(refused('AgeRestricted', { minimumAge: 18, product: 'sports' }), 'sports')?.text).toBe('You must be 18 or older to bet on sports here.');
    expect(say(refused('GameUnavailable', { cause: 'Country', country: 'FI' }))).toMatchObject({ text: 'This game is not offered in your country. Pick another game.', link: { href: '/en/games/' } });
    expect(say(refused('GameUnavailable'))?.text).toBe('This game is not offered on this site. Pick another game.');
    expect(say(refused('RateLimited', { retryAfterSeconds: 12.2 }), 'deposit')?.text).toBe('Too many attempts in a short time. Wait 13 seconds before the next one.');
    expect(say(refused('BalanceCeiling', { ceiling: '100000.00', room: '40.00' }), 'deposit')?.text).toBe('Your balance can be at most €100,000.00: deposit at most €40.00, or withdraw first.');
    expect(say(refused('PaymentProviderUnavailable'), 'deposit')?.text).toMatch(/^This payment method is not available here/);
  });

  it('leaves the network, the platform\'s own faults and refusals missing their details to the caller\'s generic text', () => {
    expect(say(new GraphqlCallError('[Network] offline', 'NetworkError'))).toBeNull();
    expect(say(new Error('boom'))).toBeNull();
    expect(say(refused('InternalError'))).toBeNull();
    expect(say(refused('BettingBlocked', { cause: 'SelfExclusion' }))).toBeNull();
    expect(say(refused('BettingBlocked', { cause: 'toString' }))).toBeNull();
    expect(say(refused('SessionLimitReached', { limitMinutes: 60 }))).toBeNull();
  });
});

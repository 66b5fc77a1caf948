import { describe, expect, it } from 'vitest';
import { acceptSportsbookMessage, couponFor, couponOf, visitorSportsbookUrl, withCoupon, type SportsbookMessage } from './sportsbook-messages.ts';

const ORIGIN = 'http://127.0.0.1:4322';

describe('sportsbook messages', () => {
  it('accepts a known event from the sportsbook origin', () => {
    const message = acceptSportsbookMessage({ origin: ORIGIN, data: { type: 'atrium:sportsbook', event: 'bet-placed', betId: 'b1', balance: '40.00' } }, ORIGIN);
    expect(message?.event).toBe('bet-placed');
    expect(message?.balance).toBe('40.00');
  });

  it('ignores other origins, look-alikes, other types and unknown events', () => {
    const data = { type: 'atrium:sportsbook', event: 'bet-placed' };
    expect(acceptSportsbookMessage({ origin: 'http://aurelia.localhost:4321', data }, ORIGIN)).toBeNull();
    expect(acceptSportsbookMessage({ origin: `${ORIGIN}.evil.example`, data }, ORIGIN)).toBeNull();
    expect(acceptSportsbookMessage({ origin: ORIGIN, data: { ...data, type: 'atrium:game' } }, ORIGIN)).toBeNull();
    expect(acceptSportsbookMessage({ origin: ORIGIN, data: { ...data, event: 'transfer' } }, ORIGIN)).toBeNull();
    expect(acceptSportsbookMessage({ origin: ORIGIN, data: 'bet-placed' }, ORIGIN)).toBeNull();
    expect(acceptSportsbookMessage({ origin: ORIGIN, data }, '')).toBeNull();
  });

  it('builds the visitor URL with brand, locale, sport and the lobby origin', () => {
    const url = new URL(visitorSportsbookUrl(ORIGIN, { brand: 'aurelia', locale: 'fi', lobbyOrigin: 'http://aurelia.localhost:4321', sport: 'tennis' }));
    expect(url.origin).toBe(ORIGIN);
    expect(url.pathname).toBe('/sportsbook/');
    expect(Object.fromEntries(url.searchParams)).toEqual({ brand: 'aurelia', locale: 'fi', sport: 'tennis', origin: 'http://aurelia.localhost:4321' });
  });

  describe('the kept coupon', () => {
    const pick = { eventId: 'tennis-1', eventName: 'A – B', marketId: 'winner', marketName: 'Winner', outcomeId: 'home', outcomeName: 'A', odds: '1.50' };
    const betslip = (fields: Partial<SportsbookMessage>): SportsbookMessage => ({ type: 'atrium:sportsbook', event: 'betslip', ...fields });

    it('keeps the picks, and the stake with its currency only when the player typed it', () => {
      expect(JSON.parse(couponOf(betslip({ selections: [pick], stake: '2.00', stakeEdited: true, currency: 'USD' }), false)!)).toEqual({ selections: [pick], stake: '2.00', currency: 'USD', player: false });
      expect(JSON.parse(couponOf(betslip({ selections: [pick], stake: '10.00', stakeEdited: false, currency: 'USD' }), false)!)).toEqual({ selections: [pick], stake: null, currency: 'USD', player: false });
    });

    it('keeps nothing for an empty slip, a malformed one or one too large', () => {
      expect(couponOf(betslip({ selections: [], stake: '2.00', stakeEdited: true }), false)).toBeNull();
      expect(couponOf(betslip({ stake: '2.00' }), false)).toBeNull();
      expect(couponOf(betslip({ selections: [{ ...pick, eventName: 'x'.repeat(9_000) }] }), false)).toBeNull();
      expect(JSON.parse(couponOf(betslip({ selections: Array.from({ length: 30 }, () => pick) }), false)!).selections).toHaveLength(20);
    });

    it('goes in the fragment, beside the session id, and not in the query', () => {
      const coupon = couponOf(betslip({ selections: [pick] }), false);
      const url = new URL(withCoupon(`${ORIGIN}/sportsbook/?brand=aurelia#session=abc`, coupon));
      expect(url.search).toBe('?brand=aurelia');
      const fragment = new URLSearchParams(url.hash.slice(1));
      expect(fragment.get('session')).toBe('abc');
      expect(JSON.parse(fragment.get('coupon')!)).toEqual({ selections: [pick], stake: null, currency: null, player: false });
      expect(withCoupon(`${ORIGIN}/sportsbook/?brand=aurelia`, null)).toBe(`${ORIGIN}/sportsbook/?brand=aurelia`);
    });

    it("hands a visitor's slip on to anyone, and a player's never to a visitor's page", () => {
      // Whose it is follows the lobby's page, not the frame's word (a visitor's until its session loads).
      const visitors = couponOf(betslip({ selections: [pick], signedIn: true }), false);
      const players = couponOf(betslip({ selections: [pick], signedIn: false }), true);
      expect(couponFor(visitors, false)).toBe(visitors);
      expect(couponFor(visitors, true)).toBe(visitors);
      expect(couponFor(players, true)).toBe(players);
      expect(couponFor(players, false)).toBeNull();
      expect(couponFor('{not json', false)).toBeNull();
      expect(couponFor(null, true)).toBeNull();
    });
  });
});

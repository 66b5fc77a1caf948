import { describe, expect, it } from 'vitest';
import { acceptSportsbookMessage, visitorSportsbookUrl } from './sportsbook-messages.ts';

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
});

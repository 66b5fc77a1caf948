import { describe, expect, it } from 'vitest';
import { acceptGameMessage } from './game-messages.ts';

const GAME_ORIGIN = 'http://127.0.0.1:4691';
const LOBBY_ORIGIN = 'http://aurelia.localhost:4690';
const ready = { type: 'atrium:game', event: 'ready', gameSessionId: 'g1', balance: '1000.00' };

describe('acceptGameMessage', () => {
  it('accepts an atrium:game message from the game server origin', () => {
    expect(acceptGameMessage({ origin: GAME_ORIGIN, data: ready }, GAME_ORIGIN)).toEqual(ready);
  });

  it("refuses the lobby's own origin", () => {
    expect(acceptGameMessage({ origin: LOBBY_ORIGIN, data: ready }, GAME_ORIGIN)).toBeNull();
  });

  it('refuses another origin', () => {
    expect(acceptGameMessage({ origin: 'https://evil.example', data: ready }, GAME_ORIGIN)).toBeNull();
  });

  it('refuses a look-alike origin on the same host', () => {
    expect(acceptGameMessage({ origin: 'http://127.0.0.1:43220', data: ready }, GAME_ORIGIN)).toBeNull();
    expect(acceptGameMessage({ origin: `${GAME_ORIGIN}0`, data: ready }, GAME_ORIGIN)).toBeNull();
    expect(acceptGameMessage({ origin: 'http://127.0.0.1', data: ready }, GAME_ORIGIN)).toBeNull();
  });

  it('refuses a wrong or missing type and unknown events', () => {
    expect(acceptGameMessage({ origin: GAME_ORIGIN, data: { ...ready, type: 'other:game' } }, GAME_ORIGIN)).toBeNull();
    expect(acceptGameMessage({ origin: GAME_ORIGIN, data: { event: 'ready' } }, GAME_ORIGIN)).toBeNull();
    expect(acceptGameMessage({ origin: GAME_ORIGIN, data: 'atrium:game' }, GAME_ORIGIN)).toBeNull();
    expect(acceptGameMessage({ origin: GAME_ORIGIN, data: null }, GAME_ORIGIN)).toBeNull();
    expect(acceptGameMessage({ origin: GAME_ORIGIN, data: { ...ready, event: 'explode' } }, GAME_ORIGIN)).toBeNull();
  });

  it('refuses everything when the game origin is unknown', () => {
    expect(acceptGameMessage({ origin: '', data: ready }, '')).toBeNull();
  });
});

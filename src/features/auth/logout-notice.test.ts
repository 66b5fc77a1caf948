import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createTranslate } from '../../i18n/translate.ts';
import { logoutForSessionEnd, logoutTarget } from '../session/logout.ts';
import { logoutNotice } from './logout-notice.ts';

const english = createTranslate({});
const french = createTranslate(JSON.parse(readFileSync('platform/data/translations/fr.json', 'utf8')) as Record<string, string>);
const UNTIL = '2027-05-25T14:00:00.000Z';
const config = { locale: 'fr' as const, localization: true, productMode: 'CASINO' as const };

describe('why a player was signed out', () => {
  it('maps a destroyed session to the break the player took elsewhere, with its end, else to a sign-in elsewhere', () => {
    expect(logoutForSessionEnd({ cause: 'SelfExclusion', until: UNTIL })).toEqual({ reason: 'SELF_EXCLUDED', until: UNTIL });
    expect(logoutForSessionEnd({ cause: 'Timeout', until: UNTIL })).toEqual({ reason: 'TIMEOUT', until: UNTIL });
    expect(logoutForSessionEnd({ cause: 'AnotherDevice', until: null })).toEqual({ reason: 'LOGGED_IN_FROM_ANOTHER_DEVICE', until: null });
    expect(logoutForSessionEnd({ cause: null, until: null })).toEqual({ reason: 'LOGGED_IN_FROM_ANOTHER_DEVICE', until: null });
  });

  it('carries the end of the break to the login page, and drops a stale one from the query', () => {
    const target = logoutTarget(config, `https://solenne.example/fr/games/?logoutUntil=old&productMode=casino`, 'SELF_EXCLUDED', UNTIL);
    expect(target).toBe(`/fr/login/?productMode=casino&logoutReason=SELF_EXCLUDED&logoutUntil=${encodeURIComponent(UNTIL)}`);
    expect(logoutTarget(config, 'https://solenne.example/fr/?logoutUntil=old', 'SESSION_EXPIRED')).toBe('/fr/login/?logoutReason=SESSION_EXPIRED');
  });

  it('says why in the page\'s language, with the end in its locale', () => {
    const url = (query: string) => new URL(`https://solenne.example/fr/login/?${query}`);
    expect(logoutNotice(url(`logoutReason=SELF_EXCLUDED&logoutUntil=${UNTIL}`), french, 'fr')).toEqual({
      reason: 'SELF_EXCLUDED',
      text: expect.stringMatching(/^Vous vous êtes auto-exclu jusqu'au 25 mai 2027.* sur un autre appareil : vous avez donc été déconnecté ici\.$/),
    });
    expect(logoutNotice(url(`logoutReason=TIMEOUT&logoutUntil=${UNTIL}`), english, 'en')?.text).toMatch(/^You took a break until May 25, 2027.* on another device, so you have been signed out here\.$/);
    expect(logoutNotice(url('logoutReason=ACCOUNT_CLOSED'), english, 'en')?.text).toBe('Your account has been closed indefinitely');
    expect(logoutNotice(url('logoutReason=LOGGED_IN_FROM_ANOTHER_DEVICE'), english, 'en')?.text).toBe('You signed in on another device, so you have been signed out here.');
  });

  it('shows nothing for an unknown reason, or a break without a readable end', () => {
    const url = (query: string) => new URL(`https://solenne.example/en/login/?${query}`);
    expect(logoutNotice(url('logoutReason=SELF_EXCLUDED'), english, 'en')).toBeNull();
    expect(logoutNotice(url('logoutReason=TIMEOUT&logoutUntil=soon'), english, 'en')).toBeNull();
    expect(logoutNotice(url('logoutReason=toString'), english, 'en')).toBeNull();
    expect(logoutNotice(url(''), english, 'en')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { liveAccessToken } from './tokens.ts';

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** An unsigned token expiring at `exp` (seconds): only its claims are read here. */
const tokenExpiringAt = (exp: number) => `${b64({ alg: 'none' })}.${b64({ exp, sid: 's1' })}.`;

describe('liveAccessToken', () => {
  const now = 1_800_000_000_000;

  it('passes a token with more than 5 s to live', () => {
    const token = tokenExpiringAt(now / 1000 + 60);
    expect(liveAccessToken(token, now)).toBe(token);
  });

  it('holds back a token about to expire, an expired one, a malformed one and none', () => {
    expect(liveAccessToken(tokenExpiringAt(now / 1000 + 4), now)).toBeNull();
    expect(liveAccessToken(tokenExpiringAt(now / 1000 - 60), now)).toBeNull();
    expect(liveAccessToken('not-a-token', now)).toBeNull();
    expect(liveAccessToken(undefined, now)).toBeNull();
  });
});

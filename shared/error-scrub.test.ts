import { describe, expect, it } from 'vitest';
import { FILTERED, MAX_SCRUBBED_TEXT, scrubEvent, scrubText, scrubUrl, scrubValue } from './error-scrub.ts';

const JWT = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIrMzU4NTU1MDAwMSJ9.c2lnbmF0dXJlLXBhcnQ';

describe('error report scrubbing', () => {
  it('filters the values of token, code and state parameters and drops the fragment', () => {
    expect(scrubUrl(`https://aurelia.example/en/?accessToken=${JWT}&productMode=casino&refreshToken=abc#id_token=x`))
      .toBe(`https://aurelia.example/en/?accessToken=${FILTERED}&productMode=casino&refreshToken=${FILTERED}#${FILTERED}`);
    expect(scrubUrl('/en/keycloak-login-handler/?code=1234&state=abcd&session_state=s')).toBe(`/en/keycloak-login-handler/?code=${FILTERED}&state=${FILTERED}&session_state=${FILTERED}`);
    expect(scrubUrl('/en/games/?q=book')).toBe('/en/games/?q=book');
  });

  it('replaces tokens, e-mail addresses, phone numbers and long numbers inside any text', () => {
    expect(scrubText(`failed for ${JWT} with Bearer ${JWT}`)).toBe(`failed for ${FILTERED} with Bearer ${FILTERED}`);
    expect(scrubText('player anna.k@example.fi (+358 555 0001) code 38001085718')).toBe('player [email] ([phone]) code [number]');
  });

  it('drops the user, the cookies and every header but the user agent and referrer, and scrubs deep strings', () => {
    const event = scrubEvent({
      event_id: 'a1b2c3',
      user: { email: 'anna@example.fi', ip_address: '10.0.0.1' },
      request: {
        url: `https://aurelia.example/en/?refreshToken=${JWT}`,
        cookies: { accessToken: JWT },
        headers: { 'User-Agent': 'Chromium', Referer: 'https://aurelia.example/?code=1', Cookie: `accessToken=${JWT}`, Authorization: `Bearer ${JWT}` },
      },
      exception: { values: [{ type: 'Error', value: `[GraphQL] Deposit: player +3585550001 refused` }] },
      extra: { email: 'anna@example.fi', note: `token ${JWT}`, nested: [{ password: 'hunter2', url: `/en/?accessToken=${JWT}` }] },
    });
    expect(event).toEqual({
      event_id: 'a1b2c3',
      request: { url: `https://aurelia.example/en/?refreshToken=${FILTERED}`, headers: { 'User-Agent': 'Chromium', Referer: `https://aurelia.example/?code=${FILTERED}` } },
      exception: { values: [{ type: 'Error', value: '[GraphQL] Deposit: player [phone] refused' }] },
      extra: { note: `token ${FILTERED}`, nested: [{ url: `/en/?accessToken=${FILTERED}` }] },
    });
    expect(JSON.stringify(event)).not.toContain('eyJ');
  });

  it('drops every key that names a secret, and cuts a hostile text to a bounded length before scrubbing it', () => {
    expect(scrubValue({ smsToken: 'x', clientSecret: 'y', sessionId: 'z', sandboxKey: 'k', code: '123456', otp: '1', countryCode: 'FI', note: 'kept' }))
      .toEqual({ countryCode: 'FI', note: 'kept' });
    const hostile = `${'a'.repeat(300_000)}@`;
    expect(scrubText(hostile)).toHaveLength(MAX_SCRUBBED_TEXT);
    expect(scrubUrl(`/x?${'y'.repeat(300_000)}`).length).toBeLessThanOrEqual(MAX_SCRUBBED_TEXT + 20);
  });
});

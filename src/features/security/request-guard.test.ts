import { describe, expect, it } from 'vitest';
import { isCrossSiteWrite, malformedForwarding, securityHeaders } from './request-guard.ts';

describe('security headers', () => {
  it('carry nosniff, a referrer policy, a permissions policy and a strict fallback CSP', () => {
    const headers = securityHeaders({ https: false });
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['permissions-policy']).toContain('camera=()');
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['content-security-policy']).not.toContain('script-src');
  });

  it('add Strict-Transport-Security only over https', () => {
    expect(securityHeaders({ https: false })).not.toHaveProperty('strict-transport-security');
    expect(securityHeaders({ https: true })['strict-transport-security']).toMatch(/^max-age=\d+/);
  });
});

describe('forwarding headers from a trusted proxy', () => {
  it('pass when well-formed or absent', () => {
    expect(malformedForwarding({})).toBeNull();
    expect(
      malformedForwarding({ 'x-forwarded-host': 'aurelia.localhost:4321', 'x-forwarded-proto': 'https', 'x-forwarded-port': '443', 'x-forwarded-for': '203.0.113.7, 10.0.0.1' }),
    ).toBeNull();
  });

  it('name the malformed one', () => {
    expect(malformedForwarding({ 'x-forwarded-host': 'evil.example/path' })).toMatch(/X-Forwarded-Host/);
    expect(malformedForwarding({ 'x-forwarded-proto': 'gopher' })).toMatch(/X-Forwarded-Proto "gopher" must be http or https/);
    expect(malformedForwarding({ 'x-forwarded-port': '99999' })).toMatch(/X-Forwarded-Port/);
    expect(malformedForwarding({ 'x-forwarded-for': '203.0.113.7, not-an-ip' })).toMatch(/"not-an-ip" is not an IP address/);
  });
});

describe('cross-site writes', () => {
  const host = 'aurelia.localhost:4321';

  it('let reads and same-origin posts through', () => {
    expect(isCrossSiteWrite('GET', { host, 'sec-fetch-site': 'cross-site' })).toBe(false);
    expect(isCrossSiteWrite('POST', { host, origin: `http://${host}`, 'sec-fetch-site': 'same-origin' })).toBe(false);
    expect(isCrossSiteWrite('POST', { host })).toBe(false);
    // A no-referrer page's own form: the browser sends Origin null but says same-origin.
    expect(isCrossSiteWrite('POST', { host, origin: 'null', 'sec-fetch-site': 'same-origin' })).toBe(false);
  });

  it('refuse posts from another site, an opaque origin or a different host', () => {
    expect(isCrossSiteWrite('POST', { host, 'sec-fetch-site': 'cross-site' })).toBe(true);
    expect(isCrossSiteWrite('POST', { host, origin: 'https://evil.example' })).toBe(true);
    expect(isCrossSiteWrite('PUT', { host, origin: 'null' })).toBe(true);
    expect(isCrossSiteWrite('POST', { host, origin: 'http://kororaa.localhost:4321' })).toBe(true);
    expect(isCrossSiteWrite('POST', { host, origin: 'http://kororaa.localhost:4321', 'sec-fetch-site': 'same-site' })).toBe(true);
    expect(isCrossSiteWrite('POST', { host, origin: 'not a url' })).toBe(true);
  });
});

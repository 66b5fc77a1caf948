import { describe, expect, it } from 'vitest';
import type { Brand } from './load.server.ts';
import { brandOrigin, publicEndpoint } from './origin.server.ts';

const brand = { id: 'aurelia', settings: { hosts: ['aurelia.localhost', 'aurelia.example.com'] } } as unknown as Brand;

describe('the brand origin', () => {
  it('takes the scheme and port from configuration, never from the request', () => {
    expect(brandOrigin(brand, 'aurelia.localhost', { scheme: 'http', port: 4321 })).toBe('http://aurelia.localhost:4321');
    expect(brandOrigin(brand, 'aurelia.example.com', { scheme: 'https', port: 443 })).toBe('https://aurelia.example.com');
    expect(brandOrigin(brand, 'www.aurelia.example.com', { scheme: 'https', port: 8443 })).toBe('https://www.aurelia.example.com:8443');
  });

  it('uses the brand’s first host for a name it does not list', () => {
    expect(brandOrigin(brand, 'evil.example', { scheme: 'http', port: 80 })).toBe('http://aurelia.localhost');
    expect(brandOrigin(brand, 'localhost', { scheme: 'http', port: 4321 })).toBe('http://localhost:4321');
  });

  it('reads PUBLIC_SCHEME and PUBLIC_PORT (else PORT), and refuses bad values with the variable named', () => {
    expect(publicEndpoint({ PORT: '4610' })).toEqual({ scheme: 'http', port: 4610 });
    expect(publicEndpoint({ PORT: '4610', PUBLIC_PORT: '443', PUBLIC_SCHEME: 'https' })).toEqual({ scheme: 'https', port: 443 });
    expect(publicEndpoint({})).toEqual({ scheme: 'http', port: 4321 });
    expect(() => publicEndpoint({ PUBLIC_SCHEME: 'ftp' })).toThrow(/PUBLIC_SCHEME "ftp" must be http or https/);
    expect(() => publicEndpoint({ PUBLIC_PORT: '99999' })).toThrow(/PUBLIC_PORT "99999" is not a port number/);
  });
});

import { describe, expect, it } from 'vitest';
import type { Brand } from './load.server.ts';
import { brandForHost, parseHostHeader, stripReservedPrefix } from './site.ts';

const brand = (id: string, hosts: string[]) => ({ id, settings: { hosts } }) as unknown as Brand;
const brands = [brand('aurelia', ['aurelia.localhost', 'aurelia.example.com']), brand('vantor', ['vantor.localhost'])];

describe('site identification', () => {
  it('parses host headers and drops the port', () => {
    expect(parseHostHeader('Aurelia.Localhost:4321')).toBe('aurelia.localhost');
    expect(parseHostHeader('localhost')).toBe('localhost');
    expect(parseHostHeader('[::1]:4321')).toBe('[::1]');
    expect(parseHostHeader('127.0.0.1:80')).toBe('127.0.0.1');
  });

  it('rejects malformed host headers', () => {
    for (const bad of [null, '', 'a b', 'evil.com/path', 'x:99999', 'host:port', '<script>', 'a'.repeat(300), 'user@host']) {
      expect(parseHostHeader(bad), String(bad)).toBeUndefined();
    }
  });

  it('strips the reserved prefixes lobby., www. and proxy.', () => {
    expect(stripReservedPrefix('www.aurelia.example.com')).toBe('aurelia.example.com');
    expect(stripReservedPrefix('lobby.aurelia.example.com')).toBe('aurelia.example.com');
    expect(stripReservedPrefix('proxy.aurelia.example.com')).toBe('aurelia.example.com');
    expect(stripReservedPrefix('shop.aurelia.example.com')).toBe('shop.aurelia.example.com');
    expect(brandForHost(brands, 'www.aurelia.example.com')?.id).toBe('aurelia');
  });

  it('serves the first brand on plain local hosts and nothing on unknown hosts', () => {
    expect(brandForHost(brands, 'localhost')?.id).toBe('aurelia');
    expect(brandForHost(brands, '127.0.0.1')?.id).toBe('aurelia');
    expect(brandForHost(brands, 'vantor.localhost')?.id).toBe('vantor');
    expect(brandForHost(brands, 'evil.example.com')).toBeUndefined();
    expect(brandForHost(brands, 'www.localhost')).toBeUndefined();
  });
});

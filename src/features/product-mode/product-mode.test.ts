import { describe, expect, it } from 'vitest';
import { mayStoreProductMode, productHomeRoute, resolveProductMode } from './product-mode.ts';

describe('product mode', () => {
  it('is SPORTS on sports paths and CASINO on casino paths whatever the query says', () => {
    expect(resolveProductMode({ routeProduct: 'sports', queryValue: 'casino', storedValue: 'casino' })).toBe('SPORTS');
    expect(resolveProductMode({ routeProduct: 'casino', queryValue: 'sports', storedValue: 'sports' })).toBe('CASINO');
  });

  it('follows the productMode query on neutral paths, then the stored preference, then CASINO', () => {
    expect(resolveProductMode({ routeProduct: undefined, queryValue: 'sports', storedValue: 'casino' })).toBe('SPORTS');
    expect(resolveProductMode({ routeProduct: undefined, queryValue: null, storedValue: 'sports' })).toBe('SPORTS');
    expect(resolveProductMode({ routeProduct: undefined, queryValue: 'bogus', storedValue: undefined })).toBe('CASINO');
    expect(resolveProductMode({ routeProduct: undefined, queryValue: null, storedValue: undefined })).toBe('CASINO');
  });

  it('is stored only with preferences consent', () => {
    expect(mayStoreProductMode({ preferences: false })).toBe(false);
    expect(mayStoreProductMode({ preferences: true })).toBe(true);
  });

  it('calls /sports/ home in sports mode when the brand has a sportsbook, else the lobby', () => {
    expect(productHomeRoute('SPORTS', true)).toBe('sports');
    expect(productHomeRoute('SPORTS', false)).toBe('lobby');
    expect(productHomeRoute('CASINO', true)).toBe('lobby');
  });
});

import { describe, expect, it } from 'vitest';
import { brandAssetPath, homePath, localePath, loginPath, routePath, switchLocalePath } from './paths.ts';

const fi = { locale: 'fi', localization: true } as const;
const off = { locale: 'en', localization: false } as const;

describe('paths', () => {
  it('prefixes the locale and keeps the trailing slash', () => {
    expect(homePath(fi)).toBe('/fi/');
    expect(localePath(fi, '/games')).toBe('/fi/games/');
    expect(routePath(fi, 'game', { slug: 'lucky-7' })).toBe('/fi/games/lucky-7/');
    expect(routePath({ locale: 'de_AT', localization: true }, 'profile-limits')).toBe('/de_AT/profile/limits/');
  });

  it('leaves the prefix out when localisation is off', () => {
    expect(homePath(off)).toBe('/');
    expect(routePath(off, 'sports')).toBe('/sports/');
    expect(switchLocalePath(off, '/sports/', 'fi')).toBe('/sports/');
  });

  it('adds query parameters, skipping undefined ones', () => {
    expect(homePath(fi, { productMode: 'casino' })).toBe('/fi/?productMode=casino');
    expect(loginPath(fi, { autoSignIn: true })).toBe('/fi/login/?autoSignIn=1');
    expect(loginPath(fi)).toBe('/fi/login/');
  });

  it('switches locale keeping the rest of the path', () => {
    expect(switchLocalePath(fi, '/fi/games/lucky-7/', 'en')).toBe('/en/games/lucky-7/');
    expect(switchLocalePath(fi, '/fi/', 'no')).toBe('/no/');
  });

  it('refuses a slug route without a slug', () => {
    expect(() => routePath(fi, 'game')).toThrow(/needs a slug/);
  });

  it('builds brand asset URLs', () => {
    expect(brandAssetPath('aurelia', 'assets/logo.svg')).toBe('/brand-assets/aurelia/logo.svg');
    expect(brandAssetPath('aurelia', 'https://cdn.example.com/x.svg')).toBe('https://cdn.example.com/x.svg');
  });
});

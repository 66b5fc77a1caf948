import { describe, expect, it } from 'vitest';
import { FEATURE_FLAGS, FEATURE_FLAGS_KEY, flagAttribute, flagVariation, prePaintFlagsScript, readFlag, storeFlag } from './flags.ts';

describe('feature flags', () => {
  it('lists the spec\'s flags with the default first', () => {
    expect(Object.keys(FEATURE_FLAGS)).toEqual(['button_variant', 'button_variant2', 'sga', 'theme', 'menu', 'registration_form', 'landing_registration']);
    expect(FEATURE_FLAGS.sga[0]).toBe('disabled');
  });

  it('reads a stored variation, and the default for anything else', () => {
    expect(flagVariation('{"sga":"enabled"}', 'sga')).toBe('enabled');
    expect(flagVariation('{"sga":"on"}', 'sga')).toBe('disabled');
    expect(flagVariation('not json', 'sga')).toBe('disabled');
    expect(flagVariation(null, 'theme')).toBe('theme1');
    expect(flagVariation('null', 'menu')).toBe('menu1');
  });

  it('marks <html> before the first paint with every stored flag, as stored', () => {
    const run = (stored: string | null, consent = 'necessary preferences') => {
      const attributes: Record<string, string> = {};
      const root = {
        matches: (selector: string) => selector === '[data-consent~=preferences]' && consent.split(' ').includes('preferences'),
        setAttribute: (name: string, value: string) => {
          if (!/^[\w-]+$/.test(name)) throw new Error('InvalidCharacterError');
          attributes[name] = value;
        },
      };
      const localStorage = { getItem: () => stored };
      new Function('root', 'localStorage', prePaintFlagsScript())(root, localStorage);
      return attributes;
    };
    expect(run('{"sga":"enabled"}')).toEqual({ 'data-flag-sga': 'enabled' });
    expect(run('{"theme":"theme1","menu":"menu3","button_variant2":"secondary2","registration_form":"dino"}')).toEqual({
      'data-flag-theme': 'theme1', 'data-flag-menu': 'menu3', 'data-flag-button_variant2': 'secondary2', 'data-flag-registration_form': 'dino',
    });
    // The default is copied too: a stored theme1 overrides a brand in theme3.
    expect(run('{"sga":"disabled"}')).toEqual({ 'data-flag-sga': 'disabled' });
    // A name that is no attribute name stops the copy; the page is drawn as the server sent it.
    expect(run('{"x y":"a"}')).toEqual({});
    expect(run('{oops')).toEqual({});
    expect(run(null)).toEqual({});
    expect(run('{"sga":"enabled"}', 'necessary analytics')).toEqual({});
  });

  it('reads stored flags before the first paint only with the preferences consent', () => {
    const attributes: Record<string, string> = {};
    const root = { matches: () => false, setAttribute: (name: string, value: string) => { attributes[name] = value; } };
    let read = false;
    new Function('root', 'localStorage', prePaintFlagsScript())(root, { getItem: () => { read = true; return '{"sga":"enabled"}'; } });
    expect(attributes).toEqual({});
    expect(read).toBe(false);
  });

  it('names the attribute a flag is carried in', () => {
    expect(flagAttribute('button_variant2')).toBe('data-flag-button_variant2');
  });

  it('stores a flag only with the preferences consent, else keeps it for the page view', () => {
    const items = new Map<string, string>();
    const storage = { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) };
    storeFlag('menu', 'menu2', { storage, mayStore: false });
    expect(items.size).toBe(0);
    expect(readFlag('menu', { storage, mayStore: false })).toBe('menu2');
    storeFlag('menu', 'menu3', { storage, mayStore: true });
    expect(JSON.parse(items.get(FEATURE_FLAGS_KEY)!)).toEqual({ menu: 'menu3' });
    expect(readFlag('menu', { storage, mayStore: true })).toBe('menu3');
    // Without consent what storage holds is not used.
    expect(readFlag('menu', { storage, mayStore: false })).toBe('menu1');
    expect(() => storeFlag('menu', 'menu9' as 'menu1', { storage, mayStore: true })).toThrow(/no variation "menu9": use one of menu1, menu2, menu3/);
  });
});

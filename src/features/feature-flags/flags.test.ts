import { describe, expect, it } from 'vitest';
import { FEATURE_FLAGS, flagVariation, prePaintFlagsScript } from './flags.ts';

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

  it('marks <html> before the first paint with valid, non-default variations only', () => {
    const run = (stored: string | null) => {
      const attributes: Record<string, string> = {};
      const root = { setAttribute: (name: string, value: string) => { attributes[name] = value; } };
      const localStorage = { getItem: () => stored };
      new Function('root', 'localStorage', prePaintFlagsScript())(root, localStorage);
      return attributes;
    };
    expect(run('{"sga":"enabled"}')).toEqual({ 'data-flag-sga': 'enabled' });
    expect(run('{"sga":"disabled"}')).toEqual({});
    expect(run('{"sga":"<script>"}')).toEqual({});
    expect(run('{oops')).toEqual({});
  });
});

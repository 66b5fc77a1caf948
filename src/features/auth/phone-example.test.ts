import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadBrands } from '../../brands/load.server.ts';
import { DEFAULT_PHONE_EXAMPLE, PHONE_EXAMPLES, phoneExample } from './phone-example.ts';

/** What the platform's normalisePhone accepts, once the spaces are gone: + and 7 to 15 digits. */
const E164 = /^\+[1-9]\d{6,14}$/;

describe('phone examples', () => {
  it("follow the visitor's country", () => {
    expect(phoneExample('NZ', 'NZ')).toBe('+64 21 123 4567');
    expect(phoneExample('FI', 'NZ')).toBe('+358 40 123 4567');
    expect(phoneExample('no', 'FI')).toBe('+47 412 34 567');
  });

  it("fall back to the brand's country, then to the default", () => {
    expect(phoneExample('XX', 'NZ')).toBe(PHONE_EXAMPLES.NZ);
    expect(phoneExample(null, 'CA')).toBe(PHONE_EXAMPLES.CA);
    expect(phoneExample('XX', 'YY')).toBe(DEFAULT_PHONE_EXAMPLE);
  });

  it('are valid international numbers, each starting with its own country code', () => {
    const dial: Record<string, string> = {
      AT: '43', AU: '61', CA: '1', CH: '41', DE: '49', DK: '45', EE: '372', ES: '34', FI: '358', FR: '33', GB: '44', IE: '353', IN: '91',
      IT: '39', JP: '81', LT: '370', LV: '371', MT: '356', NL: '31', NO: '47', NZ: '64', PL: '48', SE: '46', US: '1', ZA: '27',
    };
    for (const [country, example] of Object.entries(PHONE_EXAMPLES)) {
      expect(example.replace(/\s/g, ''), country).toMatch(E164);
      expect(example.startsWith(`+${dial[country]} `), `${country}: ${example}`).toBe(true);
    }
  });

  it('cover every country a demo brand serves or routes to its own sign-in flow', () => {
    const countries = new Set<string>(['FI', 'NO', 'DE', 'AT', 'CA', 'FR', 'IN', 'NZ', 'ZA', 'JP', 'EE', 'IT', 'SE', 'MT', 'GB', 'US']);
    for (const brand of loadBrands(path.resolve('brands'))) {
      countries.add(brand.settings.defaultCountry);
      for (const country of Object.keys(brand.settings.flows.byCountry)) countries.add(country);
      for (const country of brand.settings.automaticAcceptedCookiesCountries) countries.add(country);
    }
    expect([...countries].filter((country) => !PHONE_EXAMPLES[country])).toEqual([]);
  });
});

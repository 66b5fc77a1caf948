import { pageLocale } from '../src/i18n/page-texts.ts';
import { describe, expect, it } from 'vitest';
import { registerPage } from '../src/oidc/pages.ts';
import { normalisePhone, phoneExample } from '../src/players/phone.ts';
import { DEFAULT_THEME } from '../src/web/html.ts';

describe('phone examples on the platform', () => {
  it("name a number of the brand's country, not a Finnish one", () => {
    expect(phoneExample('NZ')).toBe('+64 21 123 4567');
    expect(phoneExample('ca')).toBe('+1 416 555 0123');
    expect(phoneExample('XX')).toBe('+44 7700 900123');
    expect(() => normalisePhone('021 123', 'phoneNumber', 'NZ')).toThrow(/like \+64 21 123 4567$/);
  });

  it('are numbers the platform itself accepts', () => {
    for (const country of ['AT', 'CA', 'DE', 'EE', 'FI', 'FR', 'GB', 'IN', 'IT', 'JP', 'LV', 'MT', 'NO', 'NZ', 'SE', 'US', 'ZA']) {
      expect(normalisePhone(phoneExample(country)), country).toMatch(/^\+\d+$/);
    }
  });

  it("put the brand's example on the identity provider's registration page", () => {
    const html = registerPage({ brandName: 'Kororā Play', theme: DEFAULT_THEME, action: '/register', minimumAge: 18, phoneExample: phoneExample('NZ'), texts: pageLocale('en_NZ') });
    expect(html).toContain('With the country code, like +64 21 123 4567.');
    expect(html).not.toContain('+358');
  });
});

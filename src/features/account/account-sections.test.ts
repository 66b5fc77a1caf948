import { describe, expect, it } from 'vitest';
import { PROFILE_SUBPAGES } from '../../routes.ts';
import { accountSections, currentSection, profileRouteId } from './account-sections.ts';

describe('account sections', () => {
  it('lists global limits under est only and self-exclusion under mga and crc only (spec section 6)', () => {
    const without = (...hidden: string[]) => PROFILE_SUBPAGES.filter((section) => !hidden.includes(section));
    expect(accountSections('est')).toEqual(without('self-exclusion'));
    expect(accountSections('mga')).toEqual(without('global-limits'));
    expect(accountSections('crc')).toEqual(without('global-limits'));
    expect(accountSections('anj')).toEqual(without('global-limits', 'self-exclusion'));
    expect(accountSections('cos')).toEqual(without('global-limits', 'self-exclusion'));
  });

  it('marks the dashboard current on /profile/ and each sub-page on its own route', () => {
    expect(currentSection('profile')).toBe('dashboard');
    expect(currentSection('profile-documents')).toBe('documents');
    expect(currentSection(profileRouteId('withdrawal-history'))).toBe('withdrawal-history');
    expect(currentSection('source-of-wealth')).toBeUndefined();
  });
});

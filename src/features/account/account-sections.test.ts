import { describe, expect, it } from 'vitest';
import { PROFILE_SUBPAGES } from '../../routes.ts';
import { accountSections, currentSection, profileRouteId } from './account-sections.ts';

describe('account sections', () => {
  it('lists every profile sub-page under est, and global limits only there', () => {
    expect(accountSections('est')).toEqual([...PROFILE_SUBPAGES]);
    for (const licence of ['mga', 'anj', 'cos', 'crc'] as const) {
      expect(accountSections(licence)).toEqual(PROFILE_SUBPAGES.filter((section) => section !== 'global-limits'));
    }
  });

  it('marks the dashboard current on /profile/ and each sub-page on its own route', () => {
    expect(currentSection('profile')).toBe('dashboard');
    expect(currentSection('profile-documents')).toBe('documents');
    expect(currentSection(profileRouteId('withdrawal-history'))).toBe('withdrawal-history');
    expect(currentSection('source-of-wealth')).toBeUndefined();
  });
});

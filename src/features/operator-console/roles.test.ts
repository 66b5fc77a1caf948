import { describe, expect, it } from 'vitest';
import { allowedSections, consolePath, sectionOfPath } from './roles.ts';

describe('console sections', () => {
  it('opens only the sections the roles on this brand allow', () => {
    expect(allowedSections([{ brand: 'aurelia', role: 'support' }], 'aurelia')).toEqual(['support']);
    expect(allowedSections([{ brand: 'kororaa', role: 'compliance' }], 'aurelia')).toEqual([]);
    expect(allowedSections([{ brand: '*', role: 'editor' }, { brand: 'aurelia', role: 'compliance' }], 'aurelia')).toEqual(['compliance', 'content']);
  });

  it('gives an admin every section', () => {
    expect(allowedSections([{ brand: '*', role: 'admin' }], 'aurelia')).toEqual(['compliance', 'support', 'content', 'admin']);
  });

  it('maps console paths to sections and back', () => {
    expect(sectionOfPath('/operator/')).toBe('home');
    expect(sectionOfPath('/operator/support/')).toBe('support');
    expect(sectionOfPath('/operator/nope/')).toBeNull();
    expect(sectionOfPath('/en/operator/')).toBeNull();
    expect(consolePath('admin')).toBe('/operator/admin/');
  });
});

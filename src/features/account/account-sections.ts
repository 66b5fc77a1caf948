/**
 * The player's account area: the /profile/ sub-pages in the order the account navigation lists
 * them, and which sections a licence offers. Pure, so the frame and its tests share one table.
 */
import type { Licence } from '../../../shared/brand-schema.ts';
import { licenceProfile } from '../../../shared/licences.ts';
import { PROFILE_SUBPAGES } from '../../routes.ts';

/** One /profile/ sub-page. */
export type ProfileSection = (typeof PROFILE_SUBPAGES)[number];

/**
 * Sections only some licences offer, read off the licence profile (spec section 6): global loss
 * limits where the licence has them (est), self-exclusion where it offers a term (mga, crc). The
 * limits page is everyone's: every licence offers a timeout there, besides its own limits.
 */
const LICENSED_SECTIONS: Partial<Record<ProfileSection, (licence: Licence) => boolean>> = {
  'global-limits': (licence) => licenceProfile(licence).globalLossLimitPeriods.length > 0,
  'self-exclusion': (licence) => licenceProfile(licence).selfExclusionTerms.length > 0,
};

/** The route id of a profile sub-page ("profile-limits"). */
export function profileRouteId(section: ProfileSection): string {
  return `profile-${section}`;
}

/** The sections the account navigation lists under a licence, in order. */
export function accountSections(licence: Licence): ProfileSection[] {
  return PROFILE_SUBPAGES.filter((section) => LICENSED_SECTIONS[section]?.(licence) ?? true);
}

/** The section a route shows as current: /profile/ itself is the dashboard; routes outside /profile/ have none. */
export function currentSection(routeId: string): ProfileSection | undefined {
  if (routeId === 'profile') return 'dashboard';
  return PROFILE_SUBPAGES.find((section) => profileRouteId(section) === routeId);
}

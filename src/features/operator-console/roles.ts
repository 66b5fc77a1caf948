/**
 * Which console sections an operator's roles open on a brand (issue 32). The platform checks the role
 * on every operation whatever the console shows; this only keeps sections the operator cannot use
 * out of the navigation. Admin implies every role; a grant on '*' holds on every brand.
 */

/** A console role, as the platform names it (OperatorRole). */
export type OperatorRole = 'editor' | 'compliance' | 'support' | 'admin';
/** A role held on a brand, or on '*' (every brand). */
export interface RoleGrant {
  brand: string;
  role: OperatorRole;
}
/** The console's sections, in navigation order. */
export const CONSOLE_SECTIONS = ['compliance', 'support', 'content', 'admin'] as const;
/** One console section (its path segment under /operator/). */
export type ConsoleSection = (typeof CONSOLE_SECTIONS)[number];

/** The role each section needs. */
export const SECTION_ROLE: Record<ConsoleSection, OperatorRole> = { compliance: 'compliance', support: 'support', content: 'editor', admin: 'admin' };

/** The roles an operator holds on a brand (admin brings every role with it). */
export function rolesOnBrand(grants: readonly RoleGrant[], brand: string): Set<OperatorRole> {
  const held = new Set(grants.filter((grant) => grant.brand === brand || grant.brand === '*').map((grant) => grant.role));
  if (held.has('admin')) return new Set<OperatorRole>(['editor', 'compliance', 'support', 'admin']);
  return held;
}

/** The sections the operator's roles open on a brand, in navigation order. */
export function allowedSections(grants: readonly RoleGrant[], brand: string): ConsoleSection[] {
  const held = rolesOnBrand(grants, brand);
  return CONSOLE_SECTIONS.filter((section) => held.has(SECTION_ROLE[section]));
}

/** The section a console path shows ('home' for /operator/), or null for a path the console does not have. */
export function sectionOfPath(pathname: string): ConsoleSection | 'home' | null {
  const match = /^\/operator\/(?:([a-z]+)\/?)?$/.exec(pathname);
  if (!match) return null;
  const segment = match[1];
  if (!segment) return 'home';
  return (CONSOLE_SECTIONS as readonly string[]).includes(segment) ? (segment as ConsoleSection) : null;
}

/** The path of a console section. */
export function consolePath(section: ConsoleSection | 'home'): string {
  return section === 'home' ? '/operator/' : `/operator/${section}/`;
}

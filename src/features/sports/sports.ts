/** The sportsbook's sports (the TOP_SPORTS block's chips and the /sports/?sport= filter). */

/** Every sport the sandbox sportsbook offers, in the lobby's order. */
export const SPORTS = ['football', 'ice-hockey', 'tennis', 'basketball', 'esports', 'cricket', 'rugby', 'handball'] as const;
/** One sport slug. */
export type Sport = (typeof SPORTS)[number];

/** Whether a string is a sport slug the sportsbook knows. */
export function isSport(value: string | null | undefined): value is Sport {
  return typeof value === 'string' && (SPORTS as readonly string[]).includes(value);
}

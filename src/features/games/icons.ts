/**
 * Which icon of the shared icon set stands for a game category or list on chips and cards; a
 * category the set has no picture for gets the star.
 */

/** Icon names of `src/components/Icon.astro` the games feature uses. */
export type GamesIcon = 'slots' | 'cards' | 'live' | 'trophy' | 'star' | 'gift';

const ICONS: Record<string, GamesIcon> = {
  slots: 'slots',
  megaways: 'slots',
  'hot-games': 'star',
  new: 'star',
  'table-games': 'cards',
  blackjack: 'cards',
  baccarat: 'cards',
  poker: 'cards',
  roulette: 'cards',
  'live-casino': 'live',
  'game-shows': 'live',
  jackpots: 'trophy',
  bonus: 'gift',
};

/** The icon for a category or list slug. */
export function categoryIcon(slug: string): GamesIcon {
  return ICONS[slug] ?? 'star';
}

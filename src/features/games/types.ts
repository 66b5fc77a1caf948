/**
 * The shapes the games feature passes from the server render to its islands: a game as a tile
 * shows it, a page of games with its cursor, and the filters every catalogue query repeats.
 */

/** A game as a tile shows it. The slug is its identity in the lobby: it is the game's address. */
export interface GameTileData {
  slug: string;
  name: string;
  imageUrl: string;
  studioName: string;
}

/** One page of a game connection: its games and where the next page starts. */
export interface GameSlice {
  games: GameTileData[];
  endCursor: string | null;
  hasNextPage: boolean;
  /** Games matching the filters in the whole list, not just this page. */
  totalCount: number;
}

/**
 * The filters of spec section 7 for game-list slices and studio games: the visitor's currency,
 * country (subdivision only in Canada), the brand's licence and the page's locale.
 */
export interface GameFilters {
  currencyCode: string;
  ipCountryCode: string;
  subDivision?: string;
  license: string;
  locale: string;
}

/** Where a paged grid's games come from: a list, a studio or a category. */
export type GameSource = { kind: 'list' | 'studio' | 'category'; slug: string };

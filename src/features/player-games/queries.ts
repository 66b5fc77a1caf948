/**
 * The signed-in player's game documents (spec section 7): SyncRecentlyPlayedGames, the favourites
 * and the heart mutations. Sent through the player's Apollo client, which adds the bearer token.
 */

/** SyncRecentlyPlayedGames (variable maxRecentlyPlayedGames; viewer.recentlyPlayedGamesV2 with gameDescriptorV2 json). */
export const SYNC_RECENTLY_PLAYED_GAMES = /* GraphQL */ `
  query SyncRecentlyPlayedGames($maxRecentlyPlayedGames: Int!) {
    viewer { recentlyPlayedGamesV2(maxRecentlyPlayedGames: $maxRecentlyPlayedGames) { gameId lastPlayedAt gameDescriptorV2 { json } } }
  }`;

/** The hearted games, most recently hearted first, with the visitor's filters. */
export const FAVOURITE_GAMES = /* GraphQL */ `
  query FavouriteGames($currencyCode: String, $ipCountryCode: String, $subDivision: String, $license: String, $locale: String) {
    viewer {
      favouriteGames(first: 100, currencyCode: $currencyCode, ipCountryCode: $ipCountryCode, subDivision: $subDivision, license: $license, locale: $locale) {
        id slug name imageUrl studio { name }
      }
    }
  }`;

/** Hearts a game (idempotent on the platform). */
export const ADD_FAVOURITE_GAME = /* GraphQL */ `
  mutation AddFavouriteGame($slug: String!) { addFavouriteGame(slug: $slug) { gameId slug isFavourite } }`;

/** Removes a heart (idempotent on the platform). */
export const REMOVE_FAVOURITE_GAME = /* GraphQL */ `
  mutation RemoveFavouriteGame($slug: String!) { removeFavouriteGame(slug: $slug) { gameId slug isFavourite } }`;

/** One entry of recentlyPlayedGamesV2 as the lobby asks for it. */
export interface RecentlyPlayedEntry {
  gameId: string;
  lastPlayedAt: string;
  gameDescriptorV2: { json: { id?: string; slug?: string; name?: string; studio?: string; imageUrl?: string } | null };
}

/** The answer of SYNC_RECENTLY_PLAYED_GAMES. */
export interface SyncRecentlyPlayedData {
  viewer: { recentlyPlayedGamesV2: RecentlyPlayedEntry[] } | null;
}

/** The answer of FAVOURITE_GAMES. */
export interface FavouriteGamesData {
  viewer: { favouriteGames: { id: string; slug: string; name: string; imageUrl: string; studio: { name: string } }[] } | null;
}

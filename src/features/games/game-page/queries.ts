/** The game page's GraphQL documents: the game and the game server origin, and the launch. */

/** The game's info sheet and the origin its frame is served from. */
export const GAME_PAGE_QUERY = /* GraphQL */ `
  query GamePage($slug: String!, $currencyCode: String) {
    game(slug: $slug, currencyCode: $currencyCode) {
      id slug name imageUrl rtp volatility minBet maxBet currency playForFun isLiveCasino hasBonus aspectRatio responsive
      studio { slug name }
    }
    lobbySettings { gameServerOrigin }
  }`;

/** Opens a game session (REAL needs the player's bearer token; FUN none). */
export const LAUNCH_GAME_MUTATION = /* GraphQL */ `
  mutation LaunchGame($slug: String!, $mode: GameMode!, $currency: String, $lobbyOrigin: String, $locale: String) {
    launchGame(slug: $slug, mode: $mode, currency: $currency, lobbyOrigin: $lobbyOrigin, locale: $locale) {
      url mode gameSessionId gameServerOrigin
    }
  }`;

/** The game as the page shows it. */
export interface GameDetails {
  id: string;
  slug: string;
  name: string;
  imageUrl: string;
  rtp: string;
  volatility: string;
  minBet: string;
  maxBet: string;
  currency: string;
  playForFun: boolean;
  isLiveCasino: boolean;
  /** Bonus money can be wagered on it: the running-out-of-funds prompt counts the bonus balance then. */
  hasBonus: boolean;
  /** Width over height of the game's design: the stage letterboxes the frame to it. */
  aspectRatio: number;
  /** The game lays out to any box: a phone frames it in all the room it has. */
  responsive: boolean;
  studio: { slug: string; name: string };
}

export interface GamePageQueryData {
  game: GameDetails | null;
  lobbySettings: { gameServerOrigin: string };
}

/** A launched game session. */
export interface GameLaunch {
  url: string;
  mode: 'REAL' | 'FUN';
  gameSessionId: string;
  gameServerOrigin: string;
}

/** The variables of LAUNCH_GAME_MUTATION. */
export interface LaunchVariables {
  slug: string;
  mode: 'REAL' | 'FUN';
  currency?: string;
  lobbyOrigin: string;
  locale: string;
}

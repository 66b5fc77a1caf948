/** Registers the lobby home as the feature page of the `lobby` route. */
import { routePage } from '../route-page.ts';
import LobbyPage from './LobbyPage.astro';
import { loadLobbyLayout, type LobbyLayout } from './layout.server.ts';

const EMPTY: LobbyLayout = { source: '', blocks: [], problems: [] };

/** The lobby route's loader and component; without a layout the lobby shows its empty state, not an error. */
export const lobbyPage = routePage({
  load: async (ctx) => {
    const data = await loadLobbyLayout(ctx).catch((error: unknown) => {
      console.warn(`[lobby] layout unavailable, rendering the empty lobby: ${(error as Error).message}`);
      return EMPTY;
    });
    // The first block is the largest paint (LobbyPage gives it priority); its artwork is preloaded.
    const props = data.blocks[0]?.props;
    const image = props && 'image' in props ? props.image : undefined;
    const heroImage = image ? { mobile: image.mobile, desktop: image.desktop } : undefined;
    return { data, ...(heroImage ? { heroImage } : {}) };
  },
  component: LobbyPage,
});

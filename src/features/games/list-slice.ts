/**
 * A rail's next slice from the platform: the GameListSlice document through the light GraphQL
 * client. The carousel imports this module only when a rail is moved or must fill its page
 * (GameCarousel.tsx), so a first visit that only looks at its rails never downloads the client
 * and the documents.
 */
import { graphqlRequest } from '../../lib/graphql-client.ts';
import { GameListSliceDocument } from '../../lib/graphql/generated/graphql.ts';
import { toSlice } from './queries.ts';
import type { GameFilters, GameSlice } from './types.ts';

/** The `first` games of a list after `after`, or an error naming the list when the list is gone. */
export async function fetchListSlice(
  request: { listOfGamesSlug: string; first: number; after: string | null; filters: GameFilters },
  signal: AbortSignal,
): Promise<GameSlice> {
  const { listOfGamesSlug, first, after, filters } = request;
  const data = await graphqlRequest(GameListSliceDocument, { listOfGamesSlug, first, after, ...filters }, { signal });
  if (!data.listOfGames) throw new Error(`The list "${listOfGamesSlug}" is gone`);
  return toSlice(data.listOfGames.games);
}

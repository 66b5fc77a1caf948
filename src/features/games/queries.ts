/**
 * The catalogue's documents (games.graphql, generated into src/lib/graphql/generated/), shared by
 * the server render (platformQuery) and the islands (graphqlRequest), so both ask for the same
 * fields with the same variables, and the mapping from a connection to a GameSlice.
 */
import type { TypedDocumentString } from '../../lib/graphql/documents.ts';
import {
  CategoryGamesDocument, GameListSliceDocument, StudioGamesDocument,
  type GamePageFragment, type GameTileFragment,
} from '../../lib/graphql/generated/graphql.ts';
import type { GameFilters, GameSlice, GameSource, GameTileData } from './types.ts';

/** The tile of a game the platform returned (the GameTile fragment). */
export function gameTile(node: GameTileFragment): GameTileData {
  return { slug: node.slug, name: node.name, imageUrl: node.imageUrl, studioName: node.studio.name };
}

/** Turns a connection (the GamePage fragment) into the slice tiles render. */
export function toSlice(connection: GamePageFragment): GameSlice {
  return {
    games: connection.edges.map(({ node }) => gameTile(node)),
    endCursor: connection.pageInfo.endCursor,
    hasNextPage: connection.pageInfo.hasNextPage,
    totalCount: connection.totalCount,
  };
}

/** Sends a document: platformQuery on the server, graphqlRequest in the browser. */
export type DocumentRunner = <R, V>(document: TypedDocumentString<R, V>, variables: V) => Promise<R>;

/** A page of a source's games with the source's name (and a studio's logo). */
export interface SourcePage {
  name: string;
  imageUrl?: string;
  connection: GamePageFragment;
}

/** Fetches a page of games from a source (GameListSlice, StudioGames or CategoryGames); null when the source does not exist. */
export async function fetchSourcePage(
  run: DocumentRunner,
  source: GameSource,
  filters: GameFilters,
  first: number,
  after: string | null,
): Promise<SourcePage | null> {
  const paging = { first, after, ...filters };
  if (source.kind === 'list') {
    const { listOfGames } = await run(GameListSliceDocument, { listOfGamesSlug: source.slug, ...paging });
    return listOfGames && { name: listOfGames.name, connection: listOfGames.games };
  }
  if (source.kind === 'studio') {
    const { studio } = await run(StudioGamesDocument, { slug: source.slug, ...paging });
    return studio && { name: studio.name, imageUrl: studio.imageUrl, connection: studio.games };
  }
  const { gameCategory } = await run(CategoryGamesDocument, { slug: source.slug, ...paging });
  return gameCategory && { name: gameCategory.name, connection: gameCategory.games };
}

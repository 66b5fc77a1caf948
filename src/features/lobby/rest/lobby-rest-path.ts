/**
 * Where the lobby's later blocks come from. The lobby page renders its first blocks itself and
 * leaves the rest to `/{locale}/lobby-blocks/?shown=a,b,c` (src/pages/[locale]/lobby-blocks.astro),
 * naming the blocks the page already shows: an editor may reorder the layout between the two
 * requests, and a block the visitor has seen is then neither shown twice nor skipped.
 */
import { localePath, type PathContext } from '../../../paths.ts';

/**
 * How many blocks the lobby page carries in its own HTML: a phone's first screen (hero and a rail)
 * and the next block, so the first scroll never meets an empty space.
 */
export const LOBBY_FIRST_SCREEN_BLOCKS = 3;

/** The query parameter listing the blocks the page already shows. */
export const SHOWN_PARAM = 'shown';

/** A block id as the content schema allows it: a lower-case slug. */
const BLOCK_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The URL of the lobby's blocks other than `shown`, in the page's locale. */
export function lobbyRestPath(paths: PathContext, shown: string[]): string {
  return localePath(paths, '/lobby-blocks/', { [SHOWN_PARAM]: shown.join(',') });
}

/** The block ids a request names, or null when the list is missing or not a list of block ids. */
export function parseShown(value: string | null): string[] | null {
  if (!value || value.length > 2000) return null;
  const ids = value.split(',');
  return ids.every((id) => BLOCK_ID.test(id)) ? ids : null;
}

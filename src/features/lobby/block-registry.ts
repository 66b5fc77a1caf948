/**
 * The one block registry: each CMS block type of the spec and the component that renders it.
 * `satisfies Record<BlockType, …>` makes a missing or unknown type a type error. Interactive parts
 * hydrate inside their components, as late as is correct (game rails: client:visible); every
 * other block is server-rendered HTML with no JavaScript.
 */
import type { PageContext } from '../page-context/page-context.server.ts';
import type { BlockType, LayoutBlock } from './blocks.ts';
import BannerBlock from './blocks/BannerBlock.astro';
import JackpotBlock from './blocks/JackpotBlock.astro';
import PromotionBlock from './blocks/PromotionBlock.astro';
import PromotionCardsBlock from './blocks/PromotionCardsBlock.astro';
import RaffleBlock from './blocks/RaffleBlock.astro';
import TopGamesBlock from './blocks/TopGamesBlock.astro';
import TopSportsBlock from './blocks/TopSportsBlock.astro';

/**
 * Props every block component receives: `priority` marks the page's first block (its largest
 * paint); `nearTop` the first few, whose images should not wait for lazy loading.
 */
export interface BlockComponentProps<T extends BlockType = BlockType> {
  ctx: PageContext;
  block: LayoutBlock<T>;
  priority: boolean;
  nearTop: boolean;
}

/** Block type → its component. */
export const BLOCK_REGISTRY = {
  BANNER_EXTERNAL_LINK: BannerBlock,
  BANNER_GAME: BannerBlock,
  BANNER_MANUAL: BannerBlock,
  JACKPOT: JackpotBlock,
  PROMOTION: PromotionBlock,
  PROMOTION_V2: PromotionCardsBlock,
  RAFFLE: RaffleBlock,
  TOP_GAMES: TopGamesBlock,
  TOP_SPORTS: TopSportsBlock,
} satisfies Record<BlockType, unknown>;

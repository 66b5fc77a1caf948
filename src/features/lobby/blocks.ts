/**
 * The lobby's content blocks as the platform's layout query returns them (texts already in the
 * page's locale). The block types are the spec's; `BLOCK_TYPES` is what the registry must cover.
 */

/** The content block types of spec section 3. */
export const BLOCK_TYPES = [
  'BANNER_EXTERNAL_LINK', 'BANNER_GAME', 'BANNER_MANUAL', 'JACKPOT', 'PROMOTION', 'PROMOTION_V2', 'RAFFLE',
  'TOP_GAMES', 'TOP_SPORTS',
] as const;

/** One content block type. */
export type BlockType = (typeof BLOCK_TYPES)[number];

/** Responsive artwork of a block. */
export interface BlockImage {
  desktop: string;
  mobile: string;
  alt?: string;
}

/** Fields each block type carries (see platform/src/content/blocks.ts for the editor's side). */
export interface BlockProps {
  BANNER_EXTERNAL_LINK: { title: string; text?: string; cta: string; url: string; openInNewTab: boolean; image: BlockImage };
  BANNER_GAME: {
    title: string;
    text?: string;
    cta: string;
    image: BlockImage;
    game: { slug: string; name: string; href: string; imageUrl: string; studio: { slug: string; name: string } };
  };
  BANNER_MANUAL: { title: string; text?: string; cta?: string; href: string; image: BlockImage };
  JACKPOT: { title: string; text?: string; cta: string; href: string; pots: ('mega' | 'major' | 'minor' | 'shared' | 'total')[]; image?: BlockImage };
  PROMOTION: { title: string; html: string; cta?: string; href?: string; validUntil?: string; image?: BlockImage };
  PROMOTION_V2: {
    title: string;
    subtitle?: string;
    cards: { id: string; title: string; text: string; cta: string; href: string; badge?: string; image: BlockImage }[];
  };
  RAFFLE: { title: string; text?: string; cta: string; href: string; drops: ('hourly' | 'daily' | 'weekly')[]; image: BlockImage };
  TOP_GAMES: { title: string; listOfGamesSlug: string; variant: 'default' | 'small'; href: string };
  TOP_SPORTS: { title: string; text?: string; cta: string; href: string; sports: string[]; image?: BlockImage };
}

/** A block of one type, as the layout query returns it. */
export type LayoutBlock<T extends BlockType = BlockType> = { [K in T]: { id: string; type: K; props: BlockProps[K] } }[T];

/** Whether a string is a known block type (the platform may be newer than this lobby). */
export function isBlockType(value: string): value is BlockType {
  return (BLOCK_TYPES as readonly string[]).includes(value);
}

/**
 * The lobby's content blocks: the one list of block types (spec section 3) and the props each type
 * carries once the platform has resolved it for a page (texts in the page's locale, references
 * expanded). The platform's content model (platform/src/content/blocks.ts) validates what editors
 * write for these types, its GraphQL enum BlockType is printed from this list, and the lobby's block
 * registry must cover every one of them.
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

/** Fields each block type carries as the layout query returns them. */
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
  /** `promotion` names a promotion of promotions.json: the block's button is then its bonus action (DEPOSIT or PAGE_LINK). */
  PROMOTION: { title: string; html: string; cta?: string; href?: string; promotion?: string; validUntil?: string; image?: BlockImage };
  PROMOTION_V2: {
    title: string;
    subtitle?: string;
    /** Each card links `href` or carries the bonus action of the promotion it names (at least one of the two). */
    cards: { id: string; title: string; text: string; cta: string; href?: string; promotion?: string; badge?: string; image: BlockImage }[];
  };
  RAFFLE: { title: string; text?: string; cta: string; href: string; drops: ('hourly' | 'daily' | 'weekly')[]; image: BlockImage };
  TOP_GAMES: { title: string; listOfGamesSlug: string; variant: 'default' | 'small'; href: string };
  TOP_SPORTS: { title: string; text?: string; cta: string; href: string; sports: string[]; image?: BlockImage };
}

/** A block of one type, as the layout query returns it. */
export type LayoutBlock<T extends BlockType = BlockType> = { [K in T]: { id: string; type: K; props: BlockProps[K] } }[T];

/** Whether a string is a known block type (a platform may be newer than the lobby that asks). */
export function isBlockType(value: string): value is BlockType {
  return (BLOCK_TYPES as readonly string[]).includes(value);
}

/**
 * The lobby's content blocks as the platform's layout query returns them (texts already in the
 * page's locale). The block types and their props are one contract with the platform, kept in
 * shared/blocks.ts; `BLOCK_TYPES` is what the block registry must cover.
 */
export { BLOCK_TYPES, isBlockType, type BlockImage, type BlockProps, type BlockType, type LayoutBlock } from '../../../shared/blocks.ts';

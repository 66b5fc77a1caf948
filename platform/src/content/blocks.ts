/**
 * The content model of the embedded CMS: the lobby's layout blocks and menus as zod schemas. Every
 * field an editor writes is checked here, strictly (a misspelt field is an error, not ignored), so
 * a broken file is reported by file, block and field instead of rendering half a page.
 */
import { z } from 'zod';
import { BANNERS } from '../media/artwork.ts';
import { LOCALES } from '../i18n/locales.ts';
import { FORM_WIDGETS } from './form-widgets.ts';

import { BLOCK_TYPES, type BlockType } from '../../../shared/blocks.ts';

// The block types are one contract with the lobby (shared/blocks.ts); this module checks what editors write for each.
export { BLOCK_TYPES, type BlockType };

/** A text in several locales: `{ "en": "…", "fi": "…" }`; en is required and is the fallback. */
export const localisedText = z.strictObject({
  en: z.string().min(1),
  ...Object.fromEntries(LOCALES.filter((locale) => locale !== 'en').map((locale) => [locale, z.string().min(1).optional()])),
}).meta({ 'x-widget': FORM_WIDGETS.localised });

/** Rich text in several locales (HTML the lobby sanitises before rendering). */
export const localisedHtml = localisedText.meta({ 'x-widget': FORM_WIDGETS.localisedHtml });

/** An internal lobby path: starts with "/", ends with "/", no locale prefix (the lobby adds it). */
export const internalHref = z
  .string()
  .regex(
    /^\/(?:(?!\/)[A-Za-z0-9._~\/-]*\/)?(?:[?#]\S*)?$/,
    'an internal path with a trailing slash, such as "/", "/games/" or "/game-list/slots/"',
  )
  .refine(
    (href) => !(LOCALES as readonly string[]).includes(href.split('/')[1] ?? ''),
    'no locale prefix: write "/games/", the lobby adds "/fi/" itself',
  )
  .meta({ 'x-widget': FORM_WIDGETS.internalHref });

/** An absolute https URL (external links). */
export const httpsUrl = z.string().regex(/^https:\/\/[^\s]+$/, 'an absolute https:// URL');

const bannerNames = Object.keys(BANNERS);
/**
 * An image: a platform banner (/media/banners/<name>.webp or <name>-mobile.webp; .svg is the same
 * art as a document the page must lay out and paint itself, kept for content written before), a
 * game tile or studio logo, or https.
 */
const imageUrl = z
  .string()
  .regex(
    /^(\/media\/(banners|games|studios)\/[a-z0-9-]+\.svg|\/media\/(banners|games)\/[a-z0-9-]+\.webp|https:\/\/\S+)$/,
    'a /media/banners/<name>.webp path or an https URL',
  )
  .refine((url) => {
    const banner = /^\/media\/banners\/([a-z0-9-]+?)(-mobile)?\.(svg|webp)$/.exec(url);
    return !banner || bannerNames.includes(banner[1] ?? '');
  }, `an existing banner: /media/banners/<name>.webp or <name>-mobile.webp with name one of ${bannerNames.join(', ')}`)
  .meta({ 'x-widget': FORM_WIDGETS.image });

/** Responsive artwork for a block. */
export const image = z.strictObject({
  desktop: imageUrl,
  mobile: imageUrl,
  alt: localisedText.optional(),
});

/** A lower-case slug: block ids, card ids, game slugs. */
export const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'a lower-case slug such as "golden-fortune"');

/** The fields of each block type (besides id and type). */
export const blockFields = {
  BANNER_EXTERNAL_LINK: z.strictObject({
    title: localisedText,
    text: localisedText.optional(),
    cta: localisedText,
    url: httpsUrl,
    openInNewTab: z.boolean().default(true),
    image,
  }),
  BANNER_GAME: z.strictObject({
    /** Slug of the featured game; must exist in the catalogue. */
    game: slug,
    title: localisedText.optional(),
    text: localisedText.optional(),
    cta: localisedText,
    image: image.optional(),
  }),
  BANNER_MANUAL: z.strictObject({
    title: localisedText,
    text: localisedText.optional(),
    cta: localisedText.optional(),
    href: internalHref,
    image,
  }),
  JACKPOT: z.strictObject({
    title: localisedText,
    text: localisedText.optional(),
    cta: localisedText,
    href: internalHref,
    pots: z.array(z.enum(['mega', 'major', 'minor', 'shared', 'total'])).min(1),
    image: image.optional(),
  }),
  PROMOTION: z.strictObject({
    title: localisedText,
    /** Rich text; the lobby sanitises it before rendering. */
    html: localisedHtml,
    cta: localisedText.optional(),
    href: internalHref.optional(),
    /** A promotion of promotions.json whose bonus action (DEPOSIT or PAGE_LINK) is the block's button; its cta unless the block has its own. */
    promotion: slug.optional(),
    validUntil: z.iso.date().optional(),
    image: image.optional(),
  }),
  PROMOTION_V2: z.strictObject({
    title: localisedText,
    subtitle: localisedText.optional(),
    cards: z
      .array(
        z.strictObject({
          id: slug,
          title: localisedText,
          text: localisedText,
          cta: localisedText,
          href: internalHref.optional(),
          /** A promotion of promotions.json whose bonus action is the card's button. */
          promotion: slug.optional(),
          badge: localisedText.optional(),
          image,
        }).refine((card) => card.href !== undefined || card.promotion !== undefined, {
          path: ['href'],
          message: 'a card links somewhere: give it an href (an internal path such as "/cashback/") or a promotion (an id of promotions.json)',
        }),
      )
      .min(1)
      .max(12),
  }),
  RAFFLE: z.strictObject({
    title: localisedText,
    text: localisedText.optional(),
    cta: localisedText,
    href: internalHref,
    drops: z.array(z.enum(['hourly', 'daily', 'weekly'])).min(1),
    image,
  }),
  TOP_GAMES: z.strictObject({
    title: localisedText,
    /** A game list slug (slots, new, …); must exist. */
    listOfGamesSlug: slug,
    variant: z.enum(['default', 'small']).default('default'),
    /** Where "Show more games" leads; defaults to /game-list/<slug>/. */
    href: internalHref.optional(),
  }),
  TOP_SPORTS: z.strictObject({
    title: localisedText,
    text: localisedText.optional(),
    cta: localisedText,
    href: internalHref,
    sports: z.array(z.enum(['football', 'ice-hockey', 'tennis', 'basketball', 'esports', 'cricket', 'rugby', 'handball'])).min(1),
    image: image.optional(),
  }),
} satisfies Record<BlockType, z.ZodType>;

/** The envelope of every block. */
export const blockHeader = z.object({
  id: slug,
  type: z.enum(BLOCK_TYPES, { error: `one of ${BLOCK_TYPES.join(', ')}` }),
  /** Serve the block only to brands with this feature toggle (TOP_SPORTS needs Sportsbook). */
  requiresFeature: z.string().min(1).optional(),
});

/** `content/<brand>/layout.json` and `layout.<CC>.json`. */
export const layoutFile = z.strictObject({
  $schema: z.string().optional(),
  /** A note for editors; ignored. */
  $comment: z.string().optional(),
  blocks: z.array(z.record(z.string(), z.unknown())).min(1),
});

/** The icons a menu item may name; the lobby maps them to its icon set. */
export const MENU_ICONS = [
  'home', 'games', 'live-casino', 'slots', 'table-games', 'jackpot', 'raffle', 'promotions', 'sports', 'new',
  'hot', 'rewards', 'loyalty', 'studios', 'search', 'megaways', 'blackjack', 'roulette',
] as const;

/** `content/<brand>/menu.json`: menus by key (the lobby asks for "lobbyMenu"). */
export const menuFile = z.strictObject({
  $schema: z.string().optional(),
  $comment: z.string().optional(),
  menus: z.record(
    z.string().regex(/^[a-zA-Z][a-zA-Z0-9]*$/, 'a camelCase menu key such as "lobbyMenu"'),
    z.strictObject({
      items: z
        .array(
          z.strictObject({
            id: slug,
            label: localisedText,
            href: internalHref,
            icon: z.enum(MENU_ICONS),
            /** Show the item only when the brand has this feature toggle (e.g. Sportsbook). */
            requiresFeature: z.string().optional(),
          }),
        )
        .min(1),
    }),
  ),
});

/** A validated menu file. */
export type MenuFile = z.infer<typeof menuFile>;

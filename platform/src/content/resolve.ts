/**
 * Turns validated content into what the lobby renders: localised texts become plain strings in
 * the requested locale (falling back through language and en), and references are expanded.
 */
import { gameImageUrl } from '../media/artwork.ts';
import type { CatalogueRepository } from '../catalogue/repository.ts';
import { PlatformError } from '../graphql/errors.ts';
import { fallbackChain, isLocale } from '../i18n/locales.ts';
import type { ContentBlock } from './store.ts';

/** A block as the layout query returns it. */
export interface ResolvedBlock {
  id: string;
  type: ContentBlock['type'];
  props: Record<string, unknown>;
}

/** Whether a value is a localised text map (`{ en: "…", … }` with only locale keys). */
function isLocalisedText(value: object): value is Record<string, string> {
  const keys = Object.keys(value);
  return typeof (value as Record<string, unknown>).en === 'string' && keys.every(isLocale);
}

/** The text of a localised text map (or a plain text) in the locale; content validation makes it a string. */
export function localiseText(value: unknown, locale: string): string {
  const text = localise(value, locale);
  return typeof text === 'string' ? text : '';
}

/** Replaces every localised text map in value with its text for the locale. */
export function localise(value: unknown, locale: string): unknown {
  if (Array.isArray(value)) return value.map((item) => localise(item, locale));
  if (value === null || typeof value !== 'object') return value;
  if (isLocalisedText(value)) {
    for (const candidate of fallbackChain(locale)) {
      const text = value[candidate];
      if (text !== undefined) return text;
    }
  }
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, localise(inner, locale)]));
}

/** Resolves blocks for a locale, expanding game references and default links. */
export async function resolveBlocks(
  blocks: readonly ContentBlock[],
  locale: string,
  catalogue: CatalogueRepository,
): Promise<ResolvedBlock[]> {
  return Promise.all(
    blocks.map(async (block) => {
      const props = localise(block.fields, locale) as Record<string, unknown>;
      if (block.type === 'BANNER_GAME') {
        const game = await catalogue.gameBySlug(String(block.fields.game));
        if (!game) {
          throw new PlatformError('InvalidContent', `Block "${block.id}" features game "${String(block.fields.game)}", which no longer exists`);
        }
        const imageUrl = gameImageUrl(game.slug);
        props.game = {
          id: game.id,
          slug: game.slug,
          name: game.name,
          studio: { slug: game.studioSlug, name: game.studioName },
          imageUrl,
          href: `/games/${game.slug}/`,
        };
        props.title ??= game.name;
        props.image ??= { desktop: imageUrl, mobile: imageUrl };
      }
      if (block.type === 'TOP_GAMES') props.href ??= `/game-list/${String(block.fields.listOfGamesSlug)}/`;
      return { id: block.id, type: block.type, props };
    }),
  );
}

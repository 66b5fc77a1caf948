/**
 * The names of the catalogue's lists and categories in the request's locale. The catalogue stores
 * one (English) name per list and category; players read them in the lobby's language, so the
 * platform answers the translation of `gameList.<slug>` or `gameCategory.<slug>` from its
 * translations (platform/data/translations/<locale>.json, the texts the lobby shows around them),
 * and the stored name only for a slug no translation file knows yet.
 */
import type { GraphQLContext } from '../graphql/context.ts';

/** Which translation keys name a kind of catalogue entry. */
export type CatalogueNameKind = 'gameList' | 'gameCategory';

/** The translation key of a list's or a category's name (`gameCategory.table-games`). */
export function catalogueNameKey(kind: CatalogueNameKind, slug: string): string {
  return `${kind}.${slug}`;
}

/** Gives each entry its name in the request's locale (locale argument, else x-locale, else en). */
export async function localiseNames<T extends { slug: string; name: string }>(
  ctx: GraphQLContext,
  kind: CatalogueNameKind,
  entries: readonly T[],
  localeArgument?: string | null,
): Promise<T[]> {
  if (entries.length === 0) return [];
  const locale = ctx.locale(localeArgument);
  const texts = await ctx.services.translations.pick(locale, entries.map((entry) => catalogueNameKey(kind, entry.slug)));
  return entries.map((entry) => {
    const name = texts[catalogueNameKey(kind, entry.slug)]?.trim();
    return name ? { ...entry, name } : { ...entry };
  });
}

/** One entry's name in the request's locale; null stays null (an unknown slug). */
export async function localiseName<T extends { slug: string; name: string }>(
  ctx: GraphQLContext,
  kind: CatalogueNameKind,
  entry: T | null,
  localeArgument?: string | null,
): Promise<T | null> {
  return entry ? ((await localiseNames(ctx, kind, [entry], localeArgument))[0] ?? entry) : null;
}

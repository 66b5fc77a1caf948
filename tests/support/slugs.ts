/** Real slugs for the routes with a dynamic segment: feature pages answer 404 for things that do not exist. */
export const ROUTE_SLUGS: Readonly<Record<string, string>> = {
  game: 'rusty-cherries',
  'game-category': 'slots',
  'game-list': 'slots',
  'game-studio': 'northwind-forge',
};

/** A route pattern with its slug filled in. */
export function routeExamplePath(id: string, pattern: string): string {
  return pattern.replace(':slug', ROUTE_SLUGS[id] ?? 'sample-slug');
}

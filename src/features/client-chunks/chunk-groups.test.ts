import { describe, expect, it } from 'vitest';
import { chunkGroupOf, clientChunkGroups, type ChunkGraph } from './chunk-groups.ts';

/** A module graph from an adjacency list. */
function graphOf(imports: Record<string, string[]>): ChunkGraph {
  return { getModuleInfo: (id) => (id in imports ? { importedIds: imports[id]! } : null) };
}

const graph = graphOf({
  '/src/session/SessionBoot.astro?astro&type=script&index=0&lang.ts': ['/src/session/boot.ts'],
  '/src/session/boot.ts': ['/src/session/store.ts', '/node_modules/nanostores/atom/index.js'],
  '/src/session/store.ts': ['/node_modules/nanostores/atom/index.js'],
  '/node_modules/nanostores/atom/index.js': [],
  '/src/ui/UiHost.tsx': ['/src/ui/toasts.tsx', '/src/session/store.ts', '/src/consent/store.ts', '/node_modules/react/index.js'],
  '/src/consent/store.ts': ['/node_modules/nanostores/atom/index.js'],
  '/src/ui/toasts.tsx': ['/node_modules/react/jsx-runtime.js'],
  '/node_modules/react/index.js': [],
  '/node_modules/react/jsx-runtime.js': [],
  '/src/games/GameCarousel.tsx': ['/src/games/tile.tsx', '/src/games/carousel.ts', '/src/session/store.ts'],
  '/src/games/GameGrid.tsx': ['/src/games/tile.tsx', '/src/games/paging.ts', '/src/ui/toasts.tsx', '/src/session/store.ts'],
  '/src/games/tile.tsx': ['/src/paths.ts', '/node_modules/react/jsx-runtime.js'],
  '/src/paths.ts': [],
  '/src/games/carousel.ts': [],
  '/src/games/paging.ts': [],
  '/src/games/GameLauncher.tsx': ['/src/games/launch.ts'],
  '/src/games/launch.ts': [],
  '/src/lobby/Rest.astro?astro&type=script&index=0&lang.ts': ['/src/ui/toasts.tsx'],
  '/src/chat/Boot.astro?astro&type=script&index=0&lang.ts': ['/src/consent/store.ts'],
  '/src/session/runtime.ts': ['/src/session/logout.ts'],
  '/src/session/logout.ts': ['/src/paths.ts'],
});
const roots = {
  session: ['/src/session/SessionBoot.astro?astro&type=script&index=0&lang.ts'],
  shell: ['/src/ui/UiHost.tsx'],
  catalog: ['/src/games/GameCarousel.tsx', '/src/games/GameGrid.tsx'],
};

describe('clientChunkGroups', () => {
  const groups = clientChunkGroups(roots);
  const name = (id: string, graph: ChunkGraph) => chunkGroupOf(groups, id, graph);

  it('puts the React runtime in one group', () => {
    expect(name('/node_modules/react/index.js', graph)).toBe('react');
    expect(name('/node_modules/react/jsx-runtime.js', graph)).toBe('react');
    expect(name('/node_modules/react-dom/cjs/react-dom-client.production.js', graph)).toBe('react');
    expect(name('/node_modules/@nanostores/react/index.js', graph)).toBe('react');
  });

  it("groups what the session check imports, shared modules included, apart from the islands' shell", () => {
    expect(name('/src/session/boot.ts', graph)).toBe('session');
    expect(name('/src/session/store.ts', graph)).toBe('session');
    expect(name('/node_modules/nanostores/atom/index.js', graph)).toBe('session');
    expect(name('/src/ui/UiHost.tsx', graph)).toBe('shell');
    expect(name('/src/ui/toasts.tsx', graph)).toBe('shell');
  });

  it('never groups a page script, whose top-level code must run only when the page loads it', () => {
    expect(name('/src/session/SessionBoot.astro?astro&type=script&index=0&lang.ts', graph)).toBeNull();
    expect(name('/src/lobby/Rest.astro?astro&type=script&index=0&lang.ts', graph)).toBeNull();
  });

  it('puts what the page-wide islands import that never reaches React with the session check, so a page script reading it does not bring React', () => {
    // The consent store, read by the chat button's script as well as by the consent prompt.
    expect(name('/src/consent/store.ts', graph)).toBe('session');
    expect(name('/src/ui/UiHost.tsx', graph)).toBe('shell');
  });

  it('groups what both game islands import, and only that: the route table apart from the tiles, which import React', () => {
    expect(name('/src/games/tile.tsx', graph)).toBe('catalog');
    // Also the player runtime's sign-out's: in the tiles' file, it brought React's module with it.
    expect(name('/src/paths.ts', graph)).toBe('routes');
    expect(name('/src/games/carousel.ts', graph)).toBeNull();
    expect(name('/src/games/paging.ts', graph)).toBeNull();
    expect(name('/src/games/GameCarousel.tsx', graph)).toBeNull();
    expect(name('/src/games/GameGrid.tsx', graph)).toBeNull();
  });

  it('leaves what only some pages load to the bundler', () => {
    expect(name('/src/games/GameLauncher.tsx', graph)).toBeNull();
    expect(name('/src/games/launch.ts', graph)).toBeNull();
  });

  it('ranks the groups so each claims its modules before a later one imports them', () => {
    expect(groups.map((group) => group.priority)).toEqual([5, 4, 3, 2, 1]);
    expect(groups.map((group) => group.name('/node_modules/react/index.js', graph))).toEqual(['react', null, 'shell', null, null]);
    expect(groups.map((group) => group.name('/node_modules/react/jsx-runtime.js', graph))).toEqual(['react', null, 'shell', null, 'catalog']);
    expect(groups.map((group) => group.name('/src/session/store.ts', graph))).toEqual([null, 'session', 'shell', 'routes', 'catalog']);
  });

  it('names the default roots after files that exist', async () => {
    const { PAGE_SHELL_ROOTS } = await import('./chunk-groups.ts');
    const { existsSync } = await import('node:fs');
    for (const id of Object.values(PAGE_SHELL_ROOTS).flat()) expect(existsSync(id.replace(/\?.*$/, ''))).toBe(true);
  });
});

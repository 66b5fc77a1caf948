/**
 * How the browser's JavaScript is cut into files: the client build's Rolldown `codeSplitting`
 * groups (astro.config.mjs). Left to itself the bundler gives every set of islands that share a
 * module a file of its own, so the anonymous lobby loaded 33 files, most under 1 KB, and brotli
 * compresses each file alone: the same code in one file was 7 KB smaller (issue 16).
 *
 * The groups hold only code that every page loads anyway, so no page downloads a byte more; it
 * comes in fewer, better-compressed files:
 * - `react`: React, React DOM, the scheduler, Astro's React renderer and @nanostores/react, which
 *   every island needs (every page has the consent and overlay islands);
 * - `session`: what the session check (SessionBoot, on every page) imports, and what the page-wide
 *   islands import that never reaches React. It holds no React, so the check never waits for
 *   React's download;
 * - `shell`: what the page-wide islands of BaseDocument (the consent prompt, the overlay and toast
 *   outlets) import, beyond the two above, that reaches React;
 * - `routes` and `catalog`: what both game islands (the lobby's rails and the game pages' grid)
 *   import, beyond the above: the route table and the tiles' helpers, which never reach React, in
 *   `routes`; the tiles themselves in `catalog`. A page with either loads both.
 * No React-free module is put beside React: a file that imports React's chunk evaluates React's
 * module with it. The consent store in `shell` made the chat button's script do that, and the route
 * table in `catalog` the player runtime (through its sign-out): React's module (106-156 ms on a
 * phone at 4x CPU) then ran in a script's own task, as early as that script, not for the first
 * island that needs it.
 * A page script (`<script>` of an .astro component) is never put in a group: its top-level code
 * runs when it is imported, and an island importing the group would run it too early.
 */
import { fileURLToPath } from 'node:url';

/** What the grouping reads of a module (Rolldown's ModuleInfo, structurally). */
export interface ChunkModule {
  importedIds: readonly string[];
}

/** The module graph as Rolldown hands it to a group's `name` (its ChunkingContext). */
export interface ChunkGraph {
  getModuleInfo(id: string): ChunkModule | null;
}

/** The modules whose imports make up each group: module ids, as the bundler names them. */
export interface ChunkRoots {
  /** The session group: what any of these imports. */
  session: readonly string[];
  /** The shell group: what any of these imports. */
  shell: readonly string[];
  /** The catalog group: what every one of these imports. */
  catalog: readonly string[];
}

/** The React runtime: every island's first need. */
const REACT_RUNTIME = /[\\/]node_modules[\\/](?:react|react-dom|scheduler|@astrojs[\\/]react|@nanostores[\\/]react)[\\/]/;
/** Astro's id suffix of a component's page script. */
const PAGE_SCRIPT = '?astro&type=script';

const source = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));

/** The every-page roots of this project: the session check's script and BaseDocument's islands. */
export const PAGE_SHELL_ROOTS: ChunkRoots = {
  session: [`${source('features/session/SessionBoot.astro')}${PAGE_SCRIPT}&index=0&lang.ts`],
  shell: [source('features/consent/ConsentHost.tsx'), source('features/ui-host/UiHost.tsx')],
  catalog: [source('features/games/GameCarousel.tsx'), source('features/games/GameGrid.tsx')],
};

/** Every module statically imported, directly or not, by the roots (the roots included). */
function staticallyReached(graph: ChunkGraph, roots: readonly string[]): Set<string> {
  const reached = new Set<string>();
  const pending = [...roots];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (reached.has(id)) continue;
    const info = graph.getModuleInfo(id);
    if (!info) continue;
    reached.add(id);
    pending.push(...info.importedIds);
  }
  return reached;
}

/** One Rolldown `codeSplitting` group: its name function and its priority (higher claims first). */
export interface ChunkGroup {
  name: (id: string, graph: ChunkGraph) => string | null;
  priority: number;
}

/**
 * The groups, highest priority first. A group also takes the modules its modules import (Rolldown's
 * `includeDependenciesRecursively`), so the order matters: each group claims its modules before a
 * later one could pull them in (the React runtime before the islands that import it, the session
 * check's modules before the islands that share them). The reach of the roots is worked out once
 * per build (Rolldown hands every call of one build the same graph).
 */
export function clientChunkGroups(roots: ChunkRoots = PAGE_SHELL_ROOTS): ChunkGroup[] {
  const reach = new WeakMap<ChunkGraph, Record<keyof ChunkRoots, Set<string>> & { react: Map<string, boolean> }>();
  const groupsOf = (graph: ChunkGraph) => {
    let groups = reach.get(graph);
    if (!groups) {
      const [first, ...others] = roots.catalog.map((root) => staticallyReached(graph, [root]));
      groups = {
        session: staticallyReached(graph, roots.session),
        shell: staticallyReached(graph, roots.shell),
        catalog: new Set([...(first ?? [])].filter((id) => others.every((reached) => reached.has(id)))),
        react: new Map(),
      };
      reach.set(graph, groups);
    }
    return groups;
  };
  /** Whether a module imports React's runtime, directly or not (worked out once per module). */
  const reachesReact = (id: string, graph: ChunkGraph) => {
    const known = groupsOf(graph).react;
    let reaches = known.get(id);
    if (reaches === undefined) {
      reaches = [...staticallyReached(graph, [id])].some((reached) => REACT_RUNTIME.test(reached));
      known.set(id, reaches);
    }
    return reaches;
  };
  const within = (name: keyof ChunkRoots, id: string, graph: ChunkGraph) => !id.includes(PAGE_SCRIPT) && groupsOf(graph)[name].has(id);
  return [
    { name: (id) => (REACT_RUNTIME.test(id) ? 'react' : null), priority: 5 },
    {
      name: (id, graph) => (within('session', id, graph) || (within('shell', id, graph) && !reachesReact(id, graph)) ? 'session' : null),
      priority: 4,
    },
    { name: (id, graph) => (within('shell', id, graph) ? 'shell' : null), priority: 3 },
    { name: (id, graph) => (within('catalog', id, graph) && !reachesReact(id, graph) ? 'routes' : null), priority: 2 },
    { name: (id, graph) => (within('catalog', id, graph) ? 'catalog' : null), priority: 1 },
  ];
}

/** The group a module falls in, by the groups' priorities (for tests and for reading the build). */
export function chunkGroupOf(groups: ChunkGroup[], id: string, graph: ChunkGraph): string | null {
  for (const group of [...groups].sort((a, b) => b.priority - a.priority)) {
    const name = group.name(id, graph);
    if (name) return name;
  }
  return null;
}

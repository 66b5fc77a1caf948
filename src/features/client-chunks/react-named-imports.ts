/**
 * Keeps React's CommonJS interop out of the player pages' files (issue 32: the console must change no
 * player page's JavaScript). React and React DOM ship as CommonJS. While every module of the build
 * imports them by name (`import { useState } from 'react'`), Rolldown hands out their bindings from
 * the `react` file ready to use. One default or namespace import (`import React from 'react'`) makes
 * it switch every importer to the interop helper instead: each island then imports `__toESM` from
 * the runtime file and wraps React itself, about 1.9 KB brotli more on the signed-in lobby. The
 * console's libraries (@dnd-kit, TipTap) write `import React, { … } from 'react'` and
 * `import ReactDOM from 'react-dom'` and use a few members through them; this transform turns such an
 * import in a dependency into named imports and a small object of just the members the module uses.
 */

/** A dependency's file (not React's own packages, which are CommonJS and never import themselves this way). */
const DEPENDENCY = /[\\/]node_modules[\\/](?!(?:react|react-dom|scheduler)[\\/])/;

/** `import X from 'react'`, `import X, { … } from 'react'` or `import * as X from 'react'` (also react-dom), as a whole line. */
const WHOLE_IMPORT = /^import (?:\* as ([A-Za-z_$][\w$]*)|([A-Za-z_$][\w$]*)(?:, \{([^}]*)\})?) from (['"])(react|react-dom)\4;?$/gm;

/** The module's code with its default and namespace imports of React made named imports, or null when it has none (or uses one as a whole value). */
export function namedReactImports(code: string): string | null {
  if (!/from ['"]react(?:-dom)?['"]/.test(code)) return null;
  let changed = false;
  let usedWhole = false;
  // Uses are counted in the code without its comments (documentation says "React" freely).
  const uncommented = code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/[^\n]*/g, '$1');
  const rewritten = code.replace(WHOLE_IMPORT, (line, namespace: string | undefined, local: string | undefined, names: string | undefined, quote: string, source: string) => {
    const name = (namespace ?? local) as string;
    const uses = [...uncommented.matchAll(new RegExp(`(?<![\\w$.])${name.replace(/\$/g, '\\$')}\\b(\\.([A-Za-z_$][\\w$]*))?`, 'g'))];
    // Besides its import, every use must be a member (`React.createElement`); otherwise leave the module as it is.
    if (uses.filter((use) => use[1] === undefined).length > 1) {
      usedWhole = true;
      return line;
    }
    const members = [...new Set(uses.map((use) => use[2]).filter((member): member is string => member !== undefined))].sort();
    const prefix = `__${source.replace('-', '_')}_`;
    const named = (names ?? '').split(',').map((each) => each.trim()).filter(Boolean);
    changed = true;
    return [
      `import { ${[...named, ...members.map((member) => `${member} as ${prefix}${member}`)].join(', ')} } from ${quote}${source}${quote};`,
      `const ${name} = { ${members.map((member) => `${member}: ${prefix}${member}`).join(', ')} };`,
    ].join('\n');
  });
  return changed && !usedWhole ? rewritten : null;
}

/** The Vite plugin: applied to the dependencies' modules. */
export function reactNamedImports() {
  return {
    name: 'atrium-react-named-imports',
    enforce: 'pre' as const,
    transform(code: string, id: string) {
      if (!DEPENDENCY.test(id) || !/\.[cm]?js(?:\?|$)/.test(id)) return null;
      const rewritten = namedReactImports(code);
      return rewritten === null ? null : { code: rewritten, map: null };
    },
  };
}

/**
 * Keeps React's CommonJS interop out of the player pages' files (issue 32: the console must change no
 * player page's JavaScript). React ships as CommonJS. While every module of the build imports it by
 * name (`import { useState } from 'react'`), Rolldown hands out its bindings from the `react` file
 * ready to use. One default import (`import React from 'react'`) makes it switch every importer to
 * the interop helper instead: each island then imports `__toESM` from the runtime file and wraps
 * React itself, about 1.9 KB brotli more on the signed-in lobby. The console's drag-and-drop library
 * (@dnd-kit) writes `import React, { … } from 'react'` and uses `React.createElement` and a few
 * more; this transform turns that into named imports and a small object of just those members.
 */

/** The packages whose `import React` default import is rewritten. */
const PACKAGES = /[\\/]node_modules[\\/]@dnd-kit[\\/][^\\/]+[\\/]dist[\\/][^\\/]+\.esm\.js$/;

const DEFAULT_IMPORT = /^import React(?:, \{([^}]*)\})? from 'react';$/m;

/** The module's code with its `import React` made named imports, or null when it has none. */
export function namedReactImports(code: string): string | null {
  const match = DEFAULT_IMPORT.exec(code);
  if (!match) return null;
  const members = [...new Set([...code.matchAll(/\bReact\.([A-Za-z_$][\w$]*)/g)].map((use) => use[1] as string))].sort();
  const named = (match[1] ?? '').split(',').map((name) => name.trim()).filter(Boolean);
  const aliased = members.map((member) => `${member} as __react_${member}`);
  const imports = `import { ${[...named, ...aliased].join(', ')} } from 'react';`;
  const object = `const React = { ${members.map((member) => `${member}: __react_${member}`).join(', ')} };`;
  return code.replace(DEFAULT_IMPORT, `${imports}\n${object}`);
}

/** The Vite plugin: applied to the listed packages' ES module files. */
export function reactNamedImports() {
  return {
    name: 'atrium-react-named-imports',
    enforce: 'pre' as const,
    transform(code: string, id: string) {
      if (!PACKAGES.test(id)) return null;
      const rewritten = namedReactImports(code);
      return rewritten === null ? null : { code: rewritten, map: null };
    },
  };
}

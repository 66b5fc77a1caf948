import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { namedReactImports, reactNamedImports } from './react-named-imports.ts';

describe('React by name only', () => {
  it('turns a default import into named imports and an object of the members used', () => {
    const code = "import React, { useState } from 'react';\nexport const a = () => React.createElement(React.Fragment, null, useState(0)[0]);";
    expect(namedReactImports(code)).toBe(
      "import { useState, Fragment as __react_Fragment, createElement as __react_createElement } from 'react';\n" +
        'const React = { Fragment: __react_Fragment, createElement: __react_createElement };\n' +
        'export const a = () => React.createElement(React.Fragment, null, useState(0)[0]);',
    );
    expect(namedReactImports("import React from 'react';\nReact.memo(x);")).toBe("import { memo as __react_memo } from 'react';\nconst React = { memo: __react_memo };\nReact.memo(x);");
    expect(namedReactImports("import { useState } from 'react';")).toBeNull();
  });

  it('leaves no default import of React in the installed drag-and-drop library', () => {
    const plugin = reactNamedImports();
    const require = createRequire(import.meta.url);
    for (const name of ['core', 'sortable', 'accessibility', 'utilities']) {
      const folder = dirname(require.resolve(`@dnd-kit/${name}/package.json`));
      const file = join(folder, (JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { module: string }).module);
      const code = readFileSync(file, 'utf8');
      const result = plugin.transform(code, file);
      const out = result?.code ?? code;
      expect(out, name).not.toMatch(/^import React\b/m);
      expect(out, name).not.toMatch(/^import \* as React\b/m);
    }
  });
});

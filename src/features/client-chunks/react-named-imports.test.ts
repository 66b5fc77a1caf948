import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
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
  });

  it('does the same for a namespace import, React DOM and double quotes', () => {
    expect(namedReactImports('import * as R from "react"\nR.memo(x);')).toBe('import { memo as __react_memo } from "react";\nconst R = { memo: __react_memo };\nR.memo(x);');
    expect(namedReactImports('import ReactDOM from "react-dom"\nReactDOM.flushSync(f);')).toBe(
      'import { flushSync as __react_dom_flushSync } from "react-dom";\nconst ReactDOM = { flushSync: __react_dom_flushSync };\nReactDOM.flushSync(f);',
    );
  });

  it('leaves alone a module with named imports only, or one that uses React as a whole value', () => {
    expect(namedReactImports("import { useState } from 'react';")).toBeNull();
    expect(namedReactImports("import React from 'react';\nregister(React);")).toBeNull();
    // A comment naming React is not a use.
    expect(namedReactImports("import React from 'react';\n/** Renders a React component. */\n// React 19+\nReact.memo(x);")).toContain('const React = { memo: __react_memo };');
  });

  it('leaves no default or namespace import of React in the console\'s installed libraries', () => {
    const plugin = reactNamedImports();
    // Each package's ES module entry, as the client build resolves it (import conditions).
    const files = ['@dnd-kit/core', '@dnd-kit/sortable', '@dnd-kit/accessibility', '@dnd-kit/utilities', '@tiptap/react', '@tiptap/react/menus'].map((name) => fileURLToPath(import.meta.resolve(name)));
    for (const file of files) {
      const code = readFileSync(file, 'utf8');
      const out = plugin.transform(code, file)?.code ?? code;
      expect(out, file).not.toMatch(/^import (?:\* as )?\w+(?:, \{[^}]*\})? from ['"]react(?:-dom)?['"]/m);
    }
  });
});

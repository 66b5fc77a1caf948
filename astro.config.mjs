// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import { fileURLToPath } from 'node:url';
import { transformSync } from 'esbuild';
import { copyLibFiles } from '@qwik.dev/partytown/utils';
import { readFile, writeFile } from 'node:fs/promises';
import { AFTER_PAINT_GATE_SCRIPT } from './src/features/after-paint/gate.ts';
import { clientChunkGroups } from './src/features/client-chunks/chunk-groups.ts';
import { reactNamedImports } from './src/features/client-chunks/react-named-imports.ts';
import { rewritePartytownLibrary, SANDBOX_PAGE_FILE, SERVICE_WORKER_FILE } from './src/features/tags/partytown-start-up.ts';
import { CSP_BASE_DIRECTIVES, CSP_STYLE_RESOURCES, inlineScriptHash } from './src/features/security/csp.ts';

/**
 * `client:afterpaint`: islands that wait for the page's largest paint (src/features/after-paint/).
 * @type {import('astro').AstroIntegration}
 */
const afterPaintDirective = {
  name: 'atrium-after-paint',
  hooks: {
    'astro:config:setup': ({ addClientDirective }) => {
      addClientDirective({ name: 'afterpaint', entrypoint: fileURLToPath(new URL('./src/features/after-paint/directive.ts', import.meta.url)) });
    },
  },
};

/**
 * Partytown's library (the consented third-party tags run in its worker, src/features/tags/):
 * copied next to the client build at /~partytown/, on the lobby's own origin as its service worker
 * requires. Only the production files; the page loads them once a tag's category is granted. Its
 * sandbox's start-up is rewritten to run in short tasks (src/features/tags/partytown-start-up.ts).
 * @type {import('astro').AstroIntegration}
 */
const partytownLibrary = (() => {
  /** @type {URL | undefined} */
  let clientDir;
  return {
    name: 'atrium-partytown-library',
    hooks: {
      'astro:config:done': ({ config }) => {
        clientDir = config.build.client;
      },
      'astro:build:done': async () => {
        if (!clientDir) return;
        const libDir = new URL('~partytown/', clientDir);
        await copyLibFiles(fileURLToPath(libDir), { debugDir: false });
        const read = (/** @type {string} */ file) => readFile(new URL(file, libDir), 'utf8');
        const rewritten = rewritePartytownLibrary({ [SERVICE_WORKER_FILE]: await read(SERVICE_WORKER_FILE), [SANDBOX_PAGE_FILE]: await read(SANDBOX_PAGE_FILE) });
        for (const [file, text] of Object.entries(rewritten)) await writeFile(new URL(file, libDir), text);
      },
    },
  };
})();

// The after-paint gate rides in every page's head, so it goes out minified (about 40 % fewer bytes
// than as written); the page inlines exactly this text and the CSP carries its hash.
const afterPaintGate = transformSync(AFTER_PAINT_GATE_SCRIPT, { minify: true, target: 'es2022' }).code.trim();

// The lobby is rendered on demand: brands, content and translations are read at request time,
// so an operator can add a brand or an editor change a block without a build.
export default defineConfig({
  output: 'server',
  trailingSlash: 'always',
  adapter: node({ mode: 'standalone' }),
  integrations: [react(), afterPaintDirective, partytownLibrary],
  server: { port: Number(process.env.PORT ?? 4321), host: true },
  // The stylesheets are built as files; each page inlines only the rules its markup uses and loads
  // the files after its first paint (src/features/critical-css/). A render-blocking stylesheet
  // would cost a phone a round trip (measured: 1.21x the floor page's LCP), and the whole sheet
  // inlined kept the lobby's HTML from fitting a new connection's first round trip.
  build: { inlineStylesheets: 'never' },
  prefetch: false,
  devToolbar: { enabled: false },
  // Every page's Content-Security-Policy header: Astro hashes each script it emits; the directives
  // and the per-brand frame-src come from src/features/security/.
  security: {
    csp: {
      algorithm: 'SHA-256',
      directives: [...CSP_BASE_DIRECTIVES],
      styleDirective: { resources: [...CSP_STYLE_RESOURCES] },
      scriptDirective: { hashes: [inlineScriptHash(afterPaintGate)] },
    },
  },
  vite: {
    define: { __AFTER_PAINT_GATE__: JSON.stringify(afterPaintGate) },
    // React by name only, so the console's drag-and-drop library leaves the player pages' files as they were.
    plugins: [reactNamedImports()],
    // The browser's code that every page loads comes in a few larger files instead of many small
    // ones, which brotli compresses better (src/features/client-chunks/).
    environments: { client: { build: { rolldownOptions: { output: { codeSplitting: { groups: clientChunkGroups() } } } } } },
  },
});

import { defineConfig } from 'vitest/config';

// One runner for the lobby's unit tests, the platform suite and the scripts. End-to-end tests
// (tests/, Playwright) run separately. The platform suite is a project of its own: its global set-up
// (platform/test/global-setup.ts: the migrated and seeded database every test platform starts a copy
// of) runs only when platform tests do, and its files share one module graph (isolate: false), so
// PGlite's WebAssembly, the platform's modules and the prepared database are loaded once, not per file
// (this halves the platform suite's time; every test still starts its own platform on its own copy
// of the database, and platform/test/setup.ts undoes each file's spies).
export default defineConfig({
  resolve: {
    // graphql 16 ships CJS (main) and ESM (module) builds. Node, and so every externalised package
    // (graphql-http, @graphql-tools), loads the CJS one; Vite would hand test code the ESM one, and
    // two graphql instances reject each other's schemas. Pin source imports to the CJS build too.
    alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }],
  },
  test: {
    environment: 'node',
    testTimeout: 20_000,
    // A platform start copies a prepared database (about a second); generous for a busy 2-core machine.
    hookTimeout: 90_000,
    teardownTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'shared/**/*.test.ts', 'scripts/**/*.test.ts', 'server/**/*.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'platform',
          include: ['platform/test/**/*.test.ts'],
          globalSetup: ['platform/test/global-setup.ts'],
          setupFiles: ['platform/test/setup.ts'],
          isolate: false,
        },
      },
    ],
  },
});

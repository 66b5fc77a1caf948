import { defineConfig } from 'vitest/config';

// One runner for the lobby's unit tests, the platform suite and the scripts. End-to-end tests
// (tests/, Playwright) run separately. Platform suites start an embedded PostgreSQL (PGlite)
// per file, which takes a few seconds on a busy 2-core machine, hence the generous hook timeout.
export default defineConfig({
  resolve: {
    // graphql 16 ships CJS (main) and ESM (module) builds. Node, and so every externalised package
    // (graphql-http, @graphql-tools), loads the CJS one; Vite would hand test code the ESM one, and
    // two graphql instances reject each other's schemas. Pin source imports to the CJS build too.
    alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }],
  },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'platform/test/**/*.test.ts', 'scripts/**/*.test.ts', 'server/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 90_000,
    teardownTimeout: 30_000,
  },
});

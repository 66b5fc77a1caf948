/**
 * ESLint for the lobby, the platform, the scripts and the tests: typescript-eslint's recommended
 * rules, React's hook rules, jsx-a11y for every island, and import-x's no-cycle, so an import cycle
 * anywhere fails `npm test`. `.astro` files are checked by `astro check` instead. Zero errors and
 * zero warnings is the bar (`eslint --max-warnings 0`).
 */
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

export default defineConfig(
  { ignores: ['dist/', '.astro/', '.data/', 'node_modules/', 'test-results/', 'playwright-report/'] },
  ...tseslint.configs.recommended,
  // Generated GraphQL types (`npm run codegen`) are linted like the rest, but the generator's own
  // idiom stays: its helper types use `any`.
  { files: ['src/lib/graphql/generated/*.ts', 'platform/src/graphql/generated/*.ts'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // Shared code stays below the features: src/lib/ and src/i18n/ never import a feature, and the
      // lobby never imports the platform (it only knows its URLs). The contracts between the two
      // (shared/: the brand schema, the locale list) import neither, and the platform's code
      // reaches lobby code only through shared/.
      'import-x/no-restricted-paths': ['error', {
        zones: [
          { target: ['./src/lib', './src/i18n', './src/brands'], from: './src/features', message: 'Shared modules must not import a feature: move the shared part down, or the module into the feature.' },
          { target: ['./src', './server'], from: './platform', message: 'The lobby talks to the platform over HTTP only: use its URL from configuration.' },
          { target: './shared', from: ['./src', './server', './platform'], message: 'shared/ holds the contracts between the lobby and the platform: it must not import either side.' },
          { target: './platform/src', from: ['./src', './server'], message: 'The platform is a separate service: share a contract through shared/ instead of importing lobby code.' },
        ],
      }],
      // Unused arguments and caught errors named with a leading underscore are deliberate.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: ['src/**/*.tsx'],
    ...reactHooks.configs.flat.recommended,
    ...jsxA11y.flatConfigs.recommended,
    plugins: { ...reactHooks.configs.flat.recommended.plugins, ...jsxA11y.flatConfigs.recommended.plugins },
    rules: { ...reactHooks.configs.flat.recommended.rules, ...jsxA11y.flatConfigs.recommended.rules },
    languageOptions: { ...jsxA11y.flatConfigs.recommended.languageOptions, globals: { ...globals.browser } },
  },
  {
    // Browser code: the lobby's islands and stores, and the platform's framed pages' scripts.
    files: ['src/**/*.{ts,tsx}', 'platform/src/**/*.client.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // Test files may use `any` for loosely shaped GraphQL replies.
    files: ['**/*.test.ts', 'tests/**/*.ts', 'platform/test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);

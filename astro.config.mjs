// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import { CSP_BASE_DIRECTIVES, CSP_STYLE_RESOURCES } from './src/features/security/csp.ts';

// The lobby is rendered on demand: brands, content and translations are read at request time,
// so an operator can add a brand or an editor change a block without a build.
export default defineConfig({
  output: 'server',
  trailingSlash: 'always',
  adapter: node({ mode: 'standalone' }),
  integrations: [react()],
  server: { port: Number(process.env.PORT ?? 4321), host: true },
  build: { inlineStylesheets: 'auto' },
  prefetch: false,
  devToolbar: { enabled: false },
  // Every page's Content-Security-Policy header: Astro hashes each script it emits; the directives
  // and the per-brand frame-src come from src/features/security/.
  security: {
    csp: {
      algorithm: 'SHA-256',
      directives: [...CSP_BASE_DIRECTIVES],
      styleDirective: { resources: [...CSP_STYLE_RESOURCES] },
    },
  },
});

// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';

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
});

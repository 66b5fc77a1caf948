import base from './astro.config.mjs';
export default { ...base, outDir: '/tmp/sm-dist', vite: { ...base.vite, environments: { client: { build: { sourcemap: true, rolldownOptions: base.vite.environments.client.build.rolldownOptions } } } } };

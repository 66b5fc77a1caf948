/**
 * The Lighthouse settings `npm run bench` and `scripts/lcp-replay.ts` share: the performance
 * category only (mobile emulation, simulated throttling), and every run a first visit. Lighthouse
 * empties the HTTP cache but by default keeps local storage, where the lobby remembers that this
 * browser already has the brand fonts (features/after-paint/gate.ts). A browser with that note but
 * an empty cache is not a visitor anyone is; clearing local storage too measures the first visit
 * the budgets are about.
 */
export function firstVisitFlags(port: number) {
  return {
    port,
    logLevel: 'error' as const,
    onlyCategories: ['performance'],
    clearStorageTypes: ['file_systems', 'shader_cache', 'service_workers', 'cache_storage', 'local_storage'] as (
      'file_systems' | 'shader_cache' | 'service_workers' | 'cache_storage' | 'local_storage'
    )[],
  };
}

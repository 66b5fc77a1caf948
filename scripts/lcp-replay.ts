/**
 * `node scripts/lcp-replay.ts <url>`: why Lighthouse's LCP for a page is what it is. Runs Lighthouse
 * on the page (mobile, simulated throttling, a first visit, as `npm run bench` does) and prints the
 * two replays its LCP is the mean of: every request and main-thread task Lantern kept, with when it
 * starts and ends on the simulated slow-4G phone. What ends last is what holds the largest paint.
 * Start the lobby first (`npm start`, or `npm run bench`'s port while it runs).
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
import { assertChromium, CHROMIUM_ARGS, chromiumPath } from '../tests/support/chromium.ts';
import { firstVisitFlags } from './lighthouse-first-visit.ts';

const url = process.argv[2];
if (!url) {
  console.error('Give the page to explain, e.g. node scripts/lcp-replay.ts http://aurelia.localhost:4321/en/');
  process.exit(2);
}

/** The parts of Lantern's graph nodes and timings this report reads. */
interface ReplayNode {
  type: 'network' | 'cpu';
  request?: { url: string; resourceType: string; priority: string; transferSize: number; connectionReused: boolean };
  childEvents?: { name: string }[];
}
interface Estimate {
  timeInMs: number;
  nodeTimings: Map<ReplayNode, { startTime: number; endTime: number }>;
}

function describe(node: ReplayNode): string {
  if (node.type === 'network' && node.request) {
    const { request } = node;
    const path = request.url.replace(/^https?:\/\/[^/]+/, '').slice(0, 70);
    return `${request.resourceType} (${request.priority}) ${path}  ${request.transferSize} B${request.connectionReused ? '' : ', new connection'}`;
  }
  const work = [...new Set((node.childEvents ?? []).map((event) => event.name).filter((name) => /^(ParseHTML|EvaluateScript|Layout|UpdateLayoutTree|Paint)$/.test(name)))];
  return `main thread: ${work.join(', ') || 'other work'}`;
}

assertChromium();
const chrome = await chromeLauncher.launch({ chromePath: chromiumPath(), chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
try {
  const flags = firstVisitFlags(chrome.port);
  await lighthouse(url, flags); // warm the server's caches, as the bench does
  const result = await lighthouse(url, flags);
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const artifacts = result.artifacts;
  const settings = result.lhr.configSettings;
  const lcp = (await LanternLargestContentfulPaint.request(
    {
      trace: artifacts.Trace, devtoolsLog: artifacts.DevtoolsLog, gatherContext: artifacts.GatherContext, settings,
      URL: artifacts.URL, SourceMaps: artifacts.SourceMaps, simulator: null, HostDPR: artifacts.HostDPR,
    },
    { computedCache: new Map(), settings } as never,
  )) as unknown as { timing: number; optimisticEstimate: Estimate; pessimisticEstimate: Estimate };
  console.log(`${url}\nLCP ${lcp.timing.toFixed(0)} ms = mean of optimistic ${lcp.optimisticEstimate.timeInMs.toFixed(0)} ms and pessimistic ${lcp.pessimisticEstimate.timeInMs.toFixed(0)} ms`);
  for (const [name, estimate] of [['optimistic', lcp.optimisticEstimate], ['pessimistic', lcp.pessimisticEstimate]] as const) {
    console.log(`\n${name} replay:`);
    const rows = [...estimate.nodeTimings.entries()].sort((a, b) => a[1].startTime - b[1].startTime);
    for (const [node, timing] of rows) {
      console.log(`  ${timing.startTime.toFixed(0).padStart(5)} → ${timing.endTime.toFixed(0).padStart(5)} ms  ${describe(node)}`);
    }
  }
} finally {
  chrome.kill();
}

import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, chromiumPath } from './tests/support/chromium.ts';
import { firstVisitFlags } from './scripts/lighthouse-first-visit.ts';
const url = process.argv[2]!;
const chrome = await chromeLauncher.launch({ chromePath: chromiumPath(), chromeFlags: [...CHROMIUM_ARGS, '--headless=new'] });
for (let i = 0; i < Number(process.argv[3] ?? 1); i++) {
  const result = await lighthouse(url, firstVisitFlags(chrome.port));
  const a = result!.lhr.audits;
  console.log('LCP', Math.round(a['largest-contentful-paint']!.numericValue!), 'TBT', Math.round(a['total-blocking-time']!.numericValue!), 'CLS', a['cumulative-layout-shift']!.numericValue!.toFixed(3));
  const items = (a['long-tasks']?.details as { items?: { url: string; duration: number; startTime: number }[] })?.items ?? [];
  for (const item of items.slice(0, 8)) console.log('  long task', Math.round(item.startTime), Math.round(item.duration), item.url);
  const bt = (a['bootup-time']?.details as { items?: { url: string; total: number; scripting: number }[] })?.items ?? [];
  for (const item of bt.slice(0, 5)) console.log('  bootup', item.url, Math.round(item.total), Math.round(item.scripting));
  const mt = (a['mainthread-work-breakdown']?.details as { items?: { groupLabel: string; duration: number }[] })?.items ?? [];
  console.log('  main thread', mt.map((m) => `${m.groupLabel}:${Math.round(m.duration)}`).join(' '));
}
await chrome.kill();

/** The accessibility check every end-to-end spec shares: axe's serious and critical violations only. */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The page's serious and critical axe violations, one line each ("rule: targets"), empty when clean. */
export async function seriousViolations(page: Page, options: { include?: string } = {}): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  if (options.include) builder.include(options.include);
  // A page without frames is checked with one axe.run in the page: the frame-by-frame mode (the
  // default) also opens a blank page, injects axe into it again and merges the results there, which
  // took half of each check's time on a 2-core host for the same results. A page with frames keeps
  // that mode, which alone reaches into cross-origin frames; a frame added while axe runs is left
  // out in either mode (iframes: false here, as the frame-by-frame mode never saw it either).
  if (page.frames().length === 1) builder.setLegacyMode().options({ iframes: false });
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

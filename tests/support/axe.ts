/** The accessibility check every end-to-end spec shares: axe's serious and critical violations only. */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The page's serious and critical axe violations, one line each ("rule: targets"), empty when clean. */
export async function seriousViolations(page: Page, options: { include?: string } = {}): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  if (options.include) builder.include(options.include);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

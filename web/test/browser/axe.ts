import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * axe's serious and critical violations on the page (or only within `include`, a selector), one
 * line each with where they are.
 */
export async function seriousViolations(page: Page, include?: string) {
  // Let entry animations finish: contrast is measured on what is painted.
  await page.waitForTimeout(600);
  const builder = new AxeBuilder({ page });
  const results = await (include ? builder.include(include) : builder).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

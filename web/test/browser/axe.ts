import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { DESKTOP, PHONE } from './harness';

type Theme = 'light' | 'dark';

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

/**
 * For each theme and page, one test that opens the page on a phone and on a desktop (a context
 * from `contextFor`, the page from `open`), waits until it is ready and finds no serious violation.
 */
export function axeEachThemeAndPage<P extends { name: string; ready(page: Page): Promise<unknown> }>(
  pages: P[],
  contextFor: (device: typeof PHONE | typeof DESKTOP, theme: Theme) => Promise<{ context: BrowserContext }>,
  open: (context: BrowserContext, theme: Theme, page: P) => Promise<Page>,
) {
  for (const theme of ['light', 'dark'] as const) {
    for (const entry of pages) {
      it(`${entry.name}, ${theme} theme`, async () => {
        for (const device of [PHONE, DESKTOP]) {
          const { context } = await contextFor(device, theme);
          const page = await open(context, theme, entry);
          await entry.ready(page);
          expect(await seriousViolations(page)).toEqual([]);
          await context.close();
        }
      }, 60_000);
    }
  }
}

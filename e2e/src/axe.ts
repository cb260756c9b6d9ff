import axe from 'axe-core';
import type { Page } from 'playwright-core';

export interface AxeProblem {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core (its source injected into the page) over the whole document and returns the
 * serious and critical violations, with the elements that carry them.
 */
export async function seriousAccessibilityProblems(page: Page): Promise<AxeProblem[]> {
  await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const run = (window as unknown as { axe: typeof axe }).axe.run;
    const results = await run(document, { resultTypes: ['violations'] });
    return results.violations.map((v) => ({
      rule: v.id,
      impact: v.impact ?? 'unknown',
      help: v.help,
      targets: v.nodes.map((node) => node.target.join(' ')),
    }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

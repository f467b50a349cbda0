import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Runs axe-core (WCAG 2.1 A/AA rules) on the page and throws a readable list of violations. */
export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  // Guard against a silent no-op (axe not injected, blank page): some rules must have run.
  if (results.passes.length === 0) throw new Error(`axe checked nothing on ${label} (${page.url()})`);
  if (results.violations.length === 0) return;
  const lines = results.violations.map((violation) => {
    const targets = violation.nodes
      .slice(0, 5)
      .map(
        (node) =>
          `      - ${node.target.join(' ')}${node.failureSummary ? `: ${node.failureSummary.replace(/\s+/g, ' ')}` : ''}`,
      )
      .join('\n');
    const more = violation.nodes.length > 5 ? `\n      … and ${violation.nodes.length - 5} more` : '';
    return `  [${violation.impact ?? 'unknown'}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${targets}${more}`;
  });
  throw new Error(`axe found ${results.violations.length} violation(s) on ${label}:\n${lines.join('\n')}`);
}

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** How bad a violation is, as axe rates it. The project's bar: no serious or critical ones on any screen. */
export type AxeImpact = 'minor' | 'moderate' | 'serious' | 'critical';

export interface AxeViolation {
  id: string;
  impact: AxeImpact;
  help: string;
  /** CSS selectors of the offending elements (the first few). */
  targets: string[];
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Runs axe-core (WCAG 2.0/2.1 A and AA rules plus axe's best practices) on what the page shows now and returns
 * the violations at or above `minImpact` (default: serious). Wait for the screen to settle first.
 */
export async function axeViolations(page: Page, options: { minImpact?: AxeImpact } = {}): Promise<AxeViolation[]> {
  const levels: AxeImpact[] = ['minor', 'moderate', 'serious', 'critical'];
  const floor = levels.indexOf(options.minImpact ?? 'serious');
  // Evaluated through DevTools rather than added as a <script>, which the app's Content-Security-Policy refuses.
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(`${axeSource}\n;void 0`);
  const violations = await page.evaluate(async () => {
    // Runs in the page; typed structurally because this project's Node tsconfig has no DOM lib.
    const axe = (
      globalThis as unknown as {
        axe: {
          run(
            context: unknown,
            options: unknown,
          ): Promise<{
            violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[];
          }>;
        };
      }
    ).axe;
    const result = await axe.run((globalThis as unknown as { document: unknown }).document, {
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.map(String).join(' ')),
    }));
  });
  return violations.filter(
    (v): v is AxeViolation => v.impact !== null && levels.indexOf(v.impact as AxeImpact) >= floor,
  );
}

/** One line per violation, for assertion messages: `screen: rule (impact) help — selectors`. */
export function describeViolations(screen: string, violations: readonly AxeViolation[]): string[] {
  return violations.map((v) => `${screen}: ${v.id} (${v.impact}) ${v.help} — ${v.targets.join(', ')}`);
}

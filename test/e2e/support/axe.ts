import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { ROOT } from '../../support/platform';

// axe-core, pinned in package.json; its minified build is evaluated in the page over the DevTools
// protocol, which the app's CSP (no inline scripts) does not apply to.
const AXE_SOURCE = fs.readFileSync(path.join(ROOT, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown[]; html: string }>;
}

/**
 * The page's serious and critical accessibility violations as axe-core reports them (WCAG 2.x A
 * and AA and best practices), each as `rule: help (the elements' HTML, shortened)`; an empty list is a pass.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate('typeof window.axe !== "undefined"'))) await page.evaluate(AXE_SOURCE);
  const violations = (await page.evaluate(
    'window.axe.run(document, { resultTypes: ["violations"] }).then((r) => r.violations)',
  )) as AxeViolation[];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.html.slice(0, 160)).join(', ')})`);
}

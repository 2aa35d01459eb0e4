import { AxeBuilder } from '@axe-core/playwright'
import axe from 'axe-core'
import type { Page } from 'playwright-core'

// Every rule axe has, also those it leaves off by default (experimental ones, and duplicate-id,
// deprecated with WCAG 2.2's 4.1.1 but still a broken anchor), but one: color-contrast-enhanced is
// WCAG's AAA level (7:1); the preview is built to AA, which color-contrast checks (4.5:1).
const RULES = Object.fromEntries(axe.getRules().map(({ ruleId }) => [ruleId, { enabled: ruleId !== 'color-contrast-enhanced' }]))

/** axe's findings on the page as it is now, one line per rule, so that a failure says what and where. */
export async function axeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).options({ rules: RULES }).analyze()
  return violations.map(
    (found) =>
      `${found.id} (${found.impact}, ${found.nodes.length}×): ${found.nodes
        .slice(0, 3)
        .map((node) => node.target.join(' '))
        .join(' | ')}`,
  )
}

// The journeys' accessibility audit: axe-core's WCAG 2.1 A/AA and best-practice rules on the page as
// it is shown, failing on serious or critical violations.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

/**
 * The serious or critical violations of the page (or of the part `include` selects), each described
 * as « rule: help — the elements' selectors », prefixed with `label` when given.
 *
 * - Legacy mode: `axe.run()` in the page itself. @axe-core/playwright's default runs the rules in each
 *   frame, then opens a blank page, loads axe-core into it again and sends it every result to
 *   finish the report: 2.5–5 s of overhead per audit here, for about 0.4–1.3 s of axe's own rules
 *   (docs/testing.md). What the default adds is auditing cross-origin frames; the app has none.
 * - Only the violations are reported in full (`resultTypes`): the passing and inapplicable checks,
 *   which are never read, keep one node each instead of every element of the page.
 */
export async function seriousViolations(
  page: Page,
  options: { include?: string; label?: string } = {},
): Promise<string[]> {
  let builder = new AxeBuilder({ page })
    .withTags(TAGS)
    .options({ resultTypes: ["violations"] })
    .setLegacyMode();
  if (options.include) builder = builder.include(options.include);
  const { violations } = await builder.analyze();
  const prefix = options.label ? `${options.label}: ` : "";
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${prefix}${v.id} (${v.impact}) — ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
    );
}

/**
 * axe-core in a Playwright page: injects the package's own browser build and returns the
 * violations, each as one readable line (rule, impact, the first few offending elements), so a
 * failing assertion says what to fix.
 */
import type { Page } from "playwright-core";
import { createRequire } from "node:module";

// The browser build ships inside the npm package; reading it from the installed package keeps the
// version pinned by deno.json and needs no network.
const require = createRequire(import.meta.url);
let source: string | undefined;

async function axeSource(): Promise<string> {
  source ??= await Deno.readTextFile(require.resolve("axe-core/axe.min.js"));
  return source;
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/**
 * Runs axe on the page as it is now (WCAG 2.0-2.2 A/AA and axe's best practices) and returns one
 * line per violated rule. An empty list means 0 violations.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in globalThis))) {
    await page.addScriptTag({ content: await axeSource() });
  }
  const violations = await page.evaluate(async () => {
    // deno-lint-ignore no-explicit-any
    const axe = (globalThis as any).axe;
    const result = await axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"] },
    });
    return result.violations as AxeViolation[];
  });
  return violations.map((v) =>
    `${v.id} (${v.impact}): ${v.help} — ${
      v.nodes.slice(0, 4).map((n) => `${JSON.stringify(n.target)} ${n.failureSummary?.replace(/\s+/g, " ") ?? ""}`)
        .join(" | ")
    }`
  );
}

/**
 * `deno task lighthouse`: Lighthouse (mobile, its default preset) against a shop this script starts
 * (tests/helpers/server.ts, the demo catalogue in memory) with Debian's Chromium, printing the
 * performance, accessibility, best-practices and SEO scores of the home page, a category and a
 * product page. `--desktop` uses the desktop preset; `--pages cart,search` adds pages that are
 * `noindex` on purpose (their SEO score is then below 100 by design); `--json DIR` keeps each report.
 *
 * Performance is noisy on a busy 2-core machine (run it again before believing a drop); the other
 * three categories are not.
 */
import lighthouse from "lighthouse";
import * as chromeLauncher from "chrome-launcher";
import { parseArgs } from "node:util";
import { startServer } from "../tests/helpers/server.ts";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../tests/helpers/browser.ts";

const CHROME_FLAGS = ["--headless=new", ...CHROMIUM_FLAGS];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

const { values: args } = parseArgs({
  args: Deno.args,
  options: {
    desktop: { type: "boolean", default: false },
    pages: { type: "string", default: "" },
    json: { type: "string" },
  },
});

const server = await startServer(
  Deno.env.get("LIGHTHOUSE_DATABASE_URL")
    ? {
      DATABASE_URL: Deno.env.get("LIGHTHOUSE_DATABASE_URL")!,
    }
    : {},
);
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS });
const rows: { page: string; scores: (number | null)[]; failed: string[] }[] = [];
try {
  const api = await (await fetch(`${server.url}/api/products?limit=1&sort=name_asc`)).json();
  const pages: [string, string][] = [
    ["home", "/"],
    ["category", "/category/heating-lighting"],
    ["product", `/product/${api.items[0].slug}`],
  ];
  const extra: Record<string, string> = { cart: "/cart", search: "/search?q=uvb" };
  for (const name of args.pages.split(",").filter(Boolean)) {
    if (!extra[name]) throw new Error(`--pages: unknown page ${name} (known: ${Object.keys(extra).join(", ")})`);
    pages.push([name, extra[name]]);
  }
  if (args.json) await Deno.mkdir(args.json, { recursive: true });

  for (const [name, path] of pages) {
    const result = await lighthouse(
      server.url + path,
      { port: chrome.port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES] },
      args.desktop ? (await import("lighthouse/core/config/desktop-config.js")).default : undefined,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    // The audits that cost points outside performance: what to fix next.
    const failed = CATEGORIES.filter((c) => c !== "performance").flatMap((c) =>
      lhr.categories[c].auditRefs
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id].score ?? 1) < 1)
        .map((ref) => `${c}: ${ref.id} (${lhr.audits[ref.id].title})`)
    );
    rows.push({ page: name, scores: CATEGORIES.map((c) => lhr.categories[c].score), failed });
    if (args.json) await Deno.writeTextFile(`${args.json}/${name}.json`, result.report as string);
  }
} finally {
  chrome.kill();
  await server.stop();
}

const pct = (s: number | null) => (s === null ? "-" : String(Math.round(s * 100))).padStart(13);
console.log(`Lighthouse ${args.desktop ? "desktop" : "mobile"} (${new Date().toISOString()})`);
console.log(["page".padEnd(10), ...CATEGORIES.map((c) => c.padStart(13))].join(" "));
for (const r of rows) console.log([r.page.padEnd(10), ...r.scores.map(pct)].join(" "));
for (const r of rows) for (const f of r.failed) console.log(`  ${r.page}: ${f}`);

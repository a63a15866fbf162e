/**
 * JavaScript budgets (issue 14, decision 0038), from a real build of the islands (esbuild, minified,
 * into a temporary folder) and pages rendered through the in-process app with that build's manifest:
 *
 * - no zod (or any validation library) in any browser bundle (esbuild's metafile lists every input);
 * - each island's own chunk <= 10 KB gzipped;
 * - a storefront page (home, a category, a product, search, the cart, checkout and its payment step)
 *   references <= 80 KB gzipped of JavaScript: the boot script, every island chunk and every chunk
 *   they import, which the page preloads — exactly those, not every shared chunk of the build — plus
 *   what its islands import on first use (the payment step's card form for the order's gateway);
 * - AMP pages carry none of the shop's own JavaScript.
 *
 * The gzip sizes are those of the .gz copies the build serves (level 9); the figures are printed for
 * the README's Performance section.
 */
import assert from "node:assert/strict";
import { gzipSync } from "node:zlib";
import { eq, gt } from "drizzle-orm";
import * as esbuild from "esbuild";
import { useTestDatabase } from "../helpers/db.ts";
import { testConfig } from "../helpers/app.ts";
import { type TestClient, testClient } from "../helpers/client.ts";
import { registerCustomer } from "../helpers/accounts.ts";
import { createAddress } from "../helpers/factories.ts";
import { createApp } from "../../app.ts";
import type { Database } from "../../db/client.ts";
import { products, users } from "../../db/schema/mod.ts";
import { seedDemo } from "../../seed/mod.ts";
import { type AssetManifest, scriptsFor } from "../../lib/assets.ts";
import { memoryStorage } from "../../lib/storage.ts";
import { buildScripts } from "../../scripts/build.ts";

/** Kibibytes, as bundle sizes are usually given (decision 0038). */
const KB = 1024;
/** Every storefront page's JavaScript, gzipped (issue 14, target 3). */
const PAGE_BUDGET = 80 * KB;
/** One island's own chunk, gzipped. */
const ISLAND_BUDGET = 10 * KB;
/** Validation libraries that must stay on the server. */
const VALIDATION_LIBRARIES = /node_modules\/.*\/(zod|yup|joi|valibot|ajv|superstruct)\//;

const { test, closeDatabase } = useTestDatabase();

interface Build {
  manifest: AssetManifest;
  metafile: esbuild.Metafile;
  /** Gzipped size of each built script, by URL. */
  gz: Map<string, number>;
}

let built: Promise<Build> | null = null;

/** One minified build of the current islands for the whole file. */
function build(): Promise<Build> {
  built ??= (async () => {
    const dir = await Deno.makeTempDir({ prefix: "js-budget-" });
    try {
      const { boot, islands, imports, metafile } = await buildScripts(true, new URL(`file://${dir}/`));
      const gz = new Map<string, number>();
      for (const url of Object.keys(imports)) {
        const body = await Deno.readFile(`${dir}/${url.split("/").pop()}`);
        gz.set(url, gzipSync(body, { level: 9 }).length);
      }
      return { manifest: { css: "/static/build/app-TEST.css", boot, islands, imports }, metafile, gz };
    } finally {
      await esbuild.stop();
      await Deno.remove(dir, { recursive: true });
    }
  })();
  return built;
}

function appWith(database: Database, manifest: AssetManifest) {
  return createApp({ database, config: testConfig(), assets: manifest, storage: memoryStorage() });
}

/**
 * The scripts a page names: its module script, its preloads, the island chunks boot may import and
 * the islands of the first load (those with at least one marker not hydrated on visibility).
 */
function scriptsOf(page: string): {
  script: string[];
  preloads: string[];
  islands: Record<string, string>;
  eager: string[];
} {
  const script = [...page.matchAll(/<script type="module" src="([^"]+)"/g)].map((m) => m[1]);
  const preloads = [...page.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]);
  const attr = page.match(/data-islands="([^"]*)"/)?.[1];
  const islands = attr ? JSON.parse(attr.replace(/&quot;/g, '"').replace(/&amp;/g, "&")) : {};
  const markers = [...page.matchAll(/<div data-island="([^"]+)" data-props="[^"]*"( data-hydrate="visible")?/g)];
  const eager = [...new Set(markers.filter((m) => !m[2]).map((m) => m[1]))];
  return { script, preloads, islands, eager };
}

async function pageHtml(client: TestClient, path: string): Promise<string> {
  const res = await client.get(path);
  assert.equal(res.status, 200, `${path}: ${res.status} ${res.headers.get("location") ?? ""}`);
  return await res.text();
}

/**
 * Checks one page against the budget and returns its total. Every script the page loads must be
 * named on it (no late discovery), and it must preload nothing its islands do not import.
 */
function assertPageBudget(b: Build, path: string, page: string, loadedLater: string[] = []): number {
  const { script, preloads, islands, eager } = scriptsOf(page);
  assert.deepEqual(script, [b.manifest.boot], `${path}: one module script, the boot`);
  const needed = scriptsFor(b.manifest, eager);
  assert.deepEqual(
    new Set(preloads),
    new Set(needed.filter((u) => u !== b.manifest.boot)),
    `${path}: preloads exactly the chunks its first-load islands (${eager.join(", ")}) need`,
  );
  const all = new Set([...needed, ...loadedLater.flatMap((url) => scriptsFor({ ...b.manifest, boot: url }, []))]);
  const total = [...all].reduce((sum, url) => sum + (b.gz.get(url) ?? Infinity), 0);
  const later = Object.keys(islands).filter((n) => !eager.includes(n));
  console.log(
    `  ${path}: ${(total / KB).toFixed(1)} KB gz of JavaScript (${eager.join(", ")}; when visible: ${
      later.join(", ") || "none"
    })`,
  );
  assert.ok(total <= PAGE_BUDGET, `${path}: ${total} bytes gz of JavaScript, budget ${PAGE_BUDGET}`);
  return total;
}

/** The chunk an island imports on first use (a dynamic import of `source`). */
function dynamicChunk(b: Build, source: string): string {
  const file = Object.entries(b.metafile.outputs).find(([, out]) => out.entryPoint?.endsWith(source))?.[0];
  assert.ok(file, `${source} is a chunk of its own`);
  return `/static/build/${file.split("/").pop()}`;
}

Deno.test("[js budget] no validation library (zod...) is bundled for the browser", async () => {
  const { metafile } = await build();
  const offenders = Object.entries(metafile.outputs)
    .flatMap(([file, out]) =>
      Object.keys(out.inputs).filter((i) => VALIDATION_LIBRARIES.test(i)).map((i) => `${file}: ${i}`)
    );
  assert.deepEqual(offenders.slice(0, 5), [], `${offenders.length} validation-library modules in browser bundles`);
});

Deno.test("[js budget] each island's own chunk is at most 10 KB gzipped", async () => {
  const { manifest, gz } = await build();
  // Islands built into the boot script have no chunk of their own; a group's islands share one.
  const chunks = new Map<string, string[]>();
  for (const [name, url] of Object.entries(manifest.islands)) {
    if (url !== manifest.boot) chunks.set(url, [...chunks.get(url) ?? [], name]);
  }
  const sizes = [...chunks].map(([url, names]) => [names.join("+"), gz.get(url)!] as const)
    .sort((a, b) => b[1] - a[1]);
  console.log(`  largest islands: ${sizes.slice(0, 5).map(([n, s]) => `${n} ${(s / KB).toFixed(1)} KB`).join(", ")}`);
  for (const [name, size] of sizes) assert.ok(size <= ISLAND_BUDGET, `island ${name}: ${size} bytes gz`);
});

test(
  "[js budget] visitor storefront pages load at most 80 KB gz of JavaScript, only what their islands need",
  async (db, database) => {
    const b = await build();
    await seedDemo(db, { withAccounts: false });
    const [product] = await db.select({ slug: products.slug }).from(products).where(eq(products.featured, true))
      .limit(1);
    const visitor = testClient(appWith(database, b.manifest));
    for (const path of ["/", "/category/heating-lighting", "/search?q=lamp", "/products"]) {
      assertPageBudget(b, path, await pageHtml(visitor, path));
    }
    const productPath = `/product/${product.slug}`;
    assertPageBudget(b, productPath, await pageHtml(visitor, productPath));
    // A page with fewer islands preloads fewer chunks: no blanket preload of the whole build.
    const home = scriptsOf(await pageHtml(visitor, "/")).preloads;
    const productPage = scriptsOf(await pageHtml(visitor, `/product/${product.slug}`)).preloads;
    const allChunks = Object.keys(b.manifest.imports).filter((u) => u !== b.manifest.boot);
    assert.ok(home.length < allChunks.length, "home does not preload every chunk of the build");
    // The footer's newsletter form hydrates when it nears the viewport: boot knows its chunk, the
    // page does not preload it.
    const homePage = scriptsOf(await pageHtml(visitor, "/"));
    assert.ok(homePage.islands.NewsletterForm, "boot can load the newsletter form");
    assert.ok(!homePage.eager.includes("NewsletterForm"), "the newsletter form is not part of the first load");
    assert.ok(!home.includes(b.manifest.islands.NewsletterForm), "its chunk is not preloaded");
    assert.notDeepEqual(new Set(home), new Set(productPage), "pages with other islands preload other chunks");
  },
);

test(
  "[js budget] the cart, the checkout review and the payment step (with its card form) within 80 KB gz of JavaScript",
  async (db, database) => {
    const b = await build();
    await seedDemo(db, { withAccounts: false });
    const inStock = await db.select({ id: products.id }).from(products).where(gt(products.stock, 5)).limit(10);
    const client = testClient(appWith(database, b.manifest));
    const me = await registerCustomer(client, { username: "budget", email: "budget@example.co.za" });
    const address = await createAddress(db, me.id, { phone: "082 555 1234" });
    await db.update(users).set({ defaultShippingAddressId: address.id }).where(eq(users.id, me.id));
    // The first product that needs no variant choice.
    let added = false;
    for (const { id } of inStock) {
      if (added) break;
      added = (await client.postJson("/api/cart", { productId: id, quantity: 1 })).status < 300;
    }
    assert.ok(added, "a seeded product went into the cart");
    assertPageBudget(b, "/cart", await pageHtml(client, "/cart"));
    const review = await pageHtml(client, "/checkout");
    assertPageBudget(b, "/checkout", review);
    const key = review.match(/name="idempotencyKey" value="([^"]+)"/)?.[1];
    assert.ok(key, "the review form carries an idempotency key");
    const placed = await client.postForm("/checkout", { idempotencyKey: key, shippingMethod: "standard" });
    const paymentStep = placed.headers.get("location") ?? "";
    assert.match(paymentStep, /^\/checkout\?order=\d+$/);
    // The step imports the card form of the order's gateway once it starts the payment: the offline
    // test provider's form here; a shop on Stripe loads Stripe's loader instead, with the same page.
    const page = await pageHtml(client, paymentStep);
    for (const source of ["components/payments/TestCardForm.tsx", "client/stripe.ts"]) {
      const chunk = dynamicChunk(b, source);
      assert.ok(!scriptsOf(page).preloads.includes(chunk), `${source} is loaded on use, not preloaded`);
      assertPageBudget(b, `${paymentStep} with ${source}`, page, [chunk]);
    }
  },
);

test("[js budget] AMP pages carry none of the shop's own JavaScript", async (db, database) => {
  const b = await build();
  await seedDemo(db, { withAccounts: false });
  const [product] = await db.select({ slug: products.slug }).from(products).limit(1);
  const visitor = testClient(appWith(database, b.manifest));
  for (const path of [`/product/${product.slug}/amp`, "/category/heating-lighting/amp"]) {
    const page = await pageHtml(visitor, path);
    const own = [...page.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1])
      .filter((attrs) =>
        !/src="https:\/\/cdn\.ampproject\.org\//.test(attrs) && !/type="application\/(ld\+)?json"/.test(attrs)
      );
    assert.deepEqual(own, [], `${path}: only the AMP runtime and JSON data`);
    assert.doesNotMatch(page, /\/static\/build\/[^"]+\.js/, `${path}: no island chunk`);
  }
});

closeDatabase();

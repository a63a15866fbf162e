/**
 * The ARIA in the server's HTML, as the HTML checker reads it (before any island runs): each tab has
 * its tabpanel in the same page, no div or span is named without a role that allows a name, the
 * combobox role sits only on a text input, no list item is a live region, and the toast region's two
 * live regions are there, with a flashed error in the assertive one. Axe checks the pages in the
 * browser (tests/e2e/accessibility_test.ts).
 */
import assert from "node:assert/strict";
import type { Db } from "../../db/client.ts";
import { createCustomer, PASSWORD } from "../../domains/accounts/test_fixtures.ts";
import { useTestDatabase } from "../helpers/db.ts";
import { testApp } from "../helpers/app.ts";
import { testClient } from "../helpers/client.ts";
import { createCategory, createProduct } from "../helpers/factories.ts";

const { test, closeDatabase } = useTestDatabase();

interface Tag {
  name: string;
  attrs: Map<string, string>;
}

/** Every opening tag of the page with its attributes (React writes them double-quoted). */
function tagsOf(html: string): Tag[] {
  return [...html.matchAll(/<([a-zA-Z][\w-]*)((?:\s+[\w:-]+(?:="[^"]*")?)*)\s*\/?>/g)].map((m) => ({
    name: m[1].toLowerCase(),
    attrs: new Map([...m[2].matchAll(/([\w:-]+)(?:="([^"]*)")?/g)].map((a) => [a[1], a[2] ?? ""])),
  }));
}

/** What the checker refuses in `html`, one line each. */
function ariaFindings(html: string): string[] {
  const tags = tagsOf(html);
  const found: string[] = [];
  const panels = new Set(tags.filter((t) => t.attrs.get("role") === "tabpanel").map((t) => t.attrs.get("id")));
  for (const t of tags) {
    const role = t.attrs.get("role");
    if (role === "tab" && !panels.has(t.attrs.get("aria-controls"))) {
      found.push(`tab ${t.attrs.get("id")} has no tabpanel ${t.attrs.get("aria-controls")}`);
    }
    if ((t.name === "div" || t.name === "span") && t.attrs.has("aria-label") && !role) {
      found.push(`${t.name} named "${t.attrs.get("aria-label")}" without a role`);
    }
    if (role === "combobox" && t.name === "input" && t.attrs.get("type") !== "text") {
      found.push(`combobox on input type=${t.attrs.get("type")}`);
    }
    // A list item may not be a live region (axe's aria-allowed-role and list rules).
    if (t.name === "li" && (role === "status" || role === "alert" || role === "log")) {
      found.push(`li with role ${role}`);
    }
  }
  return found;
}

/** The text in the toast region's two live regions: [status (polite), alert (assertive)]. */
function liveRegions(html: string): [string, string] {
  const region = html.match(/<section[^>]*aria-label="Notifications \(F8\)"[^>]*>([\s\S]*?)<\/section>/);
  assert.ok(region, "the toast region");
  const parts = region[1].split(/<div role="alert" aria-live="assertive" aria-atomic="true">/);
  assert.equal(parts.length, 2, "one alert region");
  assert.match(parts[0], /<div role="status" aria-live="polite" aria-atomic="true">/);
  const text = (s: string) => s.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim();
  return [text(parts[0]), text(parts[1])];
}

async function shop(db: Db) {
  const category = await createCategory(db, { name: "Heating", slug: "heating" });
  const product = await createProduct(db, {
    name: "Ceramic Heat Emitter",
    slug: "ceramic-heat-emitter",
    categoryId: category.id,
    featured: true,
  });
  return { category, product };
}

test(
  "[aria markup] storefront and account pages: tabs have panels, no named generic elements",
  async (db, database) => {
    const { category, product } = await shop(db);
    const user = await createCustomer(db, {});
    const client = testClient(testApp(database));
    const found: string[] = [];
    const check = async (path: string) => {
      const res = await client.get(path);
      assert.equal(res.status, 200, path);
      for (const f of ariaFindings(await res.text())) found.push(`${path}: ${f}`);
    };
    for (const path of ["/", `/category/${category.slug}`, `/product/${product.slug}`, "/search?q=heat", "/login"]) {
      await check(path);
    }
    const login = await client.postJson("/api/auth/login", { username: user.username, password: PASSWORD });
    assert.equal(login.status, 200);
    for (const path of ["/loyalty", "/account", "/wishlist"]) await check(path);
    assert.deepEqual(found, []);
  },
);

test(
  "[aria markup] a flashed error sits in the assertive region, a welcome in the polite one",
  async (db, database) => {
    const user = await createCustomer(db, {});
    const client = testClient(testApp(database));
    const away = await client.get("/account");
    assert.equal(away.status, 303);
    const loginPage = await client.get(away.headers.get("location")!);
    const html = await loginPage.text();
    assert.deepEqual(liveRegions(html), ["", "Login Required Please login to access this page. ×"]);
    assert.deepEqual(ariaFindings(html), []);
    const form = await client.postForm("/login", { username: user.username, password: PASSWORD });
    assert.equal(form.status, 303);
    const [polite, assertive] = liveRegions(await (await client.get(form.headers.get("location")!)).text());
    assert.match(polite, /^Welcome back! You are logged in as /);
    assert.equal(assertive, "");
  },
);

closeDatabase();

import assert from "node:assert/strict";
import { useTestDatabase } from "../helpers/db.ts";
import { testApp } from "../helpers/app.ts";
import { createCategory, createProduct } from "../helpers/factories.ts";
import {
  categoryListReads,
  failingDatabase,
  type FailingReads,
  loggedWhile,
  productListReads,
} from "../helpers/failing_db.ts";
import type { Database, Db } from "../../db/client.ts";

const { test, closeDatabase } = useTestDatabase();

function failing(database: Database, fails: FailingReads) {
  return testApp(failingDatabase(database, fails));
}

async function shop(db: Db) {
  const cat = await createCategory(db, { slug: "enclosures-housing", name: "Enclosures & Housing" });
  await createProduct(db, { name: "Glass Terrarium 60x45x45", featured: true, categoryId: cat.id });
  await createProduct(db, { name: "Coco Fibre Brick", isNew: true, categoryId: cat.id });
}

/**
 * `path` of the {@link shop} while the reads `fails` picks fail: a 500 page, and the errors it logged.
 */
async function pageWhileFailing(
  db: Db,
  database: Database,
  path: string,
  fails: FailingReads,
) {
  await shop(db);
  const app = failing(database, fails);
  const { result: page, logged } = await loggedWhile(async () => await html(await app.request(path), 500));
  return { page, logged };
}

async function html(res: Response, status: number) {
  assert.equal(res.status, status);
  assert.match(res.headers.get("content-type") ?? "", /text\/html/);
  return await res.text();
}

/** The inner HTML of the home section labelled `label`. */
function section(page: string, label: string): string {
  const start = page.search(new RegExp(`<section aria-label(?:ledby)?="${label}"`));
  assert.ok(start >= 0, `section ${label}`);
  return page.slice(start, page.indexOf("</section>", start));
}

test("[home] categories failing to load: the section says so, the products still show", async (db, database) => {
  const { page, logged } = await pageWhileFailing(db, database, "/", categoryListReads);
  const categories = section(page, "shop-by-category");
  assert.match(categories, /role="alert"[^>]*>Failed to load categories\. Please try again later\.</);
  assert.doesNotMatch(categories, /href="\/category\/enclosures-housing"/);
  assert.match(section(page, "Featured Products"), /Glass Terrarium 60x45x45/);
  assert.match(section(page, "New Arrivals"), /Coco Fibre Brick/);
  assert.doesNotMatch(page, /Something went wrong/);
  // Logged through logError: a message saying what failed, the error without query parameters.
  const line = logged.find((l) => l.message === "loading home categories failed");
  assert.ok(line, JSON.stringify(logged));
  assert.equal(line.level, "error");
  assert.match(String(line.error), /simulated outage/);
});

test("[home] product lists failing to load: featured and new say so in place", async (db, database) => {
  const { page, logged } = await pageWhileFailing(db, database, "/", productListReads);
  assert.match(section(page, "shop-by-category"), /href="\/category\/enclosures-housing"/);
  assert.match(section(page, "Featured Products"), /Failed to load featured products\. Please try again later\./);
  assert.match(section(page, "New Arrivals"), /Failed to load new products\. Please try again later\./);
  assert.doesNotMatch(page, /Glass Terrarium 60x45x45|Coco Fibre Brick/);
  assert.deepEqual(
    logged.map((l) => l.message).sort(),
    ["loading featured products failed", "loading home recommendations failed", "loading new products failed"],
  );
  // With nothing failing the page is a 200 with every section.
  const ok = await html(await testApp(database).request("/"), 200);
  assert.doesNotMatch(ok, /Please try again later/);
});

test("[categories] a load failure shows 'Error Loading Categories' with Return to Home", async (db, database) => {
  const { page, logged } = await pageWhileFailing(db, database, "/categories", categoryListReads);
  const main = page.slice(page.indexOf('<main id="main"'), page.indexOf("</main>"));
  assert.match(main, /<h1[^>]*>Error Loading Categories<\/h1>/);
  assert.match(main, /<a href="\/"[^>]*>Return to Home<\/a>/);
  assert.doesNotMatch(main, /Browse Categories|View Products|Something went wrong/);
  assert.ok(logged.some((l) => l.message === "loading categories failed" && /simulated outage/.test(String(l.error))));
  // The healthy page for comparison.
  const ok = await html(await testApp(database).request("/categories"), 200);
  assert.match(ok, /<h1[^>]*>Browse Categories<\/h1>/);
});

closeDatabase();

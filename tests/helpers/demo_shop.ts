/** The demo shop for HTTP tests that read the demo catalogue. */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import type { Database, Db } from "../../db/client.ts";
import { productVariants } from "../../db/schema/mod.ts";
import { seedDemo } from "../../seed/mod.ts";
import { testApp } from "./app.ts";

/** The app over the demo catalogue (without the demo accounts), seeded into the test database first. */
export async function demoCatalogueApp(db: Db, database: Database) {
  await seedDemo(db, { withAccounts: false });
  return testApp(database);
}

/** The demo catalogue's variant with this SKU (the seed's own SKUs). */
export async function demoVariant(db: Db, sku: string) {
  const [variant] = await db.select().from(productVariants).where(eq(productVariants.sku, sku));
  assert.ok(variant, `no demo variant ${sku}`);
  return variant;
}

/** The demo shop for HTTP tests that read the demo catalogue. */
import type { Database, Db } from "../../db/client.ts";
import { seedDemo } from "../../seed/mod.ts";
import { testApp } from "./app.ts";

/** The app over the demo catalogue (without the demo accounts), seeded into the test database first. */
export async function demoCatalogueApp(db: Db, database: Database) {
  await seedDemo(db, { withAccounts: false });
  return testApp(database);
}

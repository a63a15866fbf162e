/**
 * Database tasks: `migrate` applies committed migrations; `seed` adds the demo shop (idempotent).
 * Both use the same configuration as the shop (DATABASE_URL, or PGlite at PGLITE_DIR).
 */
import { taskConfig } from "./task_config.ts";
import { openDb } from "../db/client.ts";
import { seedDemo } from "../seed/mod.ts";

const command = Deno.args[0];
if (command !== "migrate" && command !== "seed") {
  console.error("usage: deno task db:migrate | deno task db:seed");
  Deno.exit(2);
}
const config = taskConfig();
const database = await openDb({ url: config.databaseUrl, pgliteDir: config.pgliteDir });
try {
  await database.migrate();
  console.log(`migrations applied (${database.kind})`);
  if (command === "seed") {
    const result = await seedDemo(database.db, { withAccounts: config.seedDemo });
    console.log(`demo shop: ${result.categories} categories, ${result.products} products`);
  }
} finally {
  await database.close();
}

/**
 * Fills a database with a large generated catalogue for load and query-plan work:
 *
 *   DATABASE_URL=postgres://... deno task seed:large [--products 100000]
 *
 * Uses the shop's configuration (DATABASE_URL, else PGlite at PGLITE_DIR), applies migrations and
 * seeds the demo shop first when the database is empty. Tops up: products are added until there are
 * `--products` in all (demo ones included); a database that already has as many is left alone.
 * Ends with ANALYZE. Use a scratch database: these products are not for a live shop.
 */
import { taskConfig } from "./task_config.ts";
import { openDb } from "../db/client.ts";
import { isEmpty, seedDemo } from "../seed/mod.ts";
import { seedLarge } from "../seed/large.ts";

function productsArg(): number {
  const i = Deno.args.indexOf("--products");
  if (i < 0) return 100_000;
  const n = Number(Deno.args[i + 1]);
  if (!Number.isInteger(n) || n < 1 || n > 5_000_000) {
    console.error("--products wants a whole number from 1 to 5000000");
    Deno.exit(2);
  }
  return n;
}

const target = productsArg();
const config = taskConfig();
const database = await openDb({ url: config.databaseUrl, pgliteDir: config.pgliteDir });
try {
  await database.migrate();
  if (await isEmpty(database.db)) {
    const demo = await seedDemo(database.db, { withAccounts: config.seedDemo });
    console.log(`demo shop seeded: ${demo.categories} categories, ${demo.products} products`);
  }
  const where = database.kind === "postgres" ? "PostgreSQL" : `PGlite at ${config.pgliteDir}`;
  let shown = 0;
  const result = await seedLarge(database.db, target, (done, total) => {
    if (done - shown >= 10_000 || done === total) {
      shown = done;
      console.log(`  ${done} / ${total}`);
    }
  });
  console.log(
    result.added
      ? `${where}: added ${result.added} products (${result.variants} variants) in ${
        (result.ms / 1000).toFixed(1)
      } s; ${result.after} products in all; analyzed`
      : `${where}: already ${result.before} products (asked for ${target}); nothing added`,
  );
} finally {
  await database.close();
}

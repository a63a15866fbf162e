/**
 * Test databases: an in-memory PGlite by default, or the PostgreSQL server named by
 * TEST_DATABASE_URL (the same tests run on both). Each test file opens one and resets it between
 * tests.
 */
import { getTableName, sql } from "drizzle-orm";
import { isTable } from "drizzle-orm";
import { type Database, type Db, openDb } from "../../db/client.ts";
import * as schema from "../../db/schema/mod.ts";

const tableNames = Object.values(schema).filter((v) => isTable(v)).map((t) => `"${getTableName(t)}"`);

/** True when the tests run against a real PostgreSQL server (TEST_DATABASE_URL), false on PGlite. */
export const usingPostgres = Boolean(Deno.env.get("TEST_DATABASE_URL"));

/**
 * What a concurrency test's name ends with: PGlite serves one connection, so its transactions run one
 * after another and a race test there would pass whatever the locking does.
 */
export const POSTGRES_ONLY = "(PostgreSQL only: PGlite has one connection)";

export async function openTestDatabase(): Promise<Database> {
  const url = Deno.env.get("TEST_DATABASE_URL");
  const database = await openDb(url ? { url, poolSize: 4 } : { pgliteDir: "memory://" });
  await database.migrate();
  await resetDatabase(database.db);
  return database;
}

/** Empties every table and restarts identities. */
export async function resetDatabase(db: Db): Promise<void> {
  await db.execute(sql.raw(`TRUNCATE ${tableNames.join(", ")} RESTART IDENTITY CASCADE`));
}

/**
 * One database for a test file: `test(name, fn)` registers a test that starts from empty tables;
 * call `closeDatabase()` after the last test so the file ends promptly.
 */
export function useTestDatabase() {
  const ready = openTestDatabase();
  const options = { sanitizeOps: false, sanitizeResources: false };
  function test(name: string, fn: (db: Db, database: Database) => Promise<void> | void) {
    Deno.test({
      name,
      ...options,
      fn: async () => {
        const database = await ready;
        await resetDatabase(database.db);
        await fn(database.db, database);
      },
    });
  }
  /**
   * A concurrency test: it really races on PostgreSQL and is reported as ignored (never as passed) on
   * PGlite, with the reason in its name.
   */
  function raceTest(name: string, fn: (db: Db, database: Database) => Promise<void> | void) {
    if (usingPostgres) test(`${name} ${POSTGRES_ONLY}`, fn);
    else Deno.test({ name: `${name} ${POSTGRES_ONLY}`, ignore: true, fn() {} });
  }
  function closeDatabase() {
    Deno.test({ name: "(close the test database)", ...options, fn: async () => (await ready).close() });
  }
  return { test, raceTest, closeDatabase };
}

/** Prepared queries inside transactions, and named prepared statements on PostgreSQL (decision 0062). */
import assert from "node:assert/strict";
import { eq, sql } from "drizzle-orm";
import { rowsOf } from "./client.ts";
import { preparedQuery } from "./prepared.ts";
import { shopSettings } from "./schema/mod.ts";
import { useTestDatabase, usingPostgres } from "../tests/helpers/db.ts";

const { test, closeDatabase } = useTestDatabase();

const settingByKey = preparedQuery((db) =>
  db.select({ value: shopSettings.value }).from(shopSettings)
    .where(eq(shopSettings.key, sql.placeholder("key"))).prepare("test_setting_by_key")
);

test("[prepared] a query prepared on the database runs on a transaction's own connection inside it", async (db) => {
  // Built on the app's database first, as the shop's first request does.
  assert.deepEqual(await settingByKey(db).execute({ key: "prepared-test" }), []);
  await db.transaction(async (tx) => {
    await tx.insert(shopSettings).values({ key: "prepared-test", value: { n: 1 } });
    // Within the transaction the row it wrote is there; on PGlite a query on the outer connection
    // would wait for the transaction forever.
    assert.deepEqual(await settingByKey(tx).execute({ key: "prepared-test" }), [{ value: { n: 1 } }]);
    if (usingPostgres) {
      // Another connection does not see it before the commit.
      assert.deepEqual(await settingByKey(db).execute({ key: "prepared-test" }), []);
    }
    await tx.update(shopSettings).set({ value: { n: 2 } }).where(eq(shopSettings.key, "prepared-test"));
    assert.deepEqual(await settingByKey(tx).execute({ key: "prepared-test" }), [{ value: { n: 2 } }]);
  });
  assert.deepEqual(await settingByKey(db).execute({ key: "prepared-test" }), [{ value: { n: 2 } }]);
});

test("[prepared] a query prepared first inside a transaction still serves the database after it ends", async (db) => {
  await db.insert(shopSettings).values({ key: "prepared-first", value: { n: 1 } });
  const inside = await db.transaction((tx) => settingByKey(tx).execute({ key: "prepared-first" }));
  assert.deepEqual(inside, [{ value: { n: 1 } }]);
  assert.deepEqual(await settingByKey(db).execute({ key: "prepared-first" }), [{ value: { n: 1 } }]);
});

test("[prepared] a rolled-back transaction's rows are not seen through the prepared query", async (db) => {
  await assert.rejects(
    db.transaction(async (tx) => {
      await tx.insert(shopSettings).values({ key: "rolled-back", value: { n: 1 } });
      assert.equal((await settingByKey(tx).execute({ key: "rolled-back" })).length, 1);
      throw new Error("roll back");
    }),
    /roll back/,
  );
  assert.deepEqual(await settingByKey(db).execute({ key: "rolled-back" }), []);
});

if (usingPostgres) {
  test("[prepared] on PostgreSQL, statements with parameters are named prepared statements", async (db) => {
    const key = `named-${Date.now()}`;
    await db.transaction(async (tx) => {
      // The same text twice on one connection: prepared once, by name.
      const query = () => tx.select().from(shopSettings).where(eq(shopSettings.key, key));
      for (let i = 0; i < 2; i++) await query();
      const rows = rowsOf<{ name: string; statement: string }>(
        await tx.execute(
          sql`select name, statement from pg_prepared_statements where statement = ${query().toSQL().sql}`,
        ),
      );
      assert.equal(rows.length, 1, JSON.stringify(rows));
    });
  });
}

closeDatabase();

/**
 * The PGlite write count behind lib/read_memo.ts: plain SELECTs leave it alone; every other
 * statement, a data-modifying WITH and a transaction move it; a memo keeps an answer only while it
 * stands. Runs on an in-memory PGlite of its own (the count is PGlite's alone).
 */
import assert from "node:assert/strict";
import { sql } from "drizzle-orm";
import { openDb } from "../db/client.ts";
import { readMemo } from "./read_memo.ts";

Deno.test("[read memo] PGlite counts every write, not a plain read; a memo keeps an answer only until one", async () => {
  const database = await openDb({ pgliteDir: "memory://" });
  try {
    const { db } = database;
    const writes = database.writes!;
    assert.equal(typeof writes, "function");
    await db.execute(sql`create table t (n int)`);
    const moved = async (run: () => Promise<unknown>) => {
      const before = writes();
      await run();
      return writes() !== before;
    };
    assert.equal(await moved(() => db.execute(sql`select count(*) from t`)), false, "a select");
    assert.equal(await moved(() => db.execute(sql` (select 1)`)), false, "a parenthesised select");
    assert.equal(await moved(() => db.execute(sql`insert into t values (1)`)), true, "an insert");
    assert.equal(await moved(() => db.execute(sql`update t set n = 2`)), true, "an update");
    assert.equal(await moved(() => db.execute(sql`with d as (delete from t returning n) select * from d`)), true);
    assert.equal(
      await moved(() => db.transaction((tx) => tx.execute(sql`insert into t values (3)`))),
      true,
      "a transaction",
    );

    let loads = 0;
    const memo = readMemo(writes);
    const read = () => memo.get("n", () => (loads++, db.execute(sql`select count(*) from t`)));
    await read();
    await read();
    assert.equal(loads, 1, "kept while nothing was written");
    await db.execute(sql`insert into t values (4)`);
    await read();
    assert.equal(loads, 2, "read again after a write");

    // No write count (PostgreSQL): every call reads.
    let plain = 0;
    const none = readMemo(undefined);
    for (let i = 0; i < 3; i++) await none.get("n", () => Promise.resolve(plain++));
    assert.equal(plain, 3);
  } finally {
    await database.close();
  }
});

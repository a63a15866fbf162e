/** The embedded database's start-up settings (db/client.ts). */
import assert from "node:assert/strict";
import { sql } from "drizzle-orm";
import { openDb, rowsOf } from "./client.ts";

Deno.test("[db client] PGlite opens with the configured buffer pool (16 MB unless told) and the trigram threshold", async () => {
  for (const [asked, expected] of [[undefined, "16MB"], ["32MB", "32MB"]] as const) {
    const database = await openDb({ pgliteDir: "memory://", pgliteSharedBuffers: asked });
    try {
      const [row] = rowsOf<{ buffers: string; threshold: string }>(
        await database.db.execute(
          sql`select current_setting('shared_buffers') as buffers,
            current_setting('pg_trgm.word_similarity_threshold') as threshold`,
        ),
      );
      assert.deepEqual(row, { buffers: expected, threshold: "0.45" });
    } finally {
      await database.close();
    }
  }
});

Deno.test("[db client] PGlite creates a new folder's database and keeps what is written in it for the next open", async () => {
  const dir = await Deno.makeTempDir({ prefix: "pglite-new-" });
  try {
    const first = await openDb({ pgliteDir: dir });
    try {
      assert.ok(await Deno.stat(`${dir}/PG_VERSION`), "the folder holds a database");
      await first.db.execute(sql`create table kept (note text)`);
      await first.db.execute(sql`insert into kept values ('written on the first open')`);
    } finally {
      await first.close();
    }
    const again = await openDb({ pgliteDir: dir });
    try {
      const rows = rowsOf<{ note: string }>(await again.db.execute(sql`select note from kept`));
      assert.deepEqual(rows, [{ note: "written on the first open" }]);
    } finally {
      await again.close();
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("[db client] a folder PGlite cannot create its database in gives an error naming the folder", async () => {
  const dir = await Deno.makeTempDir({ prefix: "pglite-bad-" });
  // A PG_VERSION-less folder holding a file where initdb wants its own folder.
  await Deno.writeTextFile(`${dir}/base`, "not a folder");
  try {
    await assert.rejects(() => openDb({ pgliteDir: dir }), (err: Error) => err.message.includes(dir));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

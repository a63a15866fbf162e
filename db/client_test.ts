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

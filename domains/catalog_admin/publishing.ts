/**
 * Scheduled publishing (decision 0069): a draft given a `publishAt` time is made active by the
 * publishing job once that time has passed. Until then it is a draft like any other (the storefront
 * predicate never compares times). Each publishing is audited as an update by no one (the system),
 * `status` draft -> active, and bumps the storefront cache version so every instance drops pages
 * and lists that left the product out.
 */
import { and, eq, inArray, isNotNull, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { products } from "../../db/schema/mod.ts";
import { STOREFRONT } from "../../db/cache_versions.ts";
import { recordAudit } from "../admin_audit/mod.ts";

/** At most this many drafts are published a run (the rest the next minute). */
const BATCH = 200;

/** Publishes the drafts whose `publishAt` has passed; answers their ids. */
export async function publishDueDrafts(db: Db, now = new Date()): Promise<number[]> {
  return await db.transaction(async (tx) => {
    // Locked and skipped when a staff edit holds the row: that edit decides, the next run sees it.
    const due = await tx.select({
      id: products.id,
      name: products.name,
      sku: products.sku,
      publishAt: products.publishAt,
    })
      .from(products)
      .where(and(eq(products.status, "draft"), isNotNull(products.publishAt), lte(products.publishAt, now)))
      .orderBy(products.publishAt, products.id).limit(BATCH).for("update", { skipLocked: true });
    if (!due.length) return [];
    await tx.update(products).set({ status: "active", publishAt: null, updatedAt: now })
      .where(inArray(products.id, due.map((p) => p.id)));
    for (const p of due) {
      await recordAudit(tx, {
        userId: null,
        entityType: "product",
        entityId: p.id,
        action: "update",
        details: {
          changes: {
            status: { before: "draft", after: "active" },
            publishAt: { before: p.publishAt!.toISOString(), after: null },
          },
          name: p.name,
          sku: p.sku,
          scheduled: true,
        },
      });
    }
    await tx.execute(sql`insert into cache_versions (name, version, updated_at) values (${STOREFRONT}, 1, now())
      on conflict (name) do update set version = cache_versions.version + 1, updated_at = now()`);
    return due.map((p) => p.id);
  });
}

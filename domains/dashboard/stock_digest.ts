/**
 * The daily low-stock e-mail's memory (decision 0104): one `stock_digests` row a South African day,
 * the products (and their variants) that were low that morning. The row is also the day's claim: written in the
 * transaction that queues the e-mail, so several instances send one e-mail a day.
 */
import { desc, eq, lt } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { stockDigests } from "../../db/schema/mod.ts";

/** What one morning's digest found low. */
export interface DigestMemory {
  productIds: Set<number>;
  /** Null when that day did not record variants (before decision 0111): no variant then counts as new. */
  variantIds: Set<number> | null;
}

/** The products and variants low at the last digest before `day` (none before the first). */
export async function previousDigest(db: Db, day: string): Promise<DigestMemory> {
  const [row] = await db.select({ products: stockDigests.productIds, variants: stockDigests.variantIds })
    .from(stockDigests).where(lt(stockDigests.day, day)).orderBy(desc(stockDigests.day)).limit(1);
  if (!row) return { productIds: new Set(), variantIds: new Set() };
  return { productIds: new Set(row.products), variantIds: row.variants ? new Set(row.variants) : null };
}

/** Records `day`'s digest; false when another run already did (it then sends nothing). */
export async function claimDigestDay(
  tx: Db,
  day: string,
  low: { productIds: number[]; variantIds: number[] },
  sentAt: Date | null,
): Promise<boolean> {
  const claimed = await tx.insert(stockDigests).values({ day, ...low, sentAt })
    .onConflictDoNothing().returning({ day: stockDigests.day });
  return claimed.length > 0;
}

/** Whether `day` has its digest already (the job then does nothing more that day). */
export async function digestDone(db: Db, day: string): Promise<boolean> {
  return (await db.$count(stockDigests, eq(stockDigests.day, day))) > 0;
}

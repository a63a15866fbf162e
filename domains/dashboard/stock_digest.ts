/**
 * The daily low-stock e-mail's memory (decision 0104): one `stock_digests` row a South African day,
 * the products that were low that morning. The row is also the day's claim: written in the
 * transaction that queues the e-mail, so several instances send one e-mail a day.
 */
import { desc, eq, lt } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { stockDigests } from "../../db/schema/mod.ts";

/** The products low at the last digest before `day` (none before the first). */
export async function previousDigestIds(db: Db, day: string): Promise<Set<number>> {
  const [row] = await db.select({ ids: stockDigests.productIds }).from(stockDigests)
    .where(lt(stockDigests.day, day)).orderBy(desc(stockDigests.day)).limit(1);
  return new Set(row?.ids ?? []);
}

/** Records `day`'s digest; false when another run already did (it then sends nothing). */
export async function claimDigestDay(tx: Db, day: string, productIds: number[], sentAt: Date | null): Promise<boolean> {
  const claimed = await tx.insert(stockDigests).values({ day, productIds, sentAt })
    .onConflictDoNothing().returning({ day: stockDigests.day });
  return claimed.length > 0;
}

/** Whether `day` has its digest already (the job then does nothing more that day). */
export async function digestDone(db: Db, day: string): Promise<boolean> {
  return (await db.$count(stockDigests, eq(stockDigests.day, day))) > 0;
}

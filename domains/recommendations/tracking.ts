/**
 * Product views, one row per viewer and product (a customer by user id, a visitor by an anonymous
 * id): a view adds to the row. Bounded so a script cannot inflate counts cheaply: the time is clamped
 * to an hour and never more than the wall-clock time since the row's last view, and a view within a
 * minute of the last one adds no count.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { browsingHistory } from "../../db/schema/mod.ts";
import { getProduct } from "../catalog/mod.ts";

export const MAX_TIME_SPENT = 3600;
/** Views of one product by one viewer closer together than this count once. */
export const VIEW_DEDUPE_SECONDS = 60;

export type Viewer = { userId: number } | { visitorId: string };

/** Records a view (404 for an unknown or archived product). */
export async function trackView(db: Db, viewer: Viewer, productId: number, timeSpent: number): Promise<void> {
  await getProduct(db, { id: productId });
  const seconds = Math.min(MAX_TIME_SPENT, Math.max(0, Math.round(timeSpent)));
  const isUser = "userId" in viewer;
  const since = sql`extract(epoch from now() - ${browsingHistory.lastViewedAt})`;
  await db.insert(browsingHistory).values({
    userId: isUser ? viewer.userId : null,
    sessionId: isUser ? null : viewer.visitorId,
    productId,
    viewCount: 1,
    timeSpent: seconds,
  }).onConflictDoUpdate({
    target: isUser
      ? [browsingHistory.userId, browsingHistory.productId]
      : [browsingHistory.sessionId, browsingHistory.productId],
    targetWhere: isUser
      ? sql`${browsingHistory.userId} is not null`
      : sql`${browsingHistory.userId} is null and ${browsingHistory.sessionId} is not null`,
    set: {
      viewCount: sql`${browsingHistory.viewCount} + case when ${since} >= ${VIEW_DEDUPE_SECONDS} then 1 else 0 end`,
      timeSpent: sql`${browsingHistory.timeSpent} + least(${seconds}::int, greatest(${since}, 0)::int)`,
      lastViewedAt: sql`now()`,
    },
  });
}

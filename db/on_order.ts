/**
 * The one rule for units on order (decision 0117), shared by the restock plan, the dashboard's low
 * stock, the low-stock e-mail and the purchase orders themselves: what an open purchase order's line
 * still awaits, ordered less received and never below 0 (extras received make it 0, not negative).
 */
import { eq, type SQL, sql } from "drizzle-orm";
import { purchaseOrderLines, purchaseOrders } from "./schema/mod.ts";

/** A purchase order line's units still awaited (whatever its order's status). */
export function awaitedUnits(): SQL<number> {
  return sql<number>`greatest(${purchaseOrderLines.ordered} - ${purchaseOrderLines.received}, 0)`;
}

/** The purchase orders whose awaited units count as on order: the open ones. */
export function openPurchaseOrder(): SQL {
  return eq(purchaseOrders.status, "open");
}

/**
 * Staff change an order's status (the admin order page's buttons, PATCH /api/admin/orders/{id}/status):
 * shipping and delivery are the fulfilment domain's (domains/fulfilment/transitions.ts); cancelling
 * releases the payment attempt or refunds the payment first (flows/cancel_order.ts).
 */
import type { Db } from "../db/client.ts";
import { advanceOrderStatus, type RefundOptions, type StatusChange } from "../domains/fulfilment/mod.ts";
import type { OrderDetail } from "../domains/orders/mod.ts";
import type { PaymentGateway } from "../domains/payments/mod.ts";
import { cancelByStaff } from "./cancel_order.ts";

/** Changes an order's status by the rules of docs/decisions/0024 and returns the order as it now is. */
export async function changeOrderStatus(
  db: Db,
  gateway: PaymentGateway | null,
  change: StatusChange,
  opts: RefundOptions,
): Promise<OrderDetail> {
  const now = opts.now ?? new Date();
  if (change.to === "cancelled") return await cancelByStaff(db, gateway, change, { ...opts, now });
  return await advanceOrderStatus(db, change, { ...opts, now });
}

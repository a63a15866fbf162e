/**
 * An order's lines as fulfilment sees them (ordered, shipped, restocked, still to ship) and the
 * writing of one parcel: shared by the parcel-by-parcel shipment (shipments.ts) and the whole-order
 * Ship (transitions.ts), which records the units it sends as a parcel too (decision 0079).
 */
import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { orderItems, shipmentItems, shipments } from "../../db/schema/mod.ts";
import { lineLabel } from "../../lib/line_label.ts";
import { restockedSoFar, shippedSoFar } from "./refunds.ts";

/** One line of an order with how many units shipped, went back to stock, and are still to ship. */
export interface LineFulfilment {
  orderItemId: number;
  name: string;
  ordered: number;
  shipped: number;
  restocked: number;
  toShip: number;
}

/** Each line's ordered, shipped, restocked and still-to-ship units (the order's line order). */
export async function lineFulfilment(db: Db, orderId: number): Promise<LineFulfilment[]> {
  const [lines, shipped, restocked] = await Promise.all([
    db.select({
      id: orderItems.id,
      name: orderItems.name,
      variantName: orderItems.variantName,
      quantity: orderItems.quantity,
    })
      .from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id)),
    shippedSoFar(db, orderId),
    restockedSoFar(db, orderId),
  ]);
  return lines.map((l) => {
    const s = shipped.get(l.id) ?? 0;
    const r = restocked.get(l.id) ?? 0;
    return {
      orderItemId: l.id,
      name: lineLabel(l),
      ordered: l.quantity,
      shipped: s,
      restocked: r,
      toShip: Math.max(0, l.quantity - s - r),
    };
  });
}

export interface Parcel {
  orderId: number;
  trackingNumber: string;
  carrier: string | null;
  userId: number | null;
  lines: { orderItemId: number; quantity: number }[];
}

/** Writes one parcel and its lines (the caller checked the quantities under the order's lock). */
export async function insertParcel(tx: Db, parcel: Parcel, now: Date): Promise<number> {
  const [shipment] = await tx.insert(shipments).values({
    orderId: parcel.orderId,
    trackingNumber: parcel.trackingNumber,
    carrier: parcel.carrier,
    createdBy: parcel.userId,
    createdAt: now,
  }).returning({ id: shipments.id });
  await tx.insert(shipmentItems).values(
    parcel.lines.map((l) => ({ shipmentId: shipment.id, orderItemId: l.orderItemId, quantity: l.quantity })),
  );
  return shipment.id;
}

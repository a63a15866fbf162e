/**
 * Partial fulfilment by line (docs/decisions/0079): staff send some units of some lines in one parcel
 * with its tracking number. A paid order in processing may be shipped in parts; no line ever ships
 * more than was ordered less what already shipped and what went back on the shelf with a refund. The
 * parcel that sends the last units moves the order to shipped through the whole-order transition
 * (advanceLockedOrder: one status change, audit entry and shipped e-mail); an earlier parcel keeps
 * the order in processing, is audited and tells the customer what is on the way (the e-mail is
 * flows/change_order_status.ts's shipParcel, queued in the parcel's transaction).
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { orderItems, orderRefunds, orders, shipmentItems, shipments } from "../../db/schema/mod.ts";
import { ConflictError, NotFoundError, ValidationError } from "../../lib/errors.ts";
import { lineLabel } from "../../lib/line_label.ts";
import { recordAudit } from "../admin_audit/mod.ts";
import { trackingLink } from "../carriers/mod.ts";
import { lockOrder, ORDER_NOT_FOUND } from "../orders/mod.ts";
import { insertParcel, lineFulfilment } from "./lines.ts";
import { advanceLockedOrder, type StatusOptions } from "./transitions.ts";

export const SHIP_NOT_PAID = "This order is not paid yet: only a paid order can be shipped.";
export const SHIP_NOTHING = "Enter how many of at least one line to ship.";

export interface ShipmentRequest {
  orderId: number;
  lines: { orderItemId: number; quantity: number }[];
  trackingNumber: string;
  carrier?: string | null;
  /** The staff member sending the parcel (audit trail, shipments.createdBy). */
  userId: number | null;
}

/** One parcel as the order pages show it. */
export interface ShipmentView {
  id: number;
  trackingNumber: string;
  carrier: string | null;
  /** The carrier's tracking page, when the carrier (or the number's form) is known. */
  tracking: { carrier: string; url: string } | null;
  createdAt: Date;
  lines: { orderItemId: number; name: string; quantity: number }[];
}

/** The order's parcels, oldest first, with their lines and tracking links. */
export async function listShipments(db: Db, orderId: number): Promise<ShipmentView[]> {
  const parcels = await db.select().from(shipments).where(eq(shipments.orderId, orderId))
    .orderBy(asc(shipments.createdAt), asc(shipments.id));
  if (!parcels.length) return [];
  const items = await db.select({
    shipmentId: shipmentItems.shipmentId,
    orderItemId: shipmentItems.orderItemId,
    quantity: shipmentItems.quantity,
    name: orderItems.name,
    variantName: orderItems.variantName,
  }).from(shipmentItems).innerJoin(orderItems, eq(orderItems.id, shipmentItems.orderItemId))
    .where(inArray(shipmentItems.shipmentId, parcels.map((p) => p.id))).orderBy(asc(shipmentItems.orderItemId));
  return parcels.map((p) => ({
    id: p.id,
    trackingNumber: p.trackingNumber,
    carrier: p.carrier,
    tracking: trackingLink(p.trackingNumber, p.carrier),
    createdAt: p.createdAt,
    lines: items.filter((i) => i.shipmentId === p.id).map((i) => ({
      orderItemId: i.orderItemId,
      name: lineLabel(i),
      quantity: i.quantity,
    })),
  }));
}

/**
 * The parcels an order page lists: none when the order went out in one parcel under the tracking
 * number the page already shows for the whole order (the whole-order Ship records that parcel too,
 * decision 0079), so the same number is not shown twice.
 */
export function parcelsToList(shipments: ShipmentView[], order: { trackingNumber: string | null }): ShipmentView[] {
  const only = shipments.length === 1 ? shipments[0] : null;
  return only && only.trackingNumber === order.trackingNumber ? [] : shipments;
}

/** Runs `work` in a transaction holding the order's row lock; no such order is a 404. */
async function withLockedOrder<T>(
  db: Db,
  orderId: number,
  work: (tx: Db, order: NonNullable<Awaited<ReturnType<typeof lockOrder>>>) => Promise<T>,
): Promise<T> {
  return await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
    return await work(tx, order);
  });
}

/**
 * Sends a parcel of some units of some lines under the order's row lock (two staff cannot over-ship a
 * line). Returns the shipment's id and whether it completed the order (now shipped).
 */
export async function recordShipment(
  db: Db,
  req: ShipmentRequest,
  opts: StatusOptions,
): Promise<{ shipmentId: number; completed: boolean }> {
  const now = opts.now ?? new Date();
  const wanted = new Map<number, number>();
  for (const l of req.lines) {
    if (l.quantity > 0) wanted.set(l.orderItemId, (wanted.get(l.orderItemId) ?? 0) + l.quantity);
  }
  if (!wanted.size) throw new ValidationError(SHIP_NOTHING);
  return await withLockedOrder(db, req.orderId, async (tx, order) => {
    if (!order.paidAt) throw new ConflictError(SHIP_NOT_PAID);
    if (order.status !== "processing") {
      throw new ConflictError(`A ${order.status} order cannot be shipped: only an order in processing can.`);
    }
    const lines = await lineFulfilment(tx, order.id);
    const parcel: { orderItemId: number; name: string; quantity: number }[] = [];
    for (const [orderItemId, quantity] of wanted) {
      const line = lines.find((l) => l.orderItemId === orderItemId);
      if (!line) throw new ValidationError(`Order line ${orderItemId} is not part of this order.`);
      if (quantity > line.toShip) {
        throw new ConflictError(
          line.toShip === 0
            ? `Nothing of ${line.name} is left to ship.`
            : `Only ${line.toShip} of ${line.name} ${
              line.toShip === 1 ? "is" : "are"
            } left to ship (ordered ${line.ordered}).`,
        );
      }
      parcel.push({ orderItemId, name: line.name, quantity });
    }
    const shipmentId = await insertParcel(tx, {
      orderId: order.id,
      trackingNumber: req.trackingNumber,
      carrier: req.carrier ?? null,
      userId: req.userId,
      lines: parcel,
    }, now);
    const left = lines.reduce((sum, l) => sum + l.toShip - (wanted.get(l.orderItemId) ?? 0), 0);
    if (left === 0) {
      // The last units: the whole-order transition ships the order (status, audit, the shipped e-mail).
      await advanceLockedOrder(
        tx,
        order,
        {
          orderId: order.id,
          to: "shipped",
          trackingNumber: req.trackingNumber,
          carrier: req.carrier ?? undefined,
          userId: req.userId,
        },
        opts,
        now,
      );
      return { shipmentId: shipmentId, completed: true };
    }
    const label = [req.carrier, req.trackingNumber].filter(Boolean).join(" ");
    await recordAudit(tx, {
      userId: req.userId,
      entityType: "order",
      entityId: order.id,
      action: "shipment",
      details: {
        summary: `Shipped ${parcel.length} of ${lines.length} lines: ${
          parcel.map((p) => `${p.quantity} x ${p.name}`).join(", ")
        } (${label})`,
        shipmentId: shipmentId,
        trackingNumber: req.trackingNumber,
        carrier: req.carrier ?? null,
        lines: parcel.map((p) => ({ orderItemId: p.orderItemId, quantity: p.quantity })),
      },
    });
    await opts.tell(tx, {
      to: "shipped",
      order,
      trackingNumber: req.trackingNumber,
      carrier: req.carrier ?? null,
      parcel: parcel.map((p) => ({ name: p.name, quantity: p.quantity })),
    }, now);
    return { shipmentId: shipmentId, completed: false };
  });
}

export const PARCEL_NOT_FOUND = "This parcel is not part of this order.";

export interface ParcelTrackingChange {
  orderId: number;
  shipmentId: number;
  trackingNumber: string;
  carrier: string | null;
  /** E-mail the customer the corrected number (the shipped e-mail again, marked as an update). */
  notifyCustomer: boolean;
  userId: number | null;
}

/**
 * Corrects a parcel's tracking number and carrier (a typo, a parcel handed to another carrier), under
 * the order's row lock. The order's own tracking number follows when it named this parcel (a whole
 * order shipped in one parcel, or the parcel with the last units), so the order pages and the
 * customer's tracking link agree. Audited with the old and new number; unchanged values write nothing.
 */
export async function changeParcelTracking(
  db: Db,
  req: ParcelTrackingChange,
  opts: StatusOptions,
): Promise<{ changed: boolean; notified: boolean }> {
  const now = opts.now ?? new Date();
  return await withLockedOrder(db, req.orderId, async (tx, order) => {
    const [parcel] = await tx.select().from(shipments)
      .where(and(eq(shipments.id, req.shipmentId), eq(shipments.orderId, order.id)));
    if (!parcel) throw new NotFoundError(PARCEL_NOT_FOUND);
    if (parcel.trackingNumber === req.trackingNumber && parcel.carrier === req.carrier) {
      return { changed: false, notified: false };
    }
    await tx.update(shipments).set({ trackingNumber: req.trackingNumber, carrier: req.carrier })
      .where(eq(shipments.id, parcel.id));
    if (order.trackingNumber === parcel.trackingNumber) {
      await tx.update(orders).set({ trackingNumber: req.trackingNumber, carrier: req.carrier, updatedAt: now })
        .where(eq(orders.id, order.id));
    }
    const before = [parcel.carrier, parcel.trackingNumber].filter(Boolean).join(" ");
    const after = [req.carrier, req.trackingNumber].filter(Boolean).join(" ");
    await recordAudit(tx, {
      userId: req.userId,
      entityType: "order",
      entityId: order.id,
      action: "shipment_tracking",
      details: {
        summary: `Parcel tracking corrected: ${before} -> ${after}`,
        shipmentId: parcel.id,
        from: { trackingNumber: parcel.trackingNumber, carrier: parcel.carrier },
        to: { trackingNumber: req.trackingNumber, carrier: req.carrier },
        notified: req.notifyCustomer,
      },
    });
    if (req.notifyCustomer) {
      const lines = (await listShipments(tx, order.id)).find((p) => p.id === parcel.id)?.lines ?? [];
      await opts.tell(tx, {
        to: "shipped",
        order,
        trackingNumber: req.trackingNumber,
        carrier: req.carrier,
        parcel: lines,
        corrected: true,
      }, now);
    }
    return { changed: true, notified: req.notifyCustomer };
  });
}

/**
 * For the orders among `orderIds` still in processing with parcels sent already: each line's units
 * still to ship (ordered less shipped less restocked) and the parcels' tracking numbers. Two queries
 * for the whole batch (packing slips print up to 50 orders at once).
 */
export async function remainingToShip(
  db: Db,
  orderIds: number[],
): Promise<Map<number, { toShip: Map<number, number>; trackingNumbers: string[] }>> {
  const out = new Map<number, { toShip: Map<number, number>; trackingNumbers: string[] }>();
  if (!orderIds.length) return out;
  const parcels = await db.select({
    orderId: shipments.orderId,
    trackingNumber: shipments.trackingNumber,
    orderItemId: shipmentItems.orderItemId,
    quantity: shipmentItems.quantity,
  }).from(shipments).innerJoin(shipmentItems, eq(shipmentItems.shipmentId, shipments.id))
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .where(and(inArray(shipments.orderId, orderIds), eq(orders.status, "processing")))
    .orderBy(asc(shipments.id));
  if (!parcels.length) return out;
  const withParcels = [...new Set(parcels.map((p) => p.orderId))];
  const [lines, refunds] = await Promise.all([
    db.select({ id: orderItems.id, orderId: orderItems.orderId, quantity: orderItems.quantity }).from(orderItems)
      .where(inArray(orderItems.orderId, withParcels)),
    db.select({ restock: orderRefunds.restock }).from(orderRefunds).where(inArray(orderRefunds.orderId, withParcels)),
  ]);
  const gone = new Map<number, number>();
  for (const p of parcels) gone.set(p.orderItemId, (gone.get(p.orderItemId) ?? 0) + p.quantity);
  for (const r of refunds) {
    for (const l of r.restock ?? []) gone.set(l.orderItemId, (gone.get(l.orderItemId) ?? 0) + l.quantity);
  }
  for (const orderId of withParcels) {
    const toShip = new Map<number, number>();
    for (const l of lines) {
      if (l.orderId === orderId) toShip.set(l.id, Math.max(0, l.quantity - (gone.get(l.id) ?? 0)));
    }
    const trackingNumbers = [...new Set(parcels.filter((p) => p.orderId === orderId).map((p) => p.trackingNumber))];
    out.set(orderId, { toShip, trackingNumbers });
  }
  return out;
}

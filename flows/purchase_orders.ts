/**
 * Purchase orders (decision 0117): placing an order with a supplier from a list of SKUs (often the
 * restock plan's), booking its deliveries into stock as they come, closing it when the rest is not
 * coming, cancelling it when nothing came. Each step is one transaction that locks the purchase
 * order's row first, so two staff booking in the same delivery, or a delivery and a cancellation,
 * happen one after another; every step is audited.
 *
 * Inputs and outputs are declared here, beside the flow: the JSON routes and the forms read them.
 */
import { inArray } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client.ts";
import { productVariants } from "../db/schema/mod.ts";
import { ConflictError, ValidationError } from "../lib/errors.ts";
import { releaseStock } from "../domains/orders/mod.ts";
import { recordAudit } from "../domains/admin_audit/mod.ts";
import { enqueueEmail, purchaseOrderEmail, type PurchaseOrderEmailFacts } from "../domains/mail/mod.ts";
import { encodeBase64 } from "@oslojs/encoding";
import {
  bookReceivedUnits,
  getPurchaseOrder,
  insertPurchaseOrder,
  lockPurchaseOrder,
  markSent,
  MAX_PURCHASE_ORDER_LINES,
  type NewPurchaseOrderLine,
  notOpenMessage,
  type PurchaseOrder,
  purchaseOrderCsv,
  purchaseOrderFields,
  purchaseOrderLinesOf,
  purchaseOrderNumber,
  purchaseOrderSchema,
  receivedUnits,
  type ReceivePurchaseOrderInput,
  type SendPurchaseOrderInput,
  setPurchaseOrderStatus,
  touchPurchaseOrder,
} from "../domains/purchasing/mod.ts";
import { receiveLine, resolveLines } from "./receive_stock.ts";

/** POST /api/admin/purchase-orders and the form at /admin/purchase-orders/new. */
export const createPurchaseOrderInput = z.object({
  ...purchaseOrderFields,
  lines: z.array(receiveLine, { error: "Lines must be a list of SKUs and quantities" })
    .min(1, "Add at least one SKU and quantity")
    .max(MAX_PURCHASE_ORDER_LINES, `At most ${MAX_PURCHASE_ORDER_LINES} lines at once`),
}).strict();
export type CreatePurchaseOrderInput = z.infer<typeof createPurchaseOrderInput>;

/** What booking a delivery in answers: the purchase order as it now is and what the delivery added. */
export const receivePurchaseOrderOutput = z.object({
  purchaseOrder: purchaseOrderSchema,
  /** Units added to stock by this delivery. */
  units: z.number().int(),
  /** Units beyond what was ordered (a supplier's extras), booked in all the same. */
  extra: z.number().int(),
});
export type ReceivePurchaseOrderOutput = z.infer<typeof receivePurchaseOrderOutput>;

type Staff = { id: number };

/** One step of a purchase order in the audit log, in the step's transaction. */
async function audit(tx: Db, staff: Staff, id: number, action: string, details: Record<string, unknown>) {
  await recordAudit(tx, { userId: staff.id, entityType: "purchase_order", entityId: id, action, details });
}

/** "CRK-50 x 24, UVB-T5 x 2" for the audit log, cut at 400 characters. */
function unitsText(lines: { sku: string; quantity: number }[]): string {
  const text = lines.map((l) => `${l.sku} x ${l.quantity}`).join(", ");
  return text.length > 400 ? `${text.slice(0, 399)}…` : text;
}

/**
 * Places a purchase order: each SKU (any case) matched to its variant or product as the Receive
 * stock form matches it, the same SKU twice added up; every line or none.
 */
export async function createPurchaseOrder(
  db: Db,
  staff: Staff,
  input: CreatePurchaseOrderInput,
): Promise<PurchaseOrder> {
  const resolved = await resolveLines(db, input.lines, { preorder: "allow" });
  const byTarget = new Map<string, NewPurchaseOrderLine>();
  for (const { target, quantity } of resolved) {
    const key = `${target.productId}:${target.variantId ?? 0}`;
    const seen = byTarget.get(key);
    byTarget.set(key, {
      productId: target.productId,
      variantId: target.variantId,
      sku: target.sku,
      name: target.name,
      variantName: target.variantName,
      ordered: (seen?.ordered ?? 0) + quantity,
    });
  }
  const lines = [...byTarget.values()];
  const id = await db.transaction(async (tx) => {
    const id = await insertPurchaseOrder(tx as unknown as Db, {
      supplier: input.supplier,
      supplierEmail: input.supplierEmail,
      expectedOn: input.expectedOn,
      note: input.note,
      createdBy: staff.id,
    }, lines);
    await audit(tx as unknown as Db, staff, id, "create", {
      number: purchaseOrderNumber(id),
      supplier: input.supplier,
      expectedOn: input.expectedOn,
      units: lines.reduce((sum, l) => sum + l.ordered, 0),
      lines: unitsText(lines.map((l) => ({ sku: l.sku, quantity: l.ordered }))),
    });
    return id;
  });
  return await getPurchaseOrder(db, id);
}

/**
 * Books a delivery against an open purchase order: each line's units added to its variant's or
 * product's stock ("received" in the stock history, with the order's number and the reference) and
 * to the line's received count, every line or none. More than was ordered is booked in too (the
 * answer says how many extra). Once every line has come in full, the order is received.
 */
export async function receivePurchaseOrder(
  db: Db,
  staff: Staff,
  id: number,
  input: ReceivePurchaseOrderInput,
): Promise<ReceivePurchaseOrderOutput> {
  return await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const order = await lockPurchaseOrder(tx, id);
    if (order.status !== "open") throw new ConflictError(notOpenMessage(id, order.status));
    const number = purchaseOrderNumber(id);
    const lines = new Map((await purchaseOrderLinesOf(tx, id)).map((l) => [l.id, l]));
    // A product ordered without variants that has since been given some: its units belong to a variant.
    const ownStock = [...lines.values()].filter((l) => l.variantName === null).map((l) => l.productId);
    const nowVariants = new Set(
      ownStock.length
        ? (await tx.selectDistinct({ id: productVariants.productId }).from(productVariants)
          .where(inArray(productVariants.productId, ownStock))).map((r) => r.id)
        : [],
    );
    const wanted = new Map<number, number>();
    const issues: { path: string; message: string }[] = [];
    input.lines.forEach((u, i) => {
      const line = lines.get(u.lineId);
      if (!line) return issues.push({ path: `lines.${i}.lineId`, message: `Line ${u.lineId} is not on ${number}` });
      if (u.quantity === 0) return;
      if (line.variantName !== null && line.variantId === null) {
        return issues.push({
          path: `lines.${i}.quantity`,
          message: `${line.sku}: its variant has been deleted, so its units cannot be booked in`,
        });
      }
      if (line.variantName === null && nowVariants.has(line.productId)) {
        return issues.push({
          path: `lines.${i}.quantity`,
          message: `${line.sku} is now sold as variants: book each variant's units in on Receive stock`,
        });
      }
      wanted.set(u.lineId, (wanted.get(u.lineId) ?? 0) + u.quantity);
    });
    if (issues.length) throw new ValidationError(issues[0].message, issues);
    if (!wanted.size) {
      throw new ValidationError("Enter the units that arrived on at least one line", [
        { path: "lines", message: "Enter the units that arrived on at least one line" },
      ]);
    }
    const booked = [...wanted].map(([lineId, quantity]) => ({ line: lines.get(lineId)!, quantity }));
    const changes = await releaseStock(
      tx,
      booked.map((b) => ({ productId: b.line.productId, variantId: b.line.variantId, quantity: b.quantity })),
      { reason: "received", actorUserId: staff.id, note: input.reference ? `${number} ${input.reference}` : number },
    );
    // releaseStock adds nothing to a variant on pre-order: refuse the whole delivery, naming it.
    const stocked = new Set(changes.map((c) => `${c.productId}:${c.variantId ?? 0}`));
    const skipped = booked.find((b) => !stocked.has(`${b.line.productId}:${b.line.variantId ?? 0}`));
    if (skipped) {
      const message = `${skipped.line.sku} is on pre-order: turn pre-order off on its page, then book the stock in`;
      throw new ValidationError(message, [{ path: "lines", message }]);
    }
    const complete = await bookReceivedUnits(tx, id, booked.map((b) => ({ lineId: b.line.id, quantity: b.quantity })));
    if (complete) await setPurchaseOrderStatus(tx, id, "received");
    else await touchPurchaseOrder(tx, id);
    const units = booked.reduce((sum, b) => sum + b.quantity, 0);
    const extra = booked.reduce(
      (sum, b) => sum + Math.max(0, b.line.received + b.quantity - Math.max(b.line.ordered, b.line.received)),
      0,
    );
    await audit(tx, staff, id, "receive", {
      number,
      reference: input.reference,
      units,
      lines: unitsText(booked.map((b) => ({ sku: b.line.sku, quantity: b.quantity }))),
      ...(complete ? { status: "received" } : {}),
    });
    return { purchaseOrder: await getPurchaseOrder(tx, id), units, extra };
  });
}

/** Stops waiting for the rest of an open purchase order: its outstanding units are no longer on order. */
export async function closePurchaseOrder(db: Db, staff: Staff, id: number): Promise<PurchaseOrder> {
  return await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const order = await lockPurchaseOrder(tx, id);
    if (order.status !== "open") throw new ConflictError(notOpenMessage(id, order.status));
    const before = await getPurchaseOrder(tx, id);
    await setPurchaseOrderStatus(tx, id, "closed");
    await audit(tx, staff, id, "close", { number: before.number, outstandingUnits: before.outstandingUnits });
    return await getPurchaseOrder(tx, id);
  });
}

/** Cancels an open purchase order nothing has been received against. */
export async function cancelPurchaseOrder(db: Db, staff: Staff, id: number): Promise<PurchaseOrder> {
  return await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const order = await lockPurchaseOrder(tx, id);
    if (order.status !== "open") throw new ConflictError(notOpenMessage(id, order.status));
    const number = purchaseOrderNumber(id);
    if (await receivedUnits(tx, id) > 0) {
      throw new ConflictError(
        `Part of ${number} has been received: close it instead, so what came in stays on record.`,
      );
    }
    await setPurchaseOrderStatus(tx, id, "cancelled");
    await audit(tx, staff, id, "cancel", { number });
    return await getPurchaseOrder(tx, id);
  });
}

/**
 * E-mails an open purchase order to its supplier at `input.to` (kept as the supplier's address): the
 * lines still to supply, the promised day and the number to quote, with the lines as a CSV attached.
 * Written to the outbox in the same transaction as the record that it was sent.
 */
export async function sendPurchaseOrder(
  db: Db,
  staff: Staff,
  id: number,
  input: SendPurchaseOrderInput,
  shop: PurchaseOrderEmailFacts["shop"],
): Promise<PurchaseOrder> {
  return await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const order = await lockPurchaseOrder(tx, id);
    if (order.status !== "open") throw new ConflictError(notOpenMessage(id, order.status));
    const po = await getPurchaseOrder(tx, id);
    const rest = po.receivedUnits > 0;
    const mail = purchaseOrderEmail({
      number: po.number,
      lines: po.lines.map((l) => ({
        quantity: rest ? l.outstanding : l.ordered,
        item: l.variantName ? `${l.name} (${l.variantName})` : l.name,
        sku: l.sku,
      })).filter((l) => l.quantity > 0),
      rest,
      expectedOn: po.expectedOn,
      note: po.note,
      shop,
    });
    await enqueueEmail(tx, {
      to: input.to,
      ...mail,
      attachments: [{
        filename: `${po.number}.csv`,
        contentType: "text/csv; charset=utf-8",
        contentBase64: encodeBase64(new TextEncoder().encode(purchaseOrderCsv(po))),
      }],
    });
    await markSent(tx, id, input.to);
    await audit(tx, staff, id, "send", { number: po.number, to: input.to });
    return await getPurchaseOrder(tx, id);
  });
}

/**
 * Orders staff take for a customer by phone or chat (docs/staff-orders.md, decision 0074), and
 * changing the lines of such an order before it is paid.
 *
 * Placing: ONE transaction finds (or creates, without a password) the customer, prices the lines at
 * the shop's prices and takes their stock (flows/line_order.ts, as a WhatsApp cart is),
 * creates the pending order with source "staff", audits it with the staff member and queues the
 * e-mail carrying the signed pay link. A line short of stock refuses the whole order (409 naming it):
 * nothing is written. Compensation: the order waits PAY_LINK_ORDER_TTL_MS for payment, then the
 * sweeper cancels it and gives the stock back, at the moment the link stops working.
 *
 * Changing lines: first the order's payment attempt at the provider is released (a payment that went
 * through pays the order instead, and the change is refused), then ONE transaction gives the old
 * lines' stock back, takes the new lines', replaces the lines and recomputes the totals. The pay link
 * is unchanged and shows the new total; a new card attempt is made for it.
 */
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { orderItems, orders, users } from "../db/schema/mod.ts";
import { ConflictError, NotFoundError, ValidationError } from "../lib/errors.ts";
import { formatMoney, toCents, toNumeric, toRand } from "../lib/money.ts";
import type { ShopInfo } from "../config.ts";
import type { DeliveryRates } from "../domains/cart/mod.ts";
import {
  type FinalizeOptions,
  findLocker,
  isRetryableConflict,
  PAYMENT_STILL_PROCESSING,
  PUDO_MIN_TOTAL_CENTS,
  retryOnConflict,
} from "../domains/checkout/mod.ts";
import type { OrderLinesBody, StaffOrderBody } from "../domains/checkout/schemas.ts";
import { createLineOrder, insertLines, linesText, lineTotals, lockSellable } from "./line_order.ts";
import {
  lockOrder,
  ORDER_NOT_FOUND,
  payLink,
  type PricedLine,
  releaseStock,
  stockLineOf,
  takeStock,
  writeOrderNote,
} from "../domains/orders/mod.ts";
import { recordStockMovements } from "../domains/stock_history/mod.ts";
import { recordAudit } from "../domains/admin_audit/mod.ts";
import { insertAccountOnce } from "../domains/accounts/mod.ts";
import { enqueueEmail, orderPayLinkEmail } from "../domains/mail/mod.ts";
import type { PaymentGateway } from "../domains/payments/types.ts";
import { releasePaymentAttempt } from "./cancel_order.ts";
import { ORDER_ALREADY_PAID } from "./apply_reward_code.ts";

/** Why a line edit is refused: the order is no longer waiting for payment through its link. */
export const LINES_LOCKED =
  "Only an unpaid order taken by staff or on WhatsApp can have its lines changed, and only while it is pending.";

export interface StaffOrderOptions {
  staffUserId: number;
  /** The shop's delivery fee and free-delivery threshold as staff set them. */
  delivery: DeliveryRates;
  /** The card gateway the order will be paid with ("stripe", "test"), as checkout records it. */
  paymentMethod: string;
  /** The pay-link key (domains/orders payLinkKey). */
  payLinkSecret: string;
  siteUrl: string;
  shop: ShopInfo;
  now?: Date;
}

export interface StaffOrderResult {
  id: number;
  orderNumber: string;
  totalCents: number;
  payUrl: string;
  expiresAt: Date;
  customerId: number;
  customerCreated: boolean;
}

/** The same product (or variant) asked for twice is one line of the quantities added. */
function mergeItems(items: OrderLinesBody["items"]) {
  const merged = new Map<string, { productId: number; variantId: number | null; quantity: number }>();
  for (const item of items) {
    const variantId = item.variantId ?? null;
    const key = `${item.productId}:${variantId}`;
    const line = merged.get(key);
    if (line) line.quantity += item.quantity;
    else merged.set(key, { productId: item.productId, variantId, quantity: item.quantity });
  }
  return [...merged.values()];
}

/** The lines at the shop's prices (their stock rows locked); an item not on sale is refused by its id. */
async function priceItems(tx: Db, items: OrderLinesBody["items"]): Promise<(PricedLine & { pudoEligible: boolean })[]> {
  const wanted = mergeItems(items);
  const sellable = await lockSellable(tx, wanted);
  return wanted.map((item, i) => {
    const facts = sellable(item);
    if (!facts) {
      throw new ValidationError(
        item.variantId === null
          ? `Product #${item.productId} is not for sale.`
          : `Variant #${item.variantId} of product #${item.productId} is not for sale.`,
        [{ path: `items.${i}.productId`, message: "Not for sale" }],
      );
    }
    return { ...facts, quantity: item.quantity };
  });
}

/** PUDO's rules as checkout applies them: the locker exists, every item fits, the R1,000 minimum. */
function checkPudo(lines: readonly (PricedLine & { pudoEligible: boolean })[], code: string | null | undefined) {
  const locker = findLocker(code);
  if (!locker) throw new ValidationError("Please choose a PUDO locker.");
  const bulky = lines.filter((l) => !l.pudoEligible).map((l) => l.name);
  if (bulky.length) {
    throw new ValidationError(`PUDO locker delivery is not available for: ${[...new Set(bulky)].join(", ")}.`);
  }
  const goods = lines.reduce((n, l) => n + l.unitPriceCents * l.quantity, 0);
  if (goods < PUDO_MIN_TOTAL_CENTS) {
    throw new ValidationError(
      `PUDO locker delivery needs an order total of at least ${formatMoney(PUDO_MIN_TOTAL_CENTS)}. ` +
        `Your current total is ${formatMoney(goods)}.`,
    );
  }
  return { code: locker.id, address: `${locker.name}, ${locker.address}` };
}

/**
 * The customer of a new e-mail address: an account with no password (the password column holds a
 * marker no password matches); they set one through "Forgot password".
 */
async function customerForEmail(
  tx: Db,
  email: string,
  name: { firstName: string; lastName: string },
  now: Date,
): Promise<{ id: number; created: boolean }> {
  const [found] = await tx.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email}`);
  if (found) return { id: found.id, created: false };
  const local = email.split("@")[0].toLowerCase().replace(/[^a-z0-9]/g, "").slice(0, 12) || "customer";
  const suffix = String(crypto.getRandomValues(new Uint32Array(1))[0] % 1_000_000).padStart(6, "0");
  return await insertAccountOnce(tx, {
    username: `${local}${suffix}`,
    email,
    password: "!staff-order",
    firstName: name.firstName.slice(0, 50),
    lastName: name.lastName.slice(0, 50),
    createdAt: now,
    updatedAt: now,
  }, "email");
}

/** Places the order staff take, e-mails the customer its pay link, and says where to pay. */
export async function placeStaffOrder(
  db: Db,
  input: StaffOrderBody,
  opts: StaffOrderOptions,
): Promise<StaffOrderResult> {
  const now = opts.now ?? new Date();
  return await retryOnConflict(
    () =>
      db.transaction(async (tx) => {
        let customer: { id: number; created: boolean; email: string; name: string };
        if (input.customerId !== undefined) {
          const [row] = await tx.select({
            id: users.id,
            email: users.email,
            firstName: users.firstName,
            disabledAt: users.disabledAt,
          }).from(users).where(eq(users.id, input.customerId));
          if (!row || row.disabledAt) throw new NotFoundError("Customer not found.");
          customer = { id: row.id, created: false, email: row.email, name: row.firstName || input.address.firstName };
        } else {
          const made = await customerForEmail(tx, input.email!, input.address, now);
          customer = { ...made, email: input.email!, name: input.address.firstName };
        }

        const lines = await priceItems(tx, input.items);
        const locker = input.shippingMethod === "pudo_locker" ? checkPudo(lines, input.pudoLockerCode) : null;
        const placed = await createLineOrder(tx, {
          userId: customer.id,
          lines,
          source: "staff",
          shippingMethod: input.shippingMethod,
          pudoLocker: locker,
          shippingAddress: { ...input.address, addressLine2: input.address.addressLine2 ?? null } as never,
          paymentMethod: opts.paymentMethod,
          delivery: opts.delivery,
          actorUserId: opts.staffUserId,
          now,
        });
        await writeOrderNote(tx, { orderId: placed.id, userId: opts.staffUserId, body: input.note, at: now });
        await recordAudit(tx, {
          userId: opts.staffUserId,
          entityType: "order",
          entityId: placed.id,
          action: "staff_order",
          details: {
            customer: customer.email,
            lines: linesText(lines),
            total: toRand(placed.totalCents),
            ...(customer.created ? { accountCreated: true } : {}),
          },
        });
        const link = payLink(opts.siteUrl, opts.payLinkSecret, placed.id, now);
        await enqueueEmail(
          tx,
          orderPayLinkEmail(
            {
              to: customer.email,
              name: customer.name,
              orderId: placed.id,
              orderNumber: placed.orderNumber,
              shop: opts.shop,
              siteUrl: opts.siteUrl,
            },
            {
              lines,
              deliveryCents: placed.deliveryCents,
              totalCents: placed.totalCents,
              payUrl: link.url,
              expiresAt: link.expiresAt,
            },
          ),
          now,
        );
        return {
          id: placed.id,
          orderNumber: placed.orderNumber,
          totalCents: placed.totalCents,
          payUrl: link.url,
          expiresAt: link.expiresAt,
          customerId: customer.id,
          customerCreated: customer.created,
        };
      }),
    3,
    isRetryableConflict,
  );
}

/**
 * Replaces the lines of an unpaid WhatsApp or staff order (see the file's note). 409 for an order that
 * is paid, cancelled, placed at checkout, or carrying a discount (whose rules the new lines may break).
 */
export async function changeOrderLines(
  db: Db,
  gateway: PaymentGateway | null,
  input: { orderId: number; items: OrderLinesBody["items"]; staffUserId: number },
  opts: { finalize: FinalizeOptions; delivery: DeliveryRates; now?: Date },
): Promise<{ orderId: number; totalCents: number }> {
  const now = opts.now ?? new Date();
  const [current] = await db.select({
    id: orders.id,
    paymentIntentId: orders.paymentIntentId,
    paidAt: orders.paidAt,
  }).from(orders).where(eq(orders.id, input.orderId));
  if (!current) throw new NotFoundError(ORDER_NOT_FOUND);
  if (current.paidAt) throw new ConflictError(ORDER_ALREADY_PAID);
  // The customer may be on the pay page with an attempt for the old total: it must not take money.
  const attempt = await releasePaymentAttempt(db, current, gateway, { ...opts.finalize, now });
  if (attempt === "paid") throw new ConflictError(ORDER_ALREADY_PAID);
  if (attempt === "processing") throw new ConflictError(PAYMENT_STILL_PROCESSING);

  return await retryOnConflict(
    () =>
      db.transaction(async (tx) => {
        const order = await lockOrder(tx, input.orderId);
        if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
        if (order.paidAt) throw new ConflictError(ORDER_ALREADY_PAID);
        if (
          order.status !== "pending" || order.source === "web" || order.couponId !== null ||
          toCents(order.discountAmount) !== 0 || toCents(order.rewardDiscount) !== 0
        ) {
          throw new ConflictError(LINES_LOCKED);
        }
        const old = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id));
        const before = { lines: linesText(old), total: toRand(toCents(order.total)!) };
        await releaseStock(
          tx,
          old.flatMap((l) =>
            l.productId === null ? [] : [{ productId: l.productId, variantId: l.variantId, quantity: l.quantity }]
          ),
          { reason: "staff_edit", orderId: order.id, actorUserId: input.staffUserId },
        );
        const lines = await priceItems(tx, input.items);
        if (order.shippingMethod === "pudo_locker") checkPudo(lines, order.pudoLockerCode);
        const changes = await takeStock(tx, lines.map(stockLineOf));
        await recordStockMovements(tx, changes, {
          reason: "sale",
          orderId: order.id,
          actorUserId: input.staffUserId,
          at: now,
        });
        await tx.delete(orderItems).where(eq(orderItems.orderId, order.id));
        await insertLines(tx, order.id, lines);
        const totals = lineTotals(lines, order.shippingMethod, opts.delivery);
        await tx.update(orders).set({
          subtotal: toNumeric(totals.subtotalCents),
          shippingCost: toNumeric(totals.deliveryCents),
          total: toNumeric(totals.totalCents),
          updatedAt: now,
        }).where(eq(orders.id, order.id));
        await recordAudit(tx, {
          userId: input.staffUserId,
          entityType: "order",
          entityId: order.id,
          action: "lines_changed",
          details: {
            changes: {
              lines: { before: before.lines, after: linesText(lines) },
              total: { before: before.total, after: toRand(totals.totalCents) },
            },
          },
        });
        return { orderId: order.id, totalCents: totals.totalCents };
      }),
    3,
    isRetryableConflict,
  );
}

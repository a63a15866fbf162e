/**
 * The place-order workflow: ONE transaction that re-prices the cart from the database, re-checks the coupon
 * with its use counted at this moment, takes the stock, snapshots lines and addresses, records the
 * coupon use and creates the pending order. Nothing the client sends about money or status is used.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { cartCoupons, coupons, couponUsage, orderItems, orders, users } from "../db/schema/mod.ts";
import { ConflictError, NotFoundError, ValidationError } from "../lib/errors.ts";
import { toNumeric } from "../lib/money.ts";
import type { Address } from "../domains/addresses/mod.ts";
import { getAddress } from "../domains/addresses/mod.ts";
import { DEFAULT_DELIVERY_RATES, type DeliveryRates, getCart, orderTotals } from "../domains/cart/mod.ts";
import {
  addressSnapshot,
  loadOrders,
  ORDER_NUMBER_UNIQUE,
  type OrderDetail,
  orderNumber,
  stockLineOf,
  takeStock,
} from "../domains/orders/mod.ts";
import type { PaymentGateway } from "../domains/payments/types.ts";
import { recordStockMovements } from "../domains/stock_history/mod.ts";
import {
  defaultAddresses,
  type FinalizeOptions,
  findLocker,
  isRetryableConflict,
  isUniqueViolationOf,
  pudoEligibility,
  retryOnConflict,
} from "../domains/checkout/mod.ts";
import { abandonUnpaidOrders } from "./cancel_order.ts";

export interface PlaceOrderInput {
  userId: number;
  /** A repeated submission with the same key returns the first order. */
  idempotencyKey: string | null;
  shippingMethod: "standard" | "pudo_locker";
  pudoLockerCode?: string | null;
  /** Defaults: the user's default shipping and billing addresses. */
  shippingAddressId?: number | null;
  billingAddressId?: number | null;
  notes?: string | null;
  /** How the order will be paid ("stripe" for the card provider, "test" offline). */
  paymentMethod?: string;
  /** The shop's delivery fee and free-delivery threshold (routes pass the settings); default R95 / R1,500. */
  delivery?: DeliveryRates;
}

/**
 * Placement counts every use of the coupon and every order of the customer that is not cancelled
 * (a first-order coupon cannot ride on an order placed while another is unpaid).
 */
const PLACEMENT = { countPendingOrders: true } as const;

export const EMPTY_CART = "Your cart is empty";
export const CHOOSE_PUDO_LOCKER = "Please choose a PUDO locker.";
export const MISSING_SHIPPING_ADDRESS =
  "Please add a default shipping address in your address book before checking out.";

/** What placing an order needs to let go of the customer's earlier unpaid orders first. */
export interface ReplaceUnpaidOrders {
  gateway: PaymentGateway | null;
  finalize: FinalizeOptions;
}

/**
 * Places the order (or returns the one an earlier submission with the same key placed). With
 * `replaceUnpaid`, the customer's other orders still waiting for payment are cancelled first (one checkout
 * in flight per customer): without it, the coupon and stock an abandoned payment step still holds
 * would refuse the customer's next attempt.
 */
export async function placeOrder(
  db: Db,
  input: PlaceOrderInput,
  opts: { now?: Date; replaceUnpaid?: ReplaceUnpaidOrders } = {},
): Promise<{ order: OrderDetail; created: boolean }> {
  const { now = new Date(), replaceUnpaid: replace } = opts;
  const owner = { userId: input.userId };
  const earlier = await orderForKey(db, input);
  if (earlier) return { order: earlier, created: false };
  // Before anything is touched (the customer's unpaid orders are let go of below): a locker order
  // names one of the lockers.
  const pudo = input.shippingMethod === "pudo_locker";
  const locker = pudo ? findLocker(input.pudoLockerCode) : null;
  if (pudo && !locker) throw new ValidationError(CHOOSE_PUDO_LOCKER);

  // Rerun whole if PostgreSQL aborts it to break a lock conflict with another checkout, or if the
  // order number drawn happens to be taken already (the unique constraint is the final word).
  const placed = await retryOnConflict(
    () =>
      db.transaction(async (tx): Promise<{ id: number; created: boolean } | { notice: string }> => {
        // One placement per customer at a time, the replacement of their earlier unpaid orders
        // included: a double submit waits here, then finds the first order; ten simultaneous
        // submits place one order after another, each replacing the one before.
        await tx.execute(sql`select id from ${users} where ${users.id} = ${input.userId} for update`);
        const again = await orderForKey(tx, input);
        if (again) return { id: again.id, created: false };
        if (replace) {
          await abandonUnpaidOrders(tx, input.userId, input.idempotencyKey, replace.gateway, {
            ...replace.finalize,
            now,
          });
        }

        // Read first as the cart page reads it: a coupon that stopped applying is removed for good
        // (the transaction commits with the notice), and the customer is asked to look again rather
        // than charged a total they did not see. The strict count (PLACEMENT) follows, where a
        // refusal is rolled back: a double submit whose twin has just placed the order with this
        // coupon must find that order, not lose it.
        const preview = await getCart(tx, owner, now);
        if (preview.couponNotice) return { notice: preview.couponNotice };

        // Without a coupon the strict count changes nothing (it counts only coupon uses), so the
        // preview is the cart. With one, lock the applied coupon's row so its use limits are counted
        // with no other order in between, and read the cart again under that lock.
        const [applied] = preview.coupon
          ? await tx.select({ couponId: cartCoupons.couponId }).from(cartCoupons)
            .where(eq(cartCoupons.userId, input.userId))
          : [];
        if (applied) {
          await tx.execute(sql`select id from ${coupons} where ${coupons.id} = ${applied.couponId} for update`);
        }

        const cart = preview.coupon ? await getCart(tx, owner, now, PLACEMENT) : preview;
        if (!cart.lines.length) throw new ValidationError(EMPTY_CART);
        if (cart.couponNotice) throw new ConflictError(`${cart.couponNotice} Please review your order.`);
        if (applied && !cart.coupon) {
          throw new ConflictError("Your coupon no longer applies. Please review your order.");
        }
        for (const line of cart.lines) {
          if (line.quantity > line.product.maxQuantity) {
            throw new ConflictError(
              line.product.maxQuantity === 0
                ? `${line.product.name} has just sold out. Please remove it from your cart to continue.`
                : `Only ${line.product.maxQuantity} of ${line.product.name} can be ordered. Please lower the quantity in your cart.`,
            );
          }
        }
        if (cart.totalCents <= 0) {
          throw new ConflictError("An order of R0.00 cannot be paid by card. Please add an item or remove the coupon.");
        }

        const { shipping, billing } = await orderAddresses(tx, input);
        if (pudo) {
          const eligibility = pudoEligibility(cart);
          if (!eligibility.eligible) throw new ValidationError(eligibility.message);
        }

        const taken = await takeStock(
          tx,
          cart.lines.map((l) => stockLineOf({ ...l, name: l.product.name, variantName: l.product.variantName })),
        );

        // The one delivery rule (domains/cart/delivery.ts) on the goods value after discounts.
        const totals = orderTotals(cart, input.shippingMethod, input.delivery ?? DEFAULT_DELIVERY_RATES);
        const [order] = await tx.insert(orders).values({
          userId: input.userId,
          orderNumber: orderNumber(now),
          status: "pending",
          subtotal: toNumeric(cart.subtotalCents),
          shippingCost: toNumeric(totals.delivery.feeCents),
          discountAmount: toNumeric(totals.discountCents),
          referralId: cart.referral?.referralId ?? null,
          referralDiscount: toNumeric(cart.referralDiscountCents),
          total: toNumeric(totals.totalCents),
          shippingAddress: addressSnapshot(shipping) as unknown as Record<string, unknown>,
          billingAddress: billing ? addressSnapshot(billing) as unknown as Record<string, unknown> : null,
          shippingMethod: input.shippingMethod,
          pudoLockerCode: locker?.id ?? null,
          pudoLockerAddress: locker ? `${locker.name}, ${locker.address}` : null,
          paymentMethod: input.paymentMethod ?? "stripe",
          notes: input.notes?.trim() || null,
          couponId: applied && cart.coupon ? applied.couponId : null,
          idempotencyKey: input.idempotencyKey,
          createdAt: now,
          updatedAt: now,
        }).returning({ id: orders.id });
        // The stock history's rows for this sale: one insert (decision 0071).
        await recordStockMovements(tx, taken, { reason: "sale", orderId: order.id, at: now });
        await tx.insert(orderItems).values(cart.lines.map((l) => ({
          orderId: order.id,
          productId: l.productId,
          variantId: l.variantId,
          name: l.product.name,
          sku: l.product.sku,
          variantName: l.product.variantName,
          price: toNumeric(l.unitPriceCents),
          quantity: l.quantity,
        })));
        if (applied && cart.coupon) {
          await tx.insert(couponUsage).values({
            couponId: applied.couponId,
            userId: input.userId,
            orderId: order.id,
            discountAmount: toNumeric(cart.discountCents),
            createdAt: now,
          });
        }
        return { id: order.id, created: true };
      }),
    3,
    (err) => isRetryableConflict(err) || isUniqueViolationOf(err, ORDER_NUMBER_UNIQUE),
  );
  if ("notice" in placed) throw new ConflictError(`${placed.notice} Please review your order.`);
  const [order] = await loadOrders(db, [placed.id]);
  return { order, created: placed.created };
}

async function orderForKey(db: Db, input: PlaceOrderInput): Promise<OrderDetail | null> {
  if (!input.idempotencyKey) return null;
  const [row] = await db.select({ id: orders.id }).from(orders)
    .where(and(eq(orders.userId, input.userId), eq(orders.idempotencyKey, input.idempotencyKey)));
  if (!row) return null;
  const [order] = await loadOrders(db, [row.id]);
  return order ?? null;
}

/** The addresses asked for (the customer's own), else the defaults; a shipping address is required. */
async function orderAddresses(
  db: Db,
  input: PlaceOrderInput,
): Promise<{ shipping: Address; billing: Address | null }> {
  const defaults = await defaultAddresses(db, input.userId);
  const own = (id: number) =>
    getAddress(db, input.userId, id).catch((err) => {
      if (err instanceof NotFoundError) throw new ValidationError("That address is not in your address book.");
      throw err;
    });
  const shipping = input.shippingAddressId ? await own(input.shippingAddressId) : defaults.shippingAddress;
  if (!shipping) throw new ValidationError(MISSING_SHIPPING_ADDRESS);
  const billing = input.billingAddressId ? await own(input.billingAddressId) : defaults.billingAddress;
  return { shipping, billing };
}

/**
 * What the checkout's review step shows: the priced cart, the default addresses, the totals of each
 * shipping method and whether PUDO locker delivery is open to this order.
 */
import type { Db } from "../../db/client.ts";
import { formatMoney } from "../../lib/money.ts";
import { type Address, getDefaultAddresses } from "../addresses/mod.ts";
import { type Cart, type DeliveryRates, getCart, type OrderTotals, orderTotals } from "../cart/mod.ts";
import { unpaidOrderOf } from "./unpaid.ts";

export interface PudoLocker {
  id: string;
  name: string;
  address: string;
}

/** The four sample lockers of the spec; an order stores the locker's id and address. */
export const PUDO_LOCKERS: readonly PudoLocker[] = [
  {
    id: "PUDO-PTA-CENTRAL",
    name: "Pretoria Central",
    address: "Shop 12, Sammy Marks Square, Church Street, Pretoria, 0002",
  },
  {
    id: "PUDO-SANDTON-CITY",
    name: "Sandton City",
    address: "Sandton City Mall, 83 Rivonia Road, Sandhurst, Sandton, 2196",
  },
  { id: "PUDO-CPT-CBD", name: "Cape Town CBD", address: "Golden Acre, Adderley Street, Cape Town City Centre, 8001" },
  { id: "PUDO-DBN-NORTH", name: "Durban North", address: "Broadway Shopping Centre, 60 Broadway, Durban North, 4051" },
];

/**
 * PUDO delivery needs an order total after discounts of at least R1,000 (spec 001 section 2): the
 * goods value after the coupon, the same value the free-delivery threshold judges (delivery itself
 * is not part of it, PUDO being free).
 */
export const PUDO_MIN_TOTAL_CENTS = 100_000;

export type PudoEligibility = { eligible: true } | { eligible: false; message: string };

export function findLocker(id: string | null | undefined): PudoLocker | null {
  return PUDO_LOCKERS.find((l) => l.id === id) ?? null;
}

/** Whether the cart may go to a PUDO locker, and if not, the spec's reason. */
export function pudoEligibility(cart: Pick<Cart, "lines" | "totalCents">): PudoEligibility {
  const bulky = cart.lines.filter((l) => !l.product.pudoEligible).map((l) => l.product.name);
  if (bulky.length) {
    return {
      eligible: false,
      message: `PUDO locker delivery is not available for: ${[...new Set(bulky)].join(", ")}.`,
    };
  }
  if (cart.totalCents < PUDO_MIN_TOTAL_CENTS) {
    return {
      eligible: false,
      message: `PUDO locker delivery needs an order total of at least ${formatMoney(PUDO_MIN_TOTAL_CENTS)}. ` +
        `Your current total is ${formatMoney(cart.totalCents)}.`,
    };
  }
  return { eligible: true };
}

export interface CheckoutReview {
  cart: Cart;
  /** The default shipping address; null sends the customer to the address book first. */
  shippingAddress: Address | null;
  /** The default billing address; null means "same as shipping". */
  billingAddress: Address | null;
  pudo: PudoEligibility;
  /** The order's money for each delivery method, as placeOrder will store it. */
  totals: { standard: OrderTotals; pudo_locker: OrderTotals };
  /** The customer's order still waiting for payment: placing this one cancels it. */
  unpaidOrder: { id: number; orderNumber: string } | null;
}

/** The review step's data for a signed-in customer. */
export async function checkoutReview(db: Db, userId: number, rates: DeliveryRates): Promise<CheckoutReview> {
  const cart = await getCart(db, { userId });
  const { shippingAddress, billingAddress } = await defaultAddresses(db, userId);
  const unpaidOrder = await unpaidOrderOf(db, userId);
  const totals = {
    standard: orderTotals(cart, "standard", rates),
    pudo_locker: orderTotals(cart, "pudo_locker", rates),
  };
  return { cart, shippingAddress, billingAddress, pudo: pudoEligibility(cart), totals, unpaidOrder };
}

/** The user's default shipping and billing addresses (either may be null). */
export async function defaultAddresses(
  db: Db,
  userId: number,
): Promise<{ shippingAddress: Address | null; billingAddress: Address | null }> {
  return await getDefaultAddresses(db, userId);
}

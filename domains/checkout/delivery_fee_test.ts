/**
 * The delivery rule at its edges, through real order placement: the fee below the free-delivery
 * threshold after discounts and R0 at it, FREESHIP on R600 and refused below R500, and PUDO's
 * 'R1,000 after discounts' at R999.99 / R1,000.00 (issue 17 item 5).
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { coupons, users } from "../../db/schema/mod.ts";
import { ValidationError } from "../../lib/errors.ts";
import { createAddress, createProduct, createUser } from "../../tests/helpers/factories.ts";
import { useTestDatabase } from "../../tests/helpers/db.ts";
import { addToCart, applyCoupon, DEFAULT_DELIVERY_RATES, deliveryQuote, getCart } from "../cart/mod.ts";
import { pudoEligibility } from "./mod.ts";
import { placeOrder } from "../../flows/place_order.ts";

const { test, closeDatabase } = useTestDatabase();
const rates = { feeCents: 9_500, freeThresholdCents: 150_000 };

/** A customer with a default address and one product of `price` rand in the cart. */
async function cartOf(db: Db, price: string) {
  const user = await createUser(db);
  const address = await createAddress(db, user.id);
  await db.update(users).set({ defaultShippingAddressId: address.id }).where(eq(users.id, user.id));
  const p = await createProduct(db, { price, stock: 5 });
  await addToCart(db, { userId: user.id }, { productId: p.id, quantity: 1 });
  return user;
}

/** A fixed-amount coupon of `rand` off. */
async function rebate(db: Db, code: string, rand: string) {
  await db.insert(coupons).values({ code, description: `${rand} off`, type: "fixed_amount", value: rand });
}

const freeship = (db: Db) =>
  db.insert(coupons).values({
    code: "FREESHIP",
    description: "Free shipping on orders over R500",
    type: "free_shipping",
    value: "1.00",
    minOrderValue: "500.00",
  });

const place = (db: Db, userId: number, shippingMethod: "standard" | "pudo_locker" = "standard") =>
  placeOrder(db, {
    userId,
    idempotencyKey: null,
    shippingMethod,
    pudoLockerCode: shippingMethod === "pudo_locker" ? "PUDO-CPT-CBD" : null,
    delivery: rates,
  });

Deno.test("[delivery] the rule alone: fee below the threshold, free at it, FREESHIP and PUDO free", () => {
  assert.deepEqual(deliveryQuote(149_999, "standard", rates), {
    method: "standard",
    feeCents: 9_500,
    free: null,
    toFreeCents: 1,
  });
  assert.equal(deliveryQuote(150_000, "standard", rates).feeCents, 0);
  assert.equal(deliveryQuote(150_000, "standard", rates).free, "threshold");
  assert.equal(deliveryQuote(60_000, "standard", rates, true).free, "coupon");
  assert.equal(deliveryQuote(60_000, "standard", rates, true).feeCents, 0);
  assert.equal(deliveryQuote(100_000, "pudo_locker", rates).feeCents, 0);
  assert.deepEqual(DEFAULT_DELIVERY_RATES, rates, "the defaults are R95 below R1,500");
});

test("[delivery] R1,499.99 after a coupon pays the fee; R1,500.00 after a coupon ships free", async (db) => {
  await rebate(db, "TENOFF", "10.00");
  const below = await cartOf(db, "1509.99");
  await applyCoupon(db, { userId: below.id }, "TENOFF");
  const a = (await place(db, below.id)).order;
  assert.equal(a.subtotalCents, 150_999);
  assert.equal(a.shippingCents, 9_500, "R1,499.99 after the coupon is below the threshold");
  assert.equal(a.totalCents, 149_999 + 9_500);

  const at = await cartOf(db, "1510.00");
  await applyCoupon(db, { userId: at.id }, "TENOFF");
  const b = (await place(db, at.id)).order;
  assert.equal(b.shippingCents, 0, "R1,500.00 after the coupon reaches the threshold");
  assert.equal(b.totalCents, 150_000);
});

test("[delivery] FREESHIP waives the fee on R600 and is refused below R500", async (db) => {
  await freeship(db);
  const six = await cartOf(db, "600.00");
  const plain = await getCart(db, { userId: six.id });
  assert.equal(plain.freeShipping, false);
  await applyCoupon(db, { userId: six.id }, "FREESHIP");
  const order = (await place(db, six.id)).order;
  assert.equal(order.couponCode, "FREESHIP");
  assert.equal(order.shippingCents, 0);
  assert.equal(order.totalCents, 60_000);

  const small = await cartOf(db, "499.99");
  await assert.rejects(applyCoupon(db, { userId: small.id }, "FREESHIP"), ValidationError);
  const paysFee = (await place(db, small.id)).order;
  assert.equal(paysFee.shippingCents, 9_500);
  assert.equal(paysFee.totalCents, 49_999 + 9_500);
});

test("[delivery] a fee set by staff is the fee an order pays", async (db) => {
  const user = await cartOf(db, "300.00");
  const { order } = await placeOrder(db, {
    userId: user.id,
    idempotencyKey: null,
    shippingMethod: "standard",
    delivery: { feeCents: 7_550, freeThresholdCents: 200_000 },
  });
  assert.equal(order.shippingCents, 7_550);
  assert.equal(order.totalCents, 37_550);
});

test("[delivery] PUDO needs R1,000.00 after discounts: R999.99 refused, R1,000.00 allowed and free", async (db) => {
  await rebate(db, "FIFTY", "50.00");
  // R1,049.99 before the coupon: a rule judging before discounts would let it through.
  const short = await cartOf(db, "1049.99");
  await applyCoupon(db, { userId: short.id }, "FIFTY");
  const shortCart = await getCart(db, { userId: short.id });
  assert.equal(shortCart.totalCents, 99_999);
  assert.equal(pudoEligibility(shortCart).eligible, false);
  await assert.rejects(
    place(db, short.id, "pudo_locker"),
    (err) => err instanceof ValidationError && /at least R\s1\s000,00/.test(err.message),
  );

  // Exactly R1,000.00 after the coupon: allowed (a rule refusing the boundary fails here).
  const exact = await cartOf(db, "1050.00");
  await applyCoupon(db, { userId: exact.id }, "FIFTY");
  assert.equal(pudoEligibility(await getCart(db, { userId: exact.id })).eligible, true);
  const { order } = await place(db, exact.id, "pudo_locker");
  assert.equal(order.shippingMethod, "pudo_locker");
  assert.equal(order.shippingCents, 0, "PUDO is free");
  assert.equal(order.totalCents, 100_000);
});

closeDatabase();

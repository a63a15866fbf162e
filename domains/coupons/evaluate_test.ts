import assert from "node:assert/strict";
import {
  buyXGetYDiscount,
  type CouponContext,
  type CouponRule,
  evaluateCoupon,
  NOT_FOR_THIS_ACCOUNT,
  type PricedLine,
  SIGN_IN_FOR_TAGGED_COUPON,
} from "./mod.ts";

const now = new Date("2026-11-22T10:00:00Z");
const rule = (r: Partial<CouponRule>): CouponRule => ({
  id: 1,
  code: "TEST",
  description: "test",
  type: "percentage",
  value: 10,
  minOrderCents: null,
  maxDiscountCents: null,
  categoryId: null,
  productId: null,
  startDate: new Date("2026-01-01T00:00:00Z"),
  endDate: null,
  usageLimit: null,
  userLimit: 1,
  firstTimeOnly: false,
  customerTag: null,
  active: true,
  ...r,
});
const ctx = (c: Partial<CouponContext> = {}): CouponContext => ({
  now,
  userId: 7,
  usesByUser: 0,
  usesTotal: 0,
  hasEarlierOrder: false,
  customerTags: [],
  ...c,
});
const line = (
  unitRand: number,
  quantity = 1,
  productId = 1,
  categoryId: number | null = 1,
  parentCategoryId: number | null = null,
): PricedLine => ({
  productId,
  categoryId,
  parentCategoryId,
  unitPriceCents: Math.round(unitRand * 100),
  quantity,
});
function discount(r: CouponRule, lines: PricedLine[], c = ctx()) {
  const result = evaluateCoupon(r, lines, c);
  assert.ok(result.ok, result.ok ? "" : result.reason);
  return result.discountCents / 100;
}
function refusal(r: CouponRule, lines: PricedLine[], c = ctx()) {
  const result = evaluateCoupon(r, lines, c);
  assert.ok(!result.ok, "expected a refusal");
  return result.reason;
}

Deno.test("[coupons] percentage: 10% of R1 299,99 is R130,00 (rounded to the cent); maxDiscount caps it", () => {
  assert.equal(discount(rule({ value: 10 }), [line(1299.99)]), 130);
  assert.equal(discount(rule({ value: 15, maxDiscountCents: 10000 }), [line(1000), line(500)]), 100);
});

Deno.test("[coupons] fixed amount: R100 off, never more than the eligible subtotal", () => {
  assert.equal(discount(rule({ type: "fixed_amount", value: 10000 }), [line(349)]), 100);
  assert.equal(discount(rule({ type: "fixed_amount", value: 50000 }), [line(199), line(49)]), 248);
});

Deno.test("[coupons] free shipping: no money off the goods, shipping becomes free", () => {
  const r = evaluateCoupon(rule({ type: "free_shipping", value: 1, minOrderCents: 50000 }), [line(600)], ctx());
  assert.deepEqual(r, { ok: true, discountCents: 0, freeShipping: true, eligibleSubtotalCents: 60000 });
  assert.equal(
    refusal(rule({ type: "free_shipping", value: 1, minOrderCents: 50000 }), [line(450)]).replace(/\s/g, " "),
    "Spend at least R 500,00 to use this coupon.",
  );
});

Deno.test("[coupons] buy 2 get 1: in every group of three units, dearest first, the cheapest is free", () => {
  // R300 + R200 + R100: the R100 is free.
  assert.equal(discount(rule({ type: "buy_x_get_y", value: 2 }), [line(300), line(200), line(100)]), 100);
  // Six units: groups (300,300,200) and (200,100,100): R200 + R100 free.
  assert.equal(discount(rule({ type: "buy_x_get_y", value: 2 }), [line(300, 2), line(200, 2), line(100, 2)]), 300);
  // Five units: one full group only.
  assert.equal(buyXGetYDiscount([line(100, 5)], 2), 10000);
  assert.equal(
    refusal(rule({ type: "buy_x_get_y", value: 2 }), [line(300, 2)]),
    "Add 3 qualifying items to get one free.",
  );
});

Deno.test("[coupons] first_time: N% off a first order; a guest holds it until signing in; a returning customer is refused", () => {
  const r = rule({ type: "first_time", value: 10, firstTimeOnly: true });
  assert.equal(discount(r, [line(1500)]), 150);
  const guest = evaluateCoupon(r, [line(1500)], ctx({ userId: null }));
  assert.ok(guest.ok && guest.needsSignIn && guest.discountCents === 15000);
  assert.equal(refusal(r, [line(1500)], ctx({ hasEarlierOrder: true })), "This coupon is only for your first order.");
});

Deno.test("[coupons] a coupon limited to a customer tag: a guest signs in, only a customer carrying the tag uses it", () => {
  const r = rule({ customerTag: "trade" });
  assert.equal(refusal(r, [line(500)], ctx({ userId: null })), SIGN_IN_FOR_TAGGED_COUPON);
  assert.equal(refusal(r, [line(500)], ctx({ customerTags: ["breeder"] })), NOT_FOR_THIS_ACCOUNT);
  assert.equal(discount(r, [line(500)], ctx({ customerTags: ["breeder", "trade"] })), 50);
  assert.equal(discount(rule({}), [line(500)], ctx({ userId: null })), 50, "no tag: everyone");
});

Deno.test("[coupons] dates, active flag and limits", () => {
  assert.equal(refusal(rule({ active: false }), [line(100)]), "This coupon is not active.");
  assert.equal(refusal(rule({ startDate: new Date("2026-12-01") }), [line(100)]), "This coupon is not valid yet.");
  assert.equal(refusal(rule({ endDate: new Date("2026-11-21") }), [line(100)]), "This coupon has expired.");
  assert.equal(
    refusal(rule({ usageLimit: 5 }), [line(100)], ctx({ usesTotal: 5 })),
    "This coupon has reached its usage limit.",
  );
  assert.equal(
    refusal(rule({ userLimit: 1 }), [line(100)], ctx({ usesByUser: 1 })),
    "You have already used this coupon.",
  );
  assert.equal(discount(rule({ userLimit: 3 }), [line(100)], ctx({ usesByUser: 2 })), 10);
  // A guest can apply an ordinary coupon; per-customer limits are checked once signed in (checkout needs an account).
  assert.equal(discount(rule({}), [line(100)], ctx({ userId: null })), 10);
});

Deno.test("[coupons] category and product restrictions discount matching lines only", () => {
  const lines = [line(1000, 1, 1, 10), line(500, 2, 2, 20)];
  assert.equal(discount(rule({ value: 10, categoryId: 20 }), lines), 100);
  assert.equal(discount(rule({ type: "fixed_amount", value: 200000, productId: 1 }), lines), 1000);
  assert.equal(
    refusal(rule({ value: 10, categoryId: 99 }), lines),
    "This coupon doesn't apply to the items in your cart.",
  );
});

Deno.test("[coupons] a category coupon covers that category's sub-categories, not its parent or siblings", () => {
  // Category 10 (Health & Hygiene) has sub-category 11 (Cleaning & Maintenance); 20 is unrelated.
  const lines = [line(1000, 1, 1, 11, 10), line(500, 1, 2, 20), line(300, 1, 3, 10)];
  assert.equal(discount(rule({ value: 10, categoryId: 10 }), lines), 130, "the parent's coupon: R1000 + R300");
  assert.equal(discount(rule({ value: 10, categoryId: 11 }), lines), 100, "the sub-category's coupon: only R1000");
  assert.equal(
    refusal(rule({ value: 10, categoryId: 11 }), [line(300, 1, 3, 10), line(400, 1, 4, 12, 10)]),
    "This coupon doesn't apply to the items in your cart.",
    "a sub-category's coupon covers neither its parent nor a sibling",
  );
});

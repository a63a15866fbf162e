/** Coupons limited to a customer tag (decision 0110): staff set it, the cart and the order honour it. */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { useTestDatabase } from "../helpers/db.ts";
import { testClient } from "../helpers/client.ts";
import { fulfilmentShop } from "../helpers/staff.ts";
import { createProduct } from "../helpers/factories.ts";
import { coupons, orders, users } from "../../db/schema/mod.ts";
import { NOT_FOR_THIS_ACCOUNT, SIGN_IN_FOR_TAGGED_COUPON } from "../../domains/coupons/mod.ts";

const { test, closeDatabase } = useTestDatabase();

const trade = {
  code: "trade15",
  description: "15% off for trade customers",
  type: "percentage",
  value: 15,
  startDate: "2026-01-01",
  userLimit: 100,
  customerTag: "  Trade ",
};

test(
  "[tagged coupons] only a customer carrying the coupon's tag can apply it and order with it",
  async (db, database) => {
    const { app, buyer, me, admin } = await fulfilmentShop(db, database);
    const mat = await createProduct(db, { name: "Heat mat", price: "400.00", stock: 10 });

    // Staff make it: the tag is stored as a tag is (lower case); a tag it cannot be is a 400.
    const made = await admin.postJson("/api/coupons", trade);
    assert.equal(made.status, 201);
    assert.equal((await made.json()).customerTag, "trade");
    const bad = await admin.postJson("/api/coupons", { ...trade, code: "TRADE16", customerTag: "<b>" });
    assert.equal(bad.status, 400);
    assert.equal((await bad.json()).message, "A tag may hold letters, digits, spaces, hyphens, apostrophes and &.");
    const everyone = await admin.postJson("/api/coupons", { ...trade, code: "ALL15", customerTag: "" });
    assert.equal((await everyone.json()).customerTag, null, "blank is every customer");
    assert.match(
      await (await admin.get("/admin/coupons")).text(),
      /data-coupon-tag="trade"[^>]*>Only customers tagged/,
    );

    // A guest is asked to sign in; a customer without the tag is refused; the shopper never sees the tag.
    const guest = testClient(app);
    await guest.postJson("/api/cart", { productId: mat.id, quantity: 1 });
    const asGuest = await guest.postJson("/api/cart/apply-coupon", { code: "TRADE15" });
    assert.equal(asGuest.status, 400);
    assert.equal((await asGuest.json()).message, SIGN_IN_FOR_TAGGED_COUPON);
    await me.postJson("/api/cart", { productId: mat.id, quantity: 1 });
    const untagged = await me.postJson("/api/cart/apply-coupon", { code: "TRADE15" });
    assert.equal(untagged.status, 400);
    const refusal = await untagged.json();
    assert.equal(refusal.message, NOT_FOR_THIS_ACCOUNT);
    assert.doesNotMatch(JSON.stringify(refusal), /trade"/i);

    // Tagged by staff, the same customer gets the discount, and the order keeps it.
    assert.equal((await admin.postJson(`/api/admin/users/${buyer.id}/tags`, { tags: ["Trade"] }, "PUT")).status, 200);
    const applied = await me.postJson("/api/cart/apply-coupon", { code: "trade15" });
    assert.equal(applied.status, 200);
    const body = await applied.json();
    assert.equal(body.discount, 60);
    assert.equal(JSON.stringify(body.coupon).includes("customerTag"), false, "the tag stays staff's");
    const placed = await me.postJson("/api/orders", { shippingMethod: "standard" });
    assert.equal(placed.status, 201, await placed.clone().text());
    const [order] = await db.select().from(orders).where(eq(orders.userId, buyer.id));
    const [coupon] = await db.select().from(coupons).where(eq(coupons.code, "TRADE15"));
    assert.equal(order.couponId, coupon.id);
    assert.equal(order.discountAmount, "60.00");

    // The tag taken away, the coupon is dropped from the cart on its next re-check, and said so.
    await me.postJson("/api/cart", { productId: mat.id, quantity: 1 });
    assert.equal((await me.postJson("/api/cart/apply-coupon", { code: "TRADE15" })).status, 200);
    await db.update(users).set({ tags: [] }).where(eq(users.id, buyer.id));
    const cart = await (await me.postJson("/api/cart", { productId: mat.id, quantity: 1 })).json();
    assert.equal(cart.cart.couponNotice, `Coupon TRADE15 was removed: ${NOT_FOR_THIS_ACCOUNT}`);
    assert.equal(await db.$count(coupons), 2);
  },
);

closeDatabase();

/**
 * One action, two doors: each action a page posts to without JavaScript (formRoute) is used once
 * through its JSON route and once through its form, by two customers in the same state, and what it
 * did to the database must be the same. A refusal must be refused both ways with the same words.
 * A form route that drifts from its action (its own validation, its own write) fails here.
 */
import assert from "node:assert/strict";
import { asc, desc, eq } from "drizzle-orm";
import type { Database, Db } from "../../db/client.ts";
import {
  addresses,
  cartCoupons,
  cartItems,
  categories,
  coupons,
  customerTagRules,
  emailOutbox,
  keeperAnimals,
  loyaltyLedger,
  loyaltyRedemptions,
  loyaltyRewards,
  newsletterSubscriptions,
  orderItems,
  orderNotes,
  orderRefunds,
  orders,
  passwordResetTokens,
  products,
  productVariants,
  reminderPreferences,
  reviewReplies,
  reviews,
  reviewVotes,
  sessions,
  shipmentItems,
  shipments,
  stockNotifications,
  users,
  wishlistItems,
} from "../../db/schema/mod.ts";
import { verifyPassword } from "../../domains/auth/mod.ts";
import { remindersOn, setReminders } from "../../domains/animals/mod.ts";
import { seedAnimals } from "../../seed/animals.ts";
import { demoRewards } from "../../seed/demo.ts";
import { useTestDatabase } from "../helpers/db.ts";
import { testApp, testConfig, testShop } from "../helpers/app.ts";
import { shipParcel } from "../../flows/change_order_status.ts";
import { type TestClient, testClient } from "../helpers/client.ts";
import { CUSTOMER_PASSWORD, registerCustomer, registration } from "../helpers/accounts.ts";
import {
  createCategory,
  createCoupon,
  createProduct,
  createRewardCode,
  createUser,
  homeAddress,
} from "../helpers/factories.ts";

import { accountOn, couponForm } from "../helpers/staff.ts";
import { FREE_DELIVERY, paidOrder } from "../helpers/paid_orders.ts";
import type { PaymentGateway } from "../../domains/payments/mod.ts";
import { cancelOrder, payLinkToken } from "../../domains/orders/mod.ts";
import { startFakePayFast } from "../fakes/payfast.ts";
import { startFakeStitch } from "../fakes/stitch.ts";
import { customerWithOrder } from "../helpers/orders.ts";
import { COMPARED_IN_STAFF_FILE, formRoutes, noting as notingIn, refusalShown } from "../helpers/form_parity.ts";

const { test, closeDatabase } = useTestDatabase();

/** A full address form, as the address book's dialog and form send it. */
const home = {
  ...homeAddress,
  label: "Home",
  addressType: "both",
  addressLine2: "Sunridge Complex",
  country: "South Africa",
  phone: "082 555 0123",
  instructions: "Ring twice",
};

let counter = 0;

/** The paths the comparing tests below posted as forms (the route-table check at the end reads them). */
const postedForms = new Set<string>();
/** How many of the comparing tests ran to the end (the route-table check needs them all). */
let compared = 0;

/** `client`, noting each path it posts a form to. */
const noting = (client: TestClient) => notingIn(client, postedForms);

async function customer(database: Database): Promise<{ client: TestClient; id: number }> {
  const client = testClient(testApp(database));
  const n = ++counter;
  const me = await registerCustomer(client, { username: `parity_${n}`, email: `parity${n}@example.co.za` });
  return { client, id: me.id ?? me.user?.id };
}

/** A customer's address book as it would read the same for anyone: no ids, owners or times. */
async function addressBook(db: Db, userId: number) {
  const rows = await db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(asc(addresses.id));
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  return {
    addresses: rows.map(({ id: _id, userId: _u, createdAt: _c, updatedAt: _up, ...rest }) => rest),
    defaultShipping: rows.findIndex((r) => r.id === user.defaultShippingAddressId),
    defaultBilling: rows.findIndex((r) => r.id === user.defaultBillingAddressId),
  };
}

async function cartLines(db: Db, userId: number) {
  return await db.select({
    productId: cartItems.productId,
    variantId: cartItems.variantId,
    quantity: cartItems.quantity,
  })
    .from(cartItems).where(eq(cartItems.userId, userId)).orderBy(asc(cartItems.productId));
}

async function addressIds(db: Db, userId: number): Promise<number[]> {
  const rows = await db.select({ id: addresses.id }).from(addresses).where(eq(addresses.userId, userId))
    .orderBy(asc(addresses.id));
  return rows.map((r) => r.id);
}

const firstAddressId = async (db: Db, userId: number) => (await addressIds(db, userId))[0];
const secondAddressId = async (db: Db, userId: number) => (await addressIds(db, userId))[1];

interface Case {
  name: string;
  /** Brings a fresh customer to the state the action starts from. */
  setup?: (client: TestClient, db: Db, userId: number) => Promise<void>;
  json: (client: TestClient, db: Db, userId: number) => Promise<Response>;
  form: (client: TestClient, db: Db, userId: number) => Promise<Response>;
  state: (db: Db, userId: number) => Promise<unknown>;
  /** What the form answers on success: 303 (a redirect) unless the page is shown at once. */
  formStatus?: number;
}

const withOneAddress = async (client: TestClient) => {
  assert.equal((await client.postJson("/api/addresses", home)).status, 201);
};

let productId = 0;
/** An approved review by nobody in the test, on `productId`, for votes and replies. */
let reviewId = 0;

async function lineId(db: Db, userId: number): Promise<number> {
  const [line] = await db.select({ id: cartItems.id }).from(cartItems).where(eq(cartItems.userId, userId));
  return line.id;
}

const withTwoInCart = async (client: TestClient) => {
  assert.equal((await client.postJson("/api/cart", { productId, quantity: 2 })).status, 201);
};

async function usernameOf(db: Db, userId: number): Promise<string> {
  const [u] = await db.select({ username: users.username }).from(users).where(eq(users.id, userId));
  return u.username;
}

/** How many sessions the customer has signed in. */
async function signedIn(db: Db, userId: number) {
  return (await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId))).length;
}

/** The reset token of the newest e-mail to this customer (the outbox keeps the link's token). */
const resetTokens = new Map<number, string>();
const NEW_PASSWORD = "Bearded-Dragon2!";

const newProfile = { firstName: "Sipho", lastName: "Dlamini", phone: "082 555 0199" };

async function emailOf(db: Db, userId: number): Promise<string> {
  const [u] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return u.email;
}

/** The token of the newest newsletter link of `kind` e-mailed to the customer. */
async function newsletterToken(db: Db, userId: number, kind: "confirm" | "unsubscribe"): Promise<string> {
  const mails = await db.select({ text: emailOutbox.textBody }).from(emailOutbox)
    .where(eq(emailOutbox.toAddress, await emailOf(db, userId))).orderBy(desc(emailOutbox.id));
  const link = new RegExp(`/newsletter/${kind}\\?token=([a-z2-7]{32})`);
  const token = mails.map((m) => m.text.match(link)?.[1]).find(Boolean);
  if (!token) throw new Error(`no ${kind} link was e-mailed`);
  return token;
}

/** The customer's newsletter subscription as it would read the same for anyone, with its welcome e-mails. */
async function subscription(db: Db, userId: number) {
  const email = await emailOf(db, userId);
  const rows = await db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email));
  const welcomes = await db.select({ id: emailOutbox.id }).from(emailOutbox)
    .where(eq(emailOutbox.toAddress, email));
  return {
    rows: rows.map((r) => ({
      confirmed: r.confirmedAt !== null,
      unsubscribed: r.unsubscribedAt !== null,
    })),
    mails: welcomes.length,
  };
}

const subscribed = async (client: TestClient, db: Db, userId: number) => {
  const res = await client.postJson("/api/newsletter", { email: await emailOf(db, userId), source: "footer" });
  assert.equal(res.status, 200, await res.text());
};

/** The customer's reminder e-mails' unsubscribe token. */
async function reminderToken(db: Db, userId: number): Promise<string> {
  const [pref] = await db.select({ token: reminderPreferences.unsubscribeToken }).from(reminderPreferences)
    .where(eq(reminderPreferences.userId, userId));
  return pref.token;
}

/** The customer's animals as they would read the same for anyone: no ids, owners or times. */
async function keptAnimals(db: Db, userId: number) {
  return await db.select({
    speciesId: keeperAnimals.speciesId,
    name: keeperAnimals.name,
    acquiredOn: keeperAnimals.acquiredOn,
    notes: keeperAnimals.notes,
  }).from(keeperAnimals).where(eq(keeperAnimals.userId, userId)).orderBy(asc(keeperAnimals.id));
}

const withAnAnimal = async (client: TestClient, db: Db) => {
  await seedAnimals(db);
  const res = await client.postJson("/api/account/animals", { species: "leopard-gecko", name: "Spot" });
  assert.equal(res.status, 201, await res.clone().text());
};

async function firstAnimalId(db: Db, userId: number): Promise<number> {
  const [a] = await db.select({ id: keeperAnimals.id }).from(keeperAnimals).where(eq(keeperAnimals.userId, userId));
  return a.id;
}

/** 650 points for the customer, and the demo rewards (once). */
const withPoints = async (_client: TestClient, db: Db, userId: number) => {
  await db.insert(loyaltyRewards).values(demoRewards).onConflictDoNothing();
  await db.insert(loyaltyLedger).values({
    userId,
    points: 650,
    reason: "Points for order RB-1001",
    createdAt: new Date(Date.now() - 2 * 86_400_000),
  });
};

async function r50offId(db: Db): Promise<number> {
  const [r] = await db.select({ id: loyaltyRewards.id }).from(loyaltyRewards).where(eq(loyaltyRewards.code, "R50OFF"));
  return r.id;
}

/** The key both customers' checkouts send (keys are per customer, so the orders can hold the same one). */
const ORDER_KEY = "parity-order-0001";

/** POST /api/orders as the spec's client sends it: the key in the Idempotency-Key header. */
const placeOrderJson = (client: TestClient, body: Record<string, unknown>, key = ORDER_KEY) =>
  client.request("/api/orders", {
    method: "POST",
    headers: { "Content-Type": "application/json", "Idempotency-Key": key },
    body: JSON.stringify(body),
  });

/** The review form's post: the key in its hidden field. */
const placeOrderForm = (client: TestClient, fields: Record<string, string>, key = ORDER_KEY) =>
  client.postForm("/checkout", { idempotencyKey: key, shippingMethod: "standard", notes: "", ...fields });

/** A customer's orders as they would read the same for anyone: no ids, numbers or times. */
/** The customer's newest order's id. */
async function latestOrderId(db: Db, userId: number): Promise<number> {
  const rows = await db.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId))
    .orderBy(desc(orders.id)).limit(1);
  return rows[0].id;
}

async function placedOrders(db: Db, userId: number) {
  const rows = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.id));
  return await Promise.all(rows.map(async (o) => ({
    status: o.status,
    paid: o.paidAt !== null,
    idempotencyKey: o.idempotencyKey,
    paymentMethod: o.paymentMethod,
    shippingMethod: o.shippingMethod,
    pudoLockerCode: o.pudoLockerCode,
    pudoLockerAddress: o.pudoLockerAddress,
    shippingAddress: o.shippingAddress,
    billingAddress: o.billingAddress,
    notes: o.notes,
    subtotal: o.subtotal,
    shippingCost: o.shippingCost,
    total: o.total,
    items: await db.select({ productId: orderItems.productId, price: orderItems.price, quantity: orderItems.quantity })
      .from(orderItems).where(eq(orderItems.orderId, o.id)).orderBy(asc(orderItems.id)),
  })));
}

const CASES: Case[] = [
  {
    name: "place an order from the cart (the checkout review form)",
    setup: async (client) => {
      await withOneAddress(client);
      await withTwoInCart(client);
    },
    json: (client) => placeOrderJson(client, { shippingMethod: "standard", notes: "Leave at the desk" }),
    form: (client) => placeOrderForm(client, { notes: "Leave at the desk" }),
    state: placedOrders,
  },
  {
    name: "go back from the payment step (the unpaid order is cancelled)",
    setup: async (client) => {
      await withOneAddress(client);
      await withTwoInCart(client);
      const placed = await placeOrderJson(client, { shippingMethod: "standard" });
      assert.ok(placed.status < 300, await placed.text());
    },
    json: async (client, db, userId) =>
      await client.postJson("/api/orders/abandon", { orderId: await latestOrderId(db, userId) }),
    form: async (client, db, userId) =>
      await client.postForm("/checkout/back", { orderId: String(await latestOrderId(db, userId)) }),
    state: placedOrders,
  },
  {
    name: "buy a past order again",
    setup: async (client) => {
      await withOneAddress(client);
      await withTwoInCart(client);
      const placed = await placeOrderJson(client, { shippingMethod: "standard" });
      assert.ok(placed.status < 300, await placed.text());
      assert.equal((await client.request("/api/cart", { method: "DELETE" })).status, 200);
    },
    json: async (client, db, userId) =>
      await client.postJson(`/api/orders/${await latestOrderId(db, userId)}/buy-again`, {}),
    form: async (client, db, userId) =>
      await client.postForm(`/order/${await latestOrderId(db, userId)}/buy-again`, {}),
    state: cartLines,
  },
  {
    name: "change a cart line's quantity",
    setup: withTwoInCart,
    json: async (client, db, userId) =>
      await client.postJson(`/api/cart/${await lineId(db, userId)}`, { quantity: 3 }, "PUT"),
    form: async (client, db, userId) =>
      await client.postForm(`/cart/items/${await lineId(db, userId)}`, { quantity: "3" }),
    state: cartLines,
  },
  {
    name: "remove a cart line",
    setup: withTwoInCart,
    json: async (client, db, userId) =>
      await client.request(`/api/cart/${await lineId(db, userId)}`, { method: "DELETE" }),
    form: async (client, db, userId) => await client.postForm(`/cart/items/${await lineId(db, userId)}/remove`, {}),
    state: cartLines,
  },
  {
    name: "clear the cart",
    setup: withTwoInCart,
    json: (client) => client.request("/api/cart", { method: "DELETE" }),
    form: (client) => client.postForm("/cart/clear", {}),
    state: cartLines,
  },
  {
    name: "apply a coupon",
    setup: withTwoInCart,
    json: (client) => client.postJson("/api/cart/apply-coupon", { code: "PARITY10" }),
    form: (client) => client.postForm("/cart/coupon", { code: "parity10" }),
    state: async (db, userId) =>
      await db.select({ couponId: cartCoupons.couponId }).from(cartCoupons).where(eq(cartCoupons.userId, userId)),
  },
  {
    name: "remove the coupon",
    setup: async (client) => {
      await withTwoInCart(client);
      assert.equal((await client.postJson("/api/cart/apply-coupon", { code: "PARITY10" })).status, 200);
    },
    json: (client) => client.postJson("/api/cart/remove-coupon", {}),
    form: (client) => client.postForm("/cart/coupon/remove", {}),
    state: async (db, userId) =>
      await db.select({ couponId: cartCoupons.couponId }).from(cartCoupons).where(eq(cartCoupons.userId, userId)),
  },
  {
    name: "sign out",
    json: (client) => client.postJson("/api/auth/logout", {}),
    form: (client) => client.postForm("/logout", {}),
    state: signedIn,
  },
  {
    name: "sign in",
    setup: async (client) => {
      assert.equal((await client.postJson("/api/auth/logout", {})).status, 200);
    },
    json: async (client, db, userId) =>
      await client.postJson("/api/auth/login", { username: await usernameOf(db, userId), password: CUSTOMER_PASSWORD }),
    form: async (client, db, userId) =>
      await client.postForm("/login", { username: await usernameOf(db, userId), password: CUSTOMER_PASSWORD }),
    state: signedIn,
  },
  {
    name: "set a new password with a reset link",
    setup: async (client, db, userId) => {
      assert.equal(
        (await client.postJson("/api/auth/forgot-password", { email: await emailOf(db, userId) })).status,
        200,
      );
      const rows = await db.select().from(emailOutbox);
      const token = /reset-password\?token=([a-z2-7]{32})/.exec(rows.at(-1)?.textBody ?? "")?.[1];
      assert.ok(token, "a reset e-mail is queued");
      resetTokens.set(userId, token);
    },
    json: (client, _db, userId) =>
      client.postJson("/api/auth/reset-password", {
        token: resetTokens.get(userId),
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      }),
    form: (client, _db, userId) =>
      client.postForm("/reset-password", {
        token: resetTokens.get(userId)!,
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      }),
    formStatus: 200,
    state: async (db, userId) => ({
      linksUsed: (await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, userId)))
        .map((t) => t.usedAt !== null),
      sessions: await signedIn(db, userId),
      newPasswordWorks: await verifyPassword(
        (await db.select({ password: users.password }).from(users).where(eq(users.id, userId)))[0].password,
        NEW_PASSWORD,
      ),
    }),
  },
  {
    name: "remove a product from the wishlist",
    setup: async (client) => {
      assert.equal((await client.postJson("/api/wishlist", { productId })).status, 201);
    },
    json: (client) => client.request(`/api/wishlist/${productId}`, { method: "DELETE" }),
    form: (client) => client.postForm(`/wishlist/${productId}/remove`, {}),
    state: async (db, userId) =>
      await db.select({ productId: wishlistItems.productId }).from(wishlistItems).where(
        eq(wishlistItems.userId, userId),
      ),
  },
  {
    name: "save a product with the heart, and take it off again",
    json: async (client) => {
      assert.equal((await client.postJson("/api/wishlist/toggle", { productId })).status, 200);
      const off = await client.postJson("/api/wishlist/toggle", { productId });
      assert.deepEqual(await off.clone().json(), { success: true, saved: false, message: "Removed from Wishlist" });
      return await client.postJson("/api/wishlist/toggle", { productId });
    },
    form: async (client) => {
      const fields = { productId: String(productId), returnPath: "/products" };
      assert.equal((await client.postForm("/wishlist/toggle", fields)).status, 303);
      assert.equal((await client.postForm("/wishlist/toggle", fields)).status, 303);
      const on = await client.postForm("/wishlist/toggle", fields);
      assert.equal(on.headers.get("Location"), "/products");
      return on;
    },
    state: async (db, userId) =>
      await db.select({ productId: wishlistItems.productId }).from(wishlistItems).where(
        eq(wishlistItems.userId, userId),
      ),
  },
  {
    name: "ask to be told when a product is back in stock",
    setup: async (_client, db) => {
      await db.update(products).set({ stock: 0 }).where(eq(products.id, productId));
    },
    json: (client) => client.postJson(`/api/products/${productId}/notify`, {}),
    form: (client) => client.postForm(`/products/${productId}/notify`, { returnPath: "/products" }),
    state: async (db, userId) =>
      await db.select({
        productId: stockNotifications.productId,
        variantId: stockNotifications.variantId,
        active: stockNotifications.active,
      })
        .from(stockNotifications).where(eq(stockNotifications.userId, userId)),
  },
  {
    name: "vote a review helpful",
    json: (client) => client.postJson(`/api/reviews/${reviewId}/vote`, { helpful: true }),
    form: async (client, db) =>
      await client.postForm(`/product/${await slugOf(db)}/reviews/${reviewId}/vote`, { helpful: "true" }),
    state: async (db, userId) =>
      await db.select({ vote: reviewVotes.vote }).from(reviewVotes).where(eq(reviewVotes.userId, userId)),
  },
  {
    name: "reply to a review",
    json: (client) => client.postJson(`/api/reviews/${reviewId}/replies`, { content: "Mine loves it too." }),
    form: async (client, db) =>
      await client.postForm(`/product/${await slugOf(db)}/reviews/${reviewId}/replies`, {
        content: "Mine loves it too.",
      }),
    state: async (db, userId) =>
      await db.select({ content: reviewReplies.content, isOfficial: reviewReplies.isOfficial }).from(reviewReplies)
        .where(eq(reviewReplies.userId, userId)),
  },
  {
    name: "add an address",
    json: (client) => client.postJson("/api/addresses", home),
    form: (client) => client.postForm("/address-book", home),
    state: addressBook,
  },
  {
    name: "edit an address (ticking default)",
    setup: async (client) => {
      assert.equal((await client.postJson("/api/addresses", { ...home, label: "Work" })).status, 201);
      await withOneAddress(client);
    },
    json: async (client, db, userId) =>
      await client.postJson(
        `/api/addresses/${await secondAddressId(db, userId)}`,
        { ...home, city: "Durban", isDefault: true },
        "PUT",
      ),
    form: async (client, db, userId) =>
      await client.postForm(`/address-book/${await secondAddressId(db, userId)}`, {
        ...home,
        city: "Durban",
        isDefault: "on",
        wasDefault: "false",
      }),
    state: addressBook,
  },
  {
    name: "make an address the default for billing",
    setup: async (client) => {
      await withOneAddress(client);
      await withOneAddress(client);
    },
    json: async (client, db, userId) =>
      await client.postJson(`/api/addresses/${await secondAddressId(db, userId)}/default`, { addressType: "billing" }),
    form: async (client, db, userId) =>
      await client.postForm(`/address-book/${await secondAddressId(db, userId)}/default`, { addressType: "billing" }),
    state: addressBook,
  },
  {
    name: "delete an address",
    setup: withOneAddress,
    json: async (client, db, userId) =>
      await client.request(`/api/addresses/${await firstAddressId(db, userId)}`, { method: "DELETE" }),
    form: async (client, db, userId) =>
      await client.postForm(`/address-book/${await firstAddressId(db, userId)}/delete`, {}),
    state: addressBook,
  },
  {
    name: "change the profile",
    json: async (client, db, userId) =>
      await client.postJson("/api/account/profile", { ...newProfile, email: await emailOf(db, userId) }, "PUT"),
    form: async (client, db, userId) =>
      await client.postForm("/account/profile", { ...newProfile, email: await emailOf(db, userId) }),
    state: async (db, userId) => {
      const [u] = await db.select({ firstName: users.firstName, lastName: users.lastName, phone: users.phone })
        .from(users).where(eq(users.id, userId));
      return u;
    },
  },
  {
    name: "subscribe to the newsletter",
    json: async (client, db, userId) =>
      await client.postJson("/api/newsletter", { email: await emailOf(db, userId), source: "footer" }),
    form: async (client, db, userId) =>
      await client.postForm("/newsletter", { email: await emailOf(db, userId), source: "footer" }),
    state: async (db, userId) => {
      const rows = await db.select().from(newsletterSubscriptions)
        .where(eq(newsletterSubscriptions.email, await emailOf(db, userId)));
      return rows.map((r) => ({
        pending: r.confirmToken !== null,
        confirmed: r.confirmedAt !== null,
        source: r.consentSource,
        byThisCustomer: r.userId === userId,
      }));
    },
  },
  {
    name: "confirm a newsletter subscription",
    setup: subscribed,
    json: async (client, db, userId) =>
      await client.postJson("/api/newsletter/confirm", { token: await newsletterToken(db, userId, "confirm") }),
    form: async (client, db, userId) =>
      await client.postForm("/newsletter/confirm", { token: await newsletterToken(db, userId, "confirm") }),
    formStatus: 200,
    state: subscription,
  },
  {
    name: "unsubscribe from the newsletter",
    setup: async (client, db, userId) => {
      await subscribed(client, db, userId);
      const token = await newsletterToken(db, userId, "confirm");
      assert.equal((await client.postJson("/api/newsletter/confirm", { token })).status, 200);
    },
    json: async (client, db, userId) =>
      await client.postJson("/api/newsletter/unsubscribe", { token: await newsletterToken(db, userId, "unsubscribe") }),
    form: async (client, db, userId) =>
      await client.postForm("/newsletter/unsubscribe", { token: await newsletterToken(db, userId, "unsubscribe") }),
    formStatus: 200,
    state: subscription,
  },
  {
    name: "add all to cart (a product's lists)",
    json: (client) => client.postJson("/api/cart/bundle", { productId: [productId] }),
    form: (client) => client.postForm("/recommendations/add-to-cart", { productId: String(productId) }),
    state: cartLines,
  },
  {
    name: "turn replacement reminders off",
    json: (client) => client.postJson("/api/account/reminders", { on: false }, "PUT"),
    form: (client) => client.postForm("/account/reminders", { on: "0" }),
    state: async (db, userId) => ({ on: await remindersOn(db, userId) }),
  },
  {
    name: "unsubscribe from replacement reminders by the e-mail's link",
    setup: async (_client, db, userId) => {
      await setReminders(db, userId, true);
    },
    json: async (client, db, userId) =>
      await client.postJson("/api/reminders/unsubscribe", { token: await reminderToken(db, userId) }),
    form: async (client, db, userId) =>
      await client.postForm("/reminders/unsubscribe", { token: await reminderToken(db, userId) }),
    formStatus: 200,
    state: async (db, userId) => ({ on: await remindersOn(db, userId) }),
  },
  {
    name: "turn cart reminders off",
    json: (client) => client.postJson("/api/account/reminders", { on: false, kind: "cart" }, "PUT"),
    form: (client) => client.postForm("/account/reminders", { on: "0", kind: "cart" }),
    state: async (db, userId) => ({
      cart: await remindersOn(db, userId, "cart"),
      replacement: await remindersOn(db, userId),
    }),
  },
  {
    name: "unsubscribe from cart reminders by the e-mail's link",
    setup: async (_client, db, userId) => {
      await setReminders(db, userId, true, "cart");
    },
    json: async (client, db, userId) =>
      await client.postJson("/api/reminders/unsubscribe", { token: await reminderToken(db, userId), kind: "cart" }),
    form: async (client, db, userId) =>
      await client.postForm("/reminders/unsubscribe", { token: await reminderToken(db, userId), kind: "cart" }),
    formStatus: 200,
    state: async (db, userId) => ({
      cart: await remindersOn(db, userId, "cart"),
      replacement: await remindersOn(db, userId),
    }),
  },
  {
    name: "add to cart",
    json: (client) => client.postJson("/api/cart", { productId, quantity: 2 }),
    form: (client) => client.postForm("/cart", { productId: String(productId), quantity: "2" }),
    state: cartLines,
  },
  {
    name: "ask for a password reset link",
    json: async (client, db, userId) =>
      await client.postJson("/api/auth/forgot-password", { email: await emailOf(db, userId) }),
    form: async (client, db, userId) => await client.postForm("/forgot-password", { email: await emailOf(db, userId) }),
    state: async (db, userId) =>
      (await db.select({ id: passwordResetTokens.id }).from(passwordResetTokens).where(
        eq(passwordResetTokens.userId, userId),
      )).length,
  },
  {
    name: "change the password",
    json: (client) =>
      client.postJson("/api/account/password", {
        currentPassword: CUSTOMER_PASSWORD,
        newPassword: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      }),
    form: (client) =>
      client.postForm("/account/password", {
        currentPassword: CUSTOMER_PASSWORD,
        newPassword: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      }),
    state: async (db, userId) => {
      const [u] = await db.select({ password: users.password }).from(users).where(eq(users.id, userId));
      return { newPassword: await verifyPassword(u.password, NEW_PASSWORD), sessions: await signedIn(db, userId) };
    },
  },
  {
    name: "record an animal",
    setup: (_client, db) => seedAnimals(db),
    json: (client) => client.postJson("/api/account/animals", { species: "leopard-gecko", name: "Spot" }),
    form: (client) =>
      client.postForm("/account/animals", { species: "leopard-gecko", name: "Spot", acquiredOn: "", notes: "" }),
    state: keptAnimals,
  },
  {
    name: "change an animal",
    setup: withAnAnimal,
    json: async (client, db, userId) =>
      await client.postJson(`/api/account/animals/${await firstAnimalId(db, userId)}`, {
        name: "Spotty",
        notes: "Sheds in one piece",
      }, "PATCH"),
    form: async (client, db, userId) =>
      await client.postForm(`/account/animals/${await firstAnimalId(db, userId)}`, {
        species: "leopard-gecko",
        name: "Spotty",
        acquiredOn: "",
        notes: "Sheds in one piece",
      }),
    state: keptAnimals,
  },
  {
    name: "remove an animal",
    setup: withAnAnimal,
    json: async (client, db, userId) =>
      await client.request(`/api/account/animals/${await firstAnimalId(db, userId)}`, { method: "DELETE" }),
    form: async (client, db, userId) =>
      await client.postForm(`/account/animals/${await firstAnimalId(db, userId)}/delete`, {}),
    state: keptAnimals,
  },
  {
    name: "delete the account",
    json: (client) => client.postJson("/api/account/delete", { password: CUSTOMER_PASSWORD, confirm: true }),
    form: (client) => client.postForm("/account/delete", { password: CUSTOMER_PASSWORD, confirm: "on" }),
    state: async (db, userId) => {
      const [u] = await db.select().from(users).where(eq(users.id, userId));
      return { deleted: u.deletedAt !== null, sessions: await signedIn(db, userId) };
    },
  },
  {
    name: "redeem a reward",
    setup: withPoints,
    json: async (client, db) => await client.postJson("/api/loyalty/redeem", { rewardId: await r50offId(db) }),
    form: async (client, db) => await client.postForm("/loyalty/redeem", { rewardId: String(await r50offId(db)) }),
    state: async (db, userId) => ({
      points: (await db.select({ points: loyaltyLedger.points }).from(loyaltyLedger).where(
        eq(loyaltyLedger.userId, userId),
      ).orderBy(asc(loyaltyLedger.id))).map((r) => r.points),
      redeemed: await db.select({ rewardId: loyaltyRedemptions.rewardId, spent: loyaltyRedemptions.pointsSpent })
        .from(loyaltyRedemptions).where(eq(loyaltyRedemptions.userId, userId)),
    }),
  },
];

async function slugOf(db: Db): Promise<string> {
  const [p] = await db.select({ slug: products.slug }).from(products).where(eq(products.id, productId));
  return p.slug;
}

for (const action of CASES) {
  test(`[form parity] ${action.name}: the form does what the JSON route does`, async (db, database) => {
    productId = (await createProduct(db, { stock: 10 })).id;
    reviewId = (await db.insert(reviews).values({
      productId,
      title: "Keeps the heat",
      content: "Steady all night.",
      rating: 5,
      status: "approved",
    }).returning({ id: reviews.id }))[0].id;
    await db.insert(coupons).values({
      code: "PARITY10",
      description: "10% off",
      type: "percentage",
      value: "10",
      userLimit: 5,
    });
    const viaJson = await customer(database);
    const viaForm = await customer(database);
    await action.setup?.(viaJson.client, db, viaJson.id);
    await action.setup?.(viaForm.client, db, viaForm.id);
    const before = await action.state(db, viaJson.id);
    assert.deepEqual(await action.state(db, viaForm.id), before, "same start");

    const json = await action.json(viaJson.client, db, viaJson.id);
    assert.ok(json.status < 300, `JSON ${json.status}: ${await json.text()}`);
    const form = await action.form(noting(viaForm.client), db, viaForm.id);
    assert.equal(form.status, action.formStatus ?? 303, `form ${form.status}: ${(await form.text()).slice(0, 300)}`);

    const after = await action.state(db, viaJson.id);
    assert.notDeepEqual(after, before, "the action changed something");
    assert.deepEqual(await action.state(db, viaForm.id), after);
    compared++;
  });
}

test(
  "[form parity] a refused address is refused both ways with the same words, and nothing is saved",
  async (db, database) => {
    const a = await customer(database);
    const b = await customer(database);
    const bad = { ...home, postalCode: "12" };
    const json = await a.client.postJson("/api/addresses", bad);
    assert.equal(json.status, 400);
    const message = (await json.json()).issues.find((i: { path: string }) => i.path === "postalCode").message;
    const form = await b.client.postForm("/address-book", bad);
    assert.equal(form.status, 400);
    const page = await form.text();
    assert.ok(page.includes(message), `the form page shows '${message}'`);
    assert.ok(page.includes("12 Jacaranda Street"), "what the customer typed is kept");
    assert.equal((await addressBook(db, a.id)).addresses.length, 0);
    assert.equal((await addressBook(db, b.id)).addresses.length, 0);
  },
);

test("[form parity] choosing an animal to check the cart against: the same cookie both ways", async (_db, database) => {
  await seedAnimals(database.db);
  const viaJson = testClient(testApp(database));
  const viaForm = noting(testClient(testApp(database)));
  const json = await viaJson.postJson("/api/animals/leopard-gecko/choose", {});
  assert.equal(json.status, 200, await json.clone().text());
  assert.deepEqual(await json.json(), { slug: "leopard-gecko", commonName: "Leopard gecko" });
  assert.equal((await viaForm.postForm("/animals/leopard-gecko/choose", {})).status, 303);
  assert.equal(viaJson.cookies.get("setup_animals"), "leopard-gecko");
  assert.equal(viaForm.cookies.get("setup_animals"), "leopard-gecko");
  // An unknown species: 404 both ways, nothing remembered.
  assert.equal((await viaJson.postJson("/api/animals/dragon-of-komodo/choose", {})).status, 404);
  assert.equal((await viaForm.postForm("/animals/dragon-of-komodo/choose", {})).status, 404);
  assert.equal(viaForm.cookies.get("setup_animals"), "leopard-gecko");
  compared++;
});

test("[form parity] another customer's address: 404 both ways, untouched", async (db, database) => {
  const owner = await customer(database);
  const other = await customer(database);
  await withOneAddress(owner.client);
  const id = await firstAddressId(db, owner.id);
  const before = await addressBook(db, owner.id);
  assert.equal((await other.client.postJson(`/api/addresses/${id}`, { city: "Durban" }, "PUT")).status, 404);
  assert.equal((await other.client.postForm(`/address-book/${id}`, { ...home, city: "Durban" })).status, 404);
  assert.equal((await other.client.postForm(`/address-book/${id}/delete`, {})).status, 404);
  assert.equal((await other.client.postForm(`/address-book/${id}/default`, { addressType: "billing" })).status, 404);
  assert.deepEqual(await addressBook(db, owner.id), before);
});

test("[form parity] registering: the form makes the account the JSON route makes, signed in", async (db, database) => {
  const viaJson = testClient(testApp(database));
  const viaForm = noting(testClient(testApp(database)));
  const json = await viaJson.postJson(
    "/api/auth/register",
    registration({ username: "reg_json", email: "reg.json@example.co.za", firstName: "Lindiwe" }),
  );
  assert.equal(json.status, 201);
  const { acceptTerms: _a, ...fields } = registration({
    username: "reg_form",
    email: "reg.form@example.co.za",
    firstName: "Lindiwe",
  });
  const form = await viaForm.postForm("/register", { ...fields as Record<string, string>, acceptTerms: "on" });
  assert.equal(form.status, 303, (await form.text()).slice(0, 300));
  const account = async (username: string) => {
    const [u] = await db.select().from(users).where(eq(users.username, username));
    const { id, username: _u, email: _e, password: _p, createdAt: _c, updatedAt: _up, ...rest } = u;
    return { ...rest, sessions: await signedIn(db, id) };
  };
  const made = await account("reg_json");
  assert.equal(made.sessions, 1);
  assert.deepEqual(await account("reg_form"), made);
  compared++;
});

test("[form parity] a wrong password is refused both ways with the same words", async (db, database) => {
  const a = await customer(database);
  const b = await customer(database);
  await a.client.postJson("/api/auth/logout", {});
  await b.client.postJson("/api/auth/logout", {});
  const json = await a.client.postJson("/api/auth/login", {
    username: await usernameOf(db, a.id),
    password: "Wrong-1x",
  });
  assert.equal(json.status, 401);
  const message = (await json.json()).message;
  const form = await b.client.postForm("/login", { username: await usernameOf(db, b.id), password: "Wrong-1x" });
  assert.equal(form.status, 401);
  const page = await form.text();
  assert.ok(page.includes(message), `the form page shows '${message}'`);
  assert.ok(page.includes(await usernameOf(db, b.id)), "the username typed is kept");
  assert.equal(await signedIn(db, a.id), 0);
  assert.equal(await signedIn(db, b.id), 0);
});

/**
 * A staff form and its action: the admin signed in acts once through the JSON route on one thing
 * and once through the form on its twin (two products, categories or paid orders made alike), and
 * the two must end the same.
 */
interface StaffCase {
  name: string;
  /** Makes the n-th thing to act on (1: by JSON, 2: by form) and answers its key (an id, or n). */
  make: (db: Db, gateway: PaymentGateway, n: number) => Promise<number>;
  json: (admin: TestClient, key: number, db: Db) => Promise<Response>;
  form: (admin: TestClient, key: number, db: Db) => Promise<Response>;
  /** What the action did, the same for both things (no ids, names, slugs or times). */
  state: (db: Db, key: number) => Promise<unknown>;
}

/** A product's row as staff set it, without what differs between two products by nature. */
async function productState(db: Db, where: { id: number } | { sku: string }) {
  const [p] = await db.select().from(products).where(
    "id" in where ? eq(products.id, where.id) : eq(products.sku, where.sku),
  );
  if (!p) return null;
  const { id: _i, sku: _s, slug: _sl, name: _n, searchVector: _v, createdAt: _c, updatedAt: _u, archivedAt, ...rest } =
    p;
  return { ...rest, archived: archivedAt !== null };
}

async function categoryState(db: Db, where: { id: number } | { slug: string }) {
  const [row] = await db.select().from(categories).where(
    "id" in where ? eq(categories.id, where.id) : eq(categories.slug, where.slug),
  );
  if (!row) return null;
  const { id: _i, slug: _s, name: _n, position: _p, ...rest } = row as Record<string, unknown>;
  for (const k of ["createdAt", "updatedAt"]) delete rest[k];
  return rest;
}

/** A paid order of 2 x R450, delivered free, for a new customer. */
async function paidParityOrder(db: Db, gateway: PaymentGateway): Promise<number> {
  const p = await createProduct(db, { price: "450.00", stock: 10 });
  return (await paidOrder(db, gateway, [{ productId: p.id, quantity: 2 }], { delivery: FREE_DELIVERY })).order.id;
}

async function orderState(db: Db, id: number) {
  const [o] = await db.select().from(orders).where(eq(orders.id, id));
  const refunds = await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, id));
  return {
    status: o.status,
    paidAt: o.paidAt !== null,
    trackingNumber: o.trackingNumber,
    carrier: o.carrier,
    refundedAmount: o.refundedAmount,
    refunds: refunds.map((r) => ({
      amount: r.amount,
      reason: r.reason,
      status: r.status,
      restocked: r.restock.map((line) => line.quantity),
    })),
  };
}

const newProduct = (n: number) => ({
  name: `Basking Lamp ${n}`,
  slug: `basking-lamp-${n}`,
  sku: `PARITY-${n}`,
  description: "A warm spot for a bearded dragon.",
  brand: "Exo Terra",
  weight: "0.4",
});

/** A coupon as it would read the same under any code: no id, code or times. */
async function couponState(db: Db, where: { code: string } | { id: number }) {
  const [row] = await db.select().from(coupons).where(
    "code" in where ? eq(coupons.code, where.code) : eq(coupons.id, where.id),
  );
  if (!row) return null;
  const { id: _id, code: _code, createdAt: _c, updatedAt: _u, ...rest } = row;
  return rest;
}

const couponJson = (code: string) => ({
  code,
  description: "10% off, at most R150",
  type: "percentage",
  value: 10,
  maxDiscount: 150,
  startDate: "2026-01-05",
});

/** The order's line (its one product). */
async function orderLineId(db: Db, orderId: number): Promise<number> {
  const [line] = await db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.orderId, orderId));
  return line.id;
}

/** {@link orderState} with its parcels: tracking, carrier and how many units each. */
/** The id of an order's first parcel. */
async function parcelId(db: Db, orderId: number): Promise<number> {
  const [parcel] = await db.select({ id: shipments.id }).from(shipments).where(eq(shipments.orderId, orderId))
    .orderBy(asc(shipments.id)).limit(1);
  return parcel.id;
}

async function parcelState(db: Db, id: number) {
  const parcels = await db.select({
    trackingNumber: shipments.trackingNumber,
    carrier: shipments.carrier,
    quantity: shipmentItems.quantity,
  }).from(shipments).innerJoin(shipmentItems, eq(shipmentItems.shipmentId, shipments.id))
    .where(eq(shipments.orderId, id)).orderBy(asc(shipments.id));
  return { order: await orderState(db, id), parcels };
}

const STAFF_CASES: StaffCase[] = [
  {
    name: "create a product",
    make: (_db, _g, n) => Promise.resolve(n),
    json: (admin, n) =>
      admin.postJson("/api/products", { ...newProduct(n), price: 199.99, stock: 5, featured: true, weight: 0.4 }),
    form: (admin, n) =>
      admin.postForm("/admin/products", {
        ...newProduct(n),
        price: "199.99",
        stock: "5",
        featured: "on",
        pudoEligible: "on",
      }),
    state: (db, n) => productState(db, { sku: `PARITY-${n}` }),
  },
  {
    name: "change a product",
    make: async (db) => (await createProduct(db, { price: "100.00", stock: 3, featured: true })).id,
    json: (admin, id) =>
      admin.postJson(`/api/products/${id}`, {
        price: 129.5,
        stock: 8,
        description: "Now with a ceramic socket.",
        featured: false,
        isNew: true,
        pudoEligible: true,
      }, "PUT"),
    form: (admin, id) =>
      admin.postForm(`/admin/products/${id}`, {
        price: "129.50",
        stock: "8",
        description: "Now with a ceramic socket.",
        isNew: "on",
        pudoEligible: "on",
      }),
    state: (db, id) => productState(db, { id }),
  },
  {
    name: "archive a product",
    make: async (db) => (await createProduct(db)).id,
    json: (admin, id) => admin.request(`/api/products/${id}`, { method: "DELETE" }),
    form: (admin, id) => admin.postForm(`/admin/products/${id}/archive`, {}),
    state: (db, id) => productState(db, { id }),
  },
  {
    name: "unarchive a product",
    make: async (db) => (await createProduct(db, { archivedAt: new Date("2026-11-01T08:00:00Z") })).id,
    json: (admin, id) => admin.postJson(`/api/products/${id}/unarchive`, {}),
    form: (admin, id) => admin.postForm(`/admin/products/${id}/unarchive`, {}),
    state: (db, id) => productState(db, { id }),
  },
  {
    name: "create a category",
    make: (_db, _g, n) => Promise.resolve(n),
    json: (admin, n) =>
      admin.postJson("/api/categories", {
        name: `Heat ${n}`,
        slug: `heat-${n}`,
        description: "Lamps and mats.",
        position: 4,
        replacementMonths: 6,
      }),
    form: (admin, n) =>
      admin.postForm("/admin/categories", {
        name: `Heat ${n}`,
        slug: `heat-${n}`,
        description: "Lamps and mats.",
        position: "4",
        replacementMonths: "6",
        parentId: "",
        image: "",
      }),
    state: (db, n) => categoryState(db, { slug: `heat-${n}` }),
  },
  {
    name: "change a category",
    make: async (db) => (await createCategory(db, { description: "Old words" })).id,
    json: (admin, id) =>
      admin.postJson(`/api/categories/${id}`, { description: "New words", replacementMonths: 3 }, "PUT"),
    form: (admin, id) =>
      admin.postForm(`/admin/categories/${id}`, {
        name: `Category ${id}`,
        description: "New words",
        replacementMonths: "3",
        parentId: "",
      }),
    state: (db, id) => categoryState(db, { id }),
  },
  {
    name: "delete a category",
    make: async (db) => (await createCategory(db)).id,
    json: (admin, id) => admin.request(`/api/categories/${id}`, { method: "DELETE" }),
    form: (admin, id) => admin.postForm(`/admin/categories/${id}/delete`, {}),
    state: async (db, id) => (await categoryState(db, { id })) === null,
  },
  {
    name: "remove a category's picture",
    make: async (db) => (await createCategory(db, { image: "https://images.example.co.za/heat.jpg" })).id,
    json: (admin, id) => admin.request(`/api/categories/${id}/image`, { method: "DELETE" }),
    form: (admin, id) => admin.postForm(`/admin/categories/${id}/image/delete`, { back: `/admin/categories/${id}` }),
    state: (db, id) => categoryState(db, { id }),
  },
  {
    name: "ship an order",
    make: (db, gateway) => paidParityOrder(db, gateway),
    json: (admin, id) =>
      admin.postJson(`/api/admin/orders/${id}/status`, {
        status: "shipped",
        trackingNumber: "PUDO-123",
        carrier: "PUDO",
      }),
    form: (admin, id) =>
      admin.postForm(`/admin/orders/${id}/status`, { status: "shipped", trackingNumber: "PUDO-123", carrier: "PUDO" }),
    state: orderState,
  },
  {
    name: "cancel an order (the form's box ticked)",
    make: (db, gateway) => paidParityOrder(db, gateway),
    json: (admin, id) => admin.postJson(`/api/admin/orders/${id}/status`, { status: "cancelled" }),
    form: (admin, id) => admin.postForm(`/admin/orders/${id}/status`, { status: "cancelled", confirm: "yes" }),
    state: orderState,
  },
  {
    name: "refund part of an order (the form's box ticked)",
    make: (db, gateway) => paidParityOrder(db, gateway),
    json: (admin, id) => admin.postJson(`/api/admin/orders/${id}/refund`, { amount: 120.5, reason: "Cracked glass" }),
    form: (admin, id) =>
      admin.postForm(`/admin/orders/${id}/refund`, { amount: "120,50", reason: "Cracked glass", confirm: "yes" }),
    state: orderState,
  },
  {
    name: "delete a coupon",
    make: async (db, _g, n) => (await createCoupon(db, { code: `GONE${n}` })).id,
    json: (admin, id) => admin.request(`/api/coupons/${id}`, { method: "DELETE" }),
    form: (admin, id) => admin.postForm(`/admin/coupons/${id}/delete`, { code: "GONE" }),
    state: async (db, id) => (await db.select({ id: coupons.id }).from(coupons).where(eq(coupons.id, id))).length,
  },
  {
    name: "add a note to an order",
    make: (db, gateway) => paidParityOrder(db, gateway),
    json: (admin, id) => admin.postJson(`/api/admin/orders/${id}/notes`, { body: "Called: leave at the gate." }),
    form: (admin, id) => admin.postForm(`/admin/orders/${id}/notes`, { body: "Called: leave at the gate." }),
    state: async (db, id) =>
      await db.select({ body: orderNotes.body }).from(orderNotes).where(eq(orderNotes.orderId, id)),
  },
  {
    name: "disable a customer's account",
    make: async (db, _g, n) => (await createUser(db, { username: `parity_disabled_${n}` })).id,
    json: (admin, id) => admin.postJson(`/api/admin/users/${id}`, { disabled: true }, "PATCH"),
    form: (admin, id) => admin.postForm(`/admin/users/${id}`, { disabled: "true" }),
    state: async (db, id) => {
      const [u] = await db.select().from(users).where(eq(users.id, id));
      return { disabled: u.disabledAt !== null, role: u.role };
    },
  },
  {
    name: "write staff's note on a customer",
    make: async (db, _g, n) => (await createUser(db, { username: `parity_noted_${n}` })).id,
    json: (admin, id) => admin.postJson(`/api/admin/users/${id}/note`, { note: "Gate code 4521." }, "PUT"),
    form: (admin, id) => admin.postForm(`/admin/users/${id}/note`, { note: "Gate code 4521." }),
    state: async (db, id) => (await db.select({ note: users.staffNote }).from(users).where(eq(users.id, id)))[0],
  },
  {
    name: "tag a customer",
    make: async (db, _g, n) => (await createUser(db, { username: `parity_tagged_${n}` })).id,
    json: (admin, id) => admin.postJson(`/api/admin/users/${id}/tags`, { tags: ["Breeder", "vip"] }, "PUT"),
    form: (admin, id) => admin.postForm(`/admin/users/${id}/tags`, { tags: "Breeder, vip" }),
    state: async (db, id) => (await db.select({ tags: users.tags }).from(users).where(eq(users.id, id)))[0],
  },
  {
    name: "tag ticked customers in bulk",
    make: async (db, _g, n) => (await createUser(db, { username: `parity_bulk_tagged_${n}` })).id,
    json: (admin, id) => admin.postJson("/api/admin/users/tags/bulk", { change: "add", tag: "Breeder", ids: [id] }),
    form: (admin, id) =>
      admin.postForm("/admin/users/tags", { scope: "selected", change: "add", tag: "Breeder", [`id_${id}`]: "on" }),
    state: async (db, id) => (await db.select({ tags: users.tags }).from(users).where(eq(users.id, id)))[0],
  },
  {
    name: "rename a customer tag",
    make: async (db, _g, n) => {
      const { id } = await createUser(db, { username: `parity_renamed_${n}` });
      await db.update(users).set({ tags: [`t${id}`] }).where(eq(users.id, id));
      return id;
    },
    json: (admin, id) => admin.postJson("/api/admin/users/tags/rename", { from: `t${id}`, to: "Wholesale" }),
    form: (admin, id) => admin.postForm("/admin/users/tags/rename", { from: `t${id}`, to: "Wholesale" }),
    // Each account's own old tag (t<id>) reads as "old", so the two starts compare equal.
    state: async (db, id) => {
      const [{ tags }] = await db.select({ tags: users.tags }).from(users).where(eq(users.id, id));
      return tags.map((t) => t === `t${id}` ? "old" : t);
    },
  },
  {
    name: "keep a customer tag automatically",
    make: async (db, _g, n) => {
      const { id } = await createUser(db, { username: `parity_auto_${n}` });
      await db.update(users).set({ tags: [`u${id}`] }).where(eq(users.id, id));
      return id;
    },
    json: (admin, id) =>
      admin.postJson("/api/admin/users/tag-rules", { tag: `auto${id}`, filter: { tag: `u${id}`, maxOrders: 0 } }),
    form: (admin, id) =>
      admin.postForm("/admin/users/tag-rules", { tag: `auto${id}`, f_tag: `u${id}`, f_maxOrders: "0" }),
    // The account's own tags (u<id>, auto<id>) read as "own" and "auto", so the two starts compare equal.
    state: async (db, id) => {
      const [{ tags }] = await db.select({ tags: users.tags }).from(users).where(eq(users.id, id));
      const rules = await db.select({ filter: customerTagRules.filter }).from(customerTagRules)
        .where(eq(customerTagRules.tag, `auto${id}`));
      return { tags: tags.map((t) => t === `u${id}` ? "own" : t === `auto${id}` ? "auto" : t), rules: rules.length };
    },
  },
  {
    name: "stop an automatic customer tag",
    make: async (db, _g, n) => {
      const [rule] = await db.insert(customerTagRules).values({ tag: `stopped-${n}`, filter: { minOrders: 1 } })
        .returning();
      return rule.id;
    },
    json: (admin, id) => admin.request(`/api/admin/users/tag-rules/${id}`, { method: "DELETE" }),
    form: (admin, id) => admin.postForm(`/admin/users/tag-rules/${id}/delete`, {}),
    state: async (db, id) =>
      (await db.select({ id: customerTagRules.id }).from(customerTagRules).where(eq(customerTagRules.id, id))).length,
  },
  {
    name: "duplicate a product",
    make: async (db) => (await createProduct(db, { price: "99.00", stock: 4 })).id,
    json: (admin, id) => admin.postJson(`/api/products/${id}/duplicate`, {}),
    form: (admin, id) => admin.postForm(`/admin/products/${id}/duplicate`, {}),
    state: async (db, id) => {
      const [original] = await db.select({ slug: products.slug }).from(products).where(eq(products.id, id));
      return await db.select({ status: products.status, stock: products.stock, price: products.price })
        .from(products).where(eq(products.slug, `copy-of-${original.slug}`));
    },
  },
  {
    name: "reject a review (with the reason)",
    make: async (db) => {
      const product = await createProduct(db);
      return (await db.insert(reviews).values({
        productId: product.id,
        title: "Too dim",
        content: "The lamp barely warms the basking spot.",
        rating: 2,
      }).returning({ id: reviews.id }))[0].id;
    },
    json: (admin, id) =>
      admin.postJson(`/api/admin/reviews/${id}/status`, { status: "rejected", reason: "Names a competitor" }),
    form: (admin, id) =>
      admin.postForm(`/admin/reviews/${id}/status`, { status: "rejected", reason: "Names a competitor" }),
    state: async (db, id) => {
      const [r] = await db.select().from(reviews).where(eq(reviews.id, id));
      return { status: r.status, note: r.moderationNote, moderated: r.moderatedAt !== null };
    },
  },
  {
    name: "create a coupon",
    make: (_db, _g, n) => Promise.resolve(n),
    json: (admin, n) => admin.postJson("/api/coupons", couponJson(`PARITY${n}`)),
    form: (admin, n) => admin.postForm("/admin/coupons/new", couponForm(`parity${n}`)),
    state: (db, n) => couponState(db, { code: `PARITY${n}` }),
  },
  {
    name: "change a coupon",
    make: async (db, _g, n) =>
      (await createCoupon(db, { code: `EDIT${n}`, description: "Old words", startDate: new Date("2026-01-01") })).id,
    json: (admin, id) => admin.postJson(`/api/coupons/${id}`, couponJson(`RENAMED${id}`), "PUT"),
    form: (admin, id) => admin.postForm(`/admin/coupons/${id}/edit`, couponForm(`renamed${id}`)),
    state: (db, id) => couponState(db, { id }),
  },
  {
    name: "remove a product's photo",
    make: async (db) => (await createProduct(db, { images: ["/media/a.jpg", "/media/b.jpg"] })).id,
    json: (admin, id) => admin.request(`/api/products/${id}/images/0`, { method: "DELETE" }),
    form: (admin, id) =>
      admin.postForm(`/admin/products/${id}/images/0/delete`, { back: `/admin/products/${id}/images` }),
    state: async (db, id) =>
      await db.select({ images: products.images, imageAlts: products.imageAlts }).from(products).where(
        eq(products.id, id),
      ),
  },
  {
    name: "move a product's photo a place left",
    make: async (db) => (await createProduct(db, { images: ["/media/a.jpg", "/media/b.jpg"] })).id,
    json: (admin, id) =>
      admin.postJson(`/api/products/${id}/images/order`, { images: ["/media/b.jpg", "/media/a.jpg"] }, "PUT"),
    form: (admin, id) =>
      admin.postForm(`/admin/products/${id}/images/move`, {
        index: "1",
        direction: "left",
        back: `/admin/products/${id}/images`,
      }),
    state: async (db, id) =>
      await db.select({ images: products.images, imageAlts: products.imageAlts }).from(products).where(
        eq(products.id, id),
      ),
  },
  {
    name: "set a photo's alt text",
    make: async (db) => (await createProduct(db, { images: ["/media/a.jpg", "/media/b.jpg"] })).id,
    json: (admin, id) => admin.postJson(`/api/products/${id}/images/1/alt`, { alt: "A gecko on the mat" }, "PUT"),
    form: (admin, id) =>
      admin.postForm(`/admin/products/${id}/images/1/alt`, {
        alt: "A gecko on the mat",
        back: `/admin/products/${id}/images`,
      }),
    state: async (db, id) =>
      await db.select({ images: products.images, imageAlts: products.imageAlts }).from(products).where(
        eq(products.id, id),
      ),
  },
  {
    name: "set a product's options",
    make: async (db) => (await createProduct(db, { price: "349.00" })).id,
    json: (admin, id) =>
      admin.postJson(`/api/products/${id}/options`, {
        options: [{ name: "Size", values: ["Small", "Large"] }, { name: "UVB", values: ["5%", "10%"] }],
      }, "PUT"),
    form: (admin, id) =>
      admin.postForm(`/admin/products/${id}/options`, {
        option1Name: "Size",
        option1Values: "Small, Large",
        option2Name: "UVB",
        option2Values: "5%, 10%",
      }),
    state: async (db, id) =>
      (await db.select({ options: products.options }).from(products).where(eq(products.id, id)))[0],
  },
  {
    name: "make a product's variants from its options",
    make: async (db) => {
      const product = await createProduct(db, { price: "349.00" });
      await db.update(products).set({ options: [{ name: "Size", values: ["Small", "Large"] }] })
        .where(eq(products.id, product.id));
      return product.id;
    },
    json: (admin, id) => admin.postJson(`/api/products/${id}/variants/generate`, {}),
    form: (admin, id) => admin.postForm(`/admin/products/${id}/variants/generate`, {}),
    state: async (db, id) =>
      await db.select({
        name: productVariants.name,
        price: productVariants.price,
        stock: productVariants.stock,
        optionValues: productVariants.optionValues,
      }).from(productVariants).where(eq(productVariants.productId, id)).orderBy(asc(productVariants.id)),
  },
  {
    name: "ship part of an order (one parcel)",
    make: (db, gateway) => paidParityOrder(db, gateway),
    json: async (admin, id, db) =>
      await admin.postJson(`/api/admin/orders/${id}/shipments`, {
        lines: [{ orderItemId: await orderLineId(db, id), quantity: 1 }],
        trackingNumber: "PUDO-77",
        carrier: "PUDO",
      }),
    form: async (admin, id, db) =>
      await admin.postForm(`/admin/orders/${id}/shipments`, {
        [`ship-${await orderLineId(db, id)}`]: "1",
        trackingNumber: "PUDO-77",
        carrier: "PUDO",
      }),
    state: parcelState,
  },
  {
    name: "correct a parcel's tracking and tell the customer",
    make: async (db, gateway) => {
      const id = await paidParityOrder(db, gateway);
      const line = await orderLineId(db, id);
      await shipParcel(db, {
        orderId: id,
        lines: [{ orderItemId: line, quantity: 2 }],
        trackingNumber: "TYPO-1",
        userId: null,
      }, {
        shop: testConfig().shop,
        siteUrl: testConfig().siteUrl,
      });
      return id;
    },
    json: async (admin, id, db) =>
      await admin.postJson(`/api/admin/orders/${id}/shipments/${await parcelId(db, id)}`, {
        trackingNumber: "TCG-9",
        carrier: "The Courier Guy",
        notifyCustomer: true,
      }, "PUT"),
    form: async (admin, id, db) =>
      await admin.postForm(`/admin/orders/${id}/shipments/${await parcelId(db, id)}/tracking`, {
        trackingNumber: " TCG-9 ",
        carrier: "The Courier Guy",
        notifyCustomer: "yes",
      }),
    state: async (db, id) => ({
      ...await parcelState(db, id),
      mails: (await db.select({ subject: emailOutbox.subject }).from(emailOutbox).where(eq(emailOutbox.orderId, id))
        .orderBy(asc(emailOutbox.id))).map((m) => m.subject.replace(/RB-\d+/, "RB-#")),
    }),
  },
  {
    name: "lower a product's price by 10% (bulk edit, one product ticked)",
    make: async (db) => (await createProduct(db, { price: "200.00", stock: 3 })).id,
    json: (admin, id) =>
      admin.postJson("/api/admin/products/bulk", {
        action: "adjust_price",
        by: { kind: "percent", percent: -10 },
        ids: [id],
      }),
    form: (admin, id) =>
      admin.postForm("/admin/products/bulk", {
        scope: "selected",
        [`id_${id}`]: "on",
        action: "adjust_price",
        priceKind: "percent",
        priceChange: "-10",
        f_archived: "active",
      }),
    state: async (db, id) =>
      (await db.select({ price: products.price, stock: products.stock }).from(products).where(eq(products.id, id)))[0],
  },
];

for (const action of STAFF_CASES) {
  test(`[form parity] staff: ${action.name}: the form does what the JSON route does`, async (db, database) => {
    const { app, gateway } = testShop(database);
    const { client: admin } = await accountOn(db, app, "admin", "parity_admin");
    const one = await action.make(db, gateway, 1);
    const two = await action.make(db, gateway, 2);
    const before = await action.state(db, one);
    assert.deepEqual(await action.state(db, two), before, "same start");

    const json = await action.json(admin, one, db);
    assert.ok(json.status < 300, `JSON ${json.status}: ${await json.text()}`);
    const form = await action.form(noting(admin), two, db);
    assert.equal(form.status, 303, `form ${form.status}: ${(await form.text()).slice(0, 300)}`);
    const flash = decodeURIComponent(admin.cookies.get("flash") ?? "");
    assert.doesNotMatch(flash, /destructive/, `the form's toast: ${flash}`);

    const after = await action.state(db, one);
    assert.notDeepEqual(after, before, "the action changed something");
    assert.deepEqual(await action.state(db, two), after);
    compared++;
  });
}

test("[form parity] staff: a refund or cancellation without the box ticked does nothing", async (db, database) => {
  const { app, gateway } = testShop(database);
  const { client: admin } = await accountOn(db, app, "admin", "parity_admin");
  const id = await paidParityOrder(db, gateway);
  const before = await orderState(db, id);
  for (
    const [path, fields, words] of [
      ["refund", { amount: "100", reason: "Broken" }, "Tick the box to confirm the refund."],
      ["status", { status: "cancelled" }, "Tick the box to confirm the cancellation."],
    ] as const
  ) {
    const res = await admin.postForm(`/admin/orders/${id}/${path}`, fields);
    assert.equal(res.status, 303);
    assert.equal(res.headers.get("location"), `/admin/orders/${id}`);
    const page = await (await admin.get(`/admin/orders/${id}`)).text();
    assert.ok(page.includes(words), `the toast says '${words}'`);
  }
  assert.deepEqual(await orderState(db, id), before);
});

test("[form parity] staff: a refused product is refused both ways with the same words", async (db, database) => {
  const { app } = testShop(database);
  const { client: admin } = await accountOn(db, app, "admin", "parity_admin");
  const taken = await createProduct(db, { sku: "TAKEN-1" });
  const json = await admin.postJson("/api/products", { ...newProduct(1), sku: taken.sku, price: 10, stock: 1 });
  assert.equal(json.status, 409);
  const message = (await json.json()).error;
  const form = await admin.postForm("/admin/products", { ...newProduct(2), sku: taken.sku, price: "10", stock: "1" });
  assert.equal(form.status, 409);
  const page = await form.text();
  assert.ok(page.includes(message), `the form page shows '${message}'`);
  const bad = await admin.postForm(`/admin/products/${taken.id}`, { price: "-5" });
  assert.equal(bad.status, 400);
  const refused = await admin.postJson(`/api/products/${taken.id}`, { price: -5 }, "PUT");
  assert.equal(refused.status, 400);
  const words = (await refused.json()).issues.find((i: { path: string }) => i.path === "price").message;
  assert.ok((await bad.text()).includes(words), `the edit page shows '${words}'`);
  assert.equal((await db.select().from(products)).length, 1);
});

/** The hidden fields of PayFast's form on a page, as the JSON route answers them. */
function hiddenFields(page: string): Record<string, string> {
  const fields: Record<string, string> = {};
  const start = page.indexOf('/eng/process"');
  assert.ok(start > 0, "the page holds PayFast's form");
  const form = page.slice(start, page.indexOf("</form>", start));
  for (const m of form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) {
    fields[m[1]] = m[2].replaceAll("&amp;", "&").replaceAll("&quot;", '"').replaceAll("&#x27;", "'");
  }
  return fields;
}

test(
  "[form parity] PayFast's form (checkout and pay link): the page holds the fields the JSON route signs",
  async (db, database) => {
    const fake = startFakePayFast({ merchantId: "10000100", passphrase: "jt7NOE43FZPn" });
    try {
      const secret = "p".repeat(40);
      const app = testApp(database, { ...fake.shopEnv, PAY_LINK_SECRET: secret });
      const client = testClient(app);
      const { order } = await customerWithOrder(db, client, "parity_payfast");
      const json = await client.postJson("/api/payments/payfast/start", { orderId: order.id });
      assert.equal(json.status, 200, await json.clone().text());
      const { fields } = await json.json();
      const form = await noting(client).postForm("/checkout/payfast", { orderId: String(order.id) });
      assert.equal(form.status, 200);
      assert.deepEqual(hiddenFields(await form.text()), fields);

      // The same order paid through a staff member's pay link, by anyone holding it.
      await db.update(orders).set({ source: "staff" }).where(eq(orders.id, order.id));
      const token = payLinkToken(secret, order.id, new Date(Date.now() + 3_600_000));
      const holder = testClient(app);
      const linkJson = await holder.postJson("/api/pay/payfast", { token });
      assert.equal(linkJson.status, 200, await linkJson.clone().text());
      const linkForm = await noting(holder).postForm(`/pay/${token}/payfast`, {});
      assert.equal(linkForm.status, 200);
      assert.deepEqual(hiddenFields(await linkForm.text()), (await linkJson.json()).fields);
      // A forged link: 404 both ways.
      const forged = payLinkToken("q".repeat(40), order.id, new Date(Date.now() + 3_600_000));
      assert.equal((await holder.postJson("/api/pay/payfast", { token: forged })).status, 404);
      assert.equal((await holder.postForm(`/pay/${forged}/payfast`, {})).status, 404);
      compared++;
    } finally {
      await fake.close();
    }
  },
);

test(
  "[form parity] a reward code at the payment step: the form does what the JSON route does",
  async (db, database) => {
    const app = testApp(database);
    const spend = async (n: number, via: (client: TestClient, orderId: number, code: string) => Promise<Response>) => {
      const client = testClient(app);
      const { me, order } = await customerWithOrder(db, client, `parity_reward_${n}`);
      const code = await createRewardCode(db, me.id, { discountType: "fixed_amount", discountValue: "50.00" });
      const res = await via(client, order.id, code);
      assert.ok(res.status < 400, `${res.status}: ${(await res.text()).slice(0, 300)}`);
      const [o] = await db.select().from(orders).where(eq(orders.id, order.id));
      return {
        discountAmount: o.discountAmount,
        rewardDiscount: o.rewardDiscount,
        total: o.total,
        coded: !!o.rewardCode,
      };
    };
    const json = await spend(
      1,
      (client, orderId, code) => client.postJson("/api/loyalty/apply-redemption", { orderId, code }),
    );
    assert.equal(json.rewardDiscount, "50.00");
    const form = await spend(
      2,
      (client, orderId, code) => noting(client).postForm("/checkout/reward", { orderId: String(orderId), code }),
    );
    assert.deepEqual(form, json);
    compared++;
  },
);

test(
  "[form parity] Stitch pay-by-bank: the form starts the payment the JSON route starts, and refuses in the same words",
  async (db, database) => {
    const fake = startFakeStitch({
      clientId: "parity-client",
      clientSecret: "parity-secret",
      webhookSecret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
    });
    try {
      const app = testApp(database, fake.shopEnv);
      /** The order's payment as Stitch and the shop hold it (no ids or numbers). */
      const payment = async (orderId: number) => {
        const [o] = await db.select().from(orders).where(eq(orders.id, orderId));
        const request = o.stitchPaymentRequestId ? fake.requests.get(o.stitchPaymentRequestId) : undefined;
        return {
          status: o.status,
          paid: o.paidAt !== null,
          amount: request?.amount ?? null,
          references: request ? request.beneficiaryReference === o.orderNumber : null,
        };
      };
      const shopper = async (n: number) => {
        const client = testClient(app);
        return { client, orderId: (await customerWithOrder(db, client, `parity_stitch_${n}`)).order.id };
      };
      const one = await shopper(1);
      const two = await shopper(2);
      const before = await payment(one.orderId);
      const json = await one.client.postJson("/api/stitch/payment", { orderId: one.orderId });
      assert.equal(json.status, 200, await json.clone().text());
      const form = await noting(two.client).postForm("/checkout/stitch", { orderId: String(two.orderId) });
      assert.equal(form.status, 303);
      const after = await payment(one.orderId);
      assert.notDeepEqual(after, before, "a payment was started");
      assert.deepEqual(await payment(two.orderId), after);
      const back = (url: string, id: number) =>
        new URL(url).searchParams.get("redirect_uri")?.replace(`order=${id}`, "order=#");
      assert.equal(back(form.headers.get("location")!, two.orderId), back((await json.json()).url, one.orderId));

      // A cancelled order: refused both ways with the same words, nothing started.
      const three = await shopper(3);
      const four = await shopper(4);
      for (const { orderId } of [three, four]) await cancelOrder(db, orderId, "test");
      const started = fake.requests.size;
      const refused = await three.client.postJson("/api/stitch/payment", { orderId: three.orderId });
      assert.equal(refused.status, 409);
      const message = (await refused.json()).error;
      const formRefused = await four.client.postForm("/checkout/stitch", { orderId: String(four.orderId) });
      assert.equal(formRefused.status, 303);
      const flash = await refusalShown(formRefused, four.client);
      assert.ok(flash.includes(message), `the form's toast says '${message}': ${flash}`);
      assert.equal(fake.requests.size, started);
      compared++;
    } finally {
      await fake.close();
    }
  },
);

test(
  "[form parity] placing an order: a retry answers the same order both ways, a refusal the same words",
  async (db, database) => {
    const p = await createProduct(db, { price: "600.00", stock: 10 });
    const shopper = async () => {
      const one = await customer(database);
      await withOneAddress(one.client);
      assert.equal((await one.client.postJson("/api/cart", { productId: p.id, quantity: 2 })).status, 201);
      return one;
    };
    const a = await shopper();
    const b = await shopper();

    // A PUDO order without a locker: refused both ways with the same words, nothing placed.
    const refused = await placeOrderJson(a.client, { shippingMethod: "pudo_locker" });
    assert.equal(refused.status, 400);
    const message = (await refused.json()).error;
    assert.equal(message, "Please choose a PUDO locker.");
    const formRefused = await noting(b.client).postForm("/checkout", {
      idempotencyKey: ORDER_KEY,
      shippingMethod: "pudo_locker",
      pudoLockerCode: "",
    });
    assert.equal(formRefused.status, 400, "the review again, the choices kept");
    const flash = await refusalShown(formRefused, b.client);
    assert.ok(flash.includes("Order creation failed") && flash.includes(message), flash);
    assert.deepEqual(await placedOrders(db, a.id), []);
    assert.deepEqual(await placedOrders(db, b.id), []);

    // With a locker: the same order both ways; sent again with the same key, the same order again.
    const pudo = { shippingMethod: "pudo_locker", pudoLockerCode: "PUDO-CPT-CBD" };
    const first = await placeOrderJson(a.client, pudo);
    assert.equal(first.status, 201, await first.clone().text());
    const again = await placeOrderJson(a.client, pudo);
    assert.equal(again.status, 200);
    const orderId = (await first.json()).id;
    assert.equal((await again.json()).id, orderId);

    const form = await placeOrderForm(b.client, pudo);
    const formAgain = await placeOrderForm(b.client, pudo);
    const [placed] = await db.select({ id: orders.id }).from(orders).where(eq(orders.userId, b.id));
    assert.equal(form.headers.get("location"), `/checkout?order=${placed.id}`);
    assert.equal(formAgain.headers.get("location"), form.headers.get("location"));
    const state = await placedOrders(db, a.id);
    assert.equal(state.length, 1);
    assert.equal(state[0].pudoLockerCode, "PUDO-CPT-CBD");
    assert.deepEqual(await placedOrders(db, b.id), state);

    // A form without its key (an old page): refused, nothing placed.
    const c = await shopper();
    const keyless = await c.client.postForm("/checkout", { shippingMethod: "standard" });
    assert.equal(keyless.status, 400);
    assert.ok((await refusalShown(keyless, c.client)).includes("Your checkout page has expired."));
    assert.deepEqual(await placedOrders(db, c.id), []);
  },
);

/**
 * The form routes not compared with their JSON routes yet, here or in form_parity_staff_test.ts
 * (tests/helpers/form_parity.ts lists those). A new formRoute mount fails the test below until a
 * comparing case posts it (or it is added here, with the reason it cannot be compared); a case
 * added for one of these fails it until its line goes.
 */
const NOT_YET_COMPARED: string[] = [];

test("[form parity] every formRoute-mounted form is compared with its JSON route", (_db, database) => {
  const comparing = CASES.length + STAFF_CASES.length + 5;
  // Run with --filter, or after a failure above: the list of posted paths is partial.
  if (compared < comparing) return;
  const { unmatched } = formRoutes(testApp(database), postedForms);
  assert.deepEqual(unmatched, [...NOT_YET_COMPARED, ...COMPARED_IN_STAFF_FILE].sort());
});

closeDatabase();
